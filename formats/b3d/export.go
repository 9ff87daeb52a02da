package b3d

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/formats/internal/notes"
	"ms3dstudio/formats/internal/texout"
	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/clips"
	"ms3dstudio/model/compat"
	"ms3dstudio/model/num"
	"ms3dstudio/model/texpath"
	"ms3dstudio/model/xform"
)

// ExportOptions tune Export.
type ExportOptions struct {
	// Clip, when not empty, exports only the frames of the clip of that
	// name (model/clips), renumbered from frame 1.
	Clip string
	// FPS, when above 0, is the frame rate written in the ANIM chunk
	// instead of the model's: the frames are the same, played faster or
	// slower.
	FPS float32
	// Resolver finds the texture files; their paths are written relative
	// to OutDir (see texpath.ExportPath). Without it, texture paths are
	// written as stored, made portable.
	Resolver *texpath.Resolver
	// OutDir is the folder the file will be in. WriteFile sets it.
	OutDir string
	// Name is the name of the top node, which holds the mesh ("" is
	// "ROOT").
	Name string
}

// Export converts m into a B3D file that Irrlicht (and so Luanti) shows
// where and as Irrlicht shows m's MS3D file, and that plays as m plays. The
// findings say what the file could not hold as it is; the error is for a
// clip that does not exist.
//
// Layout: one top node (Options.Name) at the origin holding the mesh, the
// ANIM chunk and, as its children, the joints as nodes, each with its
// BONE weights and one KEYS chunk of positions and rotations. One VRTS
// holds every group's vertices (a vertex split by normal and texture
// coordinates, never shared by two groups, since Irrlicht keeps a vertex
// in one mesh buffer) and each group is a TRIS chunk with its material's
// brush. Coordinates are mirrored in z, (x, y, z) → (x, y, −z), corners
// written in reverse order, as Irrlicht's MS3D loader does; a joint's
// rotation quaternion (w, x, y, z) is written as (w, x, y, −z), the same
// rotation mirrored. B3D keys hold absolute local values on whole frames:
// each joint is keyed at every frame where it has a key, at the values
// model/anim plays there (keys between whole frames are resampled at every
// whole frame of their range, with a finding), and, where Irrlicht's
// linear blend of close rotations would move the skin more than 1e-4 of
// the model's size (see model/compat), at the whole frames between.
func Export(m *model.Model, opt ExportOptions) (*File, []model.Finding, error) {
	f, e, err := export(m, opt)
	if err != nil {
		return nil, nil, err
	}
	return f, e.findings, nil
}

// export is Export, with the exporter, which knows the group of each TRIS
// chunk.
func export(m *model.Model, opt ExportOptions) (*File, *exporter, error) {
	e := &exporter{m: m, opt: opt, fps: m.EffectiveFPS()}
	first, last := 1, int(m.TotalFrames)
	if opt.Clip != "" {
		list, _ := clips.Read(m)
		c, err := clips.Find(list, opt.Clip)
		if err != nil {
			return nil, nil, fmt.Errorf("b3d: %w", err)
		}
		first, last = c.First, c.Last
		e.clip = &c
	}
	e.first, e.last = first, last
	f := &File{Version: 1}
	e.materials(f)
	name := opt.Name
	if name == "" {
		name = "ROOT"
	}
	root := &Node{Name: name, Scale: [3]float32{1, 1, 1}, Rotation: [4]float32{1, 0, 0, 0}}
	f.Nodes = []*Node{root}
	root.Mesh = e.mesh()
	e.skeleton(root)
	fps := e.fps
	if opt.FPS > 0 {
		fps = opt.FPS
	}
	root.Anim = &Anim{Frames: int32(max(last-first+1, 0)), FPS: fps}
	return f, e, nil
}

// WriteFile exports m (see Export) and writes the file at path atomically;
// it never replaces a file that is not a B3D file.
func WriteFile(path string, m *model.Model, opt ExportOptions) ([]model.Finding, error) {
	opt.OutDir = filepath.Dir(path)
	f, found, err := Export(m, opt)
	if err != nil {
		return nil, err
	}
	data, err := Encode(f)
	if err != nil {
		return found, err
	}
	if err := atomicfile.WriteOver(path, data, 0o644, wantB3D, isB3D); err != nil {
		return found, fmt.Errorf("b3d: %w", err)
	}
	return found, nil
}

