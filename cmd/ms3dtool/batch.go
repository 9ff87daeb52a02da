package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/term"

	"ms3dstudio/cmd/ms3dtool/internal/animverb"
	"ms3dstudio/document"
	"ms3dstudio/internal/batch"
)

// Batch work: every command that works on files also takes folders and
// several files at once. The layer sits in front of the commands, which
// stay written for one file: it learns a command's flags (an argProbe
// run), expands the folders (internal/batch), runs the command once per
// file on several goroutines with the file's own output buffers, and
// writes what each printed in the order of the input, or with --json one
// FileResult a line. The exit status is the worst of the files'.

// outKind says what a command writes for each file it reads.
type outKind int

const (
	// outNone: the command writes nothing, or writes into the file
	// itself (textures --apply).
	outNone outKind = iota
	// outRequired: IN OUT; in a batch OUT is made under --out-dir.
	outRequired
	// outOptional: IN [OUT]; in a batch OUT is made under --out-dir, or
	// one of the shape's noOut flags (--in-place, --dry-run) does
	// without.
	outOptional
)

// batchShape is how a command takes its files in a batch.
type batchShape struct {
	out outKind
	// toExts are the output extensions --to chooses from; empty when the
	// output's extension is ext.
	toExts []string
	ext    string
	// noOut are the command's flags that make OUT unnecessary.
	noOut []string
	// multi: the command's own form takes several files, so several named
	// files alone do not make a batch (its one JSON document stays).
	multi bool
	// match says which files found in folders the command reads.
	match func(path string) bool
}

// isMS3D matches the files the commands that read only MS3D take.
func isMS3D(path string) bool { return strings.EqualFold(filepath.Ext(path), ".ms3d") }

// batchShapes are the commands that work in batch, by name ("anim set"
// for anim's subcommands).
var batchShapes = func() map[string]batchShape {
	convert := batchShape{out: outRequired, toExts: document.ExportFormats, match: document.CanOpen}
	edit := batchShape{out: outOptional, ext: ".ms3d", noOut: []string{"in-place", "dry-run"}, match: isMS3D}
	shapes := map[string]batchShape{
		"info":       {match: document.CanOpen},
		"pose":       {match: document.CanOpen},
		"validate":   {multi: true, match: document.CanOpen},
		"textures":   {multi: true, match: isMS3D},
		"convert":    convert,
		"transform":  convert,
		"fix":        edit,
		"thumbnail":  {out: outRequired, ext: ".png", match: document.CanOpen},
		"anim list":  {match: isMS3D},
		"anim clips": {out: outOptional, ext: ".ms3d", match: isMS3D},
	}
	for name := range animverb.Verbs {
		shapes["anim "+name] = edit
	}
	return shapes
}()

// batchCommands are the commands with a batch shape (anim for its
// subcommands'); only they are probed.
var batchCommands = func() map[string]bool {
	names := map[string]bool{}
	for key := range batchShapes {
		name, _, _ := strings.Cut(key, " ")
		names[name] = true
	}
	return names
}()

// Batch flags, added to the command's own.
const (
	flagRecursive = "r"
	flagJobs      = "jobs"
	flagOutDir    = "out-dir"
	flagTo        = "to"
	flagJSON      = "json"
)

// FileResult is one line of a batch's --json output (JSON Lines): a file
// and what the command made of it.
type FileResult struct {
	// File is the file read, as named or found under a folder argument
	// (or the folder that could not be listed).
	File string `json:"file"`
	// OK is Status == 0.
	OK bool `json:"ok"`
	// Status is the command's exit status for this file alone.
	Status int `json:"status"`
	// Output is the file the batch asked the command to write (--out-dir).
	Output string `json:"output,omitempty"`
	// Result is the command's own JSON document for the file, for the
	// commands that have one (--json).
	Result json.RawMessage `json:"result,omitempty"`
	// Stdout are the lines the command printed, for the commands that
	// print no JSON.
	Stdout []string `json:"stdout,omitempty"`
	// Messages are the lines the command wrote to stderr (they are
	// written to stderr too).
	Messages []string `json:"messages,omitempty"`
}

