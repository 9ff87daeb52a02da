package smd

import (
	"errors"
	"fmt"
	"math"
	"path"
	"sort"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/clips"
	"ms3dstudio/model/num"
	"ms3dstudio/model/xform"
)

// DefaultFPS is the frame rate Import uses when ImportOptions.FPS is 0:
// studiomdl's default for a $sequence without "fps".
const DefaultFPS = 30

// NamedFile is an animation SMD with the name of the clip it becomes.
type NamedFile struct {
	Name string
	File *File
}

// ImportOptions tune Import.
type ImportOptions struct {
	// FPS is the frame rate of the model's timeline; 0 means DefaultFPS.
	FPS float32
}

// Import builds a MilkShape model from a reference SMD (mesh and rest pose)
// and animation SMDs. The animations are laid end to end on one timeline in
// the order given, each stored as a clip named after it (package
// model/clips); a joint that an animation does not mention holds its rest
// pose through that clip. Axes are converted from the engines' (see the
// package documentation).
//
// Vertices shared by triangles are merged when their position and bone
// influences agree; normals and texture coordinates stay per corner, as
// MS3D stores them. Source links become up to four MilkShape influences in
// whole percent. Each material line becomes a material (its texture is the
// line as written) and a group.
//
// The error reports input that cannot become a model: no reference, no
// bones, or clip names that cannot be stored.
func Import(ref *File, anims []NamedFile, opt ImportOptions) (*model.Model, []model.Finding, error) {
	if ref == nil {
		return nil, nil, errors.New("smd: import: no reference file")
	}
	fps := opt.FPS
	if fps == 0 {
		fps = DefaultFPS
	}
	if !(fps >= 1) || !num.Finite(fps) {
		return nil, nil, fmt.Errorf("smd: import: frame rate %v is not a number of at least 1", fps)
	}
	im := &importer{ref: ref, m: &model.Model{Version: 4, FPS: fps}}
	im.joints()
	im.mesh()
	var list []clips.Clip
	frame := 1
	used := &model.UniqueNames{Sep: "_", Fold: true}
	for _, a := range anims {
		if a.File == nil {
			return nil, im.findings, fmt.Errorf("smd: import: animation %q has no file", a.Name)
		}
		n := im.animation(a.File, frame)
		if n == 0 {
			continue
		}
		list = append(list, clips.Clip{Name: im.clipName(a, used), First: frame, Last: frame + n - 1})
		frame += n
	}
	im.m.TotalFrames = int32(max(1, frame-1))
	if len(list) > 0 {
		if err := clips.Write(im.m, list); err != nil {
			return nil, im.findings, fmt.Errorf("smd: import: %w", err)
		}
	}
	return im.m, im.findings, nil
}

type importer struct {
	ref      *File
	m        *model.Model
	findings []model.Finding
	// joint maps a reference node id to its joint index.
	joint map[int]int
	// rest holds each joint's rest local transform in MilkShape axes.
	rest []xform.Rigid
	root []bool
}

func (im *importer) find(code model.Code, sev model.Severity, line int, format string, args ...any) {
	im.findings = append(im.findings, model.Finding{Code: code, Severity: sev,
		Where:   model.Location{Part: model.PartSMDLine, Index: line, Offset: -1},
		Message: fmt.Sprintf(format, args...)})
}

// joints makes one joint per reference node, parents before children,
// with the rest pose of the reference's first frame at time 0 (or its
// earliest frame).
func (im *importer) joints() {
	f := im.ref
	idx := make(map[int]int, len(f.Nodes))
	for i, n := range f.Nodes {
		idx[n.ID] = i
	}
	children := make([][]int, len(f.Nodes))
	var roots []int
	for i, n := range f.Nodes {
		if p, ok := idx[n.Parent]; ok && n.Parent != -1 {
			children[p] = append(children[p], i)
		} else {
			roots = append(roots, i)
		}
	}
	order := make([]int, 0, len(f.Nodes))
	var visit func(int)
	visit = func(i int) {
		order = append(order, i)
		for _, c := range children[i] {
			visit(c)
		}
	}
	for _, r := range roots {
		visit(r)
	}
	rest := restFrame(f)
	pose := map[int32]BonePose{}
	if rest != nil {
		for _, b := range rest.Bones {
			pose[b.Bone] = b
		}
	}
	im.joint = make(map[int]int, len(order))
	names := &model.UniqueNames{Sep: "_", Fold: true, Limit: model.NameSize - 1}
	for _, i := range order {
		n := f.Nodes[i]
		im.joint[n.ID] = len(im.m.Joints)
		bp, ok := pose[int32(n.ID)]
		if !ok {
			line := 0
			if rest != nil {
				line = rest.Line
			}
			im.find(model.CodeSMDNoSkeleton, model.Error, line, "%s: bone %q has no rest pose at time 0; it rests at its parent's origin", f.Name, n.Name)
		}
		l := xform.JointLocal(bp.Position, bp.Rotation)
		_, hasParent := idx[n.Parent]
		isRoot := n.Parent == -1 || !hasParent
		if isRoot {
			l = xform.Rigid{R: fromSMD}.Mul(l)
		}
		j := model.Joint{Name: model.Str(im.fitName(n.Name, names, n.Line))}
		if !isRoot {
			j.Parent = im.m.Joints[im.joint[n.Parent]].Name
			j.Rotation, j.Position = bp.Rotation, bp.Position
		} else {
			j.Rotation, j.Position = l.R.Euler(), xform.Vec32(l.T)
		}
		im.m.Joints = append(im.m.Joints, j)
		im.rest = append(im.rest, l)
		im.root = append(im.root, isRoot)
	}
}