// CanReplace says whether WriteFile may write path: nil when there is no
// file there or it is a B3D file, an *atomicfile.ForeignError when it is
// another kind of file, which WriteFile leaves alone.
func CanReplace(path string) error { return atomicfile.CheckOver(path, wantB3D, isB3D) }

// wantB3D is what a file WriteFile replaces must be.
const wantB3D = "a B3D file"

// isB3D reports whether a file starts as a B3D file does: with the tag of
// its BB3D chunk.
func isB3D(head []byte) bool { return len(head) >= 4 && string(head[:4]) == "BB3D" }

type exporter struct {
	m           *model.Model
	opt         ExportOptions
	fps         float32
	first, last int
	clip        *clips.Clip
	findings    notes.List
	// source is, for each B3D vertex, the model vertex it came from.
	source []uint32
	// groups is, for each TRIS chunk, the group it came from.
	groups []int
}

// mirror maps our coordinates to the file's: z negated.
func mirror(v [3]float32) [3]float32 { return [3]float32{v[0], v[1], -v[2]} }

// fileQuat is the file's quaternion (w, x, y, z) of the rotation r in our
// coordinates, mirrored in z. Irrlicht builds the local matrix of a B3D
// quaternion q as the transpose of q's rotation (q's conjugate), so the
// quaternion of the mirrored rotation, (w, −x, −y, z), is stored
// conjugated.
func fileQuat(r xform.Quat) [4]float32 {
	if r[3] < 0 {
		r = r.Neg() // w ≥ 0, as Blitz3D writes them
	}
	return [4]float32{float32(r[3]), float32(r[0]), float32(r[1]), float32(-r[2])}
}

// materials writes a brush for each material and a texture for each
// distinct texture path.
func (e *exporter) materials(f *File) {
	if len(e.m.Materials) == 0 {
		return
	}
	f.Textures, f.Brushes, f.BrushTextures = []Texture{}, []Brush{}, 1
	byPath := map[string]int32{}
	for i, mt := range e.m.Materials {
		tex := int32(-1)
		if mt.Texture.Text() != "" {
			p, missing := texout.Path(e.opt.Resolver, e.m, i, e.opt.OutDir)
			if missing != nil {
				e.findings = append(e.findings, *missing)
			}
			flags := int32(1) // colour
			if mt.Mode&model.MaterialHasAlpha != 0 {
				flags |= 2 // alpha channel
			}
			key := fmt.Sprintf("%s\x00%d", p, flags)
			t, ok := byPath[key]
			if !ok {
				t = int32(len(f.Textures))
				byPath[key] = t
				f.Textures = append(f.Textures, Texture{Name: p, Flags: flags, Blend: 2, Scale: [2]float32{1, 1}, Offset: -1})
			}
			tex = t
		}
		alpha := mt.Transparency
		if !(alpha >= 0 && alpha <= 1) {
			alpha = 1
		}
		d := mt.Diffuse
		f.Brushes = append(f.Brushes, Brush{Name: string(mt.Name.Text()), Color: [4]float32{d[0], d[1], d[2], alpha},
			Shininess: min(max(mt.Shininess/128, 0), 1), Blend: 1, Textures: []int32{tex}, Offset: -1})
	}
	if len(f.Textures) == 0 {
		f.Textures = nil
	}
}

