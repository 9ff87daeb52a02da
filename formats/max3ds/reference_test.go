package max3ds

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"ms3dstudio/internal/corpus"
	"ms3dstudio/model/anim"
)

// refWorld evaluates the 3DS formula W(f) = N_parent(f)·T(pos)·R(rot)·S(scl)
// with mathgl, independently of the importer: rotation keys are accumulated
// as q_i = axisangle(−a_i)·q_{i−1} (reversed: q_{i−1}·axisangle(−a_i), the
// order a popular importer uses), positions and scales interpolated
// linearly, rotations along each key's own turn.
func refWorld(s *Scene, f float64, reversed bool) []mgl64.Mat4 {
	nodes := s.Keyframer.Nodes
	byID := map[uint16]int{}
	for i, n := range nodes {
		if _, ok := byID[n.ID]; !ok {
			byID[n.ID] = i
		}
	}
	out := make([]mgl64.Mat4, len(nodes))
	done := make([]bool, len(nodes))
	var eval func(i int) mgl64.Mat4
	eval = func(i int) mgl64.Mat4 {
		if done[i] {
			return out[i]
		}
		n := &nodes[i]
		lerp := func(keys []VecKey, def mgl64.Vec3) mgl64.Vec3 {
			if len(keys) == 0 {
				return def
			}
			v := func(k VecKey) mgl64.Vec3 {
				return mgl64.Vec3{float64(k.Value[0]), float64(k.Value[1]), float64(k.Value[2])}
			}
			if f <= float64(keys[0].Frame) {
				return v(keys[0])
			}
			for k := 1; k < len(keys); k++ {
				a, b := float64(keys[k-1].Frame), float64(keys[k].Frame)
				if f <= b {
					u := (f - a) / (b - a)
					return v(keys[k-1]).Mul(1 - u).Add(v(keys[k]).Mul(u))
				}
			}
			return v(keys[len(keys)-1])
		}
		pos := lerp(n.Position.Keys, mgl64.Vec3{})
		scl := lerp(n.Scale.Keys, mgl64.Vec3{1, 1, 1})
		q := mgl64.QuatIdent()
		for k, key := range n.Rotation.Keys {
			axis := mgl64.Vec3{float64(key.Axis[0]), float64(key.Axis[1]), float64(key.Axis[2])}
			angle := -float64(key.Angle)
			if k > 0 && f < float64(key.Frame) {
				a := float64(n.Rotation.Keys[k-1].Frame)
				if f <= a {
					break
				}
				angle *= (f - a) / (float64(key.Frame) - a)
			}
			if axis.Len() > 0 {
				d := mgl64.QuatRotate(angle, axis.Normalize())
				if reversed {
					q = q.Mul(d)
				} else {
					q = d.Mul(q)
				}
			}
			if f < float64(key.Frame) {
				break
			}
		}
		w := mgl64.Translate3D(pos[0], pos[1], pos[2]).Mul4(q.Normalize().Mat4()).Mul4(mgl64.Scale3D(scl[0], scl[1], scl[2]))
		if p, ok := byID[n.Parent]; ok && n.Parent != NoParent && p != i {
			w = eval(p).Mul4(w)
		}
		out[i], done[i] = w, true
		return w
	}
	for i := range nodes {
		eval(i)
	}
	return out
}

// refVertices places every object's vertices at frame f with refWorld and
// M⁻¹ (no pivot), in the importer's vertex order, axes converted.
func refVertices(s *Scene, f float64, reversed bool) [][3]float64 {
	w := refWorld(s, f, reversed)
	nodeOf := map[int]int{}
	for i, n := range s.Keyframer.Nodes {
		if n.Kind != NodeObject {
			continue
		}
		for o := range s.Objects {
			if s.Objects[o].Name == n.Name {
				if _, ok := nodeOf[o]; !ok {
					nodeOf[o] = i
				}
			}
		}
	}
	var out [][3]float64
	for _, o := range storedOrder(s) {
		obj := &s.Objects[o]
		mm := obj.Matrix
		m := mgl64.Mat4{
			float64(mm[0]), float64(mm[1]), float64(mm[2]), 0,
			float64(mm[3]), float64(mm[4]), float64(mm[5]), 0,
			float64(mm[6]), float64(mm[7]), float64(mm[8]), 0,
			float64(mm[9]), float64(mm[10]), float64(mm[11]), 1,
		}
		x := w[nodeOf[o]].Mul4(m.Inv())
		for _, v := range obj.Vertices {
			p := x.Mul4x1(mgl64.Vec4{float64(v[0]), float64(v[1]), float64(v[2]), 1})
			out = append(out, [3]float64{p[0], p[2], -p[1]})
		}
	}
	return out
}

// TestRobotsPlayWithoutDrift plays the animated robots frame by frame and
// compares the imported, skinned model with the independent reference:
// rotation keys accumulated over hundreds of keys must not drift. The
// reversed multiplication order is measured too, to show that the test
// tells the two apart.
func TestRobotsPlayWithoutDrift(t *testing.T) {
	for _, name := range []string{"mak_robotic.3DS", "mak_running.3DS"} {
		t.Run(name, func(t *testing.T) {
			s, _, err := ReadFile(filepath.Join(corpus.Dir(t), "3ds", "blitz3d", "makbot", name))
			if err != nil {
				t.Fatal(err)
			}
			m, _, _ := Import(s, Options{})
			sk, _ := anim.NewSkeleton(m)
			skin, _ := anim.NewSkinner(m)
			g := make([]mgl32.Mat4, sk.Len())
			pos := make([][3]float32, skin.Len())
			lo, hi, _ := m.Bounds()
			size := math.Sqrt(float64((hi[0]-lo[0])*(hi[0]-lo[0]) + (hi[1]-lo[1])*(hi[1]-lo[1]) + (hi[2]-lo[2])*(hi[2]-lo[2])))
			kf := s.Keyframer
			worst, worstRev, worstAt := 0.0, 0.0, 0
			for f := kf.Start; f <= kf.End; f++ {
				sk.Pose(float32(float64(f-kf.Start+1)/DefaultFPS), g)
				sk.SkinMatrices(g, g)
				skin.Skin(g, pos, nil)
				want := refVertices(s, float64(f), false)
				rev := refVertices(s, float64(f), true)
				for i := range want {
					var d, dr float64
					for k := 0; k < 3; k++ {
						d += (float64(pos[i][k]) - want[i][k]) * (float64(pos[i][k]) - want[i][k])
						dr += (rev[i][k] - want[i][k]) * (rev[i][k] - want[i][k])
					}
					if e := math.Sqrt(d) / size; e > worst {
						worst, worstAt = e, int(f)
					}
					worstRev = math.Max(worstRev, math.Sqrt(dr)/size)
				}
			}
			t.Logf("%d frames: largest error %.2g of the scene size (frame %d); the reversed order is off by %.2g", kf.End-kf.Start+1, worst, worstAt, worstRev)
			if worst > 1e-4 {
				t.Errorf("the animation drifts from the reference by %.3g of the scene size at frame %d", worst, worstAt)
			}
			if worstRev < 1e-3 {
				t.Errorf("the reversed order gives the same animation (%.3g): the test cannot tell the orders apart", worstRev)
			}
		})
	}
}
