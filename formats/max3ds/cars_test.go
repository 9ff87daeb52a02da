package max3ds

import (
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
)

// box is the bounding box of a set of model vertices.
type box struct{ lo, hi [3]float32 }

func groupBoxes(m *model.Model) map[string]box {
	out := map[string]box{}
	for _, g := range m.Groups {
		name := strings.Fields(string(g.Name))[0] // the object
		b, ok := out[name]
		if !ok {
			b = box{[3]float32{1e30, 1e30, 1e30}, [3]float32{-1e30, -1e30, -1e30}}
		}
		for _, ti := range g.Triangles {
			for _, v := range m.Triangles[ti].Vertices {
				p := m.Vertices[v].Position
				for k := range 3 {
					b.lo[k], b.hi[k] = min(b.lo[k], p[k]), max(b.hi[k], p[k])
				}
			}
		}
		out[name] = b
	}
	return out
}

// assembled reports whether every wheel's centre lies within the body's
// footprint (x and z, Y up) and no wheel's bottom is above the body's.
func assembled(m *model.Model, body string, wheels []string) (bool, string) {
	boxes := groupBoxes(m)
	b := boxes[body]
	for _, w := range wheels {
		wb, ok := boxes[w]
		if !ok {
			return false, "no group for " + w
		}
		for _, k := range []int{0, 2} {
			c := (wb.lo[k] + wb.hi[k]) / 2
			if c < b.lo[k] || c > b.hi[k] {
				return false, w + " lies outside the body"
			}
		}
		if wb.lo[1] > b.lo[1] {
			return false, w + " floats above the body's underside"
		}
	}
	return true, ""
}

// TestCarsAssembledWithPivots checks the two car models whose stored
// vertices are broken (docs/3ds-format.md §2): with the pivots
// applied (--pivot apply) the wheels sit under the body; the automatic rule
// reproduces the stored vertices, which leave the wheels outside it, and
// says so in its finding.
func TestCarsAssembledWithPivots(t *testing.T) {
	cases := []struct {
		file, body string
		wheels     []string
	}{
		{"blitz3d/hearse/hearse.3ds", "hrbody", []string{"hrwhel1", "hrwhel2", "hrwhel3", "hrwhel4"}},
		{"blitz3d/rallycar/rallycar1.3ds", "Mdl", []string{"wh1", "wh2", "wh3", "wh4"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			s, _, err := ReadFile(filepath.Join(corpus.Dir(t), "3ds", filepath.FromSlash(c.file)))
			if err != nil {
				t.Fatal(err)
			}
			m, info, fs := Import(s, Options{Pivot: PivotApply})
			if ok, why := assembled(m, c.body, c.wheels); !ok {
				t.Errorf("with the pivots applied the car is not assembled: %s", why)
			}
			if info.PivotRule != "apply" || info.PivotAuto {
				t.Errorf("info says rule %q auto %v", info.PivotRule, info.PivotAuto)
			}
			if !model.HasCode(fs, model.Code3DSPivot) {
				t.Error("no pivot finding")
			}
			m, info, _ = Import(s, Options{})
			if info.PivotRule != "ignore" || !info.PivotAuto {
				t.Errorf("auto chose %q; the stored vertices are reproduced only without the pivots", info.PivotRule)
			}
			if ok, _ := assembled(m, c.body, c.wheels); ok {
				t.Error("the stored vertices look assembled: the test cannot tell the rules apart")
			}
		})
	}
}
