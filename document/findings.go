package document

import (
	"ms3dstudio/formats/ms3d"
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
}

// Check returns the findings of MS3D Studio's checks on m: every check of
// model/validate, with byte offsets where m would be saved (ms3d.NewLayout)
// and texture files looked up through in.Textures, followed by the findings
// of decoding the texture images and, for a chosen reader, what that reader
// gets wrong. It is the one function behind the
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
	return out
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
	d.reader = p
	d.stale = true
}

// Reader returns the reader chosen with SetReader.
func (d *Document) Reader() compat.Profile { return d.reader }
