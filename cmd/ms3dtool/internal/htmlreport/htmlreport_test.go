package htmlreport

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// rowNames lists the data-name of the page's rows in their order.
func rowNames(t *testing.T, page string) []string {
	t.Helper()
	var names []string
	for _, m := range regexp.MustCompile(`<tr data-rank="\d+" data-name="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		names = append(names, m[1])
	}
	return names
}

func TestWriteWorstFirst(t *testing.T) {
	p := Page{Title: "models", Models: []Model{
		{Name: "clean.ms3d"},
		{Name: "b-warn.ms3d", Warnings: 3},
		{Name: "a-warn.ms3d", Warnings: 3},
		{Name: "errors.ms3d", Errors: 1},
		{Name: "more-errors.ms3d", Errors: 5, Warnings: 0},
		{Name: "missing.ms3d", Textures: []Texture{{Path: "a.tga", Status: "missing"}, {Path: "b.tga", Status: "found"}}},
		{Name: "broken.ms3d", Error: "ms3d: header: not an MS3D file"},
	}}
	var b bytes.Buffer
	if err := Write(&b, p); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	want := []string{"broken.ms3d", "more-errors.ms3d", "errors.ms3d", "a-warn.ms3d", "b-warn.ms3d", "missing.ms3d", "clean.ms3d"}
	if got := rowNames(t, page); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("rows %q, want %q", got, want)
	}
	if !strings.HasPrefix(page, Marker) {
		t.Errorf("the page does not start with the marker")
	}
	if !strings.Contains(page, "7 models: 1 unreadable, 2 with errors, 2 with warnings, 1 with textures missing or unreadable.") {
		t.Errorf("no summary line in\n%s", page)
	}
	if !strings.Contains(page, `data-missing="1"`) || !strings.Contains(page, "cannot be read: ms3d: header: not an MS3D file") {
		t.Errorf("the missing texture or the unreadable file is not shown")
	}
}

// TestWriteSelfContained: the style sheet and script are inline, the
// pictures data: URIs, and no src or href leads out of the page.
func TestWriteSelfContained(t *testing.T) {
	var b bytes.Buffer
	err := Write(&b, Page{Title: "t", Models: []Model{
		{Name: "drawn.ms3d", Thumbnail: []byte("\x89PNG\r\n\x1a\nnot really")},
		{Name: "flat.ms3d", NoThumbnail: "nothing to draw"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, m := range regexp.MustCompile(`(?:src|href)="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		if !strings.HasPrefix(m[1], "data:") {
			t.Errorf("the page refers to %q", m[1])
		}
	}
	if n := strings.Count(page, `src="data:image/png;base64,`); n != 1 {
		t.Errorf("%d PNG pictures, want 1", n)
	}
	if n := strings.Count(page, `src="data:image/svg+xml;base64,`); n != 1 {
		t.Errorf("%d placeholder pictures, want 1", n)
	}
	if !strings.Contains(page, `alt="no picture: nothing to draw"`) || !strings.Contains(page, "<style>") || !strings.Contains(page, "function sortBy") {
		t.Errorf("placeholder text, style or script missing")
	}
}

// TestWriteEscapes: names, paths and messages from files are text, never
// markup.
func TestWriteEscapes(t *testing.T) {
	var b bytes.Buffer
	evil := `<script>alert(1)</script>"'&`
	err := Write(&b, Page{Title: evil, Models: []Model{{Name: evil, Format: evil, Errors: 1,
		Findings: []Finding{{Severity: "error", Code: "x", Where: evil, Message: evil, Fix: evil}},
		Textures: []Texture{{Path: evil, Status: "missing", Detail: evil, File: evil}}, NoThumbnail: evil}}})
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), "<script>"); n != 1 {
		t.Errorf("%d <script> tags, want only the page's own", n)
	}
}
