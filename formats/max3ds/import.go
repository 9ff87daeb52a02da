package max3ds

import (
	"fmt"
	"math"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/xform"
)

// PivotRule says whether the node pivots are applied when meshes are placed
// (docs/3ds-format.md §2).
type PivotRule uint8

// Pivot rules.
const (
	// PivotAuto applies or ignores the pivots, whichever reproduces the
	// stored vertices at the saved frame.
	PivotAuto PivotRule = iota
	// PivotApply always uses W = N·T(pos)·R·S·T(−pivot)·M⁻¹.
	PivotApply
	// PivotIgnore always leaves T(−pivot) out.
	PivotIgnore
)

// String returns "auto", "apply" or "ignore".
func (p PivotRule) String() string {
	switch p {
	case PivotApply:
		return "apply"
	case PivotIgnore:
		return "ignore"
	}
	return "auto"
}

// ParsePivotRule reads "auto", "apply" or "ignore" (the CLI's --pivot).
func ParsePivotRule(s string) (PivotRule, error) {
	for _, p := range []PivotRule{PivotAuto, PivotApply, PivotIgnore} {
		if strings.EqualFold(s, p.String()) {
			return p, nil
		}
	}
	return PivotAuto, fmt.Errorf("max3ds: unknown pivot rule %q (want auto, apply or ignore)", s)
}

// DefaultFPS is the frame rate of 3ds Max scenes, which 3DS files do not
// store.
const DefaultFPS = 30

// Options control Import.
type Options struct {
	Pivot PivotRule
	// KeepAxes keeps the 3DS axes (Z up) instead of converting
	// (x, y, z) → (x, z, −y) to MilkShape's Y up.
	KeepAxes bool
	// FPS is the frame rate of the model; 0 means DefaultFPS.
	FPS float32
}

// Info summarises an import for "ms3dtool info --json".
type Info struct {
	// Objects is the number of mesh objects, Nodes the number of keyframer
	// nodes, Frames the length of the animation segment in frames (0
	// without a keyframer).
	Objects int `json:"objects"`
	Nodes   int `json:"nodes"`
	Frames  int `json:"frames"`
	// PivotRule is the rule used: "apply" or "ignore", or "none" when no
	// mesh has a node.
	PivotRule string `json:"pivotRule"`
	// PivotAuto tells whether the rule was chosen automatically.
	PivotAuto bool `json:"pivotAuto"`
	// ApplyError and IgnoreError are the largest distance between the
	// stored vertices and those placed by each rule at the saved frame,
	// as a fraction of the scene size (−1 when not evaluated).
	ApplyError  float64 `json:"applyError"`
	IgnoreError float64 `json:"ignoreError"`
	// Axes is "y-up" when the axes were converted, "z-up" when kept.
	Axes string `json:"axes"`
	// SavedFrame is the frame the file was saved at, in frames.
	SavedFrame int `json:"savedFrame"`
	// Cameras and Lights count what the model leaves out.
	Cameras int `json:"cameras"`
	Lights  int `json:"lights"`
}

// Limits of the model an import builds (model.MaxVertices and the others).
// They are far past what an MS3D file holds (65,535 vertices and triangles,
// 255 groups and addressable joints, 128 materials): a scene past the MS3D
// limits opens and plays whole, validate reports the MS3D limits it
// crosses, and saving it as MS3D is refused while glTF, OBJ and SMD export
// keep everything.
const (
	MaxVertices  = model.MaxVertices
	MaxTriangles = model.MaxTriangles
	MaxGroups    = model.MaxGroups
	MaxJoints    = model.MaxJoints
	MaxMaterials = model.MaxMaterials
)

