package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing/fstest"

	"ms3dstudio/document"
	"ms3dstudio/document/engine"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
	"ms3dstudio/model/compat"
	"ms3dstudio/model/fix"
	"ms3dstudio/model/texpath"
)

const fixUsage = "fix IN [OUT] [--in-place] [--dry-run] [--json] [--only CODE,...] [--skip CODE,...] [--for READER|ENGINE] [--codes]"

func init() {
	register("fix", fixUsage, "apply the automatic fixes, print each change and what remains, and write OUT atomically (--in-place keeps IN.bak); with --for goldsrc, textures GoldSrc cannot load are quantised into 8-bit BMP copies beside them; exit 0 when no error remains, 1 when errors remain, 2 on usage errors or unreadable input", runFix)
}

// FixReport is the document `fix --json` prints.
type FixReport struct {
	File string `json:"file"`
	// Output is the file written, or would be without --dry-run; empty
	// for a dry run without OUT.
	Output string `json:"output,omitempty"`
	// Written reports whether Output was written.
	Written bool         `json:"written"`
	Changes []fix.Change `json:"changes"`
	// Textures are the 8-bit BMP copies an engine fix (--for goldsrc)
	// makes beside the textures, written before OUT (not in a dry run).
	Textures []TextureReport `json:"textures,omitempty"`
	// Remaining are the findings of the fixed file, as `validate` would
	// report them on it.
	Remaining []model.Finding `json:"remaining"`
}

// TextureReport is one texture copy in `fix --json`.
type TextureReport struct {
	engine.TextureCopy
	// Written reports whether the copy was written by this run (false in
	// a dry run, or when Target already held it).
	Written bool `json:"written"`
}

func runFix(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("fix", fixUsage, stderr)
	asJSON := fs.Bool("json", false, "print one JSON document")
	dryRun := fs.Bool("dry-run", false, "print what would change and write nothing")
	inPlace := fs.Bool("in-place", false, "overwrite IN, keeping the original as IN.bak")
	only := fs.String("only", "", "fix only these `codes` (comma-separated), default or not")
	skip := fs.String("skip", "", "never fix these `codes` (comma-separated)")
	listCodes := fs.Bool("codes", false, "list the finding codes, what each fix does and which run by default, then exit")
	forName := fs.String("for", "", "also make the file load in this `reader or engine` ("+targetNames()+"), saying what each change drops")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if *listCodes {
		printRules(stdout)
		return 0
	}
	in, out, code := inOut(fs, stderr, files, *inPlace, *dryRun)
	if code != 0 {
		return code
	}
	opt := fix.Options{Only: splitCodes(*only), Skip: splitCodes(*skip)}
	if err := opt.CheckCodes(); err != nil {
		return usageError(fs, stderr, "%v", err)
	}
	target, err := document.ParseTarget(*forName)
	if err != nil {
		return usageError(fs, stderr, "%v", err)
	}

	data, err := os.ReadFile(in)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool fix: %v\n", err)
		return 2
	}
	if r, err := texpath.NewOS(in); err == nil {
		opt.Textures = r
	}
	m, changes, err := document.DecodeFixed(data, opt)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool fix: %s: %v\n", in, err)
		return 2
	}
	if target.Reader != 0 {
		changes = append(changes, compat.Fix(m, target.Reader)...)
	}
	var copies []engine.TextureCopy
	if target.Engine != "" {
		engineChanges, cs, problems := engine.Fix(m, target.Engine, opt.Textures)
		changes, copies = append(changes, engineChanges...), cs
		for _, p := range problems {
			fmt.Fprintf(stderr, "ms3dtool fix: note: %s: %v\n", in, p)
		}
	}
	encoded, err := ms3d.Encode(m)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool fix: %s: the fixed model cannot be written: %v\n", in, err)
		return 1
	}
	written := out
	if written == "" {
		written = in
	}
	left, err := remaining(encoded, written, target, copies)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool fix: %s: the fixed model does not read back: %v\n", in, err)
		return 1
	}
	report := FixReport{File: in, Output: out, Changes: changes, Remaining: left}
	for _, c := range copies {
		report.Textures = append(report.Textures, TextureReport{TextureCopy: c})
	}
	if report.Changes == nil {
		report.Changes = []fix.Change{}
	}
	var note string
	switch {
	case *dryRun:
		note = "dry run: nothing written"
	case *inPlace && len(changes) == 0:
		note = fmt.Sprintf("nothing to fix: %s is unchanged", in)
	default:
		// The copies go first, so that the model never names a texture
		// that is not there.
		for i, c := range copies {
			if c.Exists {
				continue
			}
			if err := c.Write(); err != nil {
				fmt.Fprintf(stderr, "ms3dtool fix: %v; %s not written\n", err, out)
				return 1
			}
			report.Textures[i].Written = true
		}
		if note, err = writeModel(stderr, "ms3dtool fix", in, out, m, encoded, *inPlace); err != nil {
			fmt.Fprintf(stderr, "ms3dtool fix: %v\n", err)
			return 1
		}
		report.Written = true
	}
	status := 0
	if model.HasErrors(report.Remaining) {
		status = 1
	}
	if *asJSON {
		if code := writeJSON(stdout, stderr, report); code != 0 {
			return code
		}
		return status
	}
	printFix(stdout, report, note)
	return status
}