// batchCall is one batch: the command, its flags and what the files
// share.
type batchCall struct {
	cmd         command
	key         string
	prefix      []string // the arguments before the command's flags (anim's subcommand)
	flags       []string // the command's own flags, for every file
	shape       batchShape
	json        bool // print FileResults
	ownJSON     bool // the command prints JSON itself (its --json is passed on)
	outDir, ext string
	shared      batchShared
}

// runBatch runs c with args as a batch when they ask for one: -r, --jobs,
// --out-dir or --to, a folder among the files, or more files than the
// command's own form takes. It reports false when they do not (or c does
// not work on files), and the command runs as it always has.
func runBatch(c command, args []string, stdout, stderr io.Writer) (int, bool) {
	if !batchCommands[c.name] {
		return 0, false
	}
	probe := &argProbe{}
	c.run(args, io.Discard, probe)
	if probe.fs == nil || len(probe.args) > len(args) {
		return 0, false
	}
	prefix := args[:len(args)-len(probe.args)]
	key := strings.Join(append([]string{c.name}, prefix...), " ")
	shape, ok := batchShapes[key]
	if !ok {
		return 0, false
	}
	fs := probe.fs
	fs.SetOutput(stderr)
	recursive := fs.Bool(flagRecursive, false, "batch: walk the folders given and every folder below them (without it a folder gives its own files)")
	jobs := fs.Int(flagJobs, 0, fmt.Sprintf("batch: work on `N` files at once (default the number of CPUs, %d)", batch.DefaultJobs()))
	batchFlags := map[string]bool{flagRecursive: true, flagJobs: true}
	var outDir, to *string
	if shape.out != outNone {
		outDir = fs.String(flagOutDir, "", "batch: write the file made of each input under `DIR`, at the input's path below the folder it was found in")
		batchFlags[flagOutDir] = true
	}
	if len(shape.toExts) > 0 {
		to = fs.String(flagTo, "", "batch: the `EXT` of the files written under --out-dir: "+strings.Join(shape.toExts, ", "))
		batchFlags[flagTo] = true
	}
	asJSON := fs.Lookup(flagJSON) != nil
	if !asJSON {
		fs.Bool(flagJSON, false, "batch: print one JSON object a file (JSON Lines)")
		batchFlags[flagJSON] = true
	}
	files, err := parseInterleaved(fs, probe.args)
	if err == flag.ErrHelp {
		return 0, true
	}
	if err != nil {
		return 2, true
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	isBatch := set[flagRecursive] || set[flagJobs] || (set[flagOutDir] && batchFlags[flagOutDir]) || (set[flagTo] && batchFlags[flagTo]) ||
		slices.ContainsFunc(files, isDir) ||
		(shape.out == outNone && !shape.multi && len(files) > 1) ||
		(shape.out == outOptional && len(files) > 2 && slices.ContainsFunc(shape.noOut, func(n string) bool { return set[n] }))
	if !isBatch {
		return 0, false
	}
	b := &batchCall{cmd: c, key: key, prefix: prefix, shape: shape, ownJSON: asJSON, json: fs.Lookup(flagJSON).Value.String() == "true"}
	b.flags = commandFlags(fs, probe.args, batchFlags)
	switch {
	case len(files) == 0:
		return usageError(fs, stderr, "want at least one FILE or folder"), true
	case *jobs < 0:
		return usageError(fs, stderr, "--jobs %d: want a number of files from 1 (0: one a CPU)", *jobs), true
	}
	if outDir != nil {
		b.outDir = *outDir
	}
	if b.ext, err = b.outExt(to, set); err != nil {
		return usageError(fs, stderr, "%v", err), true
	}
	return b.run(files, *recursive, *jobs, stdout, stderr), true
}

// outExt checks the flags that name the outputs and returns their
// extension ("" when the command writes none under --out-dir).
func (b *batchCall) outExt(to *string, set map[string]bool) (string, error) {
	s := b.shape
	if b.outDir != "" && set["in-place"] {
		return "", fmt.Errorf("--in-place writes each file over itself: give no --out-dir")
	}
	if s.out == outOptional && b.outDir == "" && len(s.noOut) > 0 && !slices.ContainsFunc(s.noOut, func(n string) bool { return set[n] }) {
		return "", fmt.Errorf("in a batch, give --out-dir DIR or --%s", strings.Join(s.noOut, " or --"))
	}
	if s.out == outRequired && b.outDir == "" {
		return "", fmt.Errorf("in a batch, give --out-dir DIR for the files %s writes", b.key)
	}
	if len(s.toExts) == 0 {
		return s.ext, nil
	}
	if *to == "" {
		return "", fmt.Errorf("give --to EXT, the format of the files written under --out-dir: one of %s", strings.Join(s.toExts, ", "))
	}
	ext := strings.ToLower(*to)
	if !strings.HasPrefix(ext, ".") {
		ext = "." + ext
	}
	if !slices.Contains(s.toExts, ext) {
		return "", fmt.Errorf("--to %s: want one of %s", *to, strings.Join(s.toExts, ", "))
	}
	return ext, nil
}

// commandFlags returns the arguments of args that are flags of the
// command (with their values), leaving out the positional arguments and
// the batch's own flags. It follows the flag package's syntax: -name or
// --name, a value after "=" or in the next argument unless the flag is
// boolean, "--" ending the flags. args have parsed without error.
func commandFlags(fs *flag.FlagSet, args []string, batchFlags map[string]bool) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		s := args[i]
		if s == "--" {
			break
		}
		if len(s) < 2 || s[0] != '-' {
			continue
		}
		name, _, hasValue := strings.Cut(strings.TrimPrefix(s[1:], "-"), "=")
		tokens := []string{s}
		if f := fs.Lookup(name); f != nil && !hasValue && !isBoolFlag(f) && i+1 < len(args) {
			i++
			tokens = append(tokens, args[i])
		}
		if !batchFlags[name] {
			out = append(out, tokens...)
		}
	}
	return out
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// fileRun is what running the command on one file gave.
type fileRun struct {
	FileResult
	stdout, stderr []byte
}

