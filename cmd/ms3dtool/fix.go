package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"ms3dstudio/document"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
	"ms3dstudio/model/compat"
	"ms3dstudio/model/fix"
	"ms3dstudio/model/texpath"
)

const fixUsage = "fix IN [OUT] [--in-place] [--dry-run] [--json] [--only CODE,...] [--skip CODE,...] [--for READER] [--codes]"

func init() {
	register("fix", fixUsage, "apply the automatic fixes, print each change and what remains, and write OUT atomically (--in-place keeps IN.bak); exit 0 when no error remains, 1 when errors remain, 2 on usage errors or unreadable input", runFix)
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
	// Remaining are the findings of the fixed file, as `validate` would
	// report them on it.
	Remaining []model.Finding `json:"remaining"`
}

func runFix(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("fix", fixUsage, stderr)
	asJSON := fs.Bool("json", false, "print one JSON document")
	dryRun := fs.Bool("dry-run", false, "print what would change and write nothing")
	inPlace := fs.Bool("in-place", false, "overwrite IN, keeping the original as IN.bak")
	only := fs.String("only", "", "fix only these `codes` (comma-separated), default or not")
	skip := fs.String("skip", "", "never fix these `codes` (comma-separated)")
	listCodes := fs.Bool("codes", false, "list the finding codes, what each fix does and which run by default, then exit")
	reader := fs.String("for", "", "also make the file load in this `reader` ("+readerNames()+"), saying what each change drops")
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
	profile, err := parseReader(*reader)
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
	if profile != 0 {
		changes = append(changes, compat.Fix(m, profile)...)
	}
	encoded, err := ms3d.Encode(m)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool fix: %s: the fixed model cannot be written: %v\n", in, err)
		return 1
	}
	target := out
	if target == "" {
		target = in
	}
	left, err := remaining(encoded, target, profile)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool fix: %s: the fixed model does not read back: %v\n", in, err)
		return 1
	}
	report := FixReport{File: in, Output: out, Changes: changes, Remaining: left}
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
		bak := out + ".bak"
		_, statErr := os.Stat(bak)
		hadBackup := statErr == nil
		if err := atomicfile.WriteFile(out, encoded, 0o644, *inPlace); err != nil {
			fmt.Fprintf(stderr, "ms3dtool fix: %v\n", err)
			return 1
		}
		report.Written = true
		note = fmt.Sprintf("wrote %s (%d bytes)", out, len(encoded))
		switch {
		case *inPlace && hadBackup:
			note += fmt.Sprintf("; %s already existed and still holds an earlier original", bak)
		case *inPlace:
			note += fmt.Sprintf("; the original is kept as %s", bak)
		}
		if otherFolder(in, out) && hasRelativeTextures(m) {
			fmt.Fprintf(stderr, "ms3dtool fix: note: %s is in another folder than %s, and texture paths are relative to the model's folder\n", out, in)
		}
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
// (and the app) would, with textures looked up beside path, where the file
// is (or would be) written, and the chosen reader's quirks.
func remaining(encoded []byte, path string, reader compat.Profile) ([]model.Finding, error) {
	back, found, err := ms3d.Decode(encoded)
	if err != nil {
		return nil, err
	}
	d := document.New(back, path, found)
	d.SetReader(reader)
	return append([]model.Finding{}, d.Findings()...), nil
}

// parseReader reads a --for value; "" is no reader.
func parseReader(name string) (compat.Profile, error) {
	if name == "" {
		return 0, nil
	}
	return compat.ParseProfile(name)
}

// readerNames lists the reader profiles for --for's help.
func readerNames() string {
	var names []string
	for _, p := range compat.Profiles() {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

func printFix(w io.Writer, r FixReport, note string) {
	fmt.Fprintf(w, "%s: %s\n", r.File, countNoun(len(r.Changes), "change"))
	for _, c := range r.Changes {
		fmt.Fprintf(w, "  %s\n", c)
	}
	var errs, warns, infos int
	for _, f := range r.Remaining {
		switch f.Severity {
		case model.Error:
			errs++
		case model.Warning:
			warns++
		default:
			infos++
		}
	}
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

// sameFile reports whether a and b name the same file: the same file on
// disk when both exist, the same absolute path otherwise.
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	if errB != nil && !errors.Is(errB, os.ErrNotExist) {
		return false
	}
	pa, errA := filepath.Abs(a)
	pb, errB := filepath.Abs(b)
	return errA == nil && errB == nil && pa == pb
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
