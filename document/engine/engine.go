// Package engine checks and fixes a model for the game engines its SMD
// export targets (formats/smd's profiles: GoldSrc and Source), with the
// files around it: Validate adds to smd.ValidateFor what the texture files
// themselves tell (InspectTexture reads each as GoldSrc's studiomdl would),
// and Fix binds unboned vertices to the nearest joint and, for GoldSrc,
// quantises each texture studiomdl cannot load (texture/palette) into an
// 8-bit indexed BMP copy beside it, pointing the material at the copy. Fix
// writes nothing: it returns the copies for the caller to write
// (TextureCopy.Write, which never replaces another file).
// "ms3dtool fix --for ENGINE", "ms3dtool validate --for ENGINE" and the
// app's fixes (document.PlanFixes) use it.
//
// It sits above the formats and the texture layer because it needs both:
// the SMD dialects and texture images, decoded and quantised.
package engine

import (
	"ms3dstudio/formats/smd"
	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// Validate reports what the engine of profile p will not take from m, as
// smd.ValidateFor does, with the texture files looked up through res: for
// GoldSrc each material's texture file must be one studiomdl loads as a
// skin (a BMP of 8 bits per pixel, uncompressed, with a 40-byte info
// header and at most 256 palette entries; see InspectTexture), and a file
// it finds is described as it is ("a 24-bit BMP 256×256", "a PNG 512×512
// RGBA") or reported missing; a texture too large for studiomdl's skin
// buffer is reported too. These findings replace smd.ValidateFor's, which
// judge textures by their names; a nil res keeps those.
func Validate(m *model.Model, p smd.Profile, res *texpath.Resolver) []model.Finding {
	out := smd.ValidateFor(m, p)
	if p != smd.GoldSrc || res == nil {
		return out
	}
	kept := make([]model.Finding, 0, len(out))
	for _, f := range out {
		if f.Code != model.CodeEngineTexture {
			kept = append(kept, f)
		}
	}
	return append(kept, textureFindings(m, res)...)
}
