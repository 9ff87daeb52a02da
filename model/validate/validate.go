// Package validate checks a model against the validation list of
// ms3d-format.md §6 and reports each problem as a model.Finding with a
// stable code (see the Code* constants), a severity, a location (part,
// element index and, when a Locator is given, the byte offset in the file)
// and, where an automatic fix exists, what it would do.
//
// Check works on the model, not on bytes: what only the decoder can see
// (a header it could not read, counts that do not fit the bytes left,
// trailing bytes, unreadable blocks) is reported by formats/ms3d.Decode,
// and callers show both lists. Check never repeats those codes.
//
// Checks that could fire thousands of times on one file (a model whose
// normals were never normalised) are capped: the first Options.MaxPerCode
// findings of a code are listed, then one summary finding with the same code
// counts the rest.
package validate

import (
	"fmt"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/texpath"
)

// Locator gives the byte offset of element index of part (a model.Part*
// name; the start of the part when index is negative), or −1 when it is not
// known. formats/ms3d.Layout implements it.
type Locator interface {
	Offset(part string, index int) int64
}

// KeyLocator gives the byte offset of one of a joint's rotation keys
// (position false) or position keys, or −1. A Locator that also implements
// KeyLocator (formats/ms3d.Layout does) lets key findings point at the key
// itself rather than at its joint.
type KeyLocator interface {
	JointKeyOffset(joint int, position bool, key int) int64
}

// DefaultMaxPerCode is the number of findings of one code listed before the
// rest are summarised, when Options.MaxPerCode is 0.
const DefaultMaxPerCode = 20

// DefaultNormalTolerance is how far a normal's length may be from 1 before it
// is reported, when Options.NormalTolerance is 0. Normals normalised in
// single precision are within 1e-6 of unit length.
const DefaultNormalTolerance = 1e-3

// MaxFPS is the frame rate above which model.CodeFPS calls the rate absurd.
// MilkShape files store 1 to 30.
const MaxFPS = 1000

// Options tune Check. The zero value checks everything that needs no files,
// with no byte offsets.
type Options struct {
	// Textures finds texture files; nil skips the checks that need files
	// (model.CodeTextureMissing, model.CodeTextureRemapped and their alpha-map twins).
	// Portability is checked either way.
	Textures *texpath.Resolver
	// Locator supplies byte offsets for locations; nil leaves offsets at −1.
	Locator Locator
	// MaxPerCode caps the findings listed per code (0: DefaultMaxPerCode;
	// negative: no cap).
	MaxPerCode int
	// NormalTolerance is the accepted distance of a normal's length from 1
	// (0: DefaultNormalTolerance).
	NormalTolerance float64
}

// Check runs every check on m and returns the findings, in the order of the
// file's parts. It does not modify m.
func Check(m *model.Model, opt Options) []model.Finding {
	c := &checker{m: m, opt: opt}
	if kl, ok := opt.Locator.(KeyLocator); ok {
		c.keys = kl
	}
	c.header()
	c.vertices()
	c.triangles()
	c.groups()
	c.materials()
	c.keyframer()
	c.joints()
	c.comments()
	limit := opt.MaxPerCode
	if limit == 0 {
		limit = DefaultMaxPerCode
	}
	return capPerCode(c.out, limit)
}

type checker struct {
	m    *model.Model
	opt  Options
	keys KeyLocator
	out  []model.Finding
}

func (c *checker) add(code model.Code, sev model.Severity, where model.Location, fix, format string, args ...any) {
	c.out = append(c.out, model.Finding{Code: code, Severity: sev, Where: where, Message: fmt.Sprintf(format, args...), Fix: fix})
}

// at locates element index of part, with its byte offset when known.
func (c *checker) at(part string, index int) model.Location {
	loc := model.At(part, index)
	if c.opt.Locator != nil {
		loc.Offset = c.opt.Locator.Offset(part, index)
	}
	return loc
}

// keyAt locates a joint's key: the joint, at the key's offset when known and
// at the joint's otherwise.
func (c *checker) keyAt(joint int, position bool, key int) model.Location {
	loc := c.at(model.PartJoint, joint)
	if c.keys != nil {
		if off := c.keys.JointKeyOffset(joint, position, key); off >= 0 {
			loc.Offset = off
		}
	}
	return loc
}

// finite reports whether f is neither NaN nor infinite: its exponent bits
// are not all ones. (A bit test: the key loop runs it 280,000 times on a
// large animated model.)

// nonFinite names the components of named vectors that are NaN or infinite,
// with their values, as "normal 1 y = NaN, s 2 = +Inf", or "" when all are
// finite.
func nonFinite(vs ...namedVec) string {
	var bad []string
	for _, v := range vs {
		for k, f := range v.v {
			if !num.Finite(f) {
				bad = append(bad, fmt.Sprintf("%s = %v", v.component(k), f))
			}
		}
	}
	return strings.Join(bad, ", ")
}

type namedVec struct {
	name string
	v    []float32
	axes string // one letter per component, or "" for numbers
}

// component names component k: "normal 1 y", "s 2", or the bare name of a
// single value.
func (v namedVec) component(k int) string {
	switch {
	case len(v.v) == 1:
		return v.name
	case k < len(v.axes):
		return v.name + " " + v.axes[k:k+1]
	}
	return fmt.Sprintf("%s %d", v.name, k)
}

func vec(name string, v []float32, axes string) namedVec { return namedVec{name, v, axes} }
