package max3ds

import (
	"cmp"
	"fmt"
	"math"
	"slices"
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

	parent  []int // per node, −1 for a root
	order   []int // parents before children
	objOf   []int // per node, the object it shows, or −1
	qs      [][]xform.Quat
	saved   float64
	joint   []int // per node, its joint, or −1
	base    int32 // the 3DS frame at MilkShape frame 1
	targets map[string]int
	cams    camIndex
	samples int // the most frames sampled for one camera or spot joint
	// scaleFrames are, per node, the frames its joint is keyed at because
	// its scale or an ancestor's changes (sampleScaleFrames).
	scaleFrames [][]float64
	apply       bool
	matByName   map[string]int

	// Key evaluation (see evalKeys): each node's full matrix and its rigid
	// part at the frame being evaluated, done when its stamp is the
	// frame's.
	evalFull, evalRigid   []affine
	fullStamp, rigidStamp []int
	stamp                 int

	evals int // node frames evaluated (local): the work tests bound
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
	im.cams = newCamIndex(im.s)
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
	pw := identity
	if p := im.parent[i]; p >= 0 {
		im.frame(p, f, rigidOut, fullOut, done)
		pw = fullOut[p]
	}
	lw := im.local(i, f)
	fullOut[i] = pw.mul(&lw)
	rigidOut[i] = rigidPart(fullOut[i])
	done[i] = true
}

// local returns node i's matrix at frame f relative to its parent node,
// T(pos)·R·S (a camera's or spot's: T(pos)·R towards its target).
func (im *importer) local(i int, f float64) affine {
	im.evals++
	nd := &im.s.Keyframer.Nodes[i]
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
	return lw
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
	cameras := 0
	for i, w := range want {
		if k := nodes[i].Kind; w && (k == NodeCamera || k == NodeSpot) {
			cameras++
		}
	}
	im.samples = min(maxSamples, max(2, maxSampled/max(cameras, 1)))
	if kf := &im.s.Keyframer; kf.HasSegment && int64(kf.End)-int64(kf.Start) >= int64(im.samples) && im.samples < maxSamples {
		im.add(model.Code3DSSampled, model.Warning, partNode, -1, kf.Offset,
			"%d cameras and spots are sampled at %d frames each, not %d, to keep within %d samples in all",
			cameras, im.samples, min(int64(kf.End)-int64(kf.Start)+1, maxSamples), maxSampled)
	}
	im.sampleScaleFrames(want)
	restRigid, _ := im.poseAt(im.saved)
	names := model.UniqueNames{Sep: ".", Fold: true}
	var reqs []keyRequest
	var rests []affine // each joint's rest local frame
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
		name := nd.ObjectName()
		if name == "" {
			name = fmt.Sprintf("node%d", i)
		}
		name = names.Take(name)
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
		reqs = im.keys(i, p, &j, len(m.Joints), reqs)
		im.joint[i] = len(m.Joints)
		m.Joints = append(m.Joints, j)
		rests = append(rests, local)
	}
	im.evalKeys(m, rests, reqs)
	if over != nil {
		im.add(model.Code3DSLimit, model.Error, partNode, -1, im.s.Keyframer.Offset,
			"the scene has %d nodes to turn into joints; a model addresses at most %d joints; left out: %s",
			len(m.Joints)+len(over), MaxJoints, strings.Join(over, ", "))
	}
}

// maxSamples bounds the frames sampled for a camera or spot joint, and
// maxSampled those of all of them, and the frames all joints are keyed at
// because a scale above them changes: a scene of thousands of cameras
// over a long segment, or a chain of thousands of nodes each scaled at a
// frame of its own (whose joints would be keyed at n²/2 frames), shares
// it (two keys of 16 bytes a frame: 8 MiB, evaluated in about a second).
const (
	maxSamples = 2000
	maxSampled = 1 << 18
)

// sampleScaleFrames works out the frames at which each wanted node's joint
// is keyed because its scale or an ancestor's changes (im.scaleFrames).
// When they come to more than maxSampled in all, every list is moved onto
// one grid of frames that keeps the total within it, and a finding says
// so.
func (im *importer) sampleScaleFrames(want []bool) {
	im.scaleFrames = im.scaleFrameLists()
	total, joints := 0, 0
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, w := range want {
		if sf := im.scaleFrames[i]; w && len(sf) > 0 {
			total += len(sf)
			joints++
			lo, hi = min(lo, sf[0]), max(hi, sf[len(sf)-1])
		}
	}
	kf := &im.s.Keyframer
	if total <= maxSampled {
		return
	}
	grid := max(2, maxSampled/joints)
	done := map[*float64][]float64{} // lists shared by nodes are moved once
	for i, w := range want {
		sf := im.scaleFrames[i]
		if !w || len(sf) == 0 {
			continue
		}
		g, ok := done[&sf[0]]
		if !ok {
			g = onGrid(sf, lo, hi, grid)
			done[&sf[0]] = g
		}
		im.scaleFrames[i] = g
	}
	im.add(model.Code3DSSampled, model.Warning, partNode, -1, kf.Offset,
		"%d joints are keyed where a scale above them changes, at %d frames in all, more than the %d the import evaluates: they are keyed on a grid of %d frames from %g to %g",
		joints, total, maxSampled, grid+1, lo, hi)
}

// keyRequest is a key of a joint whose value is yet to be evaluated.
type keyRequest struct {
	f        float64 // the 3DS frame
	node, p  int     // the joint's node, and its parent joint's (−1: none)
	joint    int     // the joint, in Model.Joints
	key      int     // the key, in its track
	position bool    // a position key, else a rotation key
}

