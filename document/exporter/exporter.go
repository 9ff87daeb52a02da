// Package exporter writes a model in any format MS3D Studio exports, by
// the output file's extension: MS3D (formats/ms3d, fitted to its limits by
// model/fit and split when asked, texture paths rebased by texture/rebase),
// glTF, OBJ, SMD, B3D, and MD2 or MD3 (document/quake). Prepare works an
// export out before anything is written, so that the files it would
// replace can be shown first; Write prepares and writes at once. It is
// what "ms3dtool convert" and the app's Export dialog write with.
package exporter

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"ms3dstudio/document/quake"
	"ms3dstudio/formats/b3d"
	"ms3dstudio/formats/gltf"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/obj"
	"ms3dstudio/formats/smd"
	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
	"ms3dstudio/model/fit"
	"ms3dstudio/model/texpath"
	"ms3dstudio/texture/rebase"
)

// Options tune Write and Prepare.
type Options struct {
	// Time poses the mesh for static formats (OBJ), in seconds; Rest
	// exports the bind pose instead.
	Time float32
	Rest bool
	// SMDProfile is the engine an SMD export is for ("" is Source).
	SMDProfile smd.Profile
	// Clip exports that clip only (SMD, B3D: renumbered from frame 1);
	// AllClips one SMD per clip.
	Clip     string
	AllClips bool
	// Split writes a model too large for one MS3D file as several, OUT-1.ms3d,
	// OUT-2.ms3d, … (see model/fit.Split); a model that fits is written to
	// OUT itself.
	Split bool
	// FPS, when above 0, is the frame rate a B3D export's ANIM chunk
	// gives (the frames stay as they are); 0 is the model's. MD2 and MD3
	// exports sample the animation FPS times a second.
	FPS float32
	// SkinWidth and SkinHeight are the skin size an MD2 export counts
	// texture coordinates in; 0 reads it from the texture file.
	SkinWidth, SkinHeight int
}

// Formats lists the extensions Write writes.
var Formats = []string{".ms3d", ".glb", ".gltf", ".obj", ".smd", ".b3d", ".md2", ".md3"}

// Write writes m to out in the format its extension names (.ms3d, .glb,
// .gltf, .obj, .smd, .b3d, .md2, .md3), with textures found through res
// (nil: none). It returns the files written and what the format could not
// hold. It is Prepare followed by the plan's Write: see those for what
// is written and refused.
func Write(m *model.Model, out string, res *texpath.Resolver, opt Options) ([]string, []model.Finding, error) {
	p, err := Prepare(m, out, res, opt)
	if err != nil {
		return nil, p.Findings, err
	}
	return p.Write()
}

// Plan is an export worked out before anything is written, so that
// the files it would replace can be shown first: Files names every file
// the export writes (or, for a .gltf, may write: its buffer, NAME.bin, is
// left out of a model with no data; its images never replace a file with
// other bytes and are not listed).
type Plan struct {
	// Out is the file the user named; it is Files[0] unless the export
	// splits it into parts.
	Out string
	// Files are the files the export writes, the main one first.
	Files []string
	// Findings are those known before writing: an MS3D export's fit to
	// the format's limits and its rebased texture paths.
	Findings []model.Finding
	write    func() ([]string, []model.Finding, error)
	// refused, when set, says why the writer would leave the file named
	// alone (an MD2, MD3 or B3D there that is not one).
	refused func() error
}

// Refused says why Write would fail without writing: the file named is
// there and is not one the format's writer replaces (another program's
// file named model.md2 that is not an MD2 model), as an
// *atomicfile.ForeignError; nil when Write may go ahead.
func (p *Plan) Refused() error {
	if p.refused == nil {
		return nil
	}
	return p.refused()
}

// Existing lists the planned files that are on disk already: the ones
// Write would replace.
func (p *Plan) Existing() []string {
	var have []string
	for _, f := range p.Files {
		if _, err := os.Lstat(f); err == nil {
			have = append(have, f)
		}
	}
	return have
}

// Write writes the planned files and returns those written and every
// finding (the plan's first). Files of our own formats that hold another
// program's file are left alone as the format's writer says (an MD2, MD3
// or animation.cfg that is not ours).
func (p *Plan) Write() ([]string, []model.Finding, error) {
	written, found, err := p.write()
	return written, append(slices.Clip(p.Findings), found...), err
}