// mesh writes the vertices and a TRIS chunk a group.
func (e *exporter) mesh() *Mesh {
	m := e.m
	mesh := &Mesh{Brush: -1, Vertices: Vertices{Flags: 1, TexCoordSets: 1, TexCoordSize: 2}, Offset: -1}
	v := &mesh.Vertices
	type corner struct {
		vertex uint32
		normal [3]float32
		s, t   float32
	}
	for g, grp := range m.Groups {
		index := map[corner]int32{}
		tris := Tris{Brush: -1, Offset: -1}
		if mt := int(grp.Material); mt >= 0 && mt < len(m.Materials) {
			tris.Brush = int32(mt)
		}
		for _, ti := range grp.Triangles {
			if int(ti) >= len(m.Triangles) {
				continue // model/validate reports it
			}
			tr := &m.Triangles[ti]
			var out [3]int32
			ok := true
			for k := range 3 {
				c := corner{tr.Vertices[k], tr.Normals[k], tr.S[k], tr.T[k]}
				if int(c.vertex) >= len(m.Vertices) {
					ok = false
					break
				}
				i, seen := index[c]
				if !seen {
					i = int32(v.Len())
					index[c] = i
					v.Position = append(v.Position, mirror(m.Vertices[c.vertex].Position))
					v.Normal = append(v.Normal, mirror(c.normal))
					v.TexCoords = append(v.TexCoords, c.s, c.t)
					e.source = append(e.source, c.vertex)
				}
				out[2-k] = i
			}
			if ok {
				tris.Triangles = append(tris.Triangles, out)
			}
		}
		if len(tris.Triangles) == 0 {
			continue
		}
		mesh.Tris = append(mesh.Tris, tris)
		e.groups = append(e.groups, g)
	}
	if len(mesh.Tris) == 0 {
		return nil
	}
	return mesh
}

// skeleton writes the joints as nodes below root.
func (e *exporter) skeleton(root *Node) {
	m := e.m
	if len(m.Joints) == 0 {
		return
	}
	h := m.ResolveHierarchy()
	sk, _ := anim.NewSkeleton(m)
	nodes := make([]*Node, len(m.Joints))
	// Bone weights, joint by joint.
	var inf [4]model.Influence
	weights := make([][]Weight, len(m.Joints))
	for bv, src := range e.source {
		n := m.Influences(int(src), &inf)
		for _, in := range inf[:n] {
			weights[in.Joint] = append(weights[in.Joint], Weight{Vertex: int32(bv), Weight: in.Weight})
		}
	}
	reach := compat.Reaches(m)
	limit := compat.LerpTolerance * compat.Size(m)
	resampled, lerpShort := 0, 0
	worstShort := 0.0
	for _, j := range h.Order {
		jt := &m.Joints[j]
		rest := xform.JointLocal(jt.Position, jt.Rotation)
		n := &Node{Name: string(jt.Name.Text()), Position: mirror(xform.Vec32(rest.T)), Scale: [3]float32{1, 1, 1},
			Rotation: fileQuat(rest.R.Quat()), Bone: weights[j], IsBone: true, Offset: -1}
		nodes[j] = n
		if p := h.Parent[j]; p >= 0 {
			nodes[p].Children = append(nodes[p].Children, n)
		} else {
			root.Children = append(root.Children, n)
		}
		frames, whole := e.keyFrames(jt)
		if !whole {
			resampled++
		}
		if len(frames) == 0 {
			continue
		}
		// The joint's local transform at each keyed frame, evaluated in one
		// pass (Locals finds each key from the one before), and at any
		// other frame on demand.
		times := make([]float32, len(frames))
		for k, f := range frames {
			times[k] = float32(f+e.first-1) / e.fps
		}
		mats := make([]mgl32.Mat4, len(frames))
		sk.Locals(j, times, mats)
		at := make(map[int]xform.Rigid, len(frames))
		for k, f := range frames {
			at[f] = xform.RigidFromMGL(mats[k])
		}
		local := func(f int) xform.Rigid {
			if l, ok := at[f]; ok {
				return l
			}
			l := xform.RigidFromMGL(sk.Local(j, float32(f+e.first-1)/e.fps))
			at[f] = l
			return l
		}
		// Whole frames between keys Irrlicht blends too far off: as many,
		// evenly, as it takes (up to every frame between).
		lerpErr := func(f0, f1 int) float64 {
			return compat.IrrlichtLerpError(local(f0).R.Quat(), local(f1).R.Quat()) * reach[j]
		}
		var added []int
		for k := 0; k+1 < len(frames); k++ {
			f0, f1 := frames[k], frames[k+1]
			err := lerpErr(f0, f1)
			if !(err > limit) {
				continue
			}
			if f1-f0 == 1 {
				lerpShort++
				worstShort = max(worstShort, err)
				continue
			}
			for parts := int(math.Ceil(math.Sqrt(err / limit))); ; parts++ {
				parts = min(parts, f1-f0, maxLerpParts)
				split := []int{f0}
				for p := 1; p < parts; p++ {
					split = append(split, f0+int(math.Round(float64(f1-f0)*float64(p)/float64(parts))))
				}
				split = append(split, f1)
				worst := 0.0
				for q := 0; q+1 < len(split); q++ {
					worst = max(worst, lerpErr(split[q], split[q+1]))
				}
				if worst <= limit || parts >= min(f1-f0, maxLerpParts) {
					added = append(added, split[1:len(split)-1]...)
					if worst > limit {
						lerpShort++
						worstShort = max(worstShort, worst)
					}
					break
				}
			}
		}
		frames = append(frames, added...)
		slices.Sort(frames)
		frames = slices.Compact(frames)
		keys := Keys{Flags: KeyPosition | KeyRotation, Offset: -1}
		for _, f := range frames {
			l := local(f)
			keys.Keys = append(keys.Keys, Key{Frame: int32(f), Position: mirror(xform.Vec32(l.T)), Scale: [3]float32{1, 1, 1}, Rotation: fileQuat(l.R.Quat())})
		}
		n.Keys = []Keys{keys}
	}
	if resampled > 0 {
		e.findings.Add(model.CodeB3DResampled, model.Info, model.At(model.PartJoint, -1), "%s keys between whole frames; B3D keys are on whole frames, so they were keyed at every whole frame of their range", plural(resampled, "joint has", "joints have"))
	}
	if lerpShort > 0 {
		e.findings.Add(model.CodeB3DLerp, model.Warning, model.At(model.PartJoint, -1),
			"Irrlicht blends %s one frame apart linearly without normalising, which moves the skin up to %.3g units (%.3g of the model's size) between them; B3D holds no key between whole frames", plural(lerpShort, "pair of rotation keys", "pairs of rotation keys"), worstShort, worstShort/compat.Size(m))
	}
}