// Import converts a decoded scene into a MilkShape model as MilkShape does:
// one group per object and material, one joint per keyframer node (dummies
// included, and cameras or lights only where a mesh hangs below them), with
// rotation and position keys, and every vertex bound fully to its object's
// joint. The rest pose is the pose at the saved frame, so the bind pose shows
// the scene as it was saved; the keys reproduce the 3DS animation exactly at
// every key (rotation deltas accumulated, subdivided where one turns by half
// a revolution or more). UV tiling and offsets are baked into the texture
// coordinates, corner normals computed from the smoothing groups (angle
// weighted, welded by position within each object). The findings report the
// pivot rule chosen and whatever the model cannot hold.
//
// A scene past the model's limits (MaxVertices, MaxTriangles, MaxGroups,
// MaxJoints, MaxMaterials) is imported as far as whole objects fit, with a
// model.Code3DSLimit error finding naming the limit: the model's indices
// cannot address more, and nothing is truncated silently.
func Import(s *Scene, opt Options) (*model.Model, Info, []model.Finding) {
	im := importer{s: s, opt: opt}
	if im.opt.FPS <= 0 || !num.Finite(im.opt.FPS) {
		im.opt.FPS = DefaultFPS
	}
	m := im.run()
	return m, im.info, im.findings
}

type importer struct {
	s        *Scene
	opt      Options
	info     Info
	findings []model.Finding

	parent    []int // per node, −1 for a root
	order     []int // parents before children
	objOf     []int // per node, the object it shows, or −1
	qs        [][]xform.Quat
	saved     float64
	joint     []int // per node, its joint, or −1
	base      int32 // the 3DS frame at MilkShape frame 1
	targets   map[string]int
	apply     bool
	matByName map[string]int

	scratchRigid, scratchFull []affine
	scratchDone               []bool
}

func (im *importer) add(code model.Code, sev model.Severity, part string, index int, off int64, format string, args ...any) {
	im.findings = append(im.findings, model.Finding{Code: code, Severity: sev,
		Where: model.Location{Part: part, Index: index, Offset: off}, Message: fmt.Sprintf(format, args...)})
}

// Parts of the scene that import findings point at.
const (
	partObject = "object"
	partNode   = "node"
)

func (im *importer) run() *model.Model {
	s := im.s
	kf := &s.Keyframer
	im.info = Info{Objects: len(s.Objects), Nodes: len(kf.Nodes), Axes: "y-up", PivotRule: "none",
		ApplyError: -1, IgnoreError: -1, Cameras: len(s.Cameras), Lights: len(s.Lights)}
	if im.opt.KeepAxes {
		im.info.Axes = "z-up"
	}
	m := &model.Model{Version: 4, FPS: im.opt.FPS}
	if kf.Present {
		sf, ticks := kf.SavedFrame()
		im.saved = float64(sf)
		im.info.SavedFrame = int(sf)
		if ticks {
			im.add(model.Code3DSTicks, model.Info, model.PartKeyframer, -1, kf.Offset,
				"the saved frame %d is written in 3ds Max ticks: frame %d", kf.Current, sf)
		}
		if kf.HasSegment {
			im.info.Frames = int(kf.End) - int(kf.Start) + 1
		}
	}
	im.nodes()
	im.materials(m)
	im.choosePivot()
	im.joints(m)
	im.meshes(m)
	im.leftOut()
	if kf.Present && im.info.Frames > 0 {
		m.TotalFrames = int32(min(int64(kf.End)-int64(im.base)+1, math.MaxInt32))
	}
	m.CurrentTime = float32((im.saved - float64(im.base) + 1) / float64(im.opt.FPS))
	if !kf.Present {
		m.CurrentTime = 0
	}
	return m
}

