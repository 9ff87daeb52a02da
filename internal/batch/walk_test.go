package batch

import (
	"errors"
	"ms3dstudio/internal/testtree"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// tree makes the files (paths ending in "/" are folders) under a new
// temporary folder and returns it.
func tree(t *testing.T, paths ...string) string {
	t.Helper()
	root := t.TempDir()
	testtree.Write(t, root, paths...)
	return root
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("symbolic links: %v", err)
	}
}

// rels lists the items' Rel paths with forward slashes.
func rels(items []Item) []string {
	var out []string
	for _, it := range items {
		out = append(out, filepath.ToSlash(it.Rel))
	}
	return out
}

func isModel(p string) bool { return strings.HasSuffix(p, ".ms3d") }

func TestExpandOrderAndMatch(t *testing.T) {
	root := tree(t, "b.ms3d", "a.ms3d", "notes.txt", "sub/c.ms3d", "sub/deeper/d.ms3d", "z.ms3d")
	items, problems := Expand([]string{root}, ExpandOptions{Recursive: true, Match: isModel})
	if len(problems) != 0 {
		t.Errorf("problems %v", problems)
	}
	want := []string{"a.ms3d", "b.ms3d", "sub/c.ms3d", "sub/deeper/d.ms3d", "z.ms3d"}
	if got := rels(items); !slices.Equal(got, want) {
		t.Errorf("recursive: %q, want %q", got, want)
	}
	for _, it := range items {
		if it.Root != root || it.Path != filepath.Join(root, it.Rel) || it.Named() {
			t.Errorf("item %+v: want Root %s and Path = Root/Rel", it, root)
		}
	}
	items, _ = Expand([]string{root}, ExpandOptions{Match: isModel})
	if got, want := rels(items), []string{"a.ms3d", "b.ms3d", "z.ms3d"}; !slices.Equal(got, want) {
		t.Errorf("not recursive: %q, want %q", got, want)
	}
}

func TestExpandNamedFilesAlwaysTried(t *testing.T) {
	root := tree(t, "notes.txt", "m/a.ms3d")
	notes, missing, folder := filepath.Join(root, "notes.txt"), filepath.Join(root, "gone.ms3d"), filepath.Join(root, "m")
	items, problems := Expand([]string{notes, folder, missing}, ExpandOptions{Recursive: true, Match: isModel})
	if len(problems) != 0 {
		t.Errorf("problems %v", problems)
	}
	var paths []string
	for _, it := range items {
		paths = append(paths, it.Path)
	}
	if want := []string{notes, filepath.Join(folder, "a.ms3d"), missing}; !slices.Equal(paths, want) {
		t.Fatalf("items %q, want %q (the order of the arguments)", paths, want)
	}
	if !items[0].Named() || items[0].Rel != "notes.txt" || !items[2].Named() || items[1].Named() {
		t.Errorf("items %+v: named files are Named with their base name as Rel", items)
	}
}

func TestExpandSymlinkLoop(t *testing.T) {
	root := tree(t, "a.ms3d", "sub/b.ms3d", "other/c.ms3d")
	symlink(t, "..", filepath.Join(root, "sub", "up"))                       // back to root: a loop
	symlink(t, root, filepath.Join(root, "sub", "abs"))                      // the same loop by an absolute path
	symlink(t, filepath.Join(root, "other"), filepath.Join(root, "again"))   // a folder walked twice: once only
	symlink(t, filepath.Join(root, "a.ms3d"), filepath.Join(root, "l.ms3d")) // a link to a file: an item
	symlink(t, "nowhere.ms3d", filepath.Join(root, "broken.ms3d"))           // a link to nowhere: an item the job fails on
	items, problems := Expand([]string{root}, ExpandOptions{Recursive: true, Match: isModel})
	want := []string{"a.ms3d", "again/c.ms3d", "broken.ms3d", "l.ms3d", "sub/b.ms3d"}
	if got := rels(items); !slices.Equal(got, want) {
		t.Errorf("items %q, want %q", got, want)
	}
	var loops []string
	for _, p := range problems {
		if p.Kind != ProblemLoop || p.Failed() {
			t.Errorf("problem %v: want only loops, which fail nothing", p)
		}
		if p.Detail != "leads back to "+root {
			t.Errorf("problem %v: want it to name %s", p, root)
		}
		loops = append(loops, filepath.Base(p.Path))
	}
	if !slices.Equal(loops, []string{"abs", "up"}) {
		t.Errorf("loops at %q, want abs and up", loops)
	}
}

func TestExpandUnreadableFolder(t *testing.T) {
	root := tree(t, "a.ms3d", "locked/b.ms3d", "z/c.ms3d")
	locked := filepath.Join(root, "locked")
	testtree.Unreadable(t, &readDir, locked)
	items, problems := Expand([]string{root}, ExpandOptions{Recursive: true})
	if got, want := rels(items), []string{"a.ms3d", "z/c.ms3d"}; !slices.Equal(got, want) {
		t.Errorf("items %q, want %q: the rest of the tree is walked", got, want)
	}
	if len(problems) != 1 || problems[0].Kind != ProblemUnreadable || problems[0].Path != locked ||
		!problems[0].Failed() || problems[0].Detail != os.ErrPermission.Error() {
		t.Errorf("problems %v, want one unreadable folder %s that fails", problems, locked)
	}
}

// TestExpandUnreadableFolderOnDisk takes the read permission away for
// real, where the user running the test is held to it (not root).
func TestExpandUnreadableFolderOnDisk(t *testing.T) {
	root := tree(t, "locked/b.ms3d", "ok/c.ms3d")
	locked := filepath.Join(root, "locked")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(locked, 0o755) })
	if _, err := os.ReadDir(locked); !errors.Is(err, os.ErrPermission) {
		t.Skipf("a folder with mode 0 can be listed here (running as root?): %v", err)
	}
	items, problems := Expand([]string{root}, ExpandOptions{Recursive: true})
	if got := rels(items); !slices.Equal(got, []string{"ok/c.ms3d"}) || len(problems) != 1 || problems[0].Path != locked {
		t.Errorf("items %q, problems %v", got, problems)
	}
}

func TestExpandExclude(t *testing.T) {
	root := tree(t, "a.ms3d", "out/a.ms3d", "out/deep/b.ms3d")
	items, _ := Expand([]string{root}, ExpandOptions{Recursive: true, Exclude: []string{filepath.Join(root, "out"), filepath.Join(root, "none")}})
	if got := rels(items); !slices.Equal(got, []string{"a.ms3d"}) {
		t.Errorf("items %q, want only a.ms3d: out/ is excluded", got)
	}
	items, _ = Expand([]string{root}, ExpandOptions{Recursive: true, Exclude: []string{root}})
	if got := rels(items); len(got) != 3 {
		t.Errorf("items %q, want all three: a folder argument is walked even when excluded", got)
	}
}

func TestExpandFolderNamedTwice(t *testing.T) {
	root := tree(t, "a.ms3d", "sub/b.ms3d")
	sub := filepath.Join(root, "sub")
	items, _ := Expand([]string{root, sub}, ExpandOptions{Recursive: true})
	if got := rels(items); !slices.Equal(got, []string{"a.ms3d", "sub/b.ms3d"}) {
		t.Errorf("items %q: each folder is walked once", got)
	}
}
