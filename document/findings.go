package document

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
	"ms3dstudio/texture"
)

// CheckInput is what Check needs to know besides the model.
type CheckInput struct {
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

// Check returns the findings of MS3D Studio's checks on m: every check of
// model/validate, with byte offsets where m would be saved (ms3d.NewLayout)
// and texture files looked up through in.Textures, followed by the findings
// of decoding the texture images and, for a chosen reader or engine, what
// that reader gets wrong or the engine will not take. It is the one
// function behind the
// findings list: Document.Findings (and so the app's problems panel) and
// "ms3dtool validate" both use it, through a Document, so that they report
// the same problems for the same file.
func Check(m *model.Model, in CheckInput) []model.Finding {
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

// SetTarget chooses what Findings checks the model against besides the
// format: a reader's quirks, or what an engine will not take, with the
// texture files looked up through the document's resolver; PlanFixes fixes
// what it can of them. The checker is kept: DefaultChecker reads the
// target each time it runs, and a checker set with SetChecker (which
// replaces DefaultChecker's checks) can read it with Target, or call
// DefaultChecker's checks itself. When the target changes, subscribers
// hear of it as a Change whose What is 0 (the model is as it was, its
// findings are not), so that whatever lists the findings lists them again.
func (d *Document) SetTarget(t Target) {
	if t == d.Target() {
		return
	}
	d.reader, d.engine, d.b3d, d.quake = t.Reader, t.Engine, t.B3D, t.Quake
	d.stale = true
	label := "Check for " + t.String()
	if t == (Target{}) {
		label = "Check the format alone"
	}
	d.notify(Change{Part: model.PartFile, Index: -1, Label: label})
}

// Target returns the target chosen with SetTarget (or SetReader).
func (d *Document) Target() Target {
	return Target{Reader: d.reader, Engine: d.engine, B3D: d.b3d, Quake: d.quake}
}

// Textures returns the document's decoded texture images (one per
// material) and the findings of decoding them. They are decoded when first
// asked for and again after a texture path changed, the texture resolver
// changed, or the document was saved into another folder.
func (d *Document) Textures() texture.Result {
	if d.imagesStale {
		d.images = texture.Load(d.m, d.TextureResolver())
		d.imagesStale = false
	}
	return d.images
}

// SetReader chooses the reader (model/compat profile) whose quirks Findings
// reports and PlanFixes fixes; zero for none.
func (d *Document) SetReader(p compat.Profile) {
	d.SetTarget(Target{Reader: p, Engine: d.engine, B3D: d.b3d, Quake: d.quake})
}

// Reader returns the reader chosen with SetReader.
func (d *Document) Reader() compat.Profile { return d.reader }