// keyFrames returns the whole frames (numbered from the export's first
// frame as 1) at which joint j is keyed, and whether its keys were all on
// whole frames. Keys off whole frames are replaced by every whole frame
// from before the first to after the last; a clip adds its first and last
// frames when the joint is keyed inside or around it.
func (e *exporter) keyFrames(j *model.Joint) (frames []int, whole bool) {
	whole = true
	var times []float64
	for _, k := range append(append([]model.Key(nil), j.RotationKeys...), j.PositionKeys...) {
		if num.Finite(k.Time) {
			// Frames are int32; a time past them is held at the end.
			times = append(times, max(min(float64(k.Time)*float64(e.fps), math.MaxInt32/2), math.MinInt32/2))
		}
	}
	if len(times) == 0 {
		return nil, true
	}
	lo, hi := slices.Min(times), slices.Max(times)
	var all []int
	for _, f := range times {
		r := math.Round(f)
		if math.Abs(f-r) > 1e-3 {
			whole = false
			break
		}
		all = append(all, int(r))
	}
	if !whole {
		all = all[:0]
		if math.Ceil(hi)-math.Floor(lo) <= maxResampled {
			for f := math.Floor(lo); f <= math.Ceil(hi); f++ {
				all = append(all, int(f))
			}
		} else {
			// Too long a range to key at every frame: the nearest frames.
			for _, f := range times {
				all = append(all, int(math.Round(f)))
			}
		}
	}
	if e.clip != nil {
		var in []int
		for _, f := range all {
			if f >= e.first && f <= e.last {
				in = append(in, f)
			}
		}
		all = append(in, e.first, e.last)
	}
	slices.Sort(all)
	all = slices.Compact(all)
	for _, f := range all {
		frames = append(frames, f-e.first+1)
	}
	return frames, whole
}

// Bounds on the keys an export adds: the longest range of frames keyed at
// every frame when keys fall between frames, and the most parts a pair of
// rotation keys is split into for Irrlicht's lerp.
const (
	maxResampled = 100000
	maxLerpParts = 1024
)

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