// restFrame returns the frame at time 0, or the earliest frame.
func restFrame(f *File) *Frame {
	var best *Frame
	for i := range f.Frames {
		if best == nil || f.Frames[i].Time < best.Time {
			best = &f.Frames[i]
		}
	}
	return best
}

// fitName makes a name unique and at most limit bytes, reporting changes.
// used must have a Limit; Take cuts the name to it.
func (im *importer) fitName(name string, used *model.UniqueNames, line int) string {
	out := used.Take(name)
	if out != name {
		im.find(model.CodeSMDName, model.Warning, line, "%s: name %q becomes %q to fit MilkShape's %d-byte names", im.ref.Name, name, out, used.Limit)
	}
	return out
}

type vertexKey struct {
	pos   [3]uint32
	bones [4]uint16
	w     [3]uint8
}

// mesh converts the reference's triangles.
func (im *importer) mesh() {
	f := im.ref
	m := im.m
	byKey := map[vertexKey]int{}
	group := map[string]int{}
	names := &model.UniqueNames{Sep: "_", Fold: true, Limit: model.NameSize - 1}
	linksChanged, firstLine := 0, 0
	multi := false
	for _, t := range f.Triangles {
		matLine := f.Materials[t.Material]
		g, ok := group[matLine]
		if !ok {
			g = len(m.Groups)
			group[matLine] = g
			if g < math.MaxUint16 {
				base := strings.TrimSuffix(path.Base(strings.ReplaceAll(matLine, "\\", "/")), path.Ext(matLine))
				name := im.fitName(base, names, int(t.Line))
				m.Materials = append(m.Materials, model.Material{Name: model.Str(name), Texture: model.Str(matLine),
					Ambient: [4]float32{0.2, 0.2, 0.2, 1}, Diffuse: [4]float32{0.8, 0.8, 0.8, 1}, Specular: [4]float32{0, 0, 0, 1},
					Emissive: [4]float32{0, 0, 0, 1}, Transparency: 1})
				m.Groups = append(m.Groups, model.Group{Name: model.Str(name), Material: int16(min(g, math.MaxInt16))})
			}
		}
		if g >= math.MaxUint16 {
			g = math.MaxUint16 - 1 // a triangle's group index is 16 bits
		}
		var tri model.Triangle
		tri.Group = uint16(g)
		tri.SmoothingGroup = 1
		for c, v := range t.Corners {
			var vx model.Vertex
			vx.Position = fromSMD.Apply32(v.Position)
			changed := im.influences(&v, &vx)
			if changed {
				linksChanged++
				if firstLine == 0 {
					firstLine = int(t.Line)
				}
			}
			multi = multi || vx.Bones[1] != model.NoBone
			key := vertexKey{bones: vx.Bones, w: vx.Weights}
			for k := 0; k < 3; k++ {
				key.pos[k] = math.Float32bits(vx.Position[k])
			}
			vi, ok := byKey[key]
			if !ok {
				vi = len(m.Vertices)
				byKey[key] = vi
				m.Vertices = append(m.Vertices, vx)
			}
			if m.Vertices[vi].ReferenceCount < 255 {
				m.Vertices[vi].ReferenceCount++
			}
			tri.Vertices[c] = uint32(vi)
			tri.Normals[c] = fromSMD.Apply32(v.Normal)
			tri.S[c], tri.T[c] = v.UV[0], 1-v.UV[1]
		}
		m.Groups[g].Triangles = append(m.Groups[g].Triangles, uint32(len(m.Triangles)))
		m.Triangles = append(m.Triangles, tri)
	}
	if multi {
		m.VertexExtraSubVersion = 3
	}
	if linksChanged > 0 {
		im.find(model.CodeSMDLinks, model.Warning, firstLine, "%s: %d vertex corners had links that MilkShape cannot hold as written (more than 4 bones, weights not summing to 1, or weights below 0.5 %%); they were renormalised to whole percent, the first on line %d", f.Name, linksChanged, firstLine)
	}
}

