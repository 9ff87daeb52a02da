package md3

import (
	"fmt"
	"math"
	"path"
	"strings"

	"ms3dstudio/formats/vertexanim"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
	"ms3dstudio/model/compat"
	"ms3dstudio/model/xform"
)

// DefaultFPS is the frame rate Import gives a model when no animation.cfg
// gives one.
const DefaultFPS = 10

// ImportOptions tune Import.
type ImportOptions struct {
	// Frame is the MilkShape frame whose vertices the model holds at
	// rest: frame 1 is key frame 0 (0 is 1).
	Frame int
	// Static leaves the vertex animation out: the model holds Frame's
	// vertices, and joints for the tags only.
	Static bool
	// Animations, when not nil, are the player's animation.cfg
	// (ParseAnimationConfig): its animations become the clips, its first
	// animation's rate the model's.
	Animations []Animation
	// Lower says the file is a player's lower.md3, whose LEGS_ frames
	// Quake 3 counts LegsSkip earlier than animation.cfg gives them.
	Lower bool
	// FPS, when above 0, is the model's frame rate, over the config's.
	FPS float32
}

// Import converts a decoded file into a model, in MilkShape's coordinates
// (see Export: vertexanim.FromFile, corners reversed), as Irrlicht shows
// the file. Each surface is a group and each distinct shader a material
// (its name the texture path). Each tag is a root joint, its rest the tag
// at the frame shown, keyed at every frame with the tag's position and
// rotation (MS3D's rigid joints hold tags exactly); no vertex is bound to
// one. MS3D has no vertex animation: the model holds one key frame's
// vertices and normals (ImportOptions.Frame), and the animation is
// carried by rigid joints fitted to the frames (vertexanim.Animate:
// within the 1/64-unit grid plus 1e-3 of the model's size where the
// joints can; the finding says how close), unless ImportOptions.Static
// leaves it out. The frames are the timeline: TotalFrames is the number
// of key frames, and its clips come from animation.cfg when given,
// otherwise from the frame names (vertexanim.ClipsFromNames).
func Import(f *File, opt ImportOptions) (*model.Model, []model.Finding) {
	m := &model.Model{Version: 4, FPS: DefaultFPS, TotalFrames: int32(len(f.Frames))}
	if len(opt.Animations) > 0 && opt.Animations[0].FPS > 0 {
		m.FPS = float32(opt.Animations[0].FPS)
	}
	if opt.FPS > 0 {
		m.FPS = opt.FPS
	}
	var found []model.Finding
	note := func(code model.Code, sev model.Severity, where model.Location, format string, args ...any) {
		found = append(found, model.Finding{Code: code, Severity: sev, Where: where, Message: fmt.Sprintf(format, args...)})
	}
	if len(f.Frames) == 0 {
		note(model.CodeQuakeFrame, model.Warning, model.At(model.PartKeyframer, -1), "the file has no frames, so no vertex positions: the model is empty")
		return m, found
	}
	k := max(opt.Frame, 1) - 1
	if k >= len(f.Frames) {
		note(model.CodeQuakeFrame, model.Warning, model.At(model.PartKeyframer, -1), "frame %d was asked for; the file has %d: the last is shown", opt.Frame, len(f.Frames))
		k = len(f.Frames) - 1
	}
	nb := uint16(model.NoBone)
	materials := map[string]int16{}
	for si := range f.Surfaces {
		s := &f.Surfaces[si]
		g := model.Group{Name: model.Str(s.Name), Material: -1}
		if len(s.Shaders) > 0 && s.Shaders[0].Name != "" {
			name := s.Shaders[0].Name
			mt, ok := materials[name]
			if !ok {
				mt = int16(len(m.Materials))
				materials[name] = mt
				base := strings.TrimSuffix(path.Base(strings.ReplaceAll(name, `\`, "/")), path.Ext(name))
				m.Materials = append(m.Materials, model.Material{Name: model.Str(base), Texture: model.Str(name),
					Ambient: [4]float32{0.2, 0.2, 0.2, 1}, Diffuse: [4]float32{0.8, 0.8, 0.8, 1}, Specular: [4]float32{0, 0, 0, 1}, Emissive: [4]float32{0, 0, 0, 1}, Transparency: 1})
			}
			g.Material = mt
		}
		first := uint32(len(m.Vertices))
		frame := s.Vertices[k]
		for _, v := range frame {
			m.Vertices = append(m.Vertices, model.Vertex{Position: vertexanim.FromFile(v.Pos()), Bones: [4]uint16{nb, nb, nb, nb}})
		}
		for _, t := range s.Triangles {
			var mt model.Triangle
			mt.Group = uint16(len(m.Groups))
			for c := range 3 {
				v := t[2-c]
				mt.Vertices[c] = first + uint32(v)
				mt.Normals[c] = vertexanim.FromFile(DecodeNormal(frame[v].Normal))
				mt.S[c], mt.T[c] = s.TexCoords[v][0], s.TexCoords[v][1]
			}
			g.Triangles = append(g.Triangles, uint32(len(m.Triangles)))
			m.Triangles = append(m.Triangles, mt)
		}
		m.Groups = append(m.Groups, g)
	}
	importTags(m, f, k)
	var list []clips.Clip
	if opt.Animations != nil {
		list = clipsFromConfig(opt.Animations, len(f.Frames), opt.Lower)
	} else {
		names := make([]string, len(f.Frames))
		for i := range f.Frames {
			names[i] = f.Frames[i].Name
		}
		list = vertexanim.ClipsFromNames(names)
	}
	if err := clips.Write(m, list); err != nil {
		note(model.CodeQuakeFrame, model.Warning, model.At(model.PartClip, -1), "the animations give clips the model cannot hold: %v", err)
	}
	what := "frame names"
	if opt.Animations != nil {
		what = ConfigName
	}
	desc := "none"
	if len(list) > 0 {
		desc = strings.ReplaceAll(strings.TrimSpace(clips.FormatList(list)), "\n", ", ")
	}
	switch {
	case len(f.Frames) > 1 && opt.Static:
		note(model.CodeQuakeVertexAnimation, model.Info, model.At(model.PartKeyframer, -1), "the file animates its vertices over %d key frames (clips from the %s: %s); MS3D has no vertex animation, so the model holds key frame %d (%q, MilkShape frame %d) alone and its tags' keys",
			len(f.Frames), what, desc, k, f.Frames[k].Name, k+1)
	case len(f.Frames) > 1:
		frames := make([][][3]float32, len(f.Frames))
		for i := range frames {
			for si := range f.Surfaces {
				for _, v := range f.Surfaces[si].Vertices[i] {
					frames[i] = append(frames[i], vertexanim.FromFile(v.Pos()))
				}
			}
		}
		grid := math.Sqrt(3) * Scale / 2
		found = append(found, vertexanim.Animate(m, frames, k, grid+1e-3*compat.Size(m), max(vertexanim.DefaultMaxJoints-len(m.Joints), 1)))
	}
	return m, found
}

// importTags makes a joint of each tag: at rest the tag at key frame k,
// keyed at every frame.
func importTags(m *model.Model, f *File, k int) {
	if len(f.Tags) == 0 {
		return
	}
	fps := m.EffectiveFPS()
	for i := range f.Tags[0] {
		rest := tagRigid(f.Tags[k][i])
		jt := model.Joint{Name: model.Str(f.Tags[0][i].Name), Position: xform.Vec32(rest.T), Rotation: rest.R.Euler()}
		restR := xform.EulerMat(jt.Rotation)
		for fr := range f.Tags {
			g := tagRigid(f.Tags[fr][i])
			t := float32(fr+1) / fps
			d := [3]float64{g.T[0] - float64(jt.Position[0]), g.T[1] - float64(jt.Position[1]), g.T[2] - float64(jt.Position[2])}
			jt.PositionKeys = append(jt.PositionKeys, model.Key{Time: t, Value: xform.Vec32(restR.Transpose().Apply(d))})
			jt.RotationKeys = append(jt.RotationKeys, model.Key{Time: t, Value: restR.Transpose().Mul(g.R).Euler()})
		}
		m.Joints = append(m.Joints, jt)
	}
}

// tagRigid is a tag's transform in our coordinates: the file's rotation
// (its axes as columns) conjugated by FromFile, orthonormalised.
func tagRigid(t Tag) xform.Rigid {
	var r xform.Mat3
	for a := range 3 {
		var unit [3]float32
		unit[a] = 1
		// Column a of our rotation is FromFile(R_file · ToFile(eₐ)).
		u := vertexanim.ToFile(unit)
		var col [3]float32
		for c := range 3 {
			col[0] += t.Axis[c][0] * u[c]
			col[1] += t.Axis[c][1] * u[c]
			col[2] += t.Axis[c][2] * u[c]
		}
		col = vertexanim.FromFile(col)
		for row := range 3 {
			r[row][a] = float64(col[row])
		}
	}
	return xform.Rigid{R: r.Orthonormalize(), T: xform.Vec64(vertexanim.FromFile(t.Origin))}
}