// keys gives joint j (index ji of the model's joints) a key, its value
// still zero, at each frame node i's tracks need, and returns reqs with
// the requests that evaluate them; p is the node of the parent joint (−1
// for none).
func (im *importer) keys(i, p int, j *model.Joint, ji int, reqs []keyRequest) []keyRequest {
	nd := &im.s.Keyframer.Nodes[i]
	var rotFrames, posFrames []float64
	switch nd.Kind {
	case NodeCamera, NodeSpot:
		kf := &im.s.Keyframer
		start, end := float64(kf.Start), float64(kf.End)
		if !kf.HasSegment || end < start {
			start, end = im.saved, im.saved
		}
		step := math.Max(1, math.Ceil((end-start+1)/float64(im.samples)))
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
		if sf := im.scaleFrames[i]; len(sf) > 0 {
			rotFrames = mergeFrames(rotFrames, sf)
			posFrames = mergeFrames(posFrames, sf)
		}
	}
	j.RotationKeys = make([]model.Key, len(rotFrames))
	j.PositionKeys = make([]model.Key, len(posFrames))
	for k, f := range rotFrames {
		reqs = append(reqs, keyRequest{f: f, node: i, p: p, joint: ji, key: k})
	}
	for k, f := range posFrames {
		reqs = append(reqs, keyRequest{f: f, node: i, p: p, joint: ji, key: k, position: true})
	}
	return reqs
}

// maxEvals bounds the node frames evaluating the keys may take (about a
// second): distinct frames × nodes.
const maxEvals = 1 << 22

// evalKeys evaluates the keys requested, relative to each joint's rest
// local frame (rests, by joint), then
// drops the repeated ones. A key's frame is evaluated with the same code
// that built the rest pose, relative to the parent joint's node (which may
// be an ancestor when nodes between were not turned into joints). The
// requests are evaluated frame by frame, so that each node is evaluated
// once at each frame some joint below it needs, however deep the tree:
// evaluating the chain above each key took n² node frames for a chain of
// n nodes keyed alike.
func (im *importer) evalKeys(m *model.Model, rests []affine, reqs []keyRequest) {
	n := len(im.s.Keyframer.Nodes)
	im.evalFull, im.evalRigid = make([]affine, n), make([]affine, n)
	im.fullStamp, im.rigidStamp = make([]int, n), make([]int, n)
	// Requests at one frame are independent of each other: their order
	// among themselves does not matter.
	slices.SortFunc(reqs, func(a, b keyRequest) int { return cmp.Compare(a.f, b.f) })
	im.snapFrames(reqs)
	fps := float64(im.opt.FPS)
	for k, r := range reqs {
		if k == 0 || r.f != reqs[k-1].f {
			im.stamp++
		}
		l := im.rigidAt(r.node, r.f)
		if r.p >= 0 {
			lp := im.rigidAt(r.p, r.f)
			if inv, ok := lp.inverse(); ok {
				l = inv.mul(&l)
			}
		}
		rest := &rests[r.joint]
		restT := rest.rotation().Transpose()
		j := &m.Joints[r.joint]
		t := float32((r.f - float64(im.base) + 1) / fps)
		if r.position {
			tk := vec(restT.Apply(l.translation().sub(rest.translation())))
			j.PositionKeys[r.key] = model.Key{Time: t, Value: im.axes(tk).f32()}
		} else {
			j.RotationKeys[r.key] = model.Key{Time: t, Value: im.axesRot(restT.Mul(l.rotation())).Euler()}
		}
	}
	for i := range m.Joints {
		j := &m.Joints[i]
		j.RotationKeys = dedupeKeys(j.RotationKeys)
		j.PositionKeys = dedupeKeys(j.PositionKeys)
	}
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

// snapFrames moves the frames of the requests, sorted by frame, onto a
// grid when evaluating them at each distinct frame would take more than
// maxEvals node frames (a chain of thousands of nodes each keyed at a
// frame of its own needs the chain above each key evaluated at its frame:
// n²/2 node frames, 40 s for 16,000), and says so.
func (im *importer) snapFrames(reqs []keyRequest) {
	distinct := 0
	for k := range reqs {
		if k == 0 || reqs[k].f != reqs[k-1].f {
			distinct++
		}
	}
	n := len(im.s.Keyframer.Nodes)
	if int64(distinct)*int64(n) <= maxEvals {
		return
	}
	grid := max(2, maxEvals/n)
	lo, hi := reqs[0].f, reqs[len(reqs)-1].f
	step := (hi - lo) / float64(grid)
	for k := range reqs {
		reqs[k].f = lo + math.Round((reqs[k].f-lo)/step)*step
	}
	im.add(model.Code3DSSampled, model.Warning, partNode, -1, im.s.Keyframer.Offset,
		"the keys of %d nodes fall on %d distinct frames, more than the %d node frames the import evaluates: they are keyed on a grid of %d frames from %g to %g",
		n, distinct, maxEvals, grid+1, lo, hi)
}

// rigidAt returns node i's rigid frame at frame f, as frame computes it,
// evaluating each node above it at most once for the current stamp.
func (im *importer) rigidAt(i int, f float64) affine {
	if im.rigidStamp[i] != im.stamp {
		im.fullAt(i, f)
		im.evalRigid[i], im.rigidStamp[i] = rigidPart(im.evalFull[i]), im.stamp
	}
	return im.evalRigid[i]
}

// fullAt evaluates node i's full matrix at frame f into evalFull, and each
// node above it that the current stamp has not evaluated.
func (im *importer) fullAt(i int, f float64) {
	if im.fullStamp[i] == im.stamp {
		return
	}
	pw := identity
	if p := im.parent[i]; p >= 0 {
		im.fullAt(p, f)
		pw = im.evalFull[p]
	}
	lw := im.local(i, f)
	im.evalFull[i], im.fullStamp[i] = pw.mul(&lw), im.stamp
}
