package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"path/filepath"
	"strings"

	"ms3dstudio/cmd/ms3dtool/internal/htmlreport"
	"ms3dstudio/document"
	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/internal/batch"
	"ms3dstudio/model"
	"ms3dstudio/texture"
	"ms3dstudio/viewport/thumbnail"
)

const reportUsage = "report DIR... OUT.html [--size N] [--jobs N] [--for READER|ENGINE]"

func init() {
	register("report", reportUsage, "write one self-contained HTML page (no server, nothing fetched) on every model in the folder trees: its picture, counts, findings and texture status, worst first, sortable by any column and filterable; exit 0 when the page is written, 2 on usage errors or when it cannot be written", runReport)
}

// defaultReportThumb is the side of the report's pictures in pixels.
const defaultReportThumb = 128

func runReport(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("report", reportUsage, stderr)
	size := fs.Int("size", defaultReportThumb, "side of each model's picture in `N` pixels")
	jobs := fs.Int("jobs", 0, fmt.Sprintf("work on `N` models at once (default the number of CPUs, %d)", batch.DefaultJobs()))
	forName := fs.String("for", "", "also report what this `reader or engine` ("+targetNames()+") will refuse or misread")
	files, err := parseInterleaved(fs, args)
	if err == flag.ErrHelp {
		return 0
	}
	if err != nil {
		return 2
	}
	if len(files) < 2 {
		return usageError(fs, stderr, "want the folders (or files) and OUT.html, got %d arguments", len(files))
	}
	ins, out := files[:len(files)-1], files[len(files)-1]
	switch {
	case !strings.EqualFold(filepath.Ext(out), ".html"):
		return usageError(fs, stderr, "OUT must end in .html")
	case *size < 1 || *size > thumbnail.MaxSize:
		return usageError(fs, stderr, "--size %d: want 1 to %d", *size, thumbnail.MaxSize)
	case *jobs < 0:
		return usageError(fs, stderr, "--jobs %d: want a number of models from 1 (0: one a CPU)", *jobs)
	}
	target, err := document.ParseTarget(*forName)
	if err != nil {
		return usageError(fs, stderr, "%v", err)
	}
	if err := notOtherFile(out, []byte(htmlreport.Marker), "a page ms3dtool report wrote"); err != nil {
		fmt.Fprintf(stderr, "ms3dtool report: %v\n", err)
		return 2
	}
	items, problems := batch.Expand(ins, batch.ExpandOptions{Recursive: true, Match: document.CanOpen})
	for _, p := range problems {
		fmt.Fprintf(stderr, "ms3dtool report: %s\n", p)
	}
	page := htmlreport.Page{Title: strings.Join(ins, ", "), Models: make([]htmlreport.Model, len(items))}
	var progress *batch.Progress
	if batch.IsTerminal(stderr) && len(items) > 0 {
		progress = batch.NewProgress(stderr, "ms3dtool report", len(items))
	}
	batch.Run(len(items), *jobs, func(i int) htmlreport.Model {
		name := filepath.ToSlash(items[i].Path)
		if len(ins) == 1 && !items[i].Named() {
			name = filepath.ToSlash(items[i].Rel)
		}
		return reportModel(items[i].Path, name, target, *size)
	}, func(_ int, m htmlreport.Model) {
		if progress != nil {
			progress.Finished(m.Error != "")
		}
	}, func(i int, m htmlreport.Model) {
		page.Models[i] = m
	})
	if progress != nil {
		progress.Finish()
	}
	var b bytes.Buffer
	if err := htmlreport.Write(&b, page); err != nil {
		fmt.Fprintf(stderr, "ms3dtool report: %v\n", err)
		return 2
	}
	if err := atomicfile.WriteFile(out, b.Bytes(), 0o644, false); err != nil {
		fmt.Fprintf(stderr, "ms3dtool report: %v\n", err)
		return 2
	}
	fmt.Fprintf(stdout, "wrote %s (%s, %d bytes)\n", out, countNoun(len(items), "model"), b.Len())
	return 0
}

// reportModel reads the model at path as `validate` does and gathers its
// row of the report, with its picture drawn at size pixels.
func reportModel(path, name string, target document.Target, size int) htmlreport.Model {
	r := htmlreport.Model{Name: name, Format: strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")}
	d, err := document.Open(path)
	if err != nil {
		r.Error, r.NoThumbnail = err.Error(), "cannot be read"
		return r
	}
	d.SetTarget(target)
	m := d.Model()
	if im := d.Imported(); im != nil {
		r.Format = im.Format
	}
	r.Vertices, r.Triangles, r.Groups, r.Materials, r.Joints, r.Frames =
		len(m.Vertices), len(m.Triangles), len(m.Groups), len(m.Materials), len(m.Joints), int(m.TotalFrames)
	findings := d.Findings()
	r.Errors, r.Warnings, r.Notes = model.CountSeverities(findings)
	for _, f := range findings {
		r.Findings = append(r.Findings, htmlreport.Finding{Severity: f.Severity.String(), Code: string(f.Code), Where: f.Where.String(), Message: f.Message, Fix: f.Fix})
	}
	for _, p := range texturePaths(texture.NewPlan(m, path, d.TextureResolver())) {
		t := htmlreport.Texture{Material: p.Material, AlphaMap: p.AlphaMap, Path: p.Stored, Status: p.Status, File: p.File}
		switch {
		case p.Reason != "":
			t.Detail = p.Reason
		case p.Width > 0:
			t.Detail = fmt.Sprintf("%s %d×%d (%s)", p.Format, p.Width, p.Height, p.Rule)
		case p.File != "":
			t.Detail = p.Rule
		}
		r.Textures = append(r.Textures, t)
	}
	img, err := thumbnail.Render(m, d.Textures().Images, thumbnail.Options{Size: size})
	switch {
	case errors.Is(err, thumbnail.ErrNothingToDraw):
		r.NoThumbnail = "nothing to draw"
	case err != nil:
		r.NoThumbnail = err.Error()
	default:
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			r.NoThumbnail = err.Error()
		} else {
			r.Thumbnail = b.Bytes()
		}
	}
	return r
}