// nodes resolves the node tree, the objects the nodes show and the
// accumulated rotations and scales.
func (im *importer) nodes() {
	nodes := im.s.Keyframer.Nodes
	n := len(nodes)
	im.parent = make([]int, n)
	im.objOf = make([]int, n)
	im.joint = make([]int, n)
	im.qs = make([][]xform.Quat, n)
	im.targets = map[string]int{}
	byID := make(map[uint16]int, n)
	for i := range nodes {
		nd := &nodes[i]
		if j, dup := byID[nd.ID]; dup {
			im.add(model.Code3DSNodeParent, model.Warning, partNode, i, nd.Offset,
				"node %d %q repeats the id %d of node %d; children find the first", i, nd.Name, nd.ID, j)
		} else {
			byID[nd.ID] = i
		}
		im.qs[i] = orientations(nd.Rotation.Keys)
		if nd.Kind == NodeCameraTarget || nd.Kind == NodeSpotTarget {
			if _, ok := im.targets[nd.Name]; !ok {
				im.targets[nd.Name] = i
			}
		}
	}
	for i := range nodes {
		nd := &nodes[i]
		im.parent[i] = -1
		if nd.Parent == NoParent {
			continue
		}
		p, ok := byID[nd.Parent]
		if !ok || p == i {
			im.add(model.Code3DSNodeParent, model.Warning, partNode, i, nd.Offset,
				"node %d %q names parent id %d, which no node has; it becomes a root", i, nd.ObjectName(), nd.Parent)
			continue
		}
		im.parent[i] = p
	}
	// Cut cycles and order parents before children.
	state := make([]uint8, n) // 0 new, 1 on the path, 2 done
	var path []int
	for i := range nodes {
		for j := i; j >= 0 && state[j] == 0; j = im.parent[j] {
			state[j] = 1
			path = append(path, j)
			if p := im.parent[j]; p >= 0 && state[p] == 1 {
				im.add(model.Code3DSNodeParent, model.Warning, partNode, j, nodes[j].Offset,
					"node %d %q is its own ancestor; it becomes a root", j, nodes[j].ObjectName())
				im.parent[j] = -1
			}
		}
		for k := len(path) - 1; k >= 0; k-- {
			state[path[k]] = 2
			im.order = append(im.order, path[k])
		}
		path = path[:0]
	}
	// Objects shown by nodes.
	objByName := make(map[string]int, len(im.s.Objects))
	for i, o := range im.s.Objects {
		if _, ok := objByName[o.Name]; !ok {
			objByName[o.Name] = i
		}
	}
	shown := make([]int, len(im.s.Objects))
	for i := range nodes {
		nd := &nodes[i]
		im.objOf[i] = -1
		if nd.Kind != NodeObject || nd.Name == DummyName {
			continue
		}
		o, ok := objByName[nd.Name]
		if !ok {
			im.add(model.Code3DSNodeObject, model.Warning, partNode, i, nd.Offset,
				"node %d names object %q, which the file does not have; it is kept as a joint", i, nd.Name)
			continue
		}
		im.objOf[i] = o
		shown[o]++
	}
	for o, k := range shown {
		switch {
		case k > 1:
			im.add(model.Code3DSInstance, model.Info, partObject, o, im.s.Objects[o].Offset,
				"object %q is shown by %d nodes; each gets its own copy", im.s.Objects[o].Name, k)
		case k == 0 && len(nodes) > 0:
			im.add(model.Code3DSNodeObject, model.Warning, partObject, o, im.s.Objects[o].Offset,
				"object %q has no keyframer node; it is placed as stored and not animated", im.s.Objects[o].Name)
		}
	}
	// MilkShape frame 1 is the segment start, or an earlier key.
	kf := &im.s.Keyframer
	im.base = kf.Start
	if !kf.HasSegment {
		im.base = 0
	}
	for i := range nodes {
		nd := &nodes[i]
		for _, k := range nd.Position.Keys {
			im.base = min(im.base, k.Frame)
		}
		for _, k := range nd.Rotation.Keys {
			im.base = min(im.base, k.Frame)
		}
		for _, k := range nd.Scale.Keys {
			im.base = min(im.base, k.Frame)
		}
	}
	im.base = min(im.base, int32(im.saved))
}

// frame evaluates node i's full matrix W(f) at frame f as 3ds Max and
// lib3ds do, W = W_parent·T(pos)·R·S (the parent's scale included, so a
// scaled parent moves and shapes its children), and its rigid frame F(f):
// W's origin and the rotation nearest W's linear part (rigidPart). The
// meshes are placed with W at the saved frame; joints follow F.
func (im *importer) frame(i int, f float64, rigidOut, fullOut []affine, done []bool) {
	if done[i] {
		return
	}
	nd := &im.s.Keyframer.Nodes[i]
	pw := identity
	if p := im.parent[i]; p >= 0 {
		im.frame(p, f, rigidOut, fullOut, done)
		pw = fullOut[p]
	}
	pos := vecAt(nd.Position.Keys, f, vec{})
	var lw affine
	switch nd.Kind {
	case NodeCamera, NodeSpot:
		target := im.targetAt(nd, f)
		roll := floatAt(nd.Roll.Keys, f, im.staticRoll(nd))
		lw = rigid(pos, lookAt(target.sub(pos), roll))
	default:
		lw = rigid(pos, quatAt(nd.Rotation.Keys, im.qs[i], f))
		scl := vecAt(nd.Scale.Keys, f, vec{1, 1, 1})
		for r := 0; r < 3; r++ {
			lw[4*r] *= scl[0]
			lw[4*r+1] *= scl[1]
			lw[4*r+2] *= scl[2]
		}
	}
	fullOut[i] = pw.mul(&lw)
	rigidOut[i] = rigidPart(fullOut[i])
	done[i] = true
}

