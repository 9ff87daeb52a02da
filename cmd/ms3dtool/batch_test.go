package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"ms3dstudio/cmd/ms3dtool/internal/batchcmd"
	"ms3dstudio/document"
	"ms3dstudio/internal/batch"
	"ms3dstudio/internal/corpus"
)

// jsonLines decodes a batch's --json output.
func jsonLines(t *testing.T, out string) []batchcmd.FileResult {
	t.Helper()
	var rs []batchcmd.FileResult
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var r batchcmd.FileResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("line %d is not a JSON object: %v\n%s", len(rs)+1, err, sc.Text())
		}
		rs = append(rs, r)
	}
	return rs
}

// corpusModels lists the corpus files the formats open, in the order a
// batch over the corpus folder takes them.
func corpusModels(t testing.TB) []string {
	t.Helper()
	items, problems := batch.Expand([]string{corpus.Dir(t)}, batch.ExpandOptions{Recursive: true, Match: document.CanOpen})
	if len(problems) != 0 || len(items) < 50 {
		t.Fatalf("corpus: %d models, problems %v", len(items), problems)
	}
	var files []string
	for _, it := range items {
		files = append(files, it.Path)
	}
	return files
}

// copyTo copies the corpus file src into dir under name, making folders.
func copyTo(t *testing.T, src, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dst, data)
	return dst
}

// TestBatchValidateCorpusWithCorruptFiles validates the whole corpus and a
// folder of broken files in one call on three goroutines: every model
// gets its line, in the order of the walk, holding exactly what
// `validate FILE --json` says of it alone; the unreadable file and the cut
// one are reported and the rest still processed; the exit status is the
// worst (2: a file cannot be read).
func TestBatchValidateCorpusWithCorruptFiles(t *testing.T) {
	files := corpusModels(t)
	broken := t.TempDir()
	garbage := writeFile(t, filepath.Join(broken, "garbage.ms3d"), []byte("this is no model at all"))
	whole, err := os.ReadFile(corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path)
	if err != nil {
		t.Fatal(err)
	}
	cut := writeFile(t, filepath.Join(broken, "cut.ms3d"), whole[:len(whole)/2])
	files = append(files, cut, garbage) // the order of a walk: names sorted

	code, out, errs := runTool("validate", "-r", corpus.Dir(t), broken, "--json", "--jobs", "3")
	if code != 2 {
		t.Errorf("exit %d, want 2 (an unreadable file)", code)
	}
	rs := jsonLines(t, out)
	if len(rs) != len(files) {
		t.Fatalf("%d lines for %d files", len(rs), len(files))
	}
	for i, r := range rs {
		if r.File != files[i] {
			t.Fatalf("line %d is %s, want %s (the order of the walk)", i+1, r.File, files[i])
		}
		wantCode, wantOut, _ := runTool("validate", r.File, "--json")
		var want bytes.Buffer
		if err := json.Compact(&want, []byte(wantOut)); err != nil && wantOut != "" {
			t.Fatal(err)
		}
		if r.Status != wantCode || r.OK != (wantCode == 0) || string(r.Result) != want.String() {
			t.Errorf("%s: status %d (ok %v), result\n%s\nalone: status %d\n%s", r.File, r.Status, r.OK, r.Result, wantCode, want.String())
		}
	}
	last := rs[len(rs)-1]
	if last.OK || last.Status != 2 || len(last.Messages) != 1 || !strings.Contains(last.Messages[0], garbage) || !strings.Contains(errs, last.Messages[0]) {
		t.Errorf("garbage.ms3d: %+v; stderr %s", last, errs)
	}
	if c := rs[len(rs)-2]; c.OK || c.Status != 1 || !strings.Contains(string(c.Result), `"readable":true`) {
		t.Errorf("cut.ms3d: %+v, want it read with errors (status 1)", c)
	}
}

