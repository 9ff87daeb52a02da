// Package quake carries a model to and from the Quake engines' vertex
// animated formats, MD2 (Quake 2) and MD3 (Quake 3), over formats/md2 and
// formats/md3: Import reads either file (with an .md3's animation.cfg),
// Export writes either with the skin size read from the texture file, and
// Validate says what the engine will refuse or misread in the export, the
// checks of "validate --for quake2|quake3". The formats are described in
// formats/md2 and formats/md3.
package quake

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

// Engine is a Quake engine a model's MD2 or MD3 export is for: what
// "validate --for quake2|quake3" checks.
type Engine string

// The Quake engines.
const (
	// Quake2 reads MD2 models (id's Quake 2 3.21, whose limits its source
	// ports keep).
	Quake2 Engine = "quake2"
	// Quake3 reads MD3 models (ioquake3).
	Quake3 Engine = "quake3"
)

// Parse returns the Quake engine named s ("quake2" or "quake3"), ignoring
// case and surrounding space.
func Parse(s string) (Engine, bool) {
	switch q := Engine(strings.ToLower(strings.TrimSpace(s))); q {
	case Quake2, Quake3:
		return q, true
	}
	return "", false
}

// Validate returns what engine q will refuse or misread in m's export
// (formats/md2 or formats/md3 ValidateFor), with the skin's size read
// from its texture file through res (nil: none is read).
func Validate(m *model.Model, q Engine, res *texpath.Resolver) []model.Finding {
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

// ImportOptions tune Import.
type ImportOptions struct {
	// Frame, when above 0, reads that MilkShape frame's vertices alone (1
	// is key frame 0); 0 reads the whole animation, carried by joints
	// fitted to it.
	Frame int
	// FPS is the timeline's frame rate (0: 10, Quake's rate, or what an
	// .md3's animation.cfg gives).
	FPS float32
}

// Import reads the .md2 or .md3 file at path (by its extension, any case)
// into a model (formats/md2 and formats/md3 Import): its animation carried
// by fitted joints, or, when opt.Frame is above 0, that frame's vertices
// alone. For an .md3, an animation.cfg beside it gives the clips and the
// frame rate (the LEGS_ frames counted as Quake 3 counts them in a
// lower.md3). The error is the reader's, for a file that cannot be read.
func Import(path string, opt ImportOptions) (*model.Model, []model.Finding, error) {
	if strings.EqualFold(filepath.Ext(path), ".md2") {
		f, decoded, err := md2.ReadFile(path)
		if err != nil {
			return nil, nil, fmt.Errorf("opening %s: %w", path, err)
		}
		m, more := md2.Import(f, md2.ImportOptions{Frame: opt.Frame, Static: opt.Frame > 0, FPS: opt.FPS})
		return m, append(decoded, more...), nil
	}
	f, decoded, err := md3.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("opening %s: %w", path, err)
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
	m, more := md3.Import(f, io)
	return m, append(decoded, more...), nil
}

// ExportOptions tune Export.
type ExportOptions struct {
	// Clip exports that clip only (model/clips); "" the whole timeline.
	Clip string
	// FPS, when above 0, is how many times a second the animation is
	// sampled; 0 samples it at every MilkShape frame.
	FPS float32
	// SkinWidth and SkinHeight are the skin size an MD2 export counts
	// texture coordinates in; 0 reads it from the texture file.
	SkinWidth, SkinHeight int
}

// Export writes m to out as .md2 or .md3, by out's extension (any case;
// anything but .md2 is written as .md3), with formats/md2 and formats/md3
// WriteFile: the clip and frame rate of opt, an MD2's skin size from opt
// or, when it gives none, from the texture file found through res; an MD3
// whose clips are Quake 3's player animations also gets animation.cfg
// beside it (see Files). It returns the files written and what the format
// could not hold, the findings with an error too.
func Export(m *model.Model, out string, res *texpath.Resolver, opt ExportOptions) ([]string, []model.Finding, error) {
	if isMD2(out) {
		w, h := opt.SkinWidth, opt.SkinHeight
		if w <= 0 || h <= 0 {
			w, h = skinSize(m, res)
		}
		found, err := md2.WriteFile(out, m, md2.ExportOptions{Clip: opt.Clip, FPS: opt.FPS, SkinWidth: w, SkinHeight: h, Resolver: res})
		if err != nil {
			return nil, found, fmt.Errorf("exporting %s: %w", out, err)
		}
		return []string{out}, found, nil
	}
	written, found, err := md3.WriteFile(out, m, md3Options(res, opt))
	if err != nil {
		return nil, found, fmt.Errorf("exporting %s: %w", out, err)
	}
	return written, found, nil
}

// Files returns the files Export writes for m to out with opt, without
// writing them: out, and for an MD3 whose clips are Quake 3's player
// animations the animation.cfg beside it, unless another program's is
// there (the export leaves that one as it is).
func Files(m *model.Model, out string, res *texpath.Resolver, opt ExportOptions) []string {
	files := []string{out}
	if !isMD2(out) {
		// Another program's animation.cfg is left as it is (the export
		// says so): it is not one of the files written.
		cfg := filepath.Join(filepath.Dir(out), md3.ConfigName)
		if _, _, ok := md3.AnimationConfig(m, md3Options(res, opt)); ok && md3.CanReplaceConfig(cfg) == nil {
			files = append(files, cfg)
		}
	}
	return files
}

// CanReplace says whether Export may write out: nil, or the
// *atomicfile.ForeignError of a file there that is not an MD2 (or MD3)
// model, which Export leaves alone.
func CanReplace(out string) error {
	if isMD2(out) {
		return md2.CanReplace(out)
	}
	return md3.CanReplace(out)
}

// isMD2 reports whether Export writes out as MD2 (by its extension).
func isMD2(out string) bool { return strings.EqualFold(filepath.Ext(out), ".md2") }

// md3Options are formats/md3's options for an export with opt, textures
// found through res.
func md3Options(res *texpath.Resolver, opt ExportOptions) md3.ExportOptions {
	return md3.ExportOptions{Clip: opt.Clip, FPS: opt.FPS, Resolver: res}
}
