package folder

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// TestCompare orders names as people read them.
func TestCompare(t *testing.T) {
	want := []string{
		"001.ms3d", "1a.ms3d", "2.ms3d", "010.ms3d", "10.ms3d",
		"Box.ms3d", "box.ms3d", "box2.ms3d", "Chair.ms3d",
		"walk.ms3d", "walk2.ms3d", "walk02b.ms3d", "walk10.ms3d", "walk10a.ms3d", "walk99999999999999999999.ms3d", "walk100000000000000000000.ms3d",
		"ézé.ms3d",
	}
	for range 20 {
		got := slices.Clone(want)
		rand.Shuffle(len(got), func(i, j int) { got[i], got[j] = got[j], got[i] })
		slices.SortFunc(got, Compare)
		if !slices.Equal(got, want) {
			t.Fatalf("sorted:\n%q\nwant\n%q", got, want)
		}
	}
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"walk2", "walk10", -1},
		{"walk10", "walk2", 1},
		{"walk7", "walk007", 1}, // equal numbers: byte order decides
		{"a", "a", 0},
		{"", "a", -1},
		{"a1", "a", 1},
	} {
		if got := Compare(c.a, c.b); got != c.want {
			t.Errorf("Compare(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// walkFolder makes a folder of empty files and folders: models (in their
// natural order), things that are not models, hidden entries and a
// subfolder. It returns the folder and the models in order.
func walkFolder(t *testing.T) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	models := []string{"walk1.ms3d", "walk2.3DS", "walk3.smd", "walk10.obj", "walk11.glb", "walk12.gltf", "walk20.b3d"}
	for _, n := range append(slices.Clone(models), "walk4.png", "walk5.ms3d.bak", "notes.txt", ".hidden.ms3d") {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"sub10", "sub9.ms3d", ".git"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(dir, "walk1.ms3d"), filepath.Join(dir, "walk30.ms3d")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "gone.ms3d"), filepath.Join(dir, "walk31.ms3d")); err != nil {
		t.Fatal(err)
	}
	return dir, append(models, "walk30.ms3d")
}

// TestList lists the models (every format document.Open reads, in any
// case, a link to one), not the other files, the hidden ones or a broken
// link; folders apart, even one named like a model.
func TestList(t *testing.T) {
	dir, models := walkFolder(t)
	l, err := List(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(l.Models, models) {
		t.Errorf("models %q, want %q", l.Models, models)
	}
	if want := []string{"sub9.ms3d", "sub10"}; !slices.Equal(l.Folders, want) {
		t.Errorf("folders %q, want %q", l.Folders, want)
	}
	if _, err := List(filepath.Join(dir, "nowhere")); err == nil {
		t.Error("a missing folder listed")
	}
}

// TestStep steps forwards and backwards, stops at both ends, and steps
// from a name that is not listed (removed since) where it would sort.
func TestStep(t *testing.T) {
	l := Listing{Models: []string{"walk1.ms3d", "walk2.ms3d", "walk10.ms3d"}}
	for _, c := range []struct {
		from string
		step int
		want string
	}{
		{"walk1.ms3d", 1, "walk2.ms3d"},
		{"walk2.ms3d", 1, "walk10.ms3d"},
		{"walk10.ms3d", 1, ""},
		{"walk10.ms3d", -1, "walk2.ms3d"},
		{"walk1.ms3d", -1, ""},
		{"walk3.ms3d", 1, "walk10.ms3d"},
		{"walk3.ms3d", -1, "walk2.ms3d"},
		{"walk0.ms3d", -1, ""},
		{"walk99.ms3d", 1, ""},
	} {
		got, ok := l.Step(c.from, c.step)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("Step(%q, %d) = %q %v, want %q", c.from, c.step, got, ok, c.want)
		}
	}
	if l.Position("walk10.ms3d") != 3 || l.Position("walk3.ms3d") != 0 {
		t.Errorf("positions %d %d", l.Position("walk10.ms3d"), l.Position("walk3.ms3d"))
	}
}

// BenchmarkList300 lists a folder of 300 models, what the pager reads
// on every step and every model shown.
func BenchmarkList300(b *testing.B) {
	dir := b.TempDir()
	for i := range 300 {
		if err := os.WriteFile(filepath.Join(dir, "model"+string(rune('a'+i%26))+strconv.Itoa(i)+".ms3d"), nil, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if l, err := List(dir); err != nil || len(l.Models) != 300 {
			b.Fatal(len(l.Models), err)
		}
	}
}
