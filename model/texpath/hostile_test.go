package texpath

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"ms3dstudio/internal/hostile"
	"ms3dstudio/model"
)

// missingTextures makes a model folder holding the folder "missing" of
// files other files, last changed an hour ago (a folder nobody is
// writing to), and returns the model file's path.
func missingTextures(tb testing.TB, files int) string {
	tb.Helper()
	dir := tb.TempDir()
	sub := filepath.Join(dir, "missing")
	if err := os.Mkdir(sub, 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := hostile.FillFolder(sub, files); err != nil {
		tb.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	for _, d := range []string{sub, dir} {
		if err := os.Chtimes(d, old, old); err != nil {
			tb.Fatal(err)
		}
	}
	return filepath.Join(dir, "model.ms3d")
}

// BenchmarkResolveMissingTextures resolves the textures of a model whose
// materials each name a missing file in a folder of many other files
// (issue 29, item 9): 2,000 in a folder of 2,000, and 5,000 in one of
// 11,000.
func BenchmarkResolveMissingTextures(b *testing.B) {
	for _, c := range []struct{ materials, files int }{{2000, 2000}, {5000, 11000}} {
		b.Run(fmt.Sprintf("%d-in-%d", c.materials, c.files), func(b *testing.B) {
			file := missingTextures(b, c.files)
			m := hostile.MissingTextures(c.materials)
			b.ReportAllocs()
			for b.Loop() {
				r, err := NewOS(file)
				if err != nil {
					b.Fatal(err)
				}
				for i := range m.Materials {
					if r.Resolve(m.Materials[i].Texture).Found {
						b.Fatalf("material %d resolves", i)
					}
				}
			}
		})
	}
}

// countFS counts the folder entries listed through it.
type countFS struct {
	fs.FS
	listed int
}

func (c *countFS) ReadDir(name string) ([]fs.DirEntry, error) {
	es, err := fs.ReadDir(c.FS, name)
	c.listed += len(es)
	return es, err
}

func (c *countFS) Stat(name string) (fs.FileInfo, error) { return fs.Stat(c.FS, name) }

// TestMissingTexturesAreLinear resolves 300 missing textures in a folder
// of 300 files and 1,200 in one of 1,200: the entries listed grow with the
// files and the materials, not with their product (each lookup used to
// list the folder again: 48 s for 5,000 in 11,000). Files that do match,
// exactly, ignoring case or by their 8.3 name, are still found.
func TestMissingTexturesAreLinear(t *testing.T) {
	work := func(n int) int {
		file := missingTextures(t, n)
		sub := filepath.Join(filepath.Dir(file), "missing")
		for _, name := range []string{"exact.tga", "Folded.TGA", "long texture name.tga"} {
			if err := os.WriteFile(filepath.Join(sub, name), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		old := time.Now().Add(-time.Hour)
		if err := os.Chtimes(sub, old, old); err != nil {
			t.Fatal(err)
		}
		r, err := NewOS(file)
		if err != nil {
			t.Fatal(err)
		}
		c := &countFS{FS: r.FS}
		r.FS = c
		m := hostile.MissingTextures(n)
		for i := range m.Materials {
			if res := r.Resolve(m.Materials[i].Texture); res.Found {
				t.Fatalf("material %d: %s found as %s", i, m.Materials[i].Texture, res.Path)
			}
		}
		for tex, rule := range map[model.Str]string{"missing/exact.tga": RuleExact, `missing\folded.tga`: RuleCaseInsensitive, "missing/LONGTE~1.TGA": RuleShortName} {
			if res := r.Resolve(tex); !res.Found || res.Rule != rule {
				t.Errorf("%s: found %v by %q, want %s", tex, res.Found, res.Rule, rule)
			}
		}
		return c.listed
	}
	small, large := work(300), work(1200)
	if large > 5*small {
		t.Errorf("%d entries listed for 300 textures in 300 files, %d for 1,200 in 1,200: more than 5 times as many for 4 times the size", small, large)
	}
}

// TestListingFollowsChanges: a folder listed once is listed again when it
// changes (a missing texture copied in is found), and a folder changed
// within the last 2 s is listed at every lookup, since a change within
// the same tick of the clock would not show in its modification time.
func TestListingFollowsChanges(t *testing.T) {
	file := missingTextures(t, 10)
	sub := filepath.Join(filepath.Dir(file), "missing")
	r, err := NewOS(file)
	if err != nil {
		t.Fatal(err)
	}
	c := &countFS{FS: r.FS}
	r.FS = c
	if r.Resolve("missing/skin.tga").Found {
		t.Fatal("skin.tga found before it exists")
	}
	listed := c.listed
	r.Resolve("missing/skin.tga")
	if c.listed != listed {
		t.Errorf("an unchanged folder was listed again (%d entries, then %d)", listed, c.listed)
	}
	if err := os.WriteFile(filepath.Join(sub, "SKIN.TGA"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if res := r.Resolve("missing/skin.tga"); !res.Found || res.Rule != RuleCaseInsensitive {
		t.Fatalf("the copied texture: found %v by %q", res.Found, res.Rule)
	}
	listed = c.listed
	if !r.Resolve("missing/skin.tga").Found || c.listed == listed {
		t.Errorf("a folder changed just now was not listed again (%d entries listed before, %d after)", listed, c.listed)
	}
}