// remaining decodes the fixed file and reports its findings as `validate`
// (and the app) would, with textures looked up beside file, where the model
// is (or would be) written, and the chosen target. Texture copies not yet
// on disk (a dry run) are seen where they would be written.
func remaining(encoded []byte, file string, target document.Target, copies []engine.TextureCopy) ([]model.Finding, error) {
	back, found, err := ms3d.Decode(encoded)
	if err != nil {
		return nil, err
	}
	d := document.New(back, file, found)
	if r := withCopies(file, copies); r != nil {
		d.SetTextureResolver(r)
	}
	d.SetTarget(target)
	return append([]model.Finding{}, d.Findings()...), nil
}

// withCopies returns a resolver for the model file that also sees the
// copies that are not on disk yet, or nil when every copy is (or none is
// made), so the document's own resolver serves.
func withCopies(file string, copies []engine.TextureCopy) *texpath.Resolver {
	add := fstest.MapFS{}
	for _, c := range copies {
		if _, err := os.Stat(c.Target); err == nil {
			continue
		}
		// A resolver for a file in the copy's folder names that folder
		// inside the resolver's file system.
		r, err := texpath.NewOS(c.Target)
		if err != nil {
			continue
		}
		add[path.Join(r.ModelDir, filepath.Base(c.Target))] = &fstest.MapFile{Data: c.Data, Mode: 0o644}
	}
	r, err := texpath.NewOS(file)
	if len(add) == 0 || err != nil {
		return nil
	}
	r.FS = overlayFS{FS: r.FS, add: add}
	return r
}

// overlayFS is a file system with files added in memory: Open, Stat and
// ReadDir see both, the added files first.
type overlayFS struct {
	fs.FS
	add fstest.MapFS
}

func (o overlayFS) Open(name string) (fs.File, error) {
	if _, ok := o.add[name]; ok {
		return o.add.Open(name)
	}
	return o.FS.Open(name)
}

func (o overlayFS) Stat(name string) (fs.FileInfo, error) {
	if _, ok := o.add[name]; ok {
		return o.add.Stat(name)
	}
	return fs.Stat(o.FS, name)
}

func (o overlayFS) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(o.FS, name)
	extra, extraErr := o.add.ReadDir(name)
	if extraErr != nil {
		return entries, err
	}
	for _, e := range extra {
		if !slices.ContainsFunc(entries, func(d fs.DirEntry) bool { return d.Name() == e.Name() }) {
			entries = append(entries, e)
		}
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, nil
}

// targetNames lists the readers and engines --for accepts, for its help.
func targetNames() string { return strings.Join(document.TargetNames(), ", ") }

