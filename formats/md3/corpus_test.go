package md3_test

import (
	"math"
	"testing"

	"ms3dstudio/formats/md3"
	"ms3dstudio/formats/ms3d/ms3dfix"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model/anim/animtest"
	"ms3dstudio/model/fix"
)

// TestCorpusExportsReadBack exports every corpus model (after model/fix)
// to MD3, reads the file back and imports it at five key frames across
// the animation: every triangle corner is our pose of its frame within
// half the diagonal of the 1/64-unit grid.
func TestCorpusExportsReadBack(t *testing.T) {
	grid := math.Sqrt(3) / 128
	corpus.EachMS3D(t, func(t *testing.T, e corpus.Entry, data []byte) {
		m, _, err := ms3dfix.Decode(data, fix.Options{})
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := md3.Export(m, md3.ExportOptions{})
		if err != nil {
			t.Fatal(err)
		}
		enc, err := md3.Encode(out)
		if err != nil {
			t.Fatal(err)
		}
		f, _, err := md3.Decode(enc)
		if err != nil {
			t.Fatal(err)
		}
		p := animtest.NewPoser(m)
		// The import's triangles are the model's, group by group.
		var order []uint32
		for _, g := range m.Groups {
			order = append(order, g.Triangles...)
		}
		worst := 0.0
		n := len(f.Frames)
		for _, u := range []float64{0, 0.27, 0.5, 0.73, 1} {
			k := int(u * float64(n-1))
			back, _ := md3.Import(f, md3.ImportOptions{Frame: k + 1, Static: true})
			want := p.At(float32(k+1) / m.EffectiveFPS())
			if len(back.Triangles) != len(order) {
				t.Fatalf("%d triangles read back, want %d", len(back.Triangles), len(order))
			}
			for i, tr := range back.Triangles {
				src := m.Triangles[order[i]]
				for c := range 3 {
					d := dist(back.Vertices[tr.Vertices[c]].Position, want[src.Vertices[c]])
					worst = max(worst, d)
					if d > grid+1e-5 {
						t.Fatalf("key frame %d, triangle %d, corner %d: %v, want %v", k, i, c, back.Vertices[tr.Vertices[c]].Position, want[src.Vertices[c]])
					}
				}
			}
		}
		t.Logf("%d key frames: read back within %.3g units (the grid's half diagonal is %.3g)", n, worst, grid)
	})
}
