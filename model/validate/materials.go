package validate

import (
	"fmt"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/texpath"
)

func (c *checker) materials() {
	m := c.m
	for i := range m.Materials {
		mt := &m.Materials[i]
		if bad := nonFinite(vec("ambient", mt.Ambient[:], "rgba"), vec("diffuse", mt.Diffuse[:], "rgba"), vec("specular", mt.Specular[:], "rgba"),
			vec("emissive", mt.Emissive[:], "rgba"), vec("shininess", []float32{mt.Shininess}, ""), vec("transparency", []float32{mt.Transparency}, "")); bad != "" {
			c.add(model.CodeMaterialNonFinite, model.Error, c.at(model.PartMaterial, i), "", "material %d (%q): not finite: %s", i, mt.Name.Display(), bad)
		}
		if num.Finite(mt.Transparency) && (mt.Transparency < 0 || mt.Transparency > 1) {
			c.add(model.CodeTransparencyRange, model.Warning, c.at(model.PartMaterial, i), fmt.Sprintf("set it to %g", clamp(mt.Transparency, 0, 1)),
				"material %d (%q): transparency %g is outside 0–1 (it is the opacity: 1 is opaque)", i, mt.Name.Display(), mt.Transparency)
		}
		if num.Finite(mt.Shininess) && (mt.Shininess < 0 || mt.Shininess > 128) {
			c.add(model.CodeShininessRange, model.Warning, c.at(model.PartMaterial, i), fmt.Sprintf("set it to %g", clamp(mt.Shininess, 0, 128)),
				"material %d (%q): shininess %g is outside 0–128", i, mt.Name.Display(), mt.Shininess)
		}
		c.texture(i, "texture", mt.Texture, model.CodeTexturePath, model.CodeTextureMissing, model.CodeTextureRemapped)
		c.texture(i, "alpha map", mt.AlphaMap, model.CodeAlphaMapPath, model.CodeAlphaMapMissing, model.CodeAlphaMapRemapped)
	}
}

func clamp(f, lo, hi float32) float32 { return min(max(f, lo), hi) }

func (c *checker) texture(i int, what string, s model.Str, pathCode, missingCode, remapCode model.Code) {
	text := s.Text()
	if text == "" {
		return
	}
	portable := texpath.IsPortable(s)
	fixed, _ := texpath.Portable(s)
	r := c.opt.Textures
	var res texpath.Result
	if r != nil {
		res = r.Resolve(s)
		fixed = r.Suggest(res)
	}
	loc := c.at(model.PartMaterial, i)
	name := c.m.Materials[i].Name.Display()
	if !portable {
		c.add(pathCode, model.Warning, loc, fmt.Sprintf("write the %s path as %q", what, fixed),
			"material %d (%q): %s path %q is not portable (backslashes, a drive or an absolute path)", i, name, what, text.Display())
	}
	if r == nil {
		return
	}
	switch {
	case !res.Found:
		tried := make([]string, len(res.Tried))
		for k, cand := range res.Tried {
			tried[k] = cand.Path
			if p, ok := r.OSPath(cand.Path); ok {
				tried[k] = p
			}
		}
		c.add(missingCode, model.Warning, loc, "",
			"material %d (%q): %s %q was not found (tried %s)", i, name, what, text.Display(), strings.Join(tried, ", "))
	case portable && fixed != string(text):
		c.add(remapCode, model.Info, loc, fmt.Sprintf("write the %s path as %q", what, fixed),
			"material %d (%q): %s %q was found only by rule %s, as %q", i, name, what, text.Display(), res.Rule, fixed)
	}
}