// run expands files, runs the command on each and prints the results;
// it returns the worst exit status.
func (b *batchCall) run(files []string, recursive bool, jobs int, stdout, stderr io.Writer) int {
	opt := batch.ExpandOptions{Recursive: recursive, Match: b.shape.match}
	if b.outDir != "" {
		opt.Exclude = []string{b.outDir}
	}
	items, problems := batch.Expand(files, opt)
	status := 0
	for _, p := range problems {
		fmt.Fprintf(stderr, "ms3dtool %s: %s\n", b.key, p)
		if !p.Failed() {
			continue
		}
		status = 2
		if b.json {
			b.writeResult(stdout, stderr, FileResult{File: p.Path, Status: 2, Messages: []string{p.String()}})
		}
	}
	outs, clash := b.outputs(items)
	var progress *batch.Progress
	if isTerminal(stderr) && len(items) > 0 {
		progress = batch.NewProgress(stderr, "ms3dtool "+b.key, len(items))
	}
	batch.Run(len(items), jobs, func(i int) fileRun {
		if clash[i] != "" {
			r := fileRun{FileResult: FileResult{File: items[i].Path, Status: 2, Output: outs[i]}}
			r.stderr = []byte(fmt.Sprintf("ms3dtool %s: %s: %s\n", b.key, items[i].Path, clash[i]))
			return r
		}
		return b.runFile(items[i].Path, outs[i])
	}, func(_ int, r fileRun) {
		if progress != nil {
			progress.Finished(r.Status != 0)
		}
	}, func(_ int, r fileRun) {
		status = max(status, r.Status)
		if progress != nil {
			progress.Clear()
		}
		stderr.Write(r.stderr)
		if b.json {
			b.writeResult(stdout, stderr, b.result(r))
		} else {
			stdout.Write(r.stdout)
		}
		if progress != nil {
			progress.Redraw()
		}
	})
	if progress != nil {
		progress.Finish()
	}
	return status
}

