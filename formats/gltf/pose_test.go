package gltf

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	qgltf "github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/clips"
	"ms3dstudio/model/num"
)

// player evaluates a decoded glTF document the way the specification says a
// runtime does: LINEAR channels (lerp for translations, shortest-arc slerp
// for rotations), node transforms composed from the scene's roots, and
// linear blend skinning with jointMatrix = global(joint) · inverseBind. It
// knows nothing of MS3D or model/anim.
type player struct {
	doc    *qgltf.Document
	parent []int
	order  []int // nodes, parents first
	global [][16]float64
	trans  [][3]float64
	rot    [][4]float64
}

type channel struct {
	node int
	rot  bool
	in   []float32
	vec  [][3]float32
	quat [][4]float32
}

func newPlayer(t *testing.T, doc *qgltf.Document) *player {
	p := &player{doc: doc, parent: make([]int, len(doc.Nodes))}
	for i := range p.parent {
		p.parent[i] = -1
	}
	for i, n := range doc.Nodes {
		for _, c := range n.Children {
			if p.parent[c] != -1 {
				t.Fatalf("node %d has two parents", c)
			}
			p.parent[c] = i
		}
	}
	var visit func(int)
	visit = func(i int) {
		p.order = append(p.order, i)
		for _, c := range doc.Nodes[i].Children {
			visit(c)
		}
	}
	for _, r := range doc.Scenes[*doc.Scene].Nodes {
		visit(r)
	}
	if len(p.order) != len(doc.Nodes) {
		t.Fatalf("scene reaches %d of %d nodes", len(p.order), len(doc.Nodes))
	}
	p.global = make([][16]float64, len(doc.Nodes))
	p.trans = make([][3]float64, len(doc.Nodes))
	p.rot = make([][4]float64, len(doc.Nodes))
	return p
}

func readAccessor(t *testing.T, doc *qgltf.Document, i int) any {
	t.Helper()
	v, err := modeler.ReadAccessor(doc, doc.Accessors[i], nil)
	if err != nil {
		t.Fatalf("accessor %d: %v", i, err)
	}
	return v
}

func (p *player) channels(t *testing.T, anim int) []channel {
	a := p.doc.Animations[anim]
	var out []channel
	for _, c := range a.Channels {
		s := a.Samplers[c.Sampler]
		if s.Interpolation != qgltf.InterpolationLinear {
			t.Fatalf("sampler interpolation %v, want LINEAR", s.Interpolation)
		}
		ch := channel{node: *c.Target.Node, in: readAccessor(t, p.doc, s.Input).([]float32)}
		switch c.Target.Path {
		case qgltf.TRSRotation:
			ch.rot = true
			ch.quat = readAccessor(t, p.doc, s.Output).([][4]float32)
		case qgltf.TRSTranslation:
			ch.vec = readAccessor(t, p.doc, s.Output).([][3]float32)
		default:
			t.Fatalf("channel path %v", c.Target.Path)
		}
		out = append(out, ch)
	}
	return out
}

// pose evaluates the channels at time tau and updates the global matrices.
func (p *player) pose(chs []channel, tau float64) {
	for i, n := range p.doc.Nodes {
		tr, r := n.TranslationOrDefault(), n.RotationOrDefault()
		p.trans[i], p.rot[i] = tr, r
	}
	for _, c := range chs {
		k, u := segment(c.in, tau)
		if c.rot {
			p.rot[c.node] = slerp64(c.quat[k], c.quat[min(k+1, len(c.quat)-1)], u)
		} else {
			a, b := c.vec[k], c.vec[min(k+1, len(c.vec)-1)]
			for j := range 3 {
				p.trans[c.node][j] = float64(a[j]) + u*(float64(b[j])-float64(a[j]))
			}
		}
	}
	for _, i := range p.order {
		l := trs(p.trans[i], p.rot[i])
		if pi := p.parent[i]; pi >= 0 {
			p.global[i] = mul4(&p.global[pi], &l)
		} else {
			p.global[i] = l
		}
	}
}

// segment returns k and u such that tau lies u of the way from in[k] to
// in[k+1], holding the ends outside the range.
func segment(in []float32, tau float64) (int, float64) {
	n := len(in)
	if tau <= float64(in[0]) {
		return 0, 0
	}
	if tau >= float64(in[n-1]) {
		return n - 1, 0
	}
	k, _ := slices.BinarySearchFunc(in, tau, func(x float32, t float64) int {
		if float64(x) <= t {
			return -1
		}
		return 1
	})
	k--
	return k, (tau - float64(in[k])) / (float64(in[k+1]) - float64(in[k]))
}

