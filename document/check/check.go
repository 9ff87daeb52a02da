// Package check builds the one findings list of a model: every check of
// model/validate (the MS3D format, ms3d-format.md), with byte offsets
// where the model would be saved, and, for a chosen Target, what a reader
// of MS3D files (model/compat) or an engine of an export (formats/smd,
// formats/b3d, document/quake) will refuse or misread. The app's problems
// panel and "ms3dtool validate" both use it, through document.Document.
package check

import (
	"fmt"
	"strings"

	"ms3dstudio/document/engine"
	"ms3dstudio/document/quake"
	"ms3dstudio/formats/b3d"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/smd"
	"ms3dstudio/model"
	"ms3dstudio/model/compat"
	"ms3dstudio/model/texpath"
	"ms3dstudio/model/validate"
)

// Input is what Model needs to know besides the model.
type Input struct {
	// Textures resolves texture paths; nil skips the checks that need files.
	Textures *texpath.Resolver
	// TextureFindings are the findings of decoding the texture images
	// (texture.Load): files that are found but cannot be shown.
	TextureFindings []model.Finding
	// NoOffsets leaves byte offsets out (-1): for a model imported from
	// another format, whose MS3D offsets would point into no file.
	NoOffsets bool
	// Reader, when not zero, adds what that reader (model/compat) will
	// refuse or misread.
	Reader compat.Profile
	// Engine, when not empty, adds what that engine profile (formats/smd)
	// will not take, with the texture files looked up through Textures.
	Engine smd.Profile
	// B3D, when not empty, adds what that engine (formats/b3d) will
	// misread in the model's B3D export.
	B3D b3d.Profile
	// Quake, when not empty, adds what that Quake engine will refuse or
	// misread in the model's MD2 or MD3 export (document/quake).
	Quake quake.Engine
}

// Model returns the findings of MS3D Studio's checks on m: every check of
// model/validate, with byte offsets where m would be saved (ms3d.NewLayout)
// and texture files looked up through in.Textures, followed by the findings
// of decoding the texture images and, for a chosen reader or engine, what
// that reader gets wrong or the engine will not take. It is the one
// function behind the findings list: Document.Findings (and so the app's
// problems panel) and "ms3dtool validate" both use it, through a
// Document, so that they report the same problems for the same file.
func Model(m *model.Model, in Input) []model.Finding {
	opt := validate.Options{Locator: ms3d.NewLayout(m), Textures: in.Textures}
	if in.NoOffsets {
		opt.Locator = nil
	}
	out := validate.Check(m, opt)
	out = append(out, in.TextureFindings...)
	if in.Reader != 0 {
		out = append(out, compat.Check(m, in.Reader)...)
	}
	if in.Engine != "" {
		out = append(out, engine.Validate(m, in.Engine, in.Textures)...)
	}
	if in.B3D != "" {
		out = append(out, b3d.ValidateFor(m, in.B3D)...)
	}
	if in.Quake != "" {
		out = append(out, quake.Validate(m, in.Quake, in.Textures)...)
	}
	return out
}

// Target is what a model must also load in: a reader of MS3D files
// (model/compat), an engine it is exported to as SMD (formats/smd), as
// B3D (formats/b3d) or as MD2 or MD3 (document/quake), or none (the zero Target).
// Irrlicht is both a reader and a B3D engine.
type Target struct {
	Reader compat.Profile
	Engine smd.Profile
	B3D    b3d.Profile
	Quake  quake.Engine
}

// ParseTarget reads a reader's name (assimp, blender, irrlicht, milkshape)
// or an engine profile's (goldsrc, source, luanti, quake2, quake3),
// ignoring case; "" is no target. Irrlicht is both the MS3D reader and the B3D engine.
func ParseTarget(name string) (Target, error) {
	if strings.TrimSpace(name) == "" {
		return Target{}, nil
	}
	if p, err := compat.ParseProfile(name); err == nil {
		t := Target{Reader: p}
		if p == compat.Irrlicht {
			t.B3D = b3d.Irrlicht
		}
		return t, nil
	}
	if p, err := b3d.ParseProfile(name); err == nil {
		return Target{B3D: p}, nil
	}
	if q, ok := quake.Parse(name); ok {
		return Target{Quake: q}, nil
	}
	if p, err := smd.ParseProfile(strings.TrimSpace(name)); err == nil {
		return Target{Engine: p}, nil
	}
	return Target{}, fmt.Errorf("unknown reader or engine %q (want %s)", name, strings.Join(TargetNames(), ", "))
}

// TargetNames lists the names ParseTarget accepts: the readers, then the
// engines.
func TargetNames() []string {
	var names []string
	for _, p := range compat.Profiles() {
		names = append(names, p.Name)
	}
	return append(names, string(smd.GoldSrc), string(smd.Source), string(b3d.Luanti), string(quake.Quake2), string(quake.Quake3))
}

// String returns the target's name as ParseTarget reads it, "" for none.
func (t Target) String() string {
	switch {
	case t.Reader != 0:
		return t.Reader.String()
	case t.Engine != "":
		return string(t.Engine)
	case t.B3D != "":
		return string(t.B3D)
	case t.Quake != "":
		return string(t.Quake)
	}
	return ""
}
