package transform_test

import (
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/formats/max3ds"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/posetest"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/transform"
	"ms3dstudio/model/xform"
)

// animated returns every animated model of the corpus: the MS3D files and
// the imported 3DS scenes that have keys.
func animated(t *testing.T) map[string]*model.Model {
	t.Helper()
	out := map[string]*model.Model{}
	hasKeys := func(m *model.Model) bool {
		for _, j := range m.Joints {
			if len(j.RotationKeys)+len(j.PositionKeys) > 0 {
				return true
			}
		}
		return false
	}
	for _, e := range corpus.MS3D(t) {
		if m, _, err := ms3d.ReadFile(e.Path); err == nil && m != nil && hasKeys(m) {
			out[e.String()] = m
		}
	}
	filepath.WalkDir(filepath.Join(corpus.Dir(t), "3ds"), func(p string, d os.DirEntry, err error) error {
		if err != nil || !strings.EqualFold(filepath.Ext(p), ".3ds") {
			return nil
		}
		if s, _, err := max3ds.ReadFile(p); err == nil {
			if m, _, _ := max3ds.Import(s, max3ds.Options{}); hasKeys(m) {
				out[strings.TrimPrefix(p, corpus.Dir(t))] = m
			}
		}
		return nil
	})
	if len(out) < 10 {
		t.Fatalf("only %d animated corpus models", len(out))
	}
	return out
}

// keyTimes returns every finite key time of m and the times halfway
// between them (where keys are interpolated), sorted.
func keyTimes(m *model.Model) []float32 {
	set := map[float32]bool{}
	for _, j := range m.Joints {
		for _, keys := range [][]model.Key{j.RotationKeys, j.PositionKeys} {
			for _, k := range keys {
				if model.IncreasingTimes(keys) {
					set[k.Time] = true
				}
			}
		}
	}
	var ts []float32
	for t := range set {
		ts = append(ts, t)
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
	n := len(ts)
	for i := 1; i < n; i++ {
		ts = append(ts, (ts[i-1]+ts[i])/2)
	}
	return ts
}

// poser poses one model at many times.
type poser struct {
	sk      *anim.Skeleton
	skin    *anim.Skinner
	global  []mgl32.Mat4
	pos     [][3]float32
	normals [][3]float32
}

func newPoser(m *model.Model) *poser {
	sk, _ := anim.NewSkeleton(m)
	skin, _ := anim.NewSkinner(m)
	return &poser{sk: sk, skin: skin, global: make([]mgl32.Mat4, sk.Len()), pos: make([][3]float32, skin.Len()), normals: make([][3]float32, skin.Corners())}
}

func (p *poser) at(t float32) {
	p.sk.Pose(t, p.global)
	p.sk.SkinMatrices(p.global, p.global)
	p.skin.Skin(p.global, p.pos, p.normals)
}

// TestCorpusPosesTransformed transforms every animated corpus model by
// each kind of transform and checks, at every key time and halfway
// between, that the transformed model's pose is the transformed pose of
// the original: every vertex within 1e-5 of the model's size, every corner
// normal within 1e-4.
func TestCorpusPosesTransformed(t *testing.T) {
	kinds := []struct {
		name string
		of   func(m *model.Model) transform.Transform
	}{
		{"scale", func(*model.Model) transform.Transform { return transform.Scale(2.5) }},
		{"rotate", func(*model.Model) transform.Transform { return transform.Rotate([3]float64{30, -45, 60}) }},
		{"mirror", func(*model.Model) transform.Transform { return transform.Mirror(0) }},
		{"up", func(*model.Model) transform.Transform {
			return transform.Up(transform.Axis{Index: 2}, transform.Y)
		}},
		{"center", func(m *model.Model) transform.Transform {
			return transform.Center(m, transform.Identity, transform.CenterFloor)
		}},
		{"units", func(*model.Model) transform.Transform { u, _ := transform.Units("m", "inch"); return u }},
		{"combined", func(m *model.Model) transform.Transform {
			t := transform.Scale(0.1).Then(transform.Mirror(2)).Then(transform.Rotate([3]float64{10, 20, 30}))
			return transform.Center(m, t, transform.CenterOrigin)
		}},
	}
	checked, keyed := 0, 0
	worstOf := map[string][2]float64{}
	for name, m := range animated(t) {
		times := keyTimes(m)
		keyed += len(times)
		orig := newPoser(m)
		before := make([][][3]float32, len(times))
		beforeN := make([][][3]float32, len(times))
		for i, tm := range times {
			orig.at(tm)
			before[i] = append([][3]float32(nil), orig.pos...)
			beforeN[i] = append([][3]float32(nil), orig.normals...)
		}
		for _, kind := range kinds {
			tr := kind.of(m)
			c := *m
			res, err := transform.Apply(&c, tr)
			if err != nil {
				t.Fatalf("%s %s: %v", name, kind.name, err)
			}
			size := posetest.Size(&c)
			_, q, _ := tr.Similarity()
			p := newPoser(&c)
			worst, worstN := 0.0, 0.0
			for i, tm := range times {
				p.at(tm)
				for v := range p.pos {
					want := xform.Vec32(tr.Apply(xform.Vec64(before[i][v])))
					if d := dist(p.pos[v], want); d > worst {
						worst = d
					}
				}
				for tri := range c.Triangles {
					for k := range 3 {
						src := k
						if res.Mirrored && k > 0 {
							src = 3 - k // corners 1 and 2 were swapped
						}
						n := beforeN[i][3*tri+src]
						if !unitish(n) {
							continue // a zero normal in the file stays zero
						}
						want := xform.Vec32(q.Apply(xform.Vec64(n)))
						if d := dist(p.normals[3*tri+k], want); d > worstN {
							worstN = d
						}
					}
				}
			}
			if worst > 1e-5*size || worstN > 1e-4 {
				t.Errorf("%s, %s: over %d times a vertex is up to %.3g of the model's size off, a normal %.3g", name, kind.name, len(times), worst/size, worstN)
			}
			w := worstOf[kind.name]
			worstOf[kind.name] = [2]float64{max(w[0], worst/size), max(w[1], worstN)}
			checked++
		}
	}
	t.Logf("%d model × transform pairs checked at %d times in all", checked, keyed)
	for _, kind := range kinds {
		t.Logf("%-8s worst vertex %.2g of the model's size, worst normal %.2g", kind.name, worstOf[kind.name][0], worstOf[kind.name][1])
	}
}

func dist(a, b [3]float32) float64 {
	return math.Sqrt(sq(a[0]-b[0]) + sq(a[1]-b[1]) + sq(a[2]-b[2]))
}

func sq(x float32) float64 { return float64(x) * float64(x) }

func unitish(n [3]float32) bool {
	l := math.Sqrt(sq(n[0]) + sq(n[1]) + sq(n[2]))
	return math.Abs(l-1) < 1e-3
}
