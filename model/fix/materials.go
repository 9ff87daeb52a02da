package fix

import (
	"fmt"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/texpath"
)

// OpenGL's default material, used for values that are not finite.
var (
	defaultAmbient  = [4]float32{0.2, 0.2, 0.2, 1}
	defaultDiffuse  = [4]float32{0.8, 0.8, 0.8, 1}
	defaultSpecular = [4]float32{0, 0, 0, 1}
	defaultEmissive = [4]float32{0, 0, 0, 1}
)

// materials fixes non-finite and out-of-range values and texture paths.
func (f *fixer) materials() {
	m := f.m
	for i := range m.Materials {
		mt := &m.Materials[i]
		if f.on(model.CodeMaterialNonFinite) {
			var how []string
			colour := func(name string, c *[4]float32, def [4]float32) {
				for k := range c {
					if !num.Finite(c[k]) {
						how = append(how, fmt.Sprintf("%s %c %g → %g", name, "rgba"[k], c[k], def[k]))
						c[k] = def[k]
					}
				}
			}
			colour("ambient", &mt.Ambient, defaultAmbient)
			colour("diffuse", &mt.Diffuse, defaultDiffuse)
			colour("specular", &mt.Specular, defaultSpecular)
			colour("emissive", &mt.Emissive, defaultEmissive)
			how = orDefault(how, "shininess", &mt.Shininess, 0, "")
			how = orDefault(how, "transparency", &mt.Transparency, 1, " (opaque)")
			if how != nil {
				f.add(model.CodeMaterialNonFinite, f.at(model.PartMaterial, i), "material %d (%s): %s (OpenGL's defaults)", i, quote(mt.Name), strings.Join(how, ", "))
			}
		}
		if x := mt.Transparency; num.Finite(x) && (x < 0 || x > 1) && f.on(model.CodeTransparencyRange) {
			mt.Transparency = min(max(x, 0), 1)
			f.add(model.CodeTransparencyRange, f.at(model.PartMaterial, i), "material %d (%s): transparency %g → %g (it is the opacity, 0–1)", i, quote(mt.Name), x, mt.Transparency)
		}
		if x := mt.Shininess; num.Finite(x) && (x < 0 || x > 128) && f.on(model.CodeShininessRange) {
			mt.Shininess = min(max(x, 0), 128)
			f.add(model.CodeShininessRange, f.at(model.PartMaterial, i), "material %d (%s): shininess %g → %g (0–128)", i, quote(mt.Name), x, mt.Shininess)
		}
		f.texture(i, "texture", &mt.Texture, model.CodeTexturePath, model.CodeTextureRemapped)
		f.texture(i, "alpha map", &mt.AlphaMap, model.CodeAlphaMapPath, model.CodeAlphaMapRemapped)
	}
}

// texture rewrites a texture path that is not portable, or that was found
// only by a fallback rule, as the portable path of the file found (or, when
// nothing is found, as worked out from the string alone). It follows
// validate's checks, so that the path it writes passes them.
func (f *fixer) texture(i int, what string, s *model.Str, pathCode, remapCode model.Code) {
	text := s.Text()
	if text == "" {
		return
	}
	portable := texpath.IsPortable(*s)
	fixed, _ := texpath.Portable(*s)
	r := f.opt.Textures
	var res texpath.Result
	if r != nil {
		res = r.Resolve(*s)
		fixed = r.Suggest(res)
	}
	code := pathCode
	switch {
	case !portable:
	case res.Found && fixed != string(text):
		code = remapCode
	default:
		return
	}
	if !f.on(code) {
		return
	}
	p := model.EncodeLike(*s, fixed)
	if p == "" || len(p) > model.PathSize {
		return // nothing sensible to write (a bare drive or root) or too long
	}
	how := "not found: worked out from the path alone"
	if res.Found {
		how = fmt.Sprintf("the file found by rule %s", res.Rule)
		if res.OSPath != "" {
			how += ", " + res.OSPath
		}
	}
	f.add(code, f.at(model.PartMaterial, i), "material %d (%s): %s path %q → %q (%s)", i, quote(f.m.Materials[i].Name), what, text.Display(), p.Display(), how)
	*s = p
}

// orDefault sets *x to def when it is not finite and says so in how:
// "name x → def" and then note.
func orDefault(how []string, name string, x *float32, def float32, note string) []string {
	if !num.Finite(*x) {
		how = append(how, fmt.Sprintf("%s %g → %g%s", name, *x, def, note))
		*x = def
	}
	return how
}
