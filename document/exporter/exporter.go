// Package exporter writes a model in any format MS3D Studio exports, by
// the output file's extension: MS3D (formats/ms3d, fitted to its limits by
// model/fit and split when asked, texture paths rebased by texture/rebase),
// glTF, OBJ, SMD, B3D, and MD2 or MD3 (document/quake). It is what
// "ms3dtool convert" and the app's Export dialog write with.
package exporter

import (
	"fmt"
	"path/filepath"
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

// Options tune Write.
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
// hold. An MS3D file gets a copy of m fitted to MS3D's limits (model/fit;
// m itself is not changed), and the fit's findings; a model that no change
// fits is refused with a *fit.TooLargeError unless opt.Split is set. Written
// into another folder than res's, its texture paths are rewritten to name
// the same files from there (texture/rebase), each said in a finding.
func Write(m *model.Model, out string, res *texpath.Resolver, opt Options) ([]string, []model.Finding, error) {
	switch ext := strings.ToLower(filepath.Ext(out)); ext {
	case ".md2", ".md3":
		return quake.Export(m, out, res, quake.ExportOptions{Clip: opt.Clip, FPS: opt.FPS, SkinWidth: opt.SkinWidth, SkinHeight: opt.SkinHeight})
	case ".ms3d":
		rs := rebase.Plan(m, res, out)
		written, found, err := exportMS3D(rebase.Apply(m, rs), out, res, opt.Split)
		return written, append(rebase.Findings(rs), found...), err
	case ".glb", ".gltf":
		list, found := clips.Read(m)
		f, err := gltf.WriteFile(out, m, gltf.Options{Resolver: res, Clips: list})
		if err != nil {
			return nil, nil, fmt.Errorf("exporting %s: %w", out, err)
		}
		return []string{out}, append(found, f...), nil
	case ".obj":
		f, err := obj.WriteFile(out, m, obj.Options{Time: opt.Time, Rest: opt.Rest, Resolver: res})
		if err != nil {
			return nil, nil, fmt.Errorf("exporting %s: %w", out, err)
		}
		return []string{out, strings.TrimSuffix(out, filepath.Ext(out)) + ".mtl"}, f, nil
	case ".b3d":
		name := strings.TrimSuffix(filepath.Base(out), filepath.Ext(out))
		f, err := b3d.WriteFile(out, m, b3d.ExportOptions{Clip: opt.Clip, FPS: opt.FPS, Resolver: res, Name: name})
		if err != nil {
			return nil, nil, fmt.Errorf("exporting %s: %w", out, err)
		}
		return []string{out}, f, nil
	case ".smd":
		name := strings.TrimSuffix(filepath.Base(out), filepath.Ext(out))
		files, f, err := smd.Export(filepath.Dir(out), m, smd.ExportOptions{Profile: opt.SMDProfile, Name: name, Clip: opt.Clip, AllClips: opt.AllClips})
		if err != nil {
			return nil, nil, fmt.Errorf("exporting %s: %w", out, err)
		}
		return files, f, nil
	}
	return nil, nil, fmt.Errorf("exporting %s: unknown format %q (want one of %s)", out, filepath.Ext(out), strings.Join(Formats, ", "))
}

// exportMS3D writes m fitted to MS3D's limits to out, or split into parts
// OUT-1.ms3d, OUT-2.ms3d, … when split is set and one file cannot hold it.
// A part file that exists is kept as its .bak before it is replaced: those
// names are derived, not ones the user typed.
func exportMS3D(m *model.Model, out string, res *texpath.Resolver, split bool) ([]string, []model.Finding, error) {
	c := *m
	r := fit.Fit(&c, fit.Options{Textures: res})
	parts, found := []*model.Model{&c}, r.Findings
	if !r.Fits {
		if !split {
			return nil, found, fmt.Errorf("exporting %w", fit.TooLarge(out, found))
		}
		var err error
		parts, found, err = fit.Split(m, fit.Options{Textures: res})
		if err != nil {
			return nil, found, fmt.Errorf("exporting %s: %w", out, err)
		}
	}
	var written []string
	for k, p := range parts {
		path, backup := out, false
		if len(parts) > 1 {
			ext := filepath.Ext(out)
			path, backup = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(out, ext), k+1, ext), true
		}
		data, err := ms3d.Encode(p)
		if err != nil {
			return written, found, fmt.Errorf("exporting %s: %w", path, err)
		}
		if err := atomicfile.WriteFile(path, data, 0o644, backup); err != nil {
			return written, found, fmt.Errorf("exporting %s: %w", path, err)
		}
		written = append(written, path)
	}
	return written, found, nil
}