// influences sets the bones and weights of vx from an SMD vertex and
// reports whether the links had to be changed beyond rounding to percent.
func (im *importer) influences(v *Vertex, vx *model.Vertex) bool {
	vx.Bones = [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}
	jointOf := func(b int32) int {
		if j, ok := im.joint[int(b)]; ok && j < model.NoBone {
			return j
		}
		return -1
	}
	links := im.ref.LinksOf(v)
	if len(links) == 0 {
		if j := jointOf(v.Bone); j >= 0 {
			vx.Bones[0] = uint16(j)
		}
		return false
	}
	var infs []model.Influence
	sum := 0.0
	for _, l := range links {
		j := jointOf(l.Bone)
		if j < 0 || !(l.Weight > 0) {
			continue
		}
		sum += float64(l.Weight)
		infs = append(infs, model.Influence{Joint: j, Weight: l.Weight})
	}
	changed := math.Abs(sum-1) > 1e-3
	// studiomdl gives what the links leave over to the parent bone.
	if sum < 1-1e-3 {
		if j := jointOf(v.Bone); j >= 0 {
			infs = append(infs, model.Influence{Joint: j, Weight: float32(1 - sum)})
			sum = 1
		}
	}
	if len(infs) == 0 || sum <= 0 {
		if j := jointOf(v.Bone); j >= 0 {
			vx.Bones[0] = uint16(j)
		}
		return true
	}
	return vx.SetInfluences(infs) || changed
}

// animation adds the keys of one animation SMD starting at MilkShape frame
// first and returns how many frames it covers.
func (im *importer) animation(f *File, first int) int {
	if len(f.Frames) == 0 {
		im.find(model.CodeSMDAnimBones, model.Warning, 0, "%s: the animation has no frames; it is skipped", f.Name)
		return 0
	}
	// Map the animation's node ids to joints by name.
	byName := make(map[string]int, len(im.m.Joints))
	for i, j := range im.m.Joints {
		byName[string(j.Name)] = i
	}
	refName := make(map[int]string, len(im.ref.Nodes))
	for _, n := range im.ref.Nodes {
		refName[im.joint[n.ID]] = n.Name
	}
	for i := range im.m.Joints {
		// Names the importer shortened are found by the reference's name.
		if rn, ok := refName[i]; ok {
			byName[rn] = i
		}
	}
	jointOf := map[int32]int{}
	var unknown []string
	mentioned := make([]bool, len(im.m.Joints))
	for _, n := range f.Nodes {
		if j, ok := byName[n.Name]; ok {
			jointOf[int32(n.ID)] = j
			mentioned[j] = true
		} else {
			unknown = append(unknown, n.Name)
		}
	}
	if len(unknown) > 0 {
		im.find(model.CodeSMDAnimBones, model.Warning, 0, "%s: %d bones are not in the reference and are ignored: %s", f.Name, len(unknown), strings.Join(firstN(unknown, 5), ", "))
	}
	var missing []string
	for j, ok := range mentioned {
		if !ok {
			missing = append(missing, string(im.m.Joints[j].Name))
		}
	}
	if len(missing) > 0 {
		im.find(model.CodeSMDAnimBones, model.Warning, 0, "%s: %d bones of the reference are not in the animation and hold their rest pose: %s", f.Name, len(missing), strings.Join(firstN(missing, 5), ", "))
	}
	frames := make([]*Frame, len(f.Frames))
	for i := range f.Frames {
		frames[i] = &f.Frames[i]
	}
	sort.SliceStable(frames, func(a, b int) bool { return frames[a].Time < frames[b].Time })
	t0 := frames[0].Time
	cur := make([]xform.Rigid, len(im.m.Joints))
	copy(cur, im.rest)
	fps := float64(im.m.FPS)
	for k, fr := range frames {
		if k+1 < len(frames) && frames[k+1].Time == fr.Time {
			continue // a repeated time: the later block wins
		}
		for _, b := range fr.Bones {
			j, ok := jointOf[b.Bone]
			if !ok {
				continue
			}
			l := xform.JointLocal(b.Position, b.Rotation)
			if im.root[j] {
				l = xform.Rigid{R: fromSMD}.Mul(l)
			}
			cur[j] = l
		}
		t := float32(float64(first+fr.Time-t0) / fps)
		for j := range im.m.Joints {
			// MilkShape keys are relative to the rest pose:
			// L(t) = L_rest · K, so K = L_rest⁻¹ · L(t).
			key := im.rest[j].Inverse().Mul(cur[j])
			jt := &im.m.Joints[j]
			jt.RotationKeys = append(jt.RotationKeys, model.Key{Time: t, Value: key.R.Euler()})
			jt.PositionKeys = append(jt.PositionKeys, model.Key{Time: t, Value: xform.Vec32(key.T)})
		}
	}
	return frames[len(frames)-1].Time - t0 + 1
}

// clipName makes a valid, unique clip name from an animation's name.
func (im *importer) clipName(a NamedFile, used *model.UniqueNames) string {
	name := a.Name
	if name == "" {
		name = a.File.Name
	}
	name = strings.TrimSuffix(path.Base(strings.ReplaceAll(name, "\\", "/")), ".smd")
	out := used.Take(clips.MakeName(name, "clip"))
	if a.Name != "" && out != a.Name {
		im.find(model.CodeSMDName, model.Info, 0, "%s: the clip is named %q", a.File.Name, out)
	}
	return out
}

func firstN(s []string, n int) []string {
	if len(s) > n {
		return append(s[:n:n], "…")
	}
	return s
}