// TestBatchTextIsEachFileInOrder: without --json a batch prints what the
// command prints for each file alone, one file after the other in the
// order given, whatever order they finish in.
func TestBatchTextIsEachFileInOrder(t *testing.T) {
	files := corpusModels(t)[:12]
	slices.Reverse(files)
	var want strings.Builder
	for _, f := range files {
		_, out, _ := runTool("info", f)
		want.WriteString(out)
	}
	code, out, errs := runTool(append([]string{"info", "--jobs", "4"}, files...)...)
	if code != 0 || out != want.String() {
		t.Errorf("exit %d, stderr %s\ngot:\n%s\nwant:\n%s", code, errs, out, want.String())
	}
	if strings.Contains(errs, "\r") {
		t.Errorf("progress drawn on stderr, which is no terminal: %q", errs)
	}
}

// TestBatchConvertOutDir converts a folder tree into another with -r:
// each file lands at its path below the folder, with the extension --to
// names; a named file goes under its own name; two inputs that would
// write one file, and an output that would be its input, are refused
// while the rest is written; the output folder inside the tree is not
// read back on the next run.
func TestBatchConvertOutDir(t *testing.T) {
	src := corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path
	objSrc := filepath.Join(corpus.Dir(t), "obj", "assimp", "test", "models", "OBJ", "spider.obj")
	tree, other := t.TempDir(), t.TempDir()
	copyTo(t, src, tree, "a.ms3d")
	copyTo(t, src, tree, "sub/deeper/b.ms3d")
	copyTo(t, objSrc, tree, "sub/spider.obj")
	named := copyTo(t, src, other, "b.ms3d")
	writeFile(t, filepath.Join(tree, "readme.txt"), []byte("not a model"))
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, errs := runTool("convert", "-r", tree, "--out-dir", out, "--to", "glb", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rs := jsonLines(t, stdout)
	want := []string{"a.glb", "sub/deeper/b.glb", "sub/spider.glb"}
	if len(rs) != len(want) {
		t.Fatalf("%d lines, want %d: %s", len(rs), len(want), stdout)
	}
	for i, r := range rs {
		p := filepath.Join(out, filepath.FromSlash(want[i]))
		data, err := os.ReadFile(p)
		if r.Output != p || !r.OK || err != nil || !bytes.HasPrefix(data, []byte("glTF")) || !slices.Contains(r.Stdout, "wrote "+p) {
			t.Errorf("line %d: %+v; %s: %v, %q…", i+1, r, p, err, data[:min(len(data), 4)])
		}
	}

	// a.ms3d and out2/a.ms3d's named twin: the second is refused.
	twin := copyTo(t, src, other, "sub/a.ms3d")
	out2 := filepath.Join(t.TempDir(), "out2")
	code, stdout, errs = runTool("convert", filepath.Join(tree, "a.ms3d"), twin, named, "--out-dir", out2, "--to", ".OBJ")
	if code != 2 || !strings.Contains(errs, twin+": not written: "+filepath.Join(out2, "a.obj")+" is made of "+filepath.Join(tree, "a.ms3d")+" too") {
		t.Errorf("exit %d, stderr %s", code, errs)
	}
	for _, name := range []string{"a.obj", "b.obj"} {
		if _, err := os.Stat(filepath.Join(out2, name)); err != nil {
			t.Errorf("%s not written: %v\n%s", name, err, stdout)
		}
	}

	// Into the tree itself as .ms3d: each file would be itself.
	before, _ := os.ReadFile(filepath.Join(tree, "a.ms3d"))
	code, _, errs = runTool("convert", "-r", tree, "--out-dir", tree, "--to", "ms3d")
	after, _ := os.ReadFile(filepath.Join(tree, "a.ms3d"))
	if code != 2 || !strings.Contains(errs, "is the file itself") || !bytes.Equal(before, after) {
		t.Errorf("exit %d, stderr %s; the input changed: %v", code, errs, !bytes.Equal(before, after))
	}
	if _, err := os.Stat(filepath.Join(tree, "sub", "spider.ms3d")); err != nil {
		t.Errorf("spider.obj not converted beside itself: %v", err)
	}

	// An output folder inside the tree is not read on the next run.
	if err := os.Remove(filepath.Join(tree, "sub", "spider.ms3d")); err != nil {
		t.Fatal(err)
	}
	inside := filepath.Join(tree, "out")
	for run := range 2 {
		code, stdout, errs = runTool("convert", "-r", tree, "--out-dir", inside, "--to", "smd", "--json")
		if rs = jsonLines(t, stdout); code != 0 || len(rs) != 3 {
			t.Errorf("run %d into %s: exit %d, %d files, want 3\n%s", run+1, inside, code, len(rs), errs)
		}
	}
}

// TestBatchFixAndAnim edits a folder in place and into another folder,
// and lists it.
func TestBatchFixAndAnim(t *testing.T) {
	src := corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path
	tree := t.TempDir()
	a, b := copyTo(t, src, tree, "a.ms3d"), copyTo(t, src, tree, "sub/b.ms3d")
	code, stdout, errs := runTool("anim", "fps", "-r", tree, "--fps", "25", "--in-place", "--json")
	rs := jsonLines(t, stdout)
	if code != 0 || len(rs) != 2 || rs[0].File != a || rs[1].File != b {
		t.Fatalf("anim fps: exit %d, %+v\n%s", code, rs, errs)
	}
	for _, r := range rs {
		var rep AnimReport
		if err := json.Unmarshal(r.Result, &rep); err != nil || !rep.Written || rep.Command != "fps" {
			t.Errorf("%s: %+v (%v)", r.File, rep, err)
		}
		if _, err := os.Stat(r.File + ".bak"); err != nil {
			t.Errorf("%s: no .bak: %v", r.File, err)
		}
	}
	code, stdout, _ = runTool("anim", "list", tree, "--json") // no -r: the folder's own files
	if rs = jsonLines(t, stdout); code != 0 || len(rs) != 1 || !strings.Contains(string(rs[0].Result), `"fps":25`) {
		t.Errorf("anim list: exit %d, %s", code, stdout)
	}
	out := filepath.Join(t.TempDir(), "fixed")
	code, stdout, errs = runTool("fix", "-r", tree, "--out-dir", out)
	if code != 0 || !strings.Contains(stdout, "wrote "+filepath.Join(out, "sub", "b.ms3d")) {
		t.Errorf("fix: exit %d\n%s\n%s", code, stdout, errs)
	}
}

// TestBatchUsage: what a batch needs is asked for before any file is
// touched.
func TestBatchUsage(t *testing.T) {
	dir := t.TempDir()
	copyTo(t, corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path, dir, "a.ms3d")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"convert", "-r", dir}, "give --out-dir DIR"},
		{[]string{"convert", dir, "--out-dir", dir + "/o"}, "give --to EXT"},
		{[]string{"convert", dir, "--out-dir", dir + "/o", "--to", "fbx"}, "--to fbx: want one of .ms3d"},
		{[]string{"fix", "-r", dir}, "give --out-dir DIR or --in-place or --dry-run"},
		{[]string{"fix", "-r", dir, "--in-place", "--out-dir", dir + "/o"}, "give no --out-dir"},
		{[]string{"validate", "-r", dir, "--out-dir", dir + "/o"}, "flag provided but not defined: -out-dir"},
		{[]string{"info", "--jobs", "-1", dir}, "--jobs -1"},
		{[]string{"info", "--jobs", "2"}, "want at least one FILE or folder"},
	} {
		code, out, errs := runTool(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %s; want 2 and %q", c.args, code, out, errs, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "o")); err == nil {
		t.Errorf("a refused batch made its output folder")
	}
}

