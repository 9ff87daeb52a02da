package md2

import (
	"fmt"
	"path"
	"strings"

	"ms3dstudio/formats/vertexanim"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
)

// DefaultFPS is the frame rate Import gives a model: Quake 2 plays MD2
// frames 10 times a second.
const DefaultFPS = 10

// ImportOptions tune Import.
type ImportOptions struct {
	// Frame is the MilkShape frame whose vertices the model takes: frame
	// 1 is key frame 0 (0 is 1).
	Frame int
	// FPS is the model's frame rate; 0 is DefaultFPS.
	FPS float32
}

// Import converts a decoded file into a model, in MilkShape's
// coordinates (see Export: vertexanim.FromFile, corners reversed), as
// Irrlicht shows the file. MS3D has no vertex animation, so the model
// takes the vertices and normals of one key frame (ImportOptions.Frame)
// as its mesh, and the frames become its timeline: TotalFrames is the
// number of key frames and the frame names are its clips
// (vertexanim.ClipsFromNames), so that a player of the model, or a second
// import, picks any of them; the other frames' vertices are not in the
// model, as the finding says. Texture coordinates are pixel centres,
// (s + ½)/width as Irrlicht reads them. Each skin is a material; the one
// group uses the first.
func Import(f *File, opt ImportOptions) (*model.Model, []model.Finding) {
	m := &model.Model{Version: 4, FPS: DefaultFPS, TotalFrames: int32(len(f.Frames))}
	if opt.FPS > 0 {
		m.FPS = opt.FPS
	}
	var found []model.Finding
	note := func(code model.Code, sev model.Severity, where model.Location, format string, args ...any) {
		found = append(found, model.Finding{Code: code, Severity: sev, Where: where, Message: fmt.Sprintf(format, args...)})
	}
	k := max(opt.Frame, 1) - 1
	if k >= len(f.Frames) {
		if len(f.Frames) > 0 {
			note(model.CodeQuakeFrame, model.Warning, model.At(model.PartKeyframer, -1), "frame %d was asked for; the file has %d: the last is shown", opt.Frame, len(f.Frames))
		}
		k = max(len(f.Frames)-1, 0)
	}
	if len(f.Frames) == 0 {
		note(model.CodeQuakeFrame, model.Warning, model.At(model.PartKeyframer, -1), "the file has no frames, so no vertex positions: the model is empty")
		return m, found
	}
	fr := &f.Frames[k]
	nv := len(fr.Vertices)
	nb := uint16(model.NoBone)
	m.Vertices = make([]model.Vertex, nv)
	normals := make([][3]float32, nv)
	for i := range m.Vertices {
		m.Vertices[i] = model.Vertex{Position: vertexanim.FromFile(fr.Position(i)), Bones: [4]uint16{nb, nb, nb, nb}}
		normals[i] = vertexanim.FromFile(Normals[fr.Vertices[i].Normal])
	}
	w, h := float32(f.SkinWidth), float32(f.SkinHeight)
	if !(w > 0 && h > 0) {
		note(model.CodeMD2Skin, model.Warning, model.Location{Part: model.PartHeader, Index: -1, Offset: fieldOffset(fSkinWidth)}, "the skin size is %d×%d: texture coordinates cannot be scaled, and are read as pixels of a %d×%d skin", f.SkinWidth, f.SkinHeight, DefaultSkinSize, DefaultSkinSize)
		w, h = DefaultSkinSize, DefaultSkinSize
	}
	g := model.Group{Name: "mesh", Material: -1}
	for _, t := range f.Triangles {
		var mt model.Triangle
		for c := range 3 {
			k := 2 - c
			v := t.Vertices[k]
			mt.Vertices[c] = uint32(v)
			mt.Normals[c] = normals[v]
			st := f.TexCoords[t.TexCoords[k]]
			mt.S[c], mt.T[c] = (float32(st[0])+0.5)/w, (float32(st[1])+0.5)/h
		}
		g.Triangles = append(g.Triangles, uint32(len(m.Triangles)))
		m.Triangles = append(m.Triangles, mt)
	}
	for _, s := range f.Skins {
		name := strings.TrimSuffix(path.Base(strings.ReplaceAll(s, `\`, "/")), path.Ext(s))
		m.Materials = append(m.Materials, model.Material{Name: model.Str(name), Texture: model.Str(s),
			Ambient: [4]float32{0.2, 0.2, 0.2, 1}, Diffuse: [4]float32{0.8, 0.8, 0.8, 1}, Specular: [4]float32{0, 0, 0, 1}, Emissive: [4]float32{0, 0, 0, 1}, Transparency: 1})
	}
	if len(m.Materials) > 0 {
		g.Material = 0
	}
	if len(m.Triangles) > 0 {
		m.Groups = []model.Group{g}
	}
	names := make([]string, len(f.Frames))
	for i := range f.Frames {
		names[i] = f.Frames[i].Name
	}
	list := vertexanim.ClipsFromNames(names)
	if err := clips.Write(m, list); err != nil {
		note(model.CodeQuakeFrame, model.Warning, model.At(model.PartClip, -1), "the frame names give clips the model cannot hold: %v", err)
	}
	if len(f.Frames) > 1 {
		note(model.CodeQuakeVertexAnimation, model.Info, model.At(model.PartKeyframer, -1), "the file animates its vertices over %d key frames (%s); MS3D has no vertex animation, so the model holds key frame %d (%q, MilkShape frame %d) and lists the frames as clips; import another frame to see it",
			len(f.Frames), describeClips(list), k, fr.Name, k+1)
	}
	return m, found
}

// describeClips lists clips as "stand 1-40, run 41-46".
func describeClips(list []clips.Clip) string {
	if len(list) == 0 {
		return "no frame names"
	}
	parts := make([]string, len(list))
	for i, c := range list {
		parts[i] = c.String()
	}
	return strings.Join(parts, ", ")
}
