package batchcmd

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"ms3dstudio/internal/batch"
)

// TestSharedOnce: work the files of a batch share runs once however
// many ask at the same time.
func TestSharedOnce(t *testing.T) {
	var s sharedResults
	var calls atomic.Int32
	out := &fileOutput{Buffer: new(bytes.Buffer), shared: &s}
	batch.Run(16, 8, func(i int) string {
		v, _ := SharedWork(out, fmt.Sprint("key", i%2), func() (string, error) {
			calls.Add(1)
			return fmt.Sprint("value", i%2), nil
		})
		return v
	}, nil, func(i int, v string) {
		if v != fmt.Sprint("value", i%2) {
			t.Errorf("file %d got %q", i, v)
		}
	})
	if calls.Load() != 2 {
		t.Errorf("the work ran %d times for 2 keys", calls.Load())
	}
}

// TestCommandFlags keeps the command's own flags, with their values in
// every spelling the flag package takes, and drops the positional
// arguments, the batch's flags and what follows "--".
func TestCommandFlags(t *testing.T) {
	for _, c := range []struct {
		args, want []string
	}{
		{[]string{"a.ms3d", "--only", "x,y", "b.ms3d"}, []string{"--only", "x,y"}},
		{[]string{"-only=x", "--dry-run", "a.ms3d"}, []string{"-only=x", "--dry-run"}},
		{[]string{"-r", "--jobs", "3", "dir", "--out-dir=o", "--json"}, []string{"--json"}},
		{[]string{"--dry-run=false", "a", "--", "--only", "b"}, []string{"--dry-run=false"}},
		{[]string{"-", "a"}, nil},
	} {
		fs := flag.NewFlagSet("fix", flag.ContinueOnError)
		fs.String("only", "", "")
		fs.Bool("dry-run", false, "")
		fs.Bool(FlagJSON, false, "")
		f := AddFlags(fs, Shape{Out: OutOptional})
		if got := commandFlags(fs, c.args, f.own); !slices.Equal(got, c.want) {
			t.Errorf("%q: %q, want %q", c.args, got, c.want)
		}
	}
}

// TestOutputsRefused: under --out-dir, two inputs that would make one
// file, and an input that would be written over itself, are refused;
// the others get their path below the folder they were found in.
func TestOutputsRefused(t *testing.T) {
	dir := t.TempDir()
	self := filepath.Join(dir, "out", "a.ms3d")
	items := []batch.Item{
		{Path: filepath.Join("x", "sub", "m.3ds"), Root: "x", Rel: filepath.Join("sub", "m.3ds")},
		{Path: filepath.Join("y", "sub", "m.obj"), Root: "y", Rel: filepath.Join("sub", "m.obj")},
		{Path: self, Rel: "a.ms3d"},
		{Path: "n.3ds", Rel: "n.3ds"},
	}
	b := &Call{outDir: filepath.Join(dir, "out"), ext: ".ms3d"}
	outs, clash := b.outputs(items)
	want := []string{filepath.Join(dir, "out", "sub", "m.ms3d"), filepath.Join(dir, "out", "sub", "m.ms3d"), self, filepath.Join(dir, "out", "n.ms3d")}
	if !slices.Equal(outs, want) {
		t.Errorf("outputs %q, want %q", outs, want)
	}
	if clash[0] != "" || clash[3] != "" ||
		clash[1] != fmt.Sprintf("not written: %s is made of %s too", want[1], items[0].Path) ||
		clash[2] != fmt.Sprintf("not written: %s is the file itself", self) {
		t.Errorf("refused: %q", clash)
	}
}

// TestRunInOrderWorstStatus runs a command over a folder on several
// goroutines: the JSON lines come in the input's order, each with the
// file's own status and output, and the batch's status is the worst.
func TestRunInOrderWorstStatus(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.ms3d", "b.ms3d", "c.txt", "d.ms3d"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := Command{Key: "check", Run: func(args []string, stdout, stderr io.Writer) int {
		in := args[len(args)-1]
		fmt.Fprintf(stdout, "read %s\n", filepath.Base(in))
		if strings.HasPrefix(filepath.Base(in), "b") {
			fmt.Fprintln(stderr, "b is bad")
			return 1
		}
		return 0
	}}
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	f := AddFlags(fs, Shape{Match: func(p string) bool { return filepath.Ext(p) == ".ms3d" }})
	args := []string{"--jobs", "3", "--json", dir}
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	b, err := f.NewCall(fs, cmd, args, fs.Args())
	if err != nil || b == nil {
		t.Fatalf("NewCall: %v, %v", b, err)
	}
	var stdout, stderr bytes.Buffer
	if code := b.Run(fs.Args(), &stdout, &stderr); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	var got []string
	sc := bufio.NewScanner(&stdout)
	for sc.Scan() {
		var r FileResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%v: %s", err, sc.Text())
		}
		got = append(got, fmt.Sprintf("%s %d %v %q %q", filepath.Base(r.File), r.Status, r.OK, r.Stdout, r.Messages))
	}
	want := []string{
		`a.ms3d 0 true ["read a.ms3d"] []`,
		`b.ms3d 1 false ["read b.ms3d"] ["b is bad"]`,
		`d.ms3d 0 true ["read d.ms3d"] []`,
	}
	if !slices.Equal(got, want) || stderr.String() != "b is bad\n" {
		t.Errorf("lines\n%s\nwant\n%s\nstderr %q", strings.Join(got, "\n"), strings.Join(want, "\n"), stderr.String())
	}
}

// TestNewCallAsksForABatch: one file and no batch flag is no batch; a
// command that writes files needs --out-dir in one.
func TestNewCallAsksForABatch(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		shape   Shape
		args    []string
		batch   bool
		wantErr string
	}{
		{Shape{}, []string{"a.ms3d"}, false, ""},
		{Shape{}, []string{"a.ms3d", "b.ms3d"}, true, ""},
		{Shape{Multi: true}, []string{"a.ms3d", "b.ms3d"}, false, ""},
		{Shape{}, []string{dir}, true, ""},
		{Shape{}, []string{"-r"}, false, "want at least one FILE or folder"},
		{Shape{}, []string{"--jobs", "-1", "a"}, false, "--jobs -1: want a number of files from 1"},
		{Shape{Out: OutRequired, Ext: ".png"}, []string{"-r", dir}, false, "give --out-dir DIR for the files check writes"},
		{Shape{Out: OutRequired, ToExts: []string{".obj"}}, []string{"--out-dir", dir, dir}, false, "give --to EXT"},
		{Shape{Out: OutRequired, ToExts: []string{".obj"}}, []string{"--out-dir", dir, "--to", "fbx", dir}, false, "--to fbx: want one of .obj"},
		{Shape{Out: OutRequired, ToExts: []string{".obj"}}, []string{"--out-dir", dir, "--to", "OBJ", dir}, true, ""},
	} {
		fs := flag.NewFlagSet("check", flag.ContinueOnError)
		f := AddFlags(fs, c.shape)
		var files []string
		for rest := c.args; ; {
			if err := fs.Parse(rest); err != nil {
				t.Fatal(err)
			}
			if fs.NArg() == 0 {
				break
			}
			files, rest = append(files, fs.Arg(0)), fs.Args()[1:]
		}
		b, err := f.NewCall(fs, Command{Key: "check"}, c.args, files)
		if (b != nil) != c.batch || (err == nil) != (c.wantErr == "") || (err != nil && !strings.Contains(err.Error(), c.wantErr)) {
			t.Errorf("%q: batch %v, error %v; want batch %v, error %q", c.args, b != nil, err, c.batch, c.wantErr)
		}
	}
}
