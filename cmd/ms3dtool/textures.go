package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"ms3dstudio/cmd/ms3dtool/internal/batchcmd"
	"ms3dstudio/document"
	"ms3dstudio/texture"
)

const texturesUsage = "textures FILE... [--search DIR]... [--apply] [--style relative|backslash] [--collect DIR] [--json]"

func init() {
	register("textures", texturesUsage, "list every texture and alpha-map path with its status, search folders for the missing ones (by name, case, 8.3 name and other image extensions), and with --apply rewrite the paths (or --collect the files beside each model) and save each model in place keeping FILE.bak; exit 0 when every texture resolves after the run, 1 when some do not, 2 on usage errors or unreadable input", runTextures)
}

// TexturesReport is the document `textures --json` prints.
type TexturesReport struct {
	Searches []SearchReport  `json:"searches"`
	Models   []TexturesModel `json:"models"`
}

// SearchReport says what searching one --search folder found.
type SearchReport struct {
	Folder    string                  `json:"folder"`
	Files     int                     `json:"files"`
	Folders   int                     `json:"folders"`
	Complete  bool                    `json:"complete"`
	Millis    int64                   `json:"ms"`
	Problems  []texture.SearchProblem `json:"problems"`
	readError string
}

// TexturesModel is one model's texture paths before and after the run.
type TexturesModel struct {
	File  string `json:"file"`
	Error string `json:"error,omitempty"`
	// Paths are the paths as found before any change.
	Paths []TexturePath `json:"paths"`
	// Changes are the path edits made (with --apply) or proposed.
	Changes []TextureChange `json:"changes"`
	Copies  []texture.Copy  `json:"copies,omitempty"`
	// Written reports that the model was saved.
	Written bool `json:"written"`
	// After are the paths after the run, as a reader of the saved file
	// sees them.
	After []TexturePath `json:"after"`
	// Unresolved counts the paths in After that are missing or cannot be
	// decoded.
	Unresolved int `json:"unresolved"`
}