// Prepare works out the export of m to out in the format its
// extension names, with textures found through res (nil: none), without
// writing anything. An MS3D file gets a copy of m fitted to MS3D's limits
// (model/fit; m itself is not changed), and the fit's findings; a model
// that no change fits is refused with a *fit.TooLargeError unless opt.Split is
// set. Written into another folder than res's, its texture paths are
// rewritten to name the same files from there (texture/rebase), each said in a
// finding. The plan's findings are returned with an error too.
func Prepare(m *model.Model, out string, res *texpath.Resolver, opt Options) (*Plan, error) {
	p := &Plan{Out: out, Files: []string{out}}
	wrap := func(err error) error {
		if err != nil {
			return fmt.Errorf("exporting %s: %w", out, err)
		}
		return nil
	}
	switch ext := strings.ToLower(filepath.Ext(out)); ext {
	case ".md2", ".md3":
		qo := quake.ExportOptions{Clip: opt.Clip, FPS: opt.FPS, SkinWidth: opt.SkinWidth, SkinHeight: opt.SkinHeight}
		p.Files = quake.Files(m, out, res, qo)
		p.refused = func() error { return quake.CanReplace(out) }
		p.write = func() ([]string, []model.Finding, error) { return quake.Export(m, out, res, qo) }
	case ".ms3d":
		return planMS3D(p, m, res, opt.Split)
	case ".glb", ".gltf":
		list, found := clips.Read(m)
		p.Findings = found
		if ext == ".gltf" {
			p.Files = append(p.Files, strings.TrimSuffix(out, filepath.Ext(out))+".bin")
		}
		p.write = func() ([]string, []model.Finding, error) {
			written, f, err := gltf.WriteFile(out, m, gltf.Options{Resolver: res, Clips: list})
			return written, f, wrap(err)
		}
	case ".obj":
		p.Files = append(p.Files, strings.TrimSuffix(out, filepath.Ext(out))+".mtl")
		p.write = func() ([]string, []model.Finding, error) {
			f, err := obj.WriteFile(out, m, obj.Options{Time: opt.Time, Rest: opt.Rest, Resolver: res})
			if err != nil {
				return nil, f, wrap(err)
			}
			return p.Files, f, nil
		}
	case ".b3d":
		name := strings.TrimSuffix(filepath.Base(out), filepath.Ext(out))
		p.refused = func() error { return b3d.CanReplace(out) }
		p.write = func() ([]string, []model.Finding, error) {
			f, err := b3d.WriteFile(out, m, b3d.ExportOptions{Clip: opt.Clip, FPS: opt.FPS, Resolver: res, Name: name})
			if err != nil {
				return nil, f, wrap(err)
			}
			return p.Files, f, nil
		}
	case ".smd":
		name := strings.TrimSuffix(filepath.Base(out), filepath.Ext(out))
		files, found, err := smd.Encode(m, smd.ExportOptions{Profile: opt.SMDProfile, Name: name, Clip: opt.Clip, AllClips: opt.AllClips})
		p.Findings = found
		if err != nil {
			return p, wrap(err)
		}
		dir := filepath.Dir(out)
		p.Files = p.Files[:0]
		for _, f := range files {
			p.Files = append(p.Files, filepath.Join(dir, f.Name))
		}
		p.write = func() ([]string, []model.Finding, error) {
			written, err := smd.WriteFiles(dir, files)
			return written, nil, wrap(err)
		}
	default:
		return p, fmt.Errorf("exporting %s: unknown format %q (want one of %s)", out, filepath.Ext(out), strings.Join(Formats, ", "))
	}
	return p, nil
}

// planMS3D plans m rebased to out's folder and fitted to MS3D's limits,
// written to out, or split into parts OUT-1.ms3d, OUT-2.ms3d, … when split
// is set and one file cannot hold it. The parts are encoded here, so that
// an encoding error comes before anything is written. A part file that
// exists is kept as its .bak before it is replaced: those names are
// derived, not ones the user typed.
func planMS3D(p *Plan, m *model.Model, res *texpath.Resolver, split bool) (*Plan, error) {
	out := p.Out
	rs := rebase.Plan(m, res, out)
	rebased := rebase.Apply(m, rs)
	c := *rebased
	r := fit.Fit(&c, fit.Options{Textures: res})
	parts := []*model.Model{&c}
	p.Findings = append(rebase.Findings(rs), r.Findings...)
	if !r.Fits {
		if !split {
			return p, fmt.Errorf("exporting %w", fit.TooLarge(out, r.Findings))
		}
		var found []model.Finding
		var err error
		parts, found, err = fit.Split(rebased, fit.Options{Textures: res})
		p.Findings = append(rebase.Findings(rs), found...)
		if err != nil {
			return p, fmt.Errorf("exporting %s: %w", out, err)
		}
	}
	data := make([][]byte, len(parts))
	p.Files = p.Files[:0]
	for k, part := range parts {
		path := out
		if len(parts) > 1 {
			ext := filepath.Ext(out)
			path = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(out, ext), k+1, ext)
		}
		var err error
		if data[k], err = ms3d.Encode(part); err != nil {
			return p, fmt.Errorf("exporting %s: %w", path, err)
		}
		p.Files = append(p.Files, path)
	}
	p.write = func() ([]string, []model.Finding, error) {
		var written []string
		for k, path := range p.Files {
			if err := atomicfile.WriteFile(path, data[k], 0o644, len(parts) > 1); err != nil {
				return written, nil, fmt.Errorf("exporting %s: %w", path, err)
			}
			written = append(written, path)
		}
		return written, nil, nil
	}
	return p, nil
}
