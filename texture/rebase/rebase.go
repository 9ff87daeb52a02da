// Package rebase rewrites a model's texture and alpha-map paths for a
// model file written into another folder (Save As, an MS3D export), so
// that from there each still names the picture it named before: Plan says
// which paths change and to what, Apply makes the copy of the model that
// is written, and Findings reports what was rewritten or could not be.
// Paths are resolved with model/texpath; the rewritten ones are relative to
// the new folder and must fit MS3D's path field (ms3d-format.md §2).
package rebase

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// Path is a texture or alpha-map path that saving the model into another
// folder rewrites, so that from there it still names the file it named
// before.
type Path struct {
	Material int
	// AlphaMap is true for the alpha map, false for the texture.
	AlphaMap bool
	// From is the path as it was; To the path written instead, or "" when
	// no path that fits the format leads to the file (Problem says why).
	From, To string
	Problem  string
}

// String describes the rebase for a report.
func (r Path) String() string {
	what := "texture"
	if r.AlphaMap {
		what = "alpha map"
	}
	if r.To == "" {
		return fmt.Sprintf("material %d: %s %q not rewritten: %s", r.Material, what, r.From, r.Problem)
	}
	return fmt.Sprintf("material %d: %s %q → %q", r.Material, what, r.From, r.To)
}

// Plan returns the texture and alpha-map paths of m that resolve
// through from (the resolver of the model's current place) but would not
// name the same picture from a model file at to, each rewritten relative to
// to's folder: with forward slashes, or with backslashes when the path used
// them. Paths that are empty, that name no file now, or that already name
// the same file, or a byte-for-byte copy of it, from to are left as they
// are, so a model saved in its own folder is written back unchanged. A path
// that from to would name another file of that name is rewritten too: the
// model must look as it did where the user last saw it.
func Plan(m *model.Model, from *texpath.Resolver, to string) []Path {
	if from == nil {
		return nil
	}
	dest, err := texpath.NewOS(to)
	if err != nil {
		return nil
	}
	toDir, err := filepath.Abs(filepath.Dir(to))
	if err != nil {
		return nil
	}
	var out []Path
	for i, mt := range m.Materials {
		for _, alpha := range []bool{false, true} {
			raw := mt.Texture
			if alpha {
				raw = mt.AlphaMap
			}
			old := from.Resolve(raw)
			if !old.Found || old.OSPath == "" {
				continue
			}
			if now := dest.Resolve(raw); now.Found && (atomicfile.SameFile(now.OSPath, old.OSPath) || sameContent(now.OSPath, old.OSPath)) {
				continue // the path still leads to this picture (a copy of it: the user collected the textures)
			}
			r := Path{Material: i, AlphaMap: alpha, From: raw.Display()}
			rel, err := filepath.Rel(toDir, old.OSPath)
			if err != nil || filepath.VolumeName(toDir) != filepath.VolumeName(old.OSPath) {
				rel = old.OSPath // another drive: only the absolute path leads there
			}
			rel = filepath.ToSlash(rel)
			if strings.Contains(string(raw.Text()), `\`) {
				rel = strings.ReplaceAll(rel, "/", `\`)
			}
			if enc := model.EncodeText(rel); len(enc) >= model.PathSize {
				r.Problem = fmt.Sprintf("the path that leads there from the new folder, %q, is %d bytes; the format holds %d", rel, len(enc), model.PathSize-1)
			} else {
				r.To = rel
			}
			out = append(out, r)
		}
	}
	return out
}

// Findings reports rebases as findings (model.CodeTextureRebased:
// information for a path rewritten, a warning for one that could not be).
func Findings(rs []Path) []model.Finding {
	var out []model.Finding
	for _, r := range rs {
		sev := model.Info
		if r.To == "" {
			sev = model.Warning
		}
		out = append(out, model.Finding{Code: model.CodeTextureRebased, Severity: sev,
			Where: model.At(model.PartMaterial, r.Material), Message: r.String()})
	}
	return out
}

// Apply returns a copy of m with the rebases applied (materials copied;
// everything else shared), or m itself when none rewrites a path.
func Apply(m *model.Model, rs []Path) *model.Model {
	if !slices.ContainsFunc(rs, func(r Path) bool { return r.To != "" }) {
		return m
	}
	c := *m
	c.Materials = slices.Clone(m.Materials)
	for _, r := range rs {
		if r.To == "" {
			continue
		}
		p := model.EncodeText(r.To)
		if r.AlphaMap {
			c.Materials[r.Material].AlphaMap = p
		} else {
			c.Materials[r.Material].Texture = p
		}
	}
	return &c
}

// sameContent reports whether two files hold the same bytes (files over
// 64 MB are not read and count as different).
func sameContent(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	if err1 != nil || err2 != nil || sa.Size() != sb.Size() || sa.Size() > 64<<20 {
		return false
	}
	da, err1 := os.ReadFile(a)
	db, err2 := os.ReadFile(b)
	return err1 == nil && err2 == nil && bytes.Equal(da, db)
}

// SameFolder reports whether two file paths are in one folder: a model
// written from a to b keeps every texture path as it is.
func SameFolder(a, b string) bool {
	da, err1 := filepath.Abs(filepath.Dir(a))
	db, err2 := filepath.Abs(filepath.Dir(b))
	return err1 == nil && err2 == nil && atomicfile.SameFile(da, db)
}