// axes converts a 3DS vector to the model's axes.
func (im *importer) axes(v vec) vec {
	if im.opt.KeepAxes {
		return v
	}
	return vec{v[0], v[2], -v[1]}
}

// axesRot converts a rotation matrix: C·R·Cᵀ.
func (im *importer) axesRot(r xform.Mat3) xform.Mat3 {
	if im.opt.KeepAxes {
		return r
	}
	c := xform.Mat3{{1, 0, 0}, {0, 0, 1}, {0, -1, 0}}
	return c.Mul(r).Mul(c.Transpose())
}

// jointWanted reports which nodes become joints: object nodes, and cameras
// and lights that an object node hangs below.
func (im *importer) jointWanted() []bool {
	nodes := im.s.Keyframer.Nodes
	want := make([]bool, len(nodes))
	for i := range nodes {
		if nodes[i].Kind != NodeObject {
			continue
		}
		for j := i; j >= 0 && !want[j]; j = im.parent[j] {
			want[j] = true
		}
	}
	return want
}

func (im *importer) joints(m *model.Model) {
	nodes := im.s.Keyframer.Nodes
	for i := range im.joint {
		im.joint[i] = -1
	}
	if len(nodes) == 0 {
		return
	}
	want := im.jointWanted()
	restRigid, _ := im.poseAt(im.saved)
	names := map[string]bool{}
	var over []string
	for _, i := range im.order {
		if !want[i] {
			continue
		}
		nd := &nodes[i]
		if len(m.Joints) >= MaxJoints {
			over = append(over, nd.ObjectName())
			continue
		}
		name := uniqueName(nd.ObjectName(), names)
		if name == "" {
			name = uniqueName(fmt.Sprintf("node%d", i), names)
		}
		j := model.Joint{Name: model.Str(name)}
		p := im.parent[i]
		for p >= 0 && im.joint[p] < 0 {
			p = im.parent[p]
		}
		local := restRigid[i]
		if p >= 0 {
			j.Parent = m.Joints[im.joint[p]].Name
			pinv, _ := restRigid[p].inverse()
			local = pinv.mul(&restRigid[i])
		}
		rest := local.rotation()
		j.Rotation = im.axesRot(rest).Euler()
		j.Position = im.axes(local.translation()).f32()
		im.keys(i, p, &j, local, restRigid)
		im.joint[i] = len(m.Joints)
		m.Joints = append(m.Joints, j)
	}
	if over != nil {
		im.add(model.Code3DSLimit, model.Error, partNode, -1, im.s.Keyframer.Offset,
			"the scene has %d nodes to turn into joints; a model addresses at most %d joints; left out: %s",
			len(m.Joints)+len(over), MaxJoints, strings.Join(over, ", "))
	}
}

// uniqueName returns name, or name with a ".2", ".3", ... suffix when it is
// taken, and records it.
func uniqueName(name string, taken map[string]bool) string {
	out := name
	for k := 2; taken[strings.ToLower(out)]; k++ {
		out = fmt.Sprintf("%s.%d", name, k)
	}
	taken[strings.ToLower(out)] = true
	return out
}

// maxSamples bounds the frames sampled for a camera or spot joint.
const maxSamples = 2000