func printFix(w io.Writer, r FixReport, note string) {
	fmt.Fprintf(w, "%s: %s\n", r.File, countNoun(len(r.Changes), "change"))
	for _, c := range r.Changes {
		fmt.Fprintf(w, "  %s\n", c)
	}
	for _, t := range r.Textures {
		state := "to write"
		switch {
		case t.Written:
			state = "written"
		case t.Exists:
			state = "already there"
		}
		fmt.Fprintf(w, "texture copy %s (%s, %d bytes) from %s\n", t.Target, state, len(t.Data), t.Source)
	}
	errs, warns, infos := model.CountSeverities(r.Remaining)
	fmt.Fprintf(w, "remaining: %s, %s, %s\n", countNoun(errs, "error"), countNoun(warns, "warning"), countNoun(infos, "note"))
	for _, f := range r.Remaining {
		fmt.Fprintf(w, "  %s\n", f)
	}
	fmt.Fprintln(w, note)
}

func printRules(w io.Writer) {
	for _, r := range fix.Rules() {
		when := "fixed by default"
		switch {
		case !r.Fixable:
			when = "no automatic fix"
		case !r.Default:
			when = "fixed only with --only"
		}
		fmt.Fprintf(w, "%s (%s)\n    %s\n", r.Code, when, r.Does)
		if r.Why != "" {
			fmt.Fprintf(w, "    why: %s\n", r.Why)
		}
	}
}

func countNoun(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// splitCodes splits a comma-separated list of finding codes.
func splitCodes(s string) []model.Code {
	var out []model.Code
	for _, c := range strings.Split(s, ",") {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, model.Code(c))
		}
	}
	return out
}

// writeModel writes encoded, the MS3D bytes of m, to out atomically,
// keeping the original as out.bak on the first in-place overwrite, and
// returns the note that says what was written. When out is in another
// folder than in and m has relative texture paths, it says so on stderr,
// prefixed with cmd ("ms3dtool fix").
func writeModel(stderr io.Writer, cmd, in, out string, m *model.Model, encoded []byte, inPlace bool) (string, error) {
	bak := out + ".bak"
	_, statErr := os.Stat(bak)
	hadBackup := statErr == nil
	if err := atomicfile.WriteFile(out, encoded, 0o644, inPlace); err != nil {
		return "", err
	}
	note := fmt.Sprintf("wrote %s (%d bytes)", out, len(encoded))
	switch {
	case inPlace && hadBackup:
		note += fmt.Sprintf("; %s already existed and still holds an earlier original", bak)
	case inPlace:
		note += fmt.Sprintf("; the original is kept as %s", bak)
	}
	if otherFolder(in, out) && hasRelativeTextures(m) {
		fmt.Fprintf(stderr, "%s: note: %s is in another folder than %s, and texture paths are relative to the model's folder\n", cmd, out, in)
	}
	return note, nil
}

func otherFolder(a, b string) bool {
	pa, errA := filepath.Abs(a)
	pb, errB := filepath.Abs(b)
	if errA != nil || errB != nil {
		return false
	}
	da, db := filepath.Dir(pa), filepath.Dir(pb)
	if da == db {
		return false
	}
	// Windows and macOS folders are usually case-insensitive: the same
	// folder spelt differently, or reached through a link, is not another.
	if runtime.GOOS != "linux" && strings.EqualFold(da, db) {
		return false
	}
	sa, errA := os.Stat(da)
	sb, errB := os.Stat(db)
	return errA != nil || errB != nil || !os.SameFile(sa, sb)
}

// hasRelativeTextures reports whether a material names a texture or alpha
// map by a relative path.
func hasRelativeTextures(m *model.Model) bool {
	for _, mt := range m.Materials {
		for _, s := range []model.Str{mt.Texture, mt.AlphaMap} {
			if s.Text() != "" && !texpath.Parse(s).Abs {
				return true
			}
		}
	}
	return false
}
