// Package batchcmd runs an ms3dtool command over many files: every
// command that works on files also takes folders and several files at
// once. The commands stay written for one file. A batch adds its flags to
// a command's own (AddFlags), expands the folders (internal/batch), runs
// the command once per file on several goroutines, each with output
// buffers of its own, and writes what each printed in the order of the
// input, or with --json one FileResult a line (JSON Lines). The exit
// status is the worst of the files'.
package batchcmd

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

	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/internal/batch"
)

// OutKind says what a command writes for each file it reads.
type OutKind int

const (
	// OutNone: the command writes nothing, or writes into the file
	// itself (textures --apply).
	OutNone OutKind = iota
	// OutRequired: IN OUT; in a batch OUT is made under --out-dir.
	OutRequired
	// OutOptional: IN [OUT]; in a batch OUT is made under --out-dir, or
	// one of the shape's NoOut flags (--in-place, --dry-run) does
	// without.
	OutOptional
)

// Shape is how a command takes its files in a batch.
type Shape struct {
	Out OutKind
	// ToExts are the output extensions --to chooses from; empty when the
	// output's extension is Ext.
	ToExts []string
	Ext    string
	// NoOut are the command's flags that make OUT unnecessary.
	NoOut []string
	// Multi: the command's own form takes several files, so several named
	// files alone do not make a batch (its one JSON document stays).
	Multi bool
	// Match says which files found in folders the command reads.
	Match func(path string) bool
}

// Batch flags, added to the command's own.
const (
	FlagRecursive = "r"
	FlagJobs      = "jobs"
	FlagOutDir    = "out-dir"
	FlagTo        = "to"
	FlagJSON      = "json"
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

// Command is the command a batch runs once a file.
type Command struct {
	// Key names the command in messages and progress ("anim set").
	Key string
	// Prefix are the arguments before the command's flags (anim's
	// subcommand).
	Prefix []string
	// Run runs the command on the arguments given, as main would.
	Run func(args []string, stdout, stderr io.Writer) int
}

// Flags are the batch's flags, added to a command's flag set by AddFlags.
type Flags struct {
	shape      Shape
	recursive  *bool
	jobs       *int
	outDir, to *string
	// own are the flags AddFlags added: --json only when the command has
	// none of its own.
	own map[string]bool
}

// AddFlags adds to fs, the command's flag set, the batch flags its shape
// takes: -r and --jobs always, --out-dir for the commands that write a
// file per input, --to for those that choose its format, and --json
// when the command has none (a command's own --json is passed on).
func AddFlags(fs *flag.FlagSet, shape Shape) *Flags {
	f := &Flags{shape: shape, own: map[string]bool{FlagRecursive: true, FlagJobs: true}}
	f.recursive = fs.Bool(FlagRecursive, false, "batch: walk the folders given and every folder below them (without it a folder gives its own files)")
	f.jobs = fs.Int(FlagJobs, 0, fmt.Sprintf("batch: work on `N` files at once (default the number of CPUs, %d)", batch.DefaultJobs()))
	if shape.Out != OutNone {
		f.outDir = fs.String(FlagOutDir, "", "batch: write the file made of each input under `DIR`, at the input's path below the folder it was found in")
		f.own[FlagOutDir] = true
	}
	if len(shape.ToExts) > 0 {
		f.to = fs.String(FlagTo, "", "batch: the `EXT` of the files written under --out-dir: "+strings.Join(shape.ToExts, ", "))
		f.own[FlagTo] = true
	}
	if fs.Lookup(FlagJSON) == nil {
		fs.Bool(FlagJSON, false, "batch: print one JSON object a file (JSON Lines)")
		f.own[FlagJSON] = true
	}
	return f
}

// Call is one batch: the command, its flags and what the files share.
type Call struct {
	cmd       Command
	flags     []string // the command's own flags, for every file
	shape     Shape
	json      bool // print FileResults
	ownJSON   bool // the command prints JSON itself (its --json is passed on)
	recursive bool
	jobs      int
	outDir    string
	ext       string
	shared    sharedResults
}

// NewCall returns the batch fs asks for, once parsed from args (files
// are its positional arguments): nil when it asks for none, and the
// command runs as it always has. A batch is asked for by -r, --jobs,
// --out-dir or --to, a folder among the files, or more files than the
// command's own form takes. The error is a usage error, to print with
// the command's usage.
func (f *Flags) NewCall(fs *flag.FlagSet, cmd Command, args, files []string) (*Call, error) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	s := f.shape
	isBatch := set[FlagRecursive] || set[FlagJobs] || (set[FlagOutDir] && f.own[FlagOutDir]) || (set[FlagTo] && f.own[FlagTo]) ||
		slices.ContainsFunc(files, isDir) ||
		(s.Out == OutNone && !s.Multi && len(files) > 1) ||
		(s.Out == OutOptional && len(files) > 2 && slices.ContainsFunc(s.NoOut, func(n string) bool { return set[n] }))
	if !isBatch {
		return nil, nil
	}
	b := &Call{cmd: cmd, shape: s, ownJSON: !f.own[FlagJSON], json: fs.Lookup(FlagJSON).Value.String() == "true",
		recursive: *f.recursive, jobs: *f.jobs}
	b.flags = commandFlags(fs, args, f.own)
	switch {
	case len(files) == 0:
		return nil, fmt.Errorf("want at least one FILE or folder")
	case b.jobs < 0:
		return nil, fmt.Errorf("--jobs %d: want a number of files from 1 (0: one a CPU)", b.jobs)
	}
	if f.outDir != nil {
		b.outDir = *f.outDir
	}
	var err error
	if b.ext, err = b.outExt(f.to, set); err != nil {
		return nil, err
	}
	return b, nil
}

