package glr

import "fmt"

// meshUniforms are the mesh program's uniforms; a variant that does not use
// one gets location −1, which GL ignores.
var meshUniforms = []string{"uView", "uProj", "uHeatJoint", "uNormalLength",
	"uTex", "uAmbient", "uDiffuse", "uSpecular", "uEmissive", "uShininess", "uOpacity",
	"uTwoSided", "uColor", "uTint", "uAlphaRef"}

// variants lists every variant the renderer may bind: lit ones with and
// without sphere map, specular highlight and alpha test, the heat map, and
// flat ones with and without normal lines.
func variants() []variant {
	var vs []variant
	for _, sphere := range []bool{false, true} {
		for _, specular := range []bool{false, true} {
			for _, opaque := range []bool{false, true} {
				vs = append(vs, variant{shading: shadeLit, sphereMap: sphere, specular: specular, opaque: opaque})
			}
		}
	}
	return append(vs, variant{shading: shadeHeat}, variant{shading: shadeFlat}, variant{shading: shadeFlat, normalLines: true})
}

// canonical returns v without the options its shading ignores, so that
// equal programs have one key.
func (v variant) canonical() variant {
	if v.shading != shadeLit {
		v.sphereMap, v.specular, v.opaque = false, false, false
	}
	if v.shading != shadeFlat {
		v.normalLines = false
	}
	return v
}

// program returns the compiled variant v, compiling it on first use (a
// dozen programs up front would add 140 ms to the viewport's start under
// llvmpipe). A variant that fails to compile is recorded in r.err, which
// the frame returns, and drawn with the base variant compiled by New.
func (r *Renderer) program(v variant) *program {
	if p, ok := r.progs[v]; ok {
		return p
	}
	vs, fs := v.sources()
	p, err := newProgram(vs, fs, meshUniforms...)
	if err != nil {
		if r.err == nil {
			r.err = fmt.Errorf("glr: mesh program %+v: %w", v, err)
		}
		p = r.progs[variant{}]
	}
	r.progs[v] = p
	return p
}

// takeErr returns and clears the first error recorded while drawing.
func (r *Renderer) takeErr() error {
	err := r.err
	r.err = nil
	return err
}

func deletePrograms(progs map[variant]*program) {
	for _, p := range progs {
		p.delete() // a program shared by two keys is deleted once
	}
}