// TexturePath is one texture or alpha-map path and its status.
type TexturePath struct {
	Material int    `json:"material"`
	AlphaMap bool   `json:"alphaMap,omitempty"`
	Stored   string `json:"stored"`
	// Status is "found", "missing" or "undecodable".
	Status string `json:"status"`
	// Rule says how the file was (or would be) found.
	Rule   string `json:"rule,omitempty"`
	File   string `json:"file,omitempty"`
	Format string `json:"format,omitempty"`
	Width  int    `json:"width,omitempty"`
	Height int    `json:"height,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Candidates lists every file the searches proposed for a missing
	// path; the first is used.
	Candidates []texture.Candidate `json:"candidates,omitempty"`
}

// TextureChange is one path edit.
type TextureChange struct {
	Material int    `json:"material"`
	AlphaMap bool   `json:"alphaMap,omitempty"`
	Old      string `json:"old"`
	New      string `json:"new"`
	Rule     string `json:"rule"`
}

func runTextures(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("textures", texturesUsage, stderr)
	var search stringList
	fs.Var(&search, "search", "look for missing textures under `DIR` (repeatable)")
	apply := fs.Bool("apply", false, "rewrite the paths and save each model in place (FILE.bak keeps the original)")
	styleName := fs.String("style", "relative", "path `style` --apply writes: relative (forward slashes) or backslash (MilkShape's)")
	collect := fs.String("collect", "", "with --apply, copy every texture into `DIR` (relative to each model's folder) and point there")
	asJSON := fs.Bool("json", false, "print one JSON document")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if len(files) == 0 {
		return usageError(fs, stderr, "want at least one FILE")
	}
	style, err := texture.ParseStyle(*styleName)
	if err != nil {
		return usageError(fs, stderr, "%v", err)
	}
	if *collect != "" && !*apply {
		return usageError(fs, stderr, "--collect copies files: it needs --apply")
	}
	status := 0
	var report TexturesReport
	var indexes []*texture.Index
	for _, dir := range search {
		// In a batch, each folder is searched once for all the models.
		ix, err := batchcmd.SharedWork(stdout, "textures --search "+dir, func() (*texture.Index, error) {
			return texture.Search(context.Background(), dir, texture.SearchOptions{})
		})
		if err != nil {
			fmt.Fprintf(stderr, "ms3dtool textures: %v\n", err)
			report.Searches = append(report.Searches, SearchReport{Folder: dir, Problems: []texture.SearchProblem{}, readError: err.Error()})
			status = 2
			continue
		}
		indexes = append(indexes, ix)
		sr := SearchReport{Folder: dir, Files: ix.Files, Folders: ix.Folders, Complete: ix.Complete, Millis: ix.Elapsed.Milliseconds(), Problems: ix.Problems}
		if sr.Problems == nil {
			sr.Problems = []texture.SearchProblem{}
		}
		report.Searches = append(report.Searches, sr)
	}
	for _, file := range files {
		mr, code := texturesOne(file, indexes, *apply, style, *collect)
		report.Models = append(report.Models, mr)
		status = max(status, code)
	}
	if *asJSON {
		if code := writeJSON(stdout, stderr, report); code != 0 {
			return code
		}
		return status
	}
	printTextures(stdout, report)
	return status
}

// texturesOne handles one model and returns its report and exit status.
func texturesOne(file string, indexes []*texture.Index, apply bool, style texture.Style, collect string) (TexturesModel, int) {
	mr := TexturesModel{File: file, Paths: []TexturePath{}, Changes: []TextureChange{}, After: []TexturePath{}}
	if !strings.EqualFold(filepath.Ext(file), ".ms3d") {
		mr.Error = "not an .ms3d file"
		return mr, 2
	}
	d, err := document.Open(file)
	if err != nil {
		mr.Error = err.Error()
		return mr, 2
	}
	plan := texture.NewPlan(d.Model(), file, d.TextureResolver(), indexes...)
	mr.Paths = texturePaths(plan)
	if apply && collect != "" {
		copies, err := plan.Collect(collect)
		mr.Copies = copies
		if err != nil {
			mr.Error = err.Error()
			return mr, 1
		}
	}
	edits := plan.Edits(style)
	var pe []document.PathEdit
	for _, e := range edits {
		mr.Changes = append(mr.Changes, TextureChange{Material: e.Material, AlphaMap: e.AlphaMap, Old: e.Old.Display(), New: e.New, Rule: e.Rule})
		pe = append(pe, document.PathEdit{Material: e.Material, AlphaMap: e.AlphaMap, Path: e.New})
	}
	if apply && len(pe) > 0 {
		if err := d.Do(document.RemapPaths("Apply texture search", pe)); err != nil {
			mr.Error = err.Error()
			return mr, 1
		}
		if err := d.Save(); err != nil {
			mr.Error = err.Error()
			return mr, 1
		}
		mr.Written = true
	}
	after := texture.NewPlan(d.Model(), file, d.TextureResolver())
	mr.After = texturePaths(after)
	for _, p := range mr.After {
		if p.Status != "found" {
			mr.Unresolved++
		}
	}
	if mr.Unresolved > 0 {
		return mr, 1
	}
	return mr, 0
}

// texturePaths lists a plan's items with each file's format and size, read
// from its headers (texture.StatFile).
func texturePaths(p *texture.Plan) []TexturePath {
	out := []TexturePath{}
	for _, it := range p.Items {
		tp := TexturePath{Material: it.Material, AlphaMap: it.AlphaMap, Stored: it.Stored.Display(), Status: "missing", Rule: it.Rule, File: it.Target, Candidates: it.Candidates}
		if it.Target != "" {
			info := texture.StatFile(it.Target)
			tp.Format, tp.Width, tp.Height = info.Format, info.Width, info.Height
			switch {
			case info.Err != nil:
				tp.Status, tp.Reason = "undecodable", info.Err.Error()
			case it.Resolved.Found:
				tp.Status = "found"
			default:
				tp.Status = "searched"
			}
		}
		out = append(out, tp)
	}
	return out
}

func printTextures(w io.Writer, r TexturesReport) {
	for _, s := range r.Searches {
		if s.readError != "" {
			fmt.Fprintf(w, "search %s: %s\n", s.Folder, s.readError)
			continue
		}
		done := "complete"
		if !s.Complete {
			done = "incomplete"
		}
		fmt.Fprintf(w, "search %s: %d files in %d folders, %s, %d ms\n", s.Folder, s.Files, s.Folders, done, s.Millis)
		for _, p := range s.Problems {
			fmt.Fprintf(w, "  %s\n", p)
		}
	}
	for _, m := range r.Models {
		fmt.Fprintf(w, "%s:\n", m.File)
		if m.Error != "" {
			fmt.Fprintf(w, "  error: %s\n", m.Error)
		}
		for _, p := range m.Paths {
			fmt.Fprintf(w, "  %s\n", p)
			if len(p.Candidates) > 1 {
				for k, c := range p.Candidates {
					mark := " "
					if k == 0 {
						mark = "*"
					}
					fmt.Fprintf(w, "     %s %s (%s)\n", mark, c.Path, c.Rule)
				}
			}
		}
		for _, c := range m.Copies {
			verb := "copied"
			if c.Existed {
				verb = "already there"
			}
			fmt.Fprintf(w, "  %s: %s → %s\n", verb, c.From, c.To)
		}
		verb := "would change"
		if m.Written {
			verb = "changed"
		}
		for _, c := range m.Changes {
			what := "texture"
			if c.AlphaMap {
				what = "alpha map"
			}
			fmt.Fprintf(w, "  %s material %d %s: %q → %q\n", verb, c.Material, what, c.Old, c.New)
		}
		if m.Written {
			fmt.Fprintf(w, "  saved %s (the first original is kept as %s.bak)\n", m.File, m.File)
		}
		fmt.Fprintf(w, "  after: %d of %d paths resolve\n", len(m.After)-m.Unresolved, len(m.After))
	}
}

// String formats a path as `material 0 texture "a.bmp": found (exact) /m/a.bmp, bmp 128×128`.
func (p TexturePath) String() string {
	what := "texture"
	if p.AlphaMap {
		what = "alpha map"
	}
	s := fmt.Sprintf("material %d %s %q: %s", p.Material, what, p.Stored, p.Status)
	if p.File != "" {
		s += fmt.Sprintf(" (%s) %s", p.Rule, p.File)
	}
	if p.Width > 0 {
		s += fmt.Sprintf(", %s %d×%d", p.Format, p.Width, p.Height)
	}
	if p.Reason != "" {
		s += ": " + p.Reason
	}
	return s
}