func slerp64(a, b [4]float32, u float64) [4]float64 {
	var qa, qb [4]float64
	for i := range 4 {
		qa[i], qb[i] = float64(a[i]), float64(b[i])
	}
	d := qa[0]*qb[0] + qa[1]*qb[1] + qa[2]*qb[2] + qa[3]*qb[3]
	if d < 0 {
		d = -d
		for i := range qb {
			qb[i] = -qb[i]
		}
	}
	wa, wb := 1-u, u
	if d < 0.9999999 {
		th := math.Acos(d)
		wa, wb = math.Sin((1-u)*th)/math.Sin(th), math.Sin(u*th)/math.Sin(th)
	}
	var q [4]float64
	var l float64
	for i := range q {
		q[i] = wa*qa[i] + wb*qb[i]
		l += q[i] * q[i]
	}
	l = math.Sqrt(l)
	for i := range q {
		q[i] /= l
	}
	return q
}

// trs returns the column-major matrix T·R.
func trs(t [3]float64, q [4]float64) [16]float64 {
	x, y, z, w := q[0], q[1], q[2], q[3]
	return [16]float64{
		1 - 2*(y*y+z*z), 2 * (x*y + z*w), 2 * (x*z - y*w), 0,
		2 * (x*y - z*w), 1 - 2*(x*x+z*z), 2 * (y*z + x*w), 0,
		2 * (x*z + y*w), 2 * (y*z - x*w), 1 - 2*(x*x+y*y), 0,
		t[0], t[1], t[2], 1,
	}
}

func mul4(a, b *[16]float64) [16]float64 {
	var m [16]float64
	for c := range 4 {
		for r := range 4 {
			var s float64
			for k := range 4 {
				s += a[4*k+r] * b[4*c+k]
			}
			m[4*c+r] = s
		}
	}
	return m
}

func apply4(m *[16]float64, v [3]float32) [3]float64 {
	var o [3]float64
	for r := range 3 {
		o[r] = m[r]*float64(v[0]) + m[4+r]*float64(v[1]) + m[8+r]*float64(v[2]) + m[12+r]
	}
	return o
}

// meshPrims is what the player needs of one mesh node.
type meshPrims struct {
	node    int
	skin    *qgltf.Skin
	ibm     [][16]float64
	pos     [][3]float32
	joints  [][4]uint16
	weights [][4]float32
}

