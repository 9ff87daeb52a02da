package fix_test

import (
	"os"
	"testing"
	"time"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/ms3d/ms3dfix"
	"ms3dstudio/model"
	"ms3dstudio/model/fix"
)

func woman4(b *testing.B) []byte {
	b.Helper()
	data, err := os.ReadFile(corpusEntry(b, "Woman4.ms3d").Path)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkDecodeWoman4 runs the whole pipeline on Woman4: decode, find the
// short keys, repair the bytes, decode again, fix (one vertex's weights).
func BenchmarkDecodeWoman4(b *testing.B) {
	data := woman4(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, ch, err := ms3dfix.Decode(data, fix.Options{}); err != nil || len(ch) != 2 {
			b.Fatal(err, ch)
		}
	}
}

// BenchmarkFixWoman4 measures Fix alone on the repaired Woman4 (1789
// vertices, 3450 triangles, 31 joints, 69246 keys): every check-and-fix pass
// over the model, with one change.
func BenchmarkFixWoman4(b *testing.B) {
	data := woman4(b)
	repaired, _, _, ok := ms3d.RepairShortKeys(data)
	if !ok {
		b.Fatal("no repair")
	}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		m, found, _ := ms3d.Decode(repaired)
		b.StartTimer()
		if ch := fix.Fix(m, found, fix.Options{}); len(ch) != 1 {
			b.Fatal(ch)
		}
	}
}

// BenchmarkFixWoman4Normals recomputes all 10350 corner normals of Woman4.
func BenchmarkFixWoman4Normals(b *testing.B) {
	repaired, _, _, _ := ms3d.RepairShortKeys(woman4(b))
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		m, _, _ := ms3d.Decode(repaired)
		for i := range m.Triangles {
			m.Triangles[i].Normals = [3][3]float32{}
		}
		b.StartTimer()
		if ch := fix.Fix(m, nil, fix.Options{Only: []model.Code{model.CodeNormalZero}}); len(ch) != len(m.Triangles) {
			b.Fatal(len(ch))
		}
	}
}

// TestLargeInputsStayFast runs the fixes whose naive forms are quadratic on
// the largest inputs a file can hold: a fan of 65535 triangles around one
// vertex, all with zero normals, and 5000 joints with one name.
func TestLargeInputsStayFast(t *testing.T) {
	m := &model.Model{FPS: 24, Vertices: unbound([3]float32{0, 0, 0})}
	for i := 0; i < 65535; i++ {
		m.Vertices = append(m.Vertices, model.Vertex{Position: [3]float32{float32(i % 7), float32(i % 5), float32(i % 3)}, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}})
	}
	m.Vertices = m.Vertices[:65534]
	for i := 0; i < 65534; i++ {
		m.Triangles = append(m.Triangles, model.Triangle{Vertices: [3]uint32{0, uint32(1 + i%65533), uint32(1 + (i+1)%65533)}, SmoothingGroup: 1})
	}
	all := make([]uint32, len(m.Triangles))
	for i := range all {
		all[i] = uint32(i)
	}
	m.Groups = []model.Group{{Name: "fan", Triangles: all, Material: -1}}
	start := time.Now()
	changes := fix.Fix(m, nil, fix.Options{})
	if d := time.Since(start); d > 5*time.Second || len(changes) != len(m.Triangles) {
		t.Errorf("fan: %d changes in %v", len(changes), d)
	}

	j := &model.Model{FPS: 24}
	for i := 0; i < 5000; i++ {
		j.Joints = append(j.Joints, model.Joint{Name: "bone"})
	}
	start = time.Now()
	changes = fix.Fix(j, nil, fix.Options{})
	if d := time.Since(start); d > 5*time.Second || len(changes) != 4999 || j.Joints[4999].Name != "bone_5000" {
		t.Errorf("names: %d changes in %v, last %q", len(changes), d, j.Joints[4999].Name)
	}
	if fs := check(j); len(fs) > 1 { // the joint count warning
		t.Errorf("findings remain: %v", fs[:2])
	}
}