// keys fills joint j's keys from node i's tracks; p is the node of the
// parent joint (−1 for none) and local the rest local matrix.
func (im *importer) keys(i, p int, j *model.Joint, local affine, restRigid []affine) {
	nd := &im.s.Keyframer.Nodes[i]
	restT := local.rotation().Transpose()
	restP := local.translation()
	var rotFrames, posFrames []float64
	switch nd.Kind {
	case NodeCamera, NodeSpot:
		kf := &im.s.Keyframer
		start, end := float64(kf.Start), float64(kf.End)
		if !kf.HasSegment || end < start {
			start, end = im.saved, im.saved
		}
		step := math.Max(1, math.Ceil((end-start+1)/maxSamples))
		for f := start; f <= end; f += step {
			rotFrames = append(rotFrames, f)
		}
		posFrames = rotFrames
	default:
		for k, key := range nd.Rotation.Keys {
			f := float64(key.Frame)
			if k > 0 {
				// A key turning by half a revolution or more cannot be
				// slerped along the shortest arc: add frames in between.
				a := math.Abs(float64(key.Angle))
				prev := float64(nd.Rotation.Keys[k-1].Frame)
				if num.Finite(a) && a >= 0.9*math.Pi && f > prev {
					steps := int(math.Min(math.Ceil(a/(math.Pi/2)), 64))
					for s := 1; s < steps; s++ {
						rotFrames = append(rotFrames, prev+(f-prev)*float64(s)/float64(steps))
					}
				}
			}
			rotFrames = append(rotFrames, f)
		}
		for _, key := range nd.Position.Keys {
			posFrames = append(posFrames, float64(key.Frame))
		}
		// Two keys at one frame jump there (the second is a further turn
		// or move); linear keys would spread the jump over the frames
		// before it, so the frame before holds the pose before it.
		rotFrames = mergeFrames(rotFrames, jumpFrames(len(nd.Rotation.Keys), func(k int) int32 { return nd.Rotation.Keys[k].Frame }))
		posFrames = mergeFrames(posFrames, jumpFrames(len(nd.Position.Keys), func(k int) int32 { return nd.Position.Keys[k].Frame }))
		// A scale that changes, of the node or above it, moves the node's
		// origin (and turns its rigid frame when it is not uniform): key
		// the joint where it changes too.
		if sf := im.scaleFrames(i); len(sf) > 0 {
			rotFrames = mergeFrames(rotFrames, sf)
			posFrames = mergeFrames(posFrames, sf)
		}
	}
	if len(rotFrames)+len(posFrames) == 0 {
		return
	}
	// Frames are evaluated with the same code that built the rest pose,
	// relative to the parent joint's node (which may be an ancestor when
	// nodes between were not turned into joints).
	localAt := func(f float64) affine {
		r, _ := im.poseAt1(i, p, f)
		return r
	}
	fps := float64(im.opt.FPS)
	toTime := func(f float64) float32 { return float32((f - float64(im.base) + 1) / fps) }
	for _, f := range rotFrames {
		l := localAt(f)
		rk := restT.Mul(l.rotation())
		j.RotationKeys = append(j.RotationKeys, model.Key{Time: toTime(f), Value: im.axesRot(rk).Euler()})
	}
	for _, f := range posFrames {
		l := localAt(f)
		tk := vec(restT.Apply(l.translation().sub(restP)))
		j.PositionKeys = append(j.PositionKeys, model.Key{Time: toTime(f), Value: im.axes(tk).f32()})
	}
	j.RotationKeys = dedupeKeys(j.RotationKeys)
	j.PositionKeys = dedupeKeys(j.PositionKeys)
}

// dedupeKeys drops keys at the time of the key before them (tracks that
// store two keys at one frame) and keys out of order.
func dedupeKeys(ks []model.Key) []model.Key {
	out := ks[:0]
	for _, k := range ks {
		if len(out) > 0 && !(k.Time > out[len(out)-1].Time) {
			continue
		}
		out = append(out, k)
	}
	return out
}

// poseAt1 returns node i's rigid frame at f relative to node p's (p −1:
// world), evaluating only the chain above i.
func (im *importer) poseAt1(i, p int, f float64) (affine, bool) {
	n := len(im.s.Keyframer.Nodes)
	if im.scratchRigid == nil || len(im.scratchRigid) != n {
		im.scratchRigid, im.scratchFull, im.scratchDone = make([]affine, n), make([]affine, n), make([]bool, n)
	}
	for k := i; k >= 0; k = im.parent[k] {
		im.scratchDone[k] = false
	}
	im.frame(i, f, im.scratchRigid, im.scratchFull, im.scratchDone)
	r := im.scratchRigid[i]
	if p >= 0 {
		inv, ok := im.scratchRigid[p].inverse()
		if !ok {
			return r, false
		}
		r = inv.mul(&r)
	}
	return r, true
}
