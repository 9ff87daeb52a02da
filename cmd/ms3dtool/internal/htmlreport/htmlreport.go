// Package htmlreport writes the page `ms3dtool report` makes of a folder
// of models: one self-contained HTML file (its style sheet and script
// inline, the thumbnails as data: URIs, nothing fetched from anywhere)
// with a row per model, its picture, counts, findings and texture status,
// sorted worst first and sortable by any column and filterable in the
// browser. Without JavaScript the table still shows, in the worst-first
// order.
package htmlreport

import (
	"bytes"
	"cmp"
	_ "embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strings"
)

// Marker is the comment every page starts with after its doctype; a file
// that starts so was written by Write and may be replaced by a new page.
const Marker = "<!DOCTYPE html>\n<!-- ms3dtool report -->\n"

// Page is what one report shows.
type Page struct {
	// Title heads the page (the folders the models were found in).
	Title string
	// Models are the rows; Write shows them worst first.
	Models []Model
}

// Model is one model's row.
type Model struct {
	// Name is the model's path below the folder it was found in, with
	// forward slashes.
	Name string
	// Format is the file's format ("ms3d", "3ds" …).
	Format string
	// Error says why the file cannot be read; the counts are zero then.
	Error                                          string
	Vertices, Triangles, Groups, Materials, Joints int
	// Frames is the animation's length in frames.
	Frames                  int
	Errors, Warnings, Notes int
	Findings                []Finding
	Textures                []Texture
	// Thumbnail is the model's picture as a PNG file, nil when there is
	// none; NoThumbnail says why.
	Thumbnail   []byte
	NoThumbnail string
}

// Finding is one finding of a model, as `validate` prints it.
type Finding struct {
	Severity, Code, Where, Message, Fix string
}

// Texture is one texture or alpha-map path of a material and what became
// of it.
type Texture struct {
	Material int
	AlphaMap bool
	// Path is the path as the model stores it.
	Path string
	// Status is "found", "missing" or "undecodable".
	Status string
	// Detail says how it was found with its format and size, or why it
	// cannot be decoded.
	Detail string
	// File is the file found, if any.
	File string
}

// Missing counts the textures that are not there to show: missing or
// undecodable.
func (m Model) Missing() int {
	n := 0
	for _, t := range m.Textures {
		if t.Status != "found" {
			n++
		}
	}
	return n
}

// worse orders models worst first: unreadable ones, then by errors,
// warnings and textures missing, most first, then by name.
func worse(a, b Model) int {
	return cmp.Or(
		cmp.Compare(unreadable(b), unreadable(a)),
		cmp.Compare(b.Errors, a.Errors),
		cmp.Compare(b.Warnings, a.Warnings),
		cmp.Compare(b.Missing(), a.Missing()),
		strings.Compare(a.Name, b.Name),
	)
}

func unreadable(m Model) int {
	if m.Error != "" {
		return 1
	}
	return 0
}

var (
	//go:embed page.html
	pageHTML string
	//go:embed page.css
	pageCSS string
	//go:embed page.js
	pageJS string
	page   = template.Must(template.New("page").Funcs(template.FuncMap{"picture": picture, "count": count}).Parse(pageHTML))
)

// row is a model as the template shows it.
type row struct {
	Model
	Rank    int
	Missing int
}

// Write writes the page for p to w.
func Write(w io.Writer, p Page) error {
	models := slices.Clone(p.Models)
	slices.SortStableFunc(models, worse)
	rows := make([]row, len(models))
	var sum struct{ Models, Unreadable, WithErrors, WithWarnings, WithMissing int }
	for i, m := range models {
		rows[i] = row{Model: m, Rank: i, Missing: m.Missing()}
		sum.Models++
		switch {
		case m.Error != "":
			sum.Unreadable++
		case m.Errors > 0:
			sum.WithErrors++
		}
		if m.Warnings > 0 {
			sum.WithWarnings++
		}
		if rows[i].Missing > 0 {
			sum.WithMissing++
		}
	}
	var b bytes.Buffer
	b.WriteString(Marker)
	err := page.Execute(&b, map[string]any{
		"Title": p.Title, "Rows": rows, "Sum": sum,
		"CSS": template.CSS(pageCSS), "JS": template.JS(pageJS),
	})
	if err != nil {
		return fmt.Errorf("htmlreport: %w", err)
	}
	_, err = w.Write(b.Bytes())
	return err
}

// picture is the src attribute of a model's picture: its PNG, or a
// picture saying why there is none, as a data: URI. It is written as an
// attribute, since base64 needs no escaping inside quotes and the
// template would write each "+" as "&#43;".
func picture(m Model) template.HTMLAttr {
	data, kind := m.Thumbnail, "image/png"
	if len(data) == 0 {
		why := m.NoThumbnail
		if why == "" {
			why = "no picture"
		}
		var svg strings.Builder
		svg.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">`)
		svg.WriteString(`<rect width="128" height="128" rx="6" fill="#eee" stroke="#bbb" stroke-dasharray="4 3"/>`)
		svg.WriteString(`<text x="64" y="68" font-family="sans-serif" font-size="11" fill="#666" text-anchor="middle">`)
		template.HTMLEscape(&svg, []byte(shorten(why, 22)))
		svg.WriteString(`</text></svg>`)
		data, kind = []byte(svg.String()), "image/svg+xml"
	}
	return template.HTMLAttr(`src="data:` + kind + `;base64,` + base64.StdEncoding.EncodeToString(data) + `"`)
}

// count says "1 group", "3 groups".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// shorten cuts s to at most n runes, with an ellipsis.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
