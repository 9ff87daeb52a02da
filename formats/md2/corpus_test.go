package md2_test

import (
	"strings"
	"testing"

	"ms3dstudio/formats/md2"
	"ms3dstudio/formats/ms3d/ms3dfix"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model/anim/animtest"
	"ms3dstudio/model/fix"
)

// TestCorpusExportsReadBack exports every corpus model (after model/fix)
// to MD2, reads the file back and imports it at five key frames across
// the animation: each is our pose of its frame within half the
// quantisation step of the frame's box. The models over MD2's 2048
// vertices are refused.
func TestCorpusExportsReadBack(t *testing.T) {
	corpus.EachMS3D(t, func(t *testing.T, e corpus.Entry, data []byte) {
		m, _, err := ms3dfix.Decode(data, fix.Options{})
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := md2.Export(m, md2.ExportOptions{SkinWidth: 256, SkinHeight: 256})
		if err != nil {
			if !strings.Contains(err.Error(), "MD2 readers hold 2048") || len(m.Vertices) <= md2.MaxVertices {
				t.Fatal(err)
			}
			t.Logf("refused: %v", err)
			return
		}
		enc, err := md2.Encode(out)
		if err != nil {
			t.Fatal(err)
		}
		f, _, err := md2.Decode(enc)
		if err != nil {
			t.Fatal(err)
		}
		p := animtest.NewPoser(m)
		worst := 0.0
		n := len(f.Frames)
		for _, u := range []float64{0, 0.27, 0.5, 0.73, 1} {
			k := int(u * float64(n-1))
			back, _ := md2.Import(f, md2.ImportOptions{Frame: k + 1, Static: true})
			want := p.At(float32(k+1) / m.EffectiveFPS())
			step := halfStep(&f.Frames[k])
			// Vertices the triangles use, in the model's order.
			used := make([]bool, len(m.Vertices))
			for _, g := range m.Groups {
				for _, ti := range g.Triangles {
					for _, v := range m.Triangles[ti].Vertices {
						used[v] = true
					}
				}
			}
			i := 0
			for v, u := range used {
				if !u {
					continue
				}
				d := distance(back.Vertices[i].Position, want[v])
				worst = max(worst, d/step)
				if d > step {
					t.Fatalf("key frame %d: vertex %d reads back at %v, want %v within %g", k, v, back.Vertices[i].Position, want[v], step)
				}
				i++
			}
		}
		t.Logf("%d key frames: read back within %.3g of the half step", n, worst)
	})
}
