package problems

import (
	"ms3dstudio/document"
	"ms3dstudio/document/engine"
	"ms3dstudio/model"
	"ms3dstudio/model/compat"
	"ms3dstudio/model/fix"
)

// FixableIn reports whether the fixes planned for d (document.PlanFixes)
// can fix f, and whether "Fix all" runs them: for the codes of model/fix
// whether it has a fix and runs it by default, for a reader's quirks
// whether model/compat fixes them, and for an engine's findings
// whether the engine fixes of d's target clear this one
// (engine.Fixable: a texture that is missing has no fix), which
// "Fix all" always runs, as "ms3dtool fix --for ENGINE" does.
func FixableIn(d *document.Document, f model.Finding) (fixable, byDefault bool) {
	if d != nil && engine.Fixable(d.Model(), d.Target().Engine, d.TextureResolver(), f) {
		return true, true
	}
	return fixRule(f.Code)
}

// fixRule says whether a code has a fix and whether it runs by default.
func fixRule(code model.Code) (fixable, byDefault bool) {
	for _, r := range fix.Rules() {
		if r.Code == code {
			return r.Fixable, r.Default
		}
	}
	for _, p := range compat.Profiles() {
		for _, r := range compat.Rules(p.Profile) {
			if r.Code == code {
				return r.Fixable, r.Fixable
			}
		}
	}
	return false, false
}