// TestBatchOldFormsStay: the single-file forms are not batches: one JSON
// document, as before.
func TestBatchOldFormsStay(t *testing.T) {
	files := corpusModels(t)[:2]
	code, out, _ := runTool("validate", files[0], files[1], "--json")
	var doc ValidateReport
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Files) != 2 || code > 1 {
		t.Errorf("validate A B --json: exit %d, %v\n%s", code, err, out)
	}
}

// TestBatchSymlinkLoop: a loop in the tree is said and walked round once.
func TestBatchSymlinkLoop(t *testing.T) {
	dir := t.TempDir()
	copyTo(t, corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path, dir, "sub/a.ms3d")
	loop := filepath.Join(dir, "sub", "loop")
	if err := os.Symlink("..", loop); err != nil {
		t.Skipf("symbolic links: %v", err)
	}
	code, out, errs := runTool("info", "-r", dir, "--json")
	if rs := jsonLines(t, out); code != 0 || len(rs) != 1 || !strings.Contains(errs, "symlink loop: "+loop+": leads back to "+dir) {
		t.Errorf("exit %d, %d lines, stderr %s", code, len(rs), errs)
	}
}

// TestBatchFlagsAreFree: no command that works in batch has a flag of
// its own named like a batch flag (--json aside, which it passes on).
func TestBatchFlagsAreFree(t *testing.T) {
	for key := range batchShapes {
		args := strings.Fields(key)
		probe := &argProbe{}
		commands[args[0]].run(args[1:], io.Discard, probe)
		if probe.fs == nil {
			t.Errorf("%s: the probe did not reach its flags", key)
			continue
		}
		probe.fs.VisitAll(func(f *flag.Flag) {
			switch f.Name {
			case batchcmd.FlagRecursive, batchcmd.FlagJobs, batchcmd.FlagOutDir:
				t.Errorf("%s has a flag --%s of its own", key, f.Name)
			case batchcmd.FlagTo:
				if len(batchShapes[key].ToExts) > 0 {
					t.Errorf("%s has a flag --to of its own", key)
				}
			}
		})
	}
}

