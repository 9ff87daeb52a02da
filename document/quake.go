package document

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"ms3dstudio/formats/md2"
	"ms3dstudio/formats/md3"
	"ms3dstudio/formats/teximage"
	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// Quake is a Quake engine a model's MD2 or MD3 export is for: what
// "validate --for quake2|quake3" checks.
type Quake string

// The Quake engines.
const (
	// Quake2 reads MD2 models (id's Quake 2 3.21, whose limits its source
	// ports keep).
	Quake2 Quake = "quake2"
	// Quake3 reads MD3 models (ioquake3).
	Quake3 Quake = "quake3"
)

// parseQuake returns the Quake engine named s, ignoring case.
func parseQuake(s string) (Quake, bool) {
	switch q := Quake(strings.ToLower(strings.TrimSpace(s))); q {
	case Quake2, Quake3:
		return q, true
	}
	return "", false
}

// quakeFindings are what engine q will refuse or misread in m's export
// (formats/md2 or formats/md3 ValidateFor), with the skin's size read
// from its texture file through res.
func quakeFindings(m *model.Model, q Quake, res *texpath.Resolver) []model.Finding {
	switch q {
	case Quake2:
		w, h := skinSize(m, res)
		return md2.ValidateFor(m, md2.ExportOptions{SkinWidth: w, SkinHeight: h, Resolver: res, OutDir: modelDir(res)})
	case Quake3:
		return md3.ValidateFor(m, md3.ExportOptions{Resolver: res, OutDir: modelDir(res)})
	}
	return nil
}

// modelDir is the folder of the model res resolves textures for, as an
// operating-system path ("" when it is not on one): exports are checked
// as if written beside it.
func modelDir(res *texpath.Resolver) string {
	if res == nil {
		return ""
	}
	dir, _ := res.OSPath(res.ModelDir)
	return dir
}

// skinSize returns the size of the skin an MD2 export counts texture
// coordinates in: the texture file of the first group drawn with a
// textured material, found through res, its header read; 0, 0 when there
// is none or it cannot be read.
func skinSize(m *model.Model, res *texpath.Resolver) (w, h int) {
	if res == nil {
		return 0, 0
	}
	for _, g := range m.Groups {
		mt := int(g.Material)
		if len(g.Triangles) == 0 || mt < 0 || mt >= len(m.Materials) || m.Materials[mt].Texture.Text() == "" {
			continue
		}
		r := res.Resolve(m.Materials[mt].Texture)
		if !r.Found {
			return 0, 0
		}
		f, err := res.FS.Open(r.Path)
		if err != nil {
			return 0, 0
		}
		defer f.Close()
		cfg, _, err := teximage.DecodeConfig(r.Path, f)
		if err != nil {
			return 0, 0
		}
		return cfg.Width, cfg.Height
	}
	return 0, 0
}

// openQuake reads an .md2 or .md3 file into a document (formats/md2 and
// formats/md3 Import): its animation carried by fitted joints, or, when
// opt.Frame is above 0, that frame's vertices alone. For an .md3, an
// animation.cfg beside it gives the clips and the frame rate (the LEGS_
// frames counted as Quake 3 counts them in a lower.md3).
func openQuake(path, ext string, opt OpenOptions) (*Document, error) {
	var m *model.Model
	var found []model.Finding
	switch ext {
	case ".md2":
		f, decoded, err := md2.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("opening %s: %w", path, err)
		}
		var more []model.Finding
		m, more = md2.Import(f, md2.ImportOptions{Frame: opt.Frame, Static: opt.Frame > 0, FPS: opt.FPS})
		found = append(decoded, more...)
	default:
		f, decoded, err := md3.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("opening %s: %w", path, err)
		}
		io := md3.ImportOptions{Frame: opt.Frame, Static: opt.Frame > 0, FPS: opt.FPS, Lower: strings.EqualFold(filepath.Base(path), "lower.md3")}
		cfgPath := filepath.Join(filepath.Dir(path), md3.ConfigName)
		if text, err := os.ReadFile(cfgPath); err == nil {
			if list, err := md3.ParseAnimationConfig(string(text)); err == nil {
				io.Animations = list
			} else {
				decoded = append(decoded, model.Finding{Code: model.CodeMD3AnimationConfig, Severity: model.Warning, Where: model.At(model.PartClip, -1),
					Message: fmt.Sprintf("%s: %v; the clips come from the frame names", cfgPath, err)})
			}
		} else if !errors.Is(err, os.ErrNotExist) {
			decoded = append(decoded, model.Finding{Code: model.CodeMD3AnimationConfig, Severity: model.Warning, Where: model.At(model.PartClip, -1),
				Message: fmt.Sprintf("%s cannot be read (%v); the clips come from the frame names", cfgPath, err)})
		}
		var more []model.Finding
		m, more = md3.Import(f, io)
		found = append(decoded, more...)
	}
	d := New(m, path, found)
	d.imported = &Import{Format: strings.TrimPrefix(ext, "."), Options: opt}
	d.MarkUnsaved()
	return d, nil
}

// planQuake plans m as .md2 or .md3 (formats/md2 and formats/md3
// WriteFile): the clip and frame rate of opt, an MD2's skin size from opt
// or, when it gives none, from the texture file; an MD3 whose clips are
// Quake 3's player animations also writes animation.cfg beside it.
func planQuake(p *ExportPlan, m *model.Model, ext string, res *texpath.Resolver, opt ExportOptions) (*ExportPlan, error) {
	out := p.Out
	switch ext {
	case ".md2":
		w, h := opt.SkinWidth, opt.SkinHeight
		if w <= 0 || h <= 0 {
			w, h = skinSize(m, res)
		}
		p.write = func() ([]string, []model.Finding, error) {
			found, err := md2.WriteFile(out, m, md2.ExportOptions{Clip: opt.Clip, FPS: opt.FPS, SkinWidth: w, SkinHeight: h, Resolver: res})
			if err != nil {
				return nil, found, fmt.Errorf("exporting %s: %w", out, err)
			}
			return []string{out}, found, nil
		}
	default:
		mo := md3.ExportOptions{Clip: opt.Clip, FPS: opt.FPS, Resolver: res}
		if _, _, ok := md3.AnimationConfig(m, mo); ok {
			p.Files = append(p.Files, filepath.Join(filepath.Dir(out), md3.ConfigName))
		}
		p.write = func() ([]string, []model.Finding, error) {
			written, found, err := md3.WriteFile(out, m, mo)
			if err != nil {
				return nil, found, fmt.Errorf("exporting %s: %w", out, err)
			}
			return written, found, nil
		}
	}
	return p, nil
}
