package b3d_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/formats/b3d"
	"ms3dstudio/formats/ms3d/ms3dfix"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/anim/animtest"
	"ms3dstudio/model/fix"
)

// realFiles are the B3D files of the corpus.
var realFiles = []string{
	"b3d/assimp/test/models/B3D/WusonBlitz.b3d",
	"b3d/minetest_game/mods/player_api/models/character.b3d",
}

// TestRealFilesEncodeToTheirBytes decodes the real files and encodes them
// again: the same bytes (WusonBlitz's empty TEXS chunk and its BRUS chunk
// of no brushes included).
func TestRealFilesEncodeToTheirBytes(t *testing.T) {
	for _, name := range realFiles {
		data := corpus.Read(t, name)
		f, found, err := b3d.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(found) != 0 {
			t.Errorf("%s: findings %v", name, found)
		}
		out, err := b3d.Encode(f)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(out, data) {
			t.Errorf("%s: encodes to %d bytes that differ from the file's %d", name, len(out), len(data))
		}
	}
}

// TestImportCharacter checks what the Luanti player model imports as: its
// bones as joints (Body and its five limbs; Player, the top node, only
// holds the mesh at the origin), its mesh as
// one group with its brush, 220 frames at 60 fps.
func TestImportCharacter(t *testing.T) {
	f, _, err := b3d.Decode(corpus.Read(t, realFiles[1]))
	if err != nil {
		t.Fatal(err)
	}
	m, found := b3d.Import(f)
	if len(found) != 0 {
		t.Errorf("findings %v", found)
	}
	var names []string
	for _, j := range m.Joints {
		names = append(names, string(j.Name))
	}
	if want := []string{"Body", "Head", "Arm_Left", "Arm_Right", "Leg_Right", "Leg_Left"}; !slices.Equal(names, want) {
		t.Errorf("joints %v, want %v", names, want)
	}
	if m.Joints[0].Parent != "" || m.Joints[1].Parent != "Body" {
		t.Errorf("parents %q, %q", m.Joints[0].Parent, m.Joints[1].Parent)
	}
	if m.FPS != 60 || m.TotalFrames != 221 || len(m.Joints[1].RotationKeys) != 221 {
		t.Errorf("%g fps, %d frames, %d head keys; want 60, 221 (the last key), 221", m.FPS, m.TotalFrames, len(m.Joints[2].RotationKeys))
	}
	if len(m.Groups) != 1 || len(m.Triangles) != 84 || len(m.Vertices) != 168 || m.Groups[0].Material != 0 || m.Materials[0].Name != "Character" {
		t.Errorf("%d groups, %d triangles, %d vertices, material %d", len(m.Groups), len(m.Triangles), len(m.Vertices), m.Groups[0].Material)
	}
	for v := range m.Vertices {
		var inf [4]model.Influence
		if n := m.Influences(v, &inf); n != 1 {
			t.Fatalf("vertex %d has %d influences, want 1 (each is on one limb)", v, n)
		}
	}
}

// corners returns the position of every triangle corner of m, group by
// group, in pos.
func corners(m *model.Model, pos [][3]float32) [][3]float32 {
	var out [][3]float32
	for _, grp := range m.Groups {
		for _, ti := range grp.Triangles {
			for _, v := range m.Triangles[ti].Vertices {
				out = append(out, pos[v])
			}
		}
	}
	return out
}

func keyTimes(m *model.Model) []float32 {
	var ts []float32
	for _, j := range m.Joints {
		for _, k := range append(append([]model.Key(nil), j.RotationKeys...), j.PositionKeys...) {
			ts = append(ts, k.Time)
		}
	}
	slices.Sort(ts)
	ts = slices.Compact(ts)
	for i := len(ts) - 1; i > 0; i-- {
		ts = append(ts, (ts[i]+ts[i-1])/2)
	}
	return append(ts, 0)
}

// TestExportsReadBack exports every corpus MS3D file (after model/fix),
// encodes, decodes and imports it, and checks the model plays as the
// source: every triangle corner within 1e-5 of the model's size at every
// key time of the source and half way between.
func TestExportsReadBack(t *testing.T) {
	corpus.EachMS3D(t, func(t *testing.T, e corpus.Entry, data []byte) {
		src, _, err := ms3dfix.Decode(data, fix.Options{})
		if err != nil {
			t.Fatal(err)
		}
		f, _, err := b3d.Export(src, b3d.ExportOptions{})
		if err != nil {
			t.Fatal(err)
		}
		enc, err := b3d.Encode(f)
		if err != nil {
			t.Fatal(err)
		}
		dec, found, err := b3d.Decode(enc)
		if err != nil {
			t.Fatal(err)
		}
		back, more := b3d.Import(dec)
		if len(found)+len(more) != 0 {
			t.Errorf("reading the export back: %v %v", found, more)
		}
		if back.FPS != src.EffectiveFPS() || len(back.Joints) != len(src.Joints) {
			t.Errorf("read back %g fps, %d joints; want %g, %d", back.FPS, len(back.Joints), src.EffectiveFPS(), len(src.Joints))
		}
		s := animtest.Size(src)
		worst, at := 0.0, float32(0)
		ps, pb := animtest.NewPoser(src), animtest.NewPoser(back)
		for _, tm := range keyTimes(src) {
			a, b := corners(src, ps.At(tm)), corners(back, pb.At(tm))
			if len(a) != len(b) {
				t.Fatalf("%d corners read back, want %d", len(b), len(a))
			}
			for i := range a {
				if d := float64(mgl32.Vec3(a[i]).Sub(mgl32.Vec3(b[i])).Len()) / s; d > worst {
					worst, at = d, tm
				}
			}
		}
		t.Logf("largest difference %.3g of the model's size, at %g s", worst, at)
		if worst > 1e-5 {
			t.Errorf("read back, a corner is %.3g of the model's size off the source's pose at %g s", worst, at)
		}
	})
}