func (p *player) meshes(t *testing.T) []meshPrims {
	var out []meshPrims
	for i, n := range p.doc.Nodes {
		if n.Mesh == nil {
			continue
		}
		prim := p.doc.Meshes[*n.Mesh].Primitives[0]
		mp := meshPrims{node: i}
		var err error
		mp.pos, err = modeler.ReadPosition(p.doc, p.doc.Accessors[prim.Attributes[qgltf.POSITION]], nil)
		if err != nil {
			t.Fatal(err)
		}
		if n.Skin != nil {
			mp.skin = p.doc.Skins[*n.Skin]
			ibm, err := modeler.ReadInverseBindMatrices(p.doc, p.doc.Accessors[*mp.skin.InverseBindMatrices], nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range ibm {
				var c [16]float64
				for r := range 4 {
					for k := range 4 {
						c[4*k+r] = float64(m[r][k])
					}
				}
				mp.ibm = append(mp.ibm, c)
			}
			if mp.joints, err = modeler.ReadJoints(p.doc, p.doc.Accessors[prim.Attributes[qgltf.JOINTS_0]], nil); err != nil {
				t.Fatal(err)
			}
			if mp.weights, err = modeler.ReadWeights(p.doc, p.doc.Accessors[prim.Attributes[qgltf.WEIGHTS_0]], nil); err != nil {
				t.Fatal(err)
			}
		}
		out = append(out, mp)
	}
	return out
}

// skin returns the posed position of vertex k of mesh mp.
func (p *player) skin(mp *meshPrims, k int) [3]float64 {
	if mp.skin == nil {
		return apply4(&p.global[mp.node], mp.pos[k])
	}
	var o [3]float64
	for s := range 4 {
		w := float64(mp.weights[k][s])
		if w == 0 {
			continue
		}
		j := mp.joints[k][s]
		jm := mul4(&p.global[mp.skin.Joints[j]], &mp.ibm[j])
		v := apply4(&jm, mp.pos[k])
		for r := range 3 {
			o[r] += w * v[r]
		}
	}
	return o
}

// reference skins m with model/anim.
type reference struct {
	skel       *anim.Skeleton
	skinner    *anim.Skinner
	global, sk []mgl32.Mat4
	pos        [][3]float32
}

func newReference(m *model.Model) *reference {
	r := &reference{}
	r.skel, _ = anim.NewSkeleton(m)
	r.skinner, _ = anim.NewSkinner(m)
	r.global = make([]mgl32.Mat4, r.skel.Len())
	r.sk = make([]mgl32.Mat4, r.skel.Len())
	r.pos = make([][3]float32, r.skinner.Len())
	return r
}

func (r *reference) rest() [][3]float32 {
	r.skel.RestPose(r.global)
	r.skel.SkinMatrices(r.global, r.sk)
	r.skinner.Skin(r.sk, r.pos, nil)
	return r.pos
}

func (r *reference) at(t float32) [][3]float32 {
	r.skel.Pose(t, r.global)
	r.skel.SkinMatrices(r.global, r.sk)
	r.skinner.Skin(r.sk, r.pos, nil)
	return r.pos
}

// comparePoses exports m, reads the .glb back and compares its skinned
// vertices with model/anim's at several times of every animation. It
// returns the largest deviation relative to the model's size.
func comparePoses(t *testing.T, name string, m *model.Model, opt Options) float64 {
	t.Helper()
	var buf bytes.Buffer
	if _, err := Write(&buf, m, opt); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	_, info, _, err := build(m, opt, &embedSink{})
	if err != nil {
		t.Fatal(err)
	}
	doc := new(qgltf.Document)
	if err := qgltf.NewDecoder(bytes.NewReader(buf.Bytes())).Decode(doc); err != nil {
		t.Fatalf("%s: decoding the export: %v", name, err)
	}
	lo, hi, ok := m.Bounds()
	if !ok {
		return 0
	}
	size := math.Sqrt(sq(hi[0]-lo[0]) + sq(hi[1]-lo[1]) + sq(hi[2]-lo[2]))
	size = max(size, 1e-3)

	p := newPlayer(t, doc)
	meshes := p.meshes(t)
	if len(meshes) != len(info.meshVertex) {
		t.Fatalf("%s: %d mesh nodes, %d meshes built", name, len(meshes), len(info.meshVertex))
	}
	ref := newReference(m)
	worst := 0.0
	check := func(chs []channel, tau, shift float64, what string) {
		p.pose(chs, tau)
		want := ref.rest()
		if chs != nil {
			want = ref.at(float32(tau + shift))
		}
		for mi := range meshes {
			for k, v := range info.meshVertex[mi] {
				if !num.Finite3(want[v]) {
					continue // anim overflowed float32; the float64 player did not
				}
				got := p.skin(&meshes[mi], k)
				d := math.Sqrt(sq64(got[0]-float64(want[v][0])) + sq64(got[1]-float64(want[v][1])) + sq64(got[2]-float64(want[v][2])))
				if d/size > worst {
					worst = d / size
				}
				if d > 1e-4*size {
					t.Errorf("%s %s t=%v: vertex %d at %v, anim has %v (off by %.3g of the model size)", name, what, tau+shift, v, got, want[v], d/size)
					return
				}
			}
		}
	}
	check(nil, 0, 0, "rest pose")
	rng := rand.New(rand.NewPCG(1, 2))
	for ai := range doc.Animations {
		chs := p.channels(t, ai)
		shift := info.shift[ai]
		var end float64
		var keyTimes []float64
		for _, c := range chs {
			end = max(end, float64(c.in[len(c.in)-1]))
			for _, x := range c.in {
				keyTimes = append(keyTimes, float64(x))
			}
		}
		times := []float64{0, end, end / 2}
		if shift == 0 {
			// The whole timeline holds its last pose, as anim does.
			times = append(times, end+1)
		}
		for range 12 {
			times = append(times, rng.Float64()*end)
		}
		for range 8 {
			times = append(times, keyTimes[rng.IntN(len(keyTimes))])
		}
		for _, tau := range times {
			check(chs, tau, shift, fmt.Sprintf("animation %q", doc.Animations[ai].Name))
		}
	}
	return worst
}

func sq(x float32) float64   { return float64(x) * float64(x) }
func sq64(x float64) float64 { return x * x }

// TestPoseCorpus plays the export of every readable corpus model at several
// times and compares the skinned vertices with model/anim's.
func TestPoseCorpus(t *testing.T) {
	worst := 0.0
	for _, c := range readableCorpus(t) {
		d := comparePoses(t, c.entry.String(), c.m, Options{})
		t.Logf("%s: max deviation %.2g of the model size", c.entry, d)
		worst = max(worst, d)
		if c.m.TotalFrames >= 3 && len(c.m.Joints) > 0 {
			n := int(c.m.TotalFrames)
			opt := Options{Clips: []clips.Clip{{Name: "first", First: 1, Last: n / 2}, {Name: "second", First: n / 3, Last: n}}}
			d := comparePoses(t, c.entry.String()+" clips", c.m, opt)
			worst = max(worst, d)
		}
	}
	t.Logf("largest deviation over the corpus: %.2g of the model size", worst)
}
