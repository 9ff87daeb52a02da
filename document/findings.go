package document

import (
	"ms3dstudio/document/check"
	"ms3dstudio/model"
	"ms3dstudio/model/compat"
	"ms3dstudio/texture"
)

// SetTarget chooses what Findings checks the model against besides the
// format: a reader's quirks, or what an engine will not take, with the
// texture files looked up through the document's resolver; PlanFixes fixes
// what it can of them. The checker is kept: DefaultChecker reads the
// target each time it runs, and a checker set with SetChecker (which
// replaces DefaultChecker's checks) can read it with Target, or call
// DefaultChecker's checks itself. When the target changes, subscribers
// hear of it as a Change whose What is 0 (the model is as it was, its
// findings are not), so that whatever lists the findings lists them again.
func (d *Document) SetTarget(t check.Target) {
	if t == d.Target() {
		return
	}
	d.reader, d.engine, d.b3d, d.quake = t.Reader, t.Engine, t.B3D, t.Quake
	d.stale = true
	label := "Check for " + t.String()
	if t == (check.Target{}) {
		label = "Check the format alone"
	}
	d.notify(Change{Part: model.PartFile, Index: -1, Label: label})
}

// Target returns the target chosen with SetTarget (or SetReader).
func (d *Document) Target() check.Target {
	return check.Target{Reader: d.reader, Engine: d.engine, B3D: d.b3d, Quake: d.quake}
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
	d.SetTarget(check.Target{Reader: p, Engine: d.engine, B3D: d.b3d, Quake: d.quake})
}

// Reader returns the reader chosen with SetReader.
func (d *Document) Reader() compat.Profile { return d.reader }
