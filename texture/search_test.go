package texture

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"ms3dstudio/internal/testtree"
	"ms3dstudio/model"
)

func search(t *testing.T, root string, opt SearchOptions) *Index {
	t.Helper()
	ix, err := Search(context.Background(), root, opt)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func TestFindRules(t *testing.T) {
	dir := t.TempDir()
	testtree.Write(t, dir,
		"skins/ninja.bmp", "other/NINJA.BMP", "wood.png", "a/b/wood.JPG",
		"texture_wood.jpg", "readme.txt", "Data/crate.pcx", "crate.dds")
	ix := search(t, dir, SearchOptions{})
	if !ix.Complete || ix.Files != 8 || len(ix.Problems) != 0 {
		t.Fatalf("index: complete %v, %d files, problems %v", ix.Complete, ix.Files, ix.Problems)
	}
	j := func(p string) string { return filepath.Join(dir, filepath.FromSlash(p)) }
	cases := []struct {
		name, tex string
		want      []Candidate
	}{
		{"same name first, then case", `C:\Games\mod\skins\ninja.bmp`, []Candidate{{j("skins/ninja.bmp"), MatchName}, {j("other/NINJA.BMP"), MatchCase}}},
		{"folders break ties", `other\ninja.bmp`, []Candidate{{j("skins/ninja.bmp"), MatchName}, {j("other/NINJA.BMP"), MatchCase}}},
		{"case folded folders preferred", `OTHER\NINJA.bmp`, []Candidate{{j("other/NINJA.BMP"), MatchCase}, {j("skins/ninja.bmp"), MatchCase}}},
		{"other extensions", "data/Wood.bmp", []Candidate{{j("a/b/wood.JPG"), MatchExtension}, {j("wood.png"), MatchExtension}}},
		{"8.3 name", `.\TEXTUR~1.JPG`, []Candidate{{j("texture_wood.jpg"), MatchShortName}}},
		{"dds and pcx", "crate.tga", []Candidate{{j("Data/crate.pcx"), MatchExtension}, {j("crate.dds"), MatchExtension}}},
		{"not an image", "readme.bmp", nil},
		{"nothing", "gone.tga", nil},
		{"only a folder", `C:\`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Find(model.Str(c.tex), ix)
			if !slices.Equal(got, c.want) {
				t.Errorf("Find(%q) = %v, want %v", c.tex, got, c.want)
			}
		})
	}
}

func TestSearchSymlinkLoop(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir := t.TempDir()
	testtree.Write(t, dir, "a/b/skin.png", "elsewhere/far.png")
	for _, l := range []struct{ target, link string }{
		{"..", "a/b/up"},                // loop to the parent
		{".", "a/self"},                 // loop to itself
		{"../elsewhere", "a/side"},      // not a loop: followed once
		{"../../elsewhere", "a/b/side"}, // the same folder again: skipped
		{"nowhere", "a/broken"},
	} {
		if err := os.Symlink(l.target, filepath.Join(dir, filepath.FromSlash(l.link))); err != nil {
			t.Fatal(err)
		}
	}
	ix := search(t, filepath.Join(dir, "a"), SearchOptions{})
	var kinds []string
	for _, p := range ix.Problems {
		kinds = append(kinds, p.Kind+" "+filepath.Base(p.Path))
	}
	slices.Sort(kinds)
	want := []string{ProblemBrokenLink + " broken", ProblemLoop + " self", ProblemLoop + " up"}
	if !slices.Equal(kinds, want) || ix.Files != 2 || !ix.Complete {
		t.Fatalf("problems %v (want %v), %d files (want 2)", kinds, want, ix.Files)
	}
	if got := Find("far.png", ix); len(got) != 1 {
		t.Errorf("far.png through the link: %v", got)
	}
}

func TestSearchUnreadable(t *testing.T) {
	dir := t.TempDir()
	testtree.Write(t, dir, "ok/a.png", "locked/b.png")
	locked := filepath.Join(dir, "locked")
	testtree.Unreadable(t, &readDir, locked)
	ix := search(t, dir, SearchOptions{})
	if len(ix.Problems) != 1 || ix.Problems[0].Kind != ProblemUnreadable || ix.Problems[0].Path != locked || ix.Files != 1 || !ix.Complete {
		t.Fatalf("problems %v, %d files", ix.Problems, ix.Files)
	}
	if _, err := Search(context.Background(), locked, SearchOptions{}); err == nil {
		t.Error("an unreadable root is not an error")
	}
}

func TestSearchLimits(t *testing.T) {
	dir := t.TempDir()
	testtree.Write(t, dir, "1/2/3/deep.png", "top.png", "1/one.png", "1/two.png")
	ix := search(t, dir, SearchOptions{MaxDepth: 2})
	if ix.Files != 3 || len(ix.Problems) != 1 || ix.Problems[0].Kind != ProblemTooDeep {
		t.Errorf("depth 2: %d files, %v", ix.Files, ix.Problems)
	}
	ix = search(t, dir, SearchOptions{MaxFiles: 2})
	if ix.Files != 2 || ix.Complete || len(ix.Problems) != 1 || ix.Problems[0].Kind != ProblemTooMany {
		t.Errorf("2 files at most: %d files, complete %v, %v", ix.Files, ix.Complete, ix.Problems)
	}
	if _, err := Search(context.Background(), filepath.Join(dir, "top.png"), SearchOptions{}); err == nil {
		t.Error("a file as root is not an error")
	}
}

// bigTree makes n files in folders of 500 below dir, once per test binary.
func bigTree(tb testing.TB, n int) string {
	tb.Helper()
	dir := tb.TempDir()
	for i := 0; i < n; i++ {
		if i%500 == 0 {
			if err := os.MkdirAll(filepath.Join(dir, fmt.Sprintf("d%03d/s%d", i/5000, i/500)), 0o755); err != nil {
				tb.Fatal(err)
			}
		}
		p := filepath.Join(dir, fmt.Sprintf("d%03d/s%d/tex%06d.png", i/5000, i/500, i))
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// TestSearch100k searches a folder of 100,000 files to the end and again
// with a cancel after the first progress report, and measures both.
func TestSearch100k(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 100,000 files")
	}
	const n = 100_000
	start := time.Now()
	dir := bigTree(t, n)
	t.Logf("made %d files in %v", n, time.Since(start))
	reports := 0
	ix := search(t, dir, SearchOptions{Progress: func(Progress) { reports++ }})
	if ix.Files != n || !ix.Complete {
		t.Fatalf("%d files, complete %v", ix.Files, ix.Complete)
	}
	t.Logf("searched %d files in %d folders in %v, %d progress reports", ix.Files, ix.Folders, ix.Elapsed, reports)
	start = time.Now()
	if got := Find("C:/old/TEX099999.TGA", ix); len(got) != 1 || got[0].Rule != MatchExtension {
		t.Errorf("find: %v", got)
	}
	t.Logf("find by other extension in %v", time.Since(start))

	ctx, cancel := context.WithCancel(context.Background())
	ix, err := Search(ctx, dir, SearchOptions{Progress: func(p Progress) {
		if !p.Done {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || ix.Complete || ix.Files >= n {
		t.Fatalf("cancelled: err %v, complete %v, %d files", err, ix.Complete, ix.Files)
	}
	t.Logf("cancelled after %d files in %v", ix.Files, ix.Elapsed)
}

func BenchmarkSearch100k(b *testing.B) {
	dir := bigTree(b, 100_000)
	b.ResetTimer()
	for b.Loop() {
		if _, err := Search(context.Background(), dir, SearchOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