// outputs returns the file to write for each item under --out-dir (none
// without it): its path below the folder it was found in (a named file's
// name), with the output's extension. Two items that would write one
// file, or an item whose output is the item itself, get the reason they
// are refused in clash.
func (b *batchCall) outputs(items []batch.Item) (outs, clash []string) {
	outs, clash = make([]string, len(items)), make([]string, len(items))
	if b.outDir == "" {
		return outs, clash
	}
	first := map[string]int{}
	for i, it := range items {
		rel := strings.TrimSuffix(it.Rel, filepath.Ext(it.Rel)) + b.ext
		outs[i] = filepath.Join(b.outDir, rel)
		abs, err := filepath.Abs(outs[i])
		if err != nil {
			abs = outs[i]
		}
		if j, dup := first[abs]; dup {
			clash[i] = fmt.Sprintf("not written: %s is made of %s too", outs[i], items[j].Path)
			continue
		}
		first[abs] = i
		if sameFile(it.Path, outs[i]) {
			clash[i] = fmt.Sprintf("not written: %s is the file itself", outs[i])
		}
	}
	return outs, clash
}

// runFile runs the command on one file (writing out, if not empty) with
// output buffers of its own.
func (b *batchCall) runFile(in, out string) fileRun {
	r := fileRun{FileResult: FileResult{File: in, Output: out}}
	var o, e bytes.Buffer
	if out != "" {
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			r.Status = 2
			r.stderr = []byte(fmt.Sprintf("ms3dtool %s: %s: %v\n", b.key, in, err))
			return r
		}
	}
	args := append(append(slices.Clip(b.prefix), b.flags...), "--", in)
	if out != "" {
		args = append(args, out)
	}
	r.Status = b.cmd.run(args, &fileOutput{Buffer: &o, shared: &b.shared}, &e)
	r.stdout, r.stderr = o.Bytes(), e.Bytes()
	return r
}

// result is the FileResult of a file's run: the command's JSON document,
// or its printed lines, and its messages.
func (b *batchCall) result(r fileRun) FileResult {
	res := r.FileResult
	res.OK = res.Status == 0
	res.Messages = lines(r.stderr)
	var compact bytes.Buffer
	if b.ownJSON && json.Compact(&compact, r.stdout) == nil && compact.Len() > 0 {
		res.Result = compact.Bytes()
	} else {
		res.Stdout = lines(r.stdout)
	}
	return res
}

func (b *batchCall) writeResult(stdout, stderr io.Writer, r FileResult) {
	r.OK = r.Status == 0
	line, err := json.Marshal(r)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool %s: %s: %v\n", b.key, r.File, err)
		return
	}
	stdout.Write(append(line, '\n'))
}

// lines splits text into lines without their ends; nil for none.
func lines(text []byte) []string {
	s := strings.TrimRight(string(text), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// isTerminal reports whether w is a terminal, where progress is shown.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// fileOutput is the stdout a command writes one file's output to in a
// batch; it carries what the batch's files share.
type fileOutput struct {
	*bytes.Buffer
	shared *batchShared
}

// batchShared holds work the files of a batch do once for all of them,
// by key, such as the folder searches of `textures --search`.
type batchShared struct {
	mu   sync.Mutex
	once map[string]func() (any, error)
}

// do returns f's result for key, calling f only for the first file that
// asks (the others wait for it).
func (s *batchShared) do(key string, f func() (any, error)) (any, error) {
	s.mu.Lock()
	if s.once == nil {
		s.once = map[string]func() (any, error){}
	}
	g, ok := s.once[key]
	if !ok {
		g = sync.OnceValues(f)
		s.once[key] = g
	}
	s.mu.Unlock()
	return g()
}

// sharedWork returns f's result, computed once for all the files of a
// batch when stdout is one of a batch's files (see batchShared), or by
// calling f otherwise.
func sharedWork[T any](stdout io.Writer, key string, f func() (T, error)) (T, error) {
	o, ok := stdout.(*fileOutput)
	if !ok {
		return f()
	}
	v, err := o.shared.do(key, func() (any, error) { return f() })
	t, _ := v.(T)
	return t, err
}
