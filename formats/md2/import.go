package md2

import (
	"fmt"
	"math"
	"path"
	"strings"

	"ms3dstudio/formats/vertexanim"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
	"ms3dstudio/model/compat"
)

// DefaultFPS is the frame rate Import gives a model: Quake 2 plays MD2
// frames 10 times a second.
const DefaultFPS = 10

// ImportOptions tune Import.
type ImportOptions struct {
	// Frame is the MilkShape frame whose vertices the model holds at
	// rest: frame 1 is key frame 0 (0 is 1).
	Frame int
	// Static leaves the animation out: the model holds Frame's vertices
	// and no joints.
	Static bool
	// FPS is the model's frame rate; 0 is DefaultFPS.
	FPS float32
}

// Import converts a decoded file into a model, in MilkShape's
// coordinates (see Export: vertexanim.FromFile, corners reversed), as
// Irrlicht shows the file. MS3D has no vertex animation: the model holds
// one key frame's vertices and normals (ImportOptions.Frame), and the
// animation is carried by rigid joints fitted to the frames
// (vertexanim.Animate: within the frames' quantisation plus 1e-3 of the
// model's size where 127 joints can; the finding says how close), each
// keyed at every frame, unless ImportOptions.Static leaves it out. The
// frames are the timeline: TotalFrames is the number of key frames, and
// the frame names are its clips (vertexanim.ClipsFromNames). Texture
// coordinates are pixel centres, (s + ½)/width as Irrlicht reads them.
// Each skin is a material; the one group uses the first.
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
	switch {
	case len(f.Frames) > 1 && opt.Static:
		note(model.CodeQuakeVertexAnimation, model.Info, model.At(model.PartKeyframer, -1), "the file animates its vertices over %d key frames (%s); MS3D has no vertex animation, so the model holds key frame %d (%q, MilkShape frame %d) alone and lists the frames as clips",
			len(f.Frames), describeClips(list), k, fr.Name, k+1)
	case len(f.Frames) > 1:
		frames := make([][][3]float32, len(f.Frames))
		quant := 0.0
		for i := range f.Frames {
			frames[i] = make([][3]float32, nv)
			for v := range frames[i] {
				frames[i][v] = vertexanim.FromFile(f.Frames[i].Position(v))
			}
			s := f.Frames[i].Scale
			quant = max(quant, math.Sqrt(float64(s[0])*float64(s[0])+float64(s[1])*float64(s[1])+float64(s[2])*float64(s[2]))/2)
		}
		found = append(found, vertexanim.Animate(m, frames, k, quant+1e-3*compat.Size(m), vertexanim.DefaultMaxJoints))
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