// outExt checks the flags that name the outputs and returns their
// extension ("" when the command writes none under --out-dir).
func (b *Call) outExt(to *string, set map[string]bool) (string, error) {
	s := b.shape
	if b.outDir != "" && set["in-place"] {
		return "", fmt.Errorf("--in-place writes each file over itself: give no --out-dir")
	}
	if s.Out == OutOptional && b.outDir == "" && len(s.NoOut) > 0 && !slices.ContainsFunc(s.NoOut, func(n string) bool { return set[n] }) {
		return "", fmt.Errorf("in a batch, give --out-dir DIR or --%s", strings.Join(s.NoOut, " or --"))
	}
	if s.Out == OutRequired && b.outDir == "" {
		return "", fmt.Errorf("in a batch, give --out-dir DIR for the files %s writes", b.cmd.Key)
	}
	if len(s.ToExts) == 0 {
		return s.Ext, nil
	}
	if *to == "" {
		return "", fmt.Errorf("give --to EXT, the format of the files written under --out-dir: one of %s", strings.Join(s.ToExts, ", "))
	}
	ext := strings.ToLower(*to)
	if !strings.HasPrefix(ext, ".") {
		ext = "." + ext
	}
	if !slices.Contains(s.ToExts, ext) {
		return "", fmt.Errorf("--to %s: want one of %s", *to, strings.Join(s.ToExts, ", "))
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

// Run expands files, runs the command on each and prints the results;
// it returns the worst exit status.
func (b *Call) Run(files []string, stdout, stderr io.Writer) int {
	opt := batch.ExpandOptions{Recursive: b.recursive, Match: b.shape.Match}
	if b.outDir != "" {
		opt.Exclude = []string{b.outDir}
	}
	items, problems := batch.Expand(files, opt)
	status := 0
	for _, p := range problems {
		fmt.Fprintf(stderr, "ms3dtool %s: %s\n", b.cmd.Key, p)
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
	if batch.IsTerminal(stderr) && len(items) > 0 {
		progress = batch.NewProgress(stderr, "ms3dtool "+b.cmd.Key, len(items))
	}
	batch.Run(len(items), b.jobs, func(i int) fileRun {
		if clash[i] != "" {
			r := fileRun{FileResult: FileResult{File: items[i].Path, Status: 2, Output: outs[i]}}
			r.stderr = []byte(fmt.Sprintf("ms3dtool %s: %s: %s\n", b.cmd.Key, items[i].Path, clash[i]))
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
func (b *Call) outputs(items []batch.Item) (outs, clash []string) {
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
		if atomicfile.SameFile(it.Path, outs[i]) {
			clash[i] = fmt.Sprintf("not written: %s is the file itself", outs[i])
		}
	}
	return outs, clash
}

// runFile runs the command on one file (writing out, if not empty) with
// output buffers of its own.
func (b *Call) runFile(in, out string) fileRun {
	r := fileRun{FileResult: FileResult{File: in, Output: out}}
	var o, e bytes.Buffer
	if out != "" {
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			r.Status = 2
			r.stderr = []byte(fmt.Sprintf("ms3dtool %s: %s: %v\n", b.cmd.Key, in, err))
			return r
		}
	}
	args := append(append(slices.Clip(b.cmd.Prefix), b.flags...), "--", in)
	if out != "" {
		args = append(args, out)
	}
	r.Status = b.cmd.Run(args, &fileOutput{Buffer: &o, shared: &b.shared}, &e)
	r.stdout, r.stderr = o.Bytes(), e.Bytes()
	return r
}

// result is the FileResult of a file's run: the command's JSON document,
// or its printed lines, and its messages.
func (b *Call) result(r fileRun) FileResult {
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

func (b *Call) writeResult(stdout, stderr io.Writer, r FileResult) {
	r.OK = r.Status == 0
	line, err := json.Marshal(r)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool %s: %s: %v\n", b.cmd.Key, r.File, err)
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

// fileOutput is the stdout a command writes one file's output to in a
// batch; it carries what the batch's files share.
type fileOutput struct {
	*bytes.Buffer
	shared *sharedResults
}

// sharedResults holds work the files of a batch do once for all of them,
// by key, such as the folder searches of `textures --search`.
type sharedResults struct {
	mu   sync.Mutex
	once map[string]func() (any, error)
}

// do returns f's result for key, calling f only for the first file that
// asks (the others wait for it).
func (s *sharedResults) do(key string, f func() (any, error)) (any, error) {
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

// SharedWork returns f's result, computed once for all the files of a
// batch when stdout is one of a batch's files (see sharedResults), or by
// calling f otherwise.
func SharedWork[T any](stdout io.Writer, key string, f func() (T, error)) (T, error) {
	o, ok := stdout.(*fileOutput)
	if !ok {
		return f()
	}
	v, err := o.shared.do(key, func() (any, error) { return f() })
	t, _ := v.(T)
	return t, err
}