// TestBatchEveryCommand runs every command that works in batch over a
// folder of three models on three goroutines (the race detector's pass
// in CI runs it too): each file gets its JSON line, with the status the
// command gives it alone.
func TestBatchEveryCommand(t *testing.T) {
	src := corpus.File(t, "lesson31_bcb6/Data/Model.ms3d").Path
	tree := t.TempDir()
	var files []string
	for _, name := range []string{"a.ms3d", "b/b.ms3d", "c/c.ms3d"} {
		files = append(files, copyTo(t, src, tree, name))
	}
	copyTo(t, filepath.Join(filepath.Dir(src), "Wood.bmp"), tree, "textures/Wood.bmp")
	out := t.TempDir()
	for _, c := range []struct {
		args []string
		// one is the command on one file, whose status each line must have.
		one func(in string) []string
	}{
		{[]string{"info"}, func(in string) []string { return []string{"info", in} }},
		{[]string{"validate"}, func(in string) []string { return []string{"validate", in} }},
		{[]string{"pose", "--frame", "3"}, func(in string) []string { return []string{"pose", in, "--frame", "3"} }},
		{[]string{"textures", "--search", filepath.Join(tree, "textures")}, func(in string) []string {
			return []string{"textures", in, "--search", filepath.Join(tree, "textures")}
		}},
		{[]string{"convert", "--out-dir", filepath.Join(out, "obj"), "--to", "obj", "--frame", "8"}, nil},
		{[]string{"transform", "--out-dir", filepath.Join(out, "glb"), "--to", "glb", "--scale", "2"}, nil},
		{[]string{"thumbnail", "--out-dir", filepath.Join(out, "png"), "--size", "32"}, nil},
		{[]string{"fix", "--dry-run"}, func(in string) []string { return []string{"fix", in, "--dry-run"} }},
		{[]string{"anim", "list"}, func(in string) []string { return []string{"anim", "list", in} }},
		{[]string{"anim", "clips"}, func(in string) []string { return []string{"anim", "clips", in} }},
		{[]string{"anim", "shift", "--by", "2", "--dry-run"}, func(in string) []string { return []string{"anim", "shift", in, "--by", "2", "--dry-run"} }},
	} {
		args := append(append(slices.Clone(c.args), "-r", tree, "--jobs", "3"), "--json")
		code, stdout, errs := runTool(args...)
		rs := jsonLines(t, stdout)
		if len(rs) != len(files) {
			t.Errorf("%q: %d lines, want %d\n%s", args, len(rs), len(files), errs)
			continue
		}
		worst := 0
		for i, r := range rs {
			want := 0
			if c.one != nil {
				want, _, _ = runTool(c.one(files[i])...)
			}
			worst = max(worst, want)
			if r.File != files[i] || r.Status != want || (r.Result == nil && r.Stdout == nil && c.one != nil) {
				t.Errorf("%q: line %d: %s status %d (alone: %d), result %.60s", args, i+1, r.File, r.Status, want, r.Result)
			}
			if r.Output != "" {
				if _, err := os.Stat(r.Output); err != nil {
					t.Errorf("%q: %s not written: %v", args, r.Output, err)
				}
			}
		}
		if code != worst {
			t.Errorf("%q: exit %d, want %d", args, code, worst)
		}
	}
}
