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
	"math"
	"strings"

	"ms3dstudio/model"
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
func finite(f float32) bool { return math.Float32bits(f)&0x7f800000 != 0x7f800000 }

func finite3(v [3]float32) bool { return finite(v[0]) && finite(v[1]) && finite(v[2]) }

// nonFinite names the components of named vectors that are NaN or infinite,
// with their values, as "normal 1 y = NaN, s 2 = +Inf", or "" when all are
// finite.
func nonFinite(vs ...namedVec) string {
	var bad []string
	for _, v := range vs {
		for k, f := range v.v {
			if !finite(f) {
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

func (c *checker) header() {
	m := c.m
	if m.Version != 0 && m.Version != 3 && m.Version != 4 {
		c.add(model.CodeVersion, model.Error, c.at(model.PartHeader, -1), "save as version 4",
			"version %d does not exist (MilkShape writes 3 and 4)", m.Version)
	}
	counts := []struct {
		part     string
		n, limit int
		sev      model.Severity
		why      string
	}{
		{model.PartVertex, len(m.Vertices), 65534, model.Error, "triangles address vertices with 16 bits"},
		{model.PartTriangle, len(m.Triangles), 65534, model.Error, "groups address triangles with 16 bits"},
		{model.PartGroup, len(m.Groups), 256, model.Error, "a triangle's group index is one byte"},
		{model.PartMaterial, len(m.Materials), 128, model.Error, "a group's material index is a signed byte"},
		{model.PartJoint, len(m.Joints), 128, model.Warning, "the specification allows 128; some players stop there"},
	}
	for _, k := range counts {
		if k.n > k.limit {
			c.add(model.CodeCount, k.sev, c.at(k.part, -1), "", "%s, more than %d: %s", count(k.n, k.part), k.limit, k.why)
		}
	}
	const name, path = 32, 128
	long := func(part string, i int, what string, s model.Str, size int) {
		if len(s) > size {
			c.add(model.CodeFieldLength, model.Error, c.at(part, i), "shorten it to "+fmt.Sprint(size)+" bytes",
				"%s %d: %s is %d bytes, the field holds %d", part, i, what, len(s), size)
		}
	}
	for i := range m.Groups {
		long(model.PartGroup, i, "name", m.Groups[i].Name, name)
	}
	for i := range m.Materials {
		mt := &m.Materials[i]
		long(model.PartMaterial, i, "name", mt.Name, name)
		long(model.PartMaterial, i, "texture path", mt.Texture, path)
		long(model.PartMaterial, i, "alpha map path", mt.AlphaMap, path)
	}
	for i := range m.Joints {
		long(model.PartJoint, i, "name", m.Joints[i].Name, name)
		long(model.PartJoint, i, "parent name", m.Joints[i].Parent, name)
	}
}

func (c *checker) vertices() {
	m := c.m
	nj := len(m.Joints)
	full := 100
	if m.VertexExtraSubVersion == 1 {
		full = 255
	}
	for i := range m.Vertices {
		v := &m.Vertices[i]
		if bad := nonFinite(vec("position", v.Position[:], "xyz")); bad != "" {
			c.add(model.CodeVertexNonFinite, model.Error, c.at(model.PartVertex, i), "", "vertex %d: not finite: %s", i, bad)
		}
		if b := v.Bones[0]; b != model.NoBone && int(b) >= nj {
			c.add(model.CodeVertexBoneRange, model.Error, c.at(model.PartVertex, i), "set the bone to none",
				"vertex %d is bound to bone %d, but the model has %s", i, b, count(nj, "joint"))
		}
		if m.VertexExtraSubVersion == 0 {
			continue
		}
		for k, b := range v.Bones[1:] {
			if b != model.NoBone && int(b) >= nj {
				c.add(model.CodeExtraBoneRange, model.Error, c.at(model.PartVertexExtra, i), "set the bone to none",
					"vertex %d: extra bone id %d is %d, but the model has %s", i, k, b, count(nj, "joint"))
			}
		}
		w := v.Weights
		sum := int(w[0]) + int(w[1]) + int(w[2])
		switch {
		case sum == 0:
			// All zero: 100 % on the vertex's own bone (ms3d-format.md §3).
		case sum > full:
			c.add(model.CodeWeightsOver, model.Error, c.at(model.PartVertexExtra, i), fmt.Sprintf("scale the weights to sum to %d", full),
				"vertex %d: weights %d + %d + %d = %d exceed %d", i, w[0], w[1], w[2], sum, full)
		default:
			raw := [4]int{int(w[0]), int(w[1]), int(w[2]), full - sum}
			lost := 0
			for k, b := range v.Bones {
				if b == model.NoBone {
					lost += raw[k]
				}
			}
			if lost > 0 {
				c.add(model.CodeWeightsLost, model.Warning, c.at(model.PartVertexExtra, i), "scale the weights of the vertex's bones to sum to "+fmt.Sprint(full),
					"vertex %d: %d of its %d weight belong to no bone (bones %s, weights %d %d %d); players renormalise the rest", i, lost, full, bonesString(v.Bones), w[0], w[1], w[2])
			}
		}
	}
}

// count formats n and a noun, in the plural when n is not 1.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if noun == "vertex" {
		return fmt.Sprintf("%d vertices", n)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func bonesString(b [4]uint8) string {
	s := make([]string, 4)
	for i, x := range b {
		if x == model.NoBone {
			s[i] = "none"
		} else {
			s[i] = fmt.Sprint(x)
		}
	}
	return strings.Join(s, " ")
}

func (c *checker) triangles() {
	m := c.m
	tol := c.opt.NormalTolerance
	if tol == 0 {
		tol = DefaultNormalTolerance
	}
	for i := range m.Triangles {
		t := &m.Triangles[i]
		for k, vi := range t.Vertices {
			if int(vi) >= len(m.Vertices) {
				c.add(model.CodeTriangleVertexRange, model.Error, c.at(model.PartTriangle, i), "delete the triangle",
					"triangle %d: corner %d uses vertex %d, but the model has %s", i, k, vi, count(len(m.Vertices), "vertex"))
			}
		}
		if bad := nonFinite(vec("normal 0", t.Normals[0][:], "xyz"), vec("normal 1", t.Normals[1][:], "xyz"), vec("normal 2", t.Normals[2][:], "xyz"),
			vec("s", t.S[:], ""), vec("t", t.T[:], "")); bad != "" {
			c.add(model.CodeTriangleNonFinite, model.Error, c.at(model.PartTriangle, i), "", "triangle %d: not finite: %s", i, bad)
		}
		var zero, off []string
		for k, n := range t.Normals {
			x, y, z := float64(n[0]), float64(n[1]), float64(n[2])
			l := math.Sqrt(x*x + y*y + z*z)
			switch {
			case math.IsNaN(l) || math.IsInf(l, 0):
			case l == 0:
				zero = append(zero, fmt.Sprint(k))
			case math.Abs(l-1) > tol:
				off = append(off, fmt.Sprintf("%d (length %.4g)", k, l))
			}
		}
		if zero != nil {
			c.add(model.CodeNormalZero, model.Warning, c.at(model.PartTriangle, i), "recompute the normals from the smoothing groups",
				"triangle %d: %s zero", i, corners(zero))
		}
		if off != nil {
			c.add(model.CodeNormalLength, model.Warning, c.at(model.PartTriangle, i), "normalise the normals",
				"triangle %d: %s not of unit length", i, corners(off))
		}
	}
}

// corners names triangle corners: "the normal of corner 1 is", "the normals
// of corners 0 and 2 are".
func corners(list []string) string {
	if len(list) == 1 {
		return "the normal of corner " + list[0] + " is"
	}
	return "the normals of corners " + strings.Join(list[:len(list)-1], ", ") + " and " + list[len(list)-1] + " are"
}

func (c *checker) groups() {
	m := c.m
	nt := len(m.Triangles)
	// owner is the first group listing each triangle, second the group of
	// its second listing; times counts listings (saturating).
	owner := make([]int32, nt)
	second := make([]int32, nt)
	times := make([]uint8, nt)
	for i := range owner {
		owner[i], second[i] = -1, -1
	}
	for g := range m.Groups {
		grp := &m.Groups[g]
		bad, first := 0, -1
		for k, ti := range grp.Triangles {
			if int(ti) >= nt {
				if bad == 0 {
					first = k
				}
				bad++
				continue
			}
			switch times[ti] {
			case 0:
				owner[ti] = int32(g)
			case 1:
				second[ti] = int32(g)
			}
			if times[ti] < math.MaxUint8 {
				times[ti]++
			}
		}
		if bad > 0 {
			c.add(model.CodeGroupTriangleRange, model.Error, c.at(model.PartGroup, g), "drop the indices that name no triangle",
				"group %d (%q): %d of its %d triangle indices name no triangle (the model has %s), the first is entry %d = %d",
				g, grp.Name.Display(), bad, len(grp.Triangles), count(nt, "triangle"), first, grp.Triangles[first])
		}
		if mi := int(grp.Material); mi < -1 || mi >= len(m.Materials) {
			c.add(model.CodeGroupMaterialRange, model.Error, c.at(model.PartGroup, g), "set the group's material to none",
				"group %d (%q): material index %d is out of range (the model has %s; −1 means none)", g, grp.Name.Display(), mi, count(len(m.Materials), "material"))
		}
	}
	for ti := range m.Triangles {
		tg := int(m.Triangles[ti].Group)
		switch times[ti] {
		case 0:
			fix := "delete the triangle"
			if tg < len(m.Groups) {
				fix = fmt.Sprintf("add the triangle to group %d, as its group index says", tg)
			}
			c.add(model.CodeTriangleNoGroup, model.Warning, c.at(model.PartTriangle, ti), fix,
				"triangle %d is in no group (its group index is %d); players that draw group by group never draw it", ti, tg)
		case 1:
			if tg != int(owner[ti]) {
				c.add(model.CodeTriangleGroupIndex, model.Warning, c.at(model.PartTriangle, ti), fmt.Sprintf("set the group index to %d", owner[ti]),
					"triangle %d has group index %d, but group %d lists it", ti, tg, owner[ti])
			}
		default:
			keep := owner[ti]
			if tg == int(second[ti]) {
				keep = second[ti]
			}
			where := fmt.Sprintf("first in group %d, then in group %d", owner[ti], second[ti])
			if owner[ti] == second[ti] {
				where = fmt.Sprintf("group %d lists it twice", owner[ti])
			}
			n := fmt.Sprintf("%d times", times[ti])
			switch times[ti] {
			case 2:
				n = "twice"
			case math.MaxUint8:
				n = "255 times or more"
			}
			c.add(model.CodeTriangleMultiGroup, model.Error, c.at(model.PartTriangle, ti), fmt.Sprintf("list the triangle once, in group %d", keep),
				"triangle %d is listed %s (%s), so it is drawn more than once", ti, n, where)
		}
	}
}

func (c *checker) materials() {
	m := c.m
	for i := range m.Materials {
		mt := &m.Materials[i]
		if bad := nonFinite(vec("ambient", mt.Ambient[:], "rgba"), vec("diffuse", mt.Diffuse[:], "rgba"), vec("specular", mt.Specular[:], "rgba"),
			vec("emissive", mt.Emissive[:], "rgba"), vec("shininess", []float32{mt.Shininess}, ""), vec("transparency", []float32{mt.Transparency}, "")); bad != "" {
			c.add(model.CodeMaterialNonFinite, model.Error, c.at(model.PartMaterial, i), "", "material %d (%q): not finite: %s", i, mt.Name.Display(), bad)
		}
		if finite(mt.Transparency) && (mt.Transparency < 0 || mt.Transparency > 1) {
			c.add(model.CodeTransparencyRange, model.Warning, c.at(model.PartMaterial, i), fmt.Sprintf("set it to %g", clamp(mt.Transparency, 0, 1)),
				"material %d (%q): transparency %g is outside 0–1 (it is the opacity: 1 is opaque)", i, mt.Name.Display(), mt.Transparency)
		}
		if finite(mt.Shininess) && (mt.Shininess < 0 || mt.Shininess > 128) {
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

func (c *checker) keyframer() {
	m := c.m
	loc := c.at(model.PartKeyframer, -1)
	if bad := nonFinite(vec("fps", []float32{m.FPS}, ""), vec("current time", []float32{m.CurrentTime}, "")); bad != "" {
		c.add(model.CodeKeyframerNonFinite, model.Error, loc, "", "not finite: %s", bad)
	}
	if finite(m.FPS) && (m.FPS < 1 || m.FPS > MaxFPS) {
		why := "players use 1"
		if m.FPS > MaxFPS {
			why = "no animation needs that"
		}
		c.add(model.CodeFPS, model.Warning, loc, "set the frame rate to 24", "the frame rate is %g: %s", m.FPS, why)
	}
	if m.TotalFrames < 0 {
		c.add(model.CodeTotalFrames, model.Warning, loc, "set total frames to 0", "total frames is %d", m.TotalFrames)
		return
	}
	last, joint := m.LastKey()
	if joint < 0 {
		return
	}
	frame := float64(last) * float64(m.EffectiveFPS())
	need := m.FramesNeeded(last)
	if need > float64(m.TotalFrames) {
		fix := fmt.Sprintf("set total frames to %.0f", need)
		if need > math.MaxInt32 {
			fix = "" // no total-frames count reaches the key: the key is at fault
		}
		c.add(model.CodeTotalFrames, model.Warning, loc, fix,
			"the animation has %d frames, but joint %d (%q) has a key at %g s = frame %.4g: players stop before it",
			m.TotalFrames, joint, m.Joints[joint].Name.Display(), last, frame)
	}
}

func (c *checker) joints() {
	m := c.m
	h := m.ResolveHierarchy()
	for _, f := range h.Findings {
		if f.Where.Part == model.PartJoint && f.Where.Index >= 0 && c.opt.Locator != nil {
			f.Where.Offset = c.opt.Locator.Offset(model.PartJoint, f.Where.Index)
		}
		c.out = append(c.out, f)
	}
	for i := range m.Joints {
		j := &m.Joints[i]
		if bad := nonFinite(vec("rest rotation", j.Rotation[:], "xyz"), vec("rest position", j.Position[:], "xyz")); bad != "" {
			c.add(model.CodeJointNonFinite, model.Error, c.at(model.PartJoint, i), "", "joint %d (%q): not finite: %s", i, j.Name.Display(), bad)
		}
		c.keysOf(i, false, j.RotationKeys)
		c.keysOf(i, true, j.PositionKeys)
	}
	if m.JointExtraSubVersion != 0 {
		for i := range m.Joints {
			if bad := nonFinite(vec("colour", m.Joints[i].Color[:], "rgb")); bad != "" {
				c.add(model.CodeJointColorNonFinite, model.Error, c.at(model.PartJointExtra, i), "set the colour to white",
					"joint %d (%q): not finite: %s", i, m.Joints[i].Name.Display(), bad)
			}
		}
	}
	if x := m.Extra; x.SubVersion != 0 {
		if bad := nonFinite(vec("joint size", []float32{x.JointSize}, ""), vec("alpha reference", []float32{x.AlphaRef}, "")); bad != "" {
			c.add(model.CodeModelExtraNonFinite, model.Error, c.at(model.PartModelExtra, -1), "", "not finite: %s", bad)
		}
	}
}

// keysOf checks one joint's keys of one kind and reports, per problem, the
// first bad key and how many there are.
func (c *checker) keysOf(joint int, position bool, keys []model.Key) {
	kind := "rotation"
	if position {
		kind = "position"
	}
	name := c.m.Joints[joint].Name.Display()
	type tally struct{ first, n int }
	var nanTime, order, nanValue tally
	note := func(t *tally, k int) {
		if t.n == 0 {
			t.first = k
		}
		t.n++
	}
	prev := float32(math.Inf(-1))
	for k := range keys {
		key := &keys[k]
		if !finite(key.Time) {
			note(&nanTime, k)
		} else {
			if !(key.Time > prev) {
				note(&order, k)
			}
			prev = key.Time
		}
		if !finite3(key.Value) {
			note(&nanValue, k)
		}
	}
	if t := nanTime; t.n > 0 {
		c.add(model.CodeKeyTimeNonFinite, model.Error, c.keyAt(joint, position, t.first), "",
			"joint %d (%q): %s key %d has time %v; %d of its %d %s keys have times that are not finite",
			joint, name, kind, t.first, keys[t.first].Time, t.n, len(keys), kind)
	}
	if t := order; t.n > 0 {
		c.add(model.CodeKeyOrder, model.Error, c.keyAt(joint, position, t.first), "",
			"joint %d (%q): %s key %d has time %g, not after the previous key's %g; %d of its %d %s keys are out of order",
			joint, name, kind, t.first, keys[t.first].Time, prevFinite(keys, t.first), t.n, len(keys), kind)
	}
	if t := nanValue; t.n > 0 {
		v := keys[t.first].Value
		c.add(model.CodeKeyNonFinite, model.Error, c.keyAt(joint, position, t.first), "",
			"joint %d (%q): %s key %d has value (%v, %v, %v); %d of its %d %s keys have values that are not finite",
			joint, name, kind, t.first, v[0], v[1], v[2], t.n, len(keys), kind)
	}
}

// prevFinite returns the last finite key time before key k.
func prevFinite(keys []model.Key, k int) float32 {
	for i := k - 1; i >= 0; i-- {
		if finite(keys[i].Time) {
			return keys[i].Time
		}
	}
	return float32(math.Inf(-1))
}

func (c *checker) comments() {
	m := c.m
	cm := &m.Comments
	if cm.SubVersion == 0 {
		return
	}
	// The block's layout (ms3d-format.md §3): sub-version, then three lists
	// of count and {index, length, text}, then the model comment.
	off := int64(-1)
	if c.opt.Locator != nil {
		if off = c.opt.Locator.Offset(model.PartComments, -1); off >= 0 {
			off += 4
		}
	}
	lists := []struct {
		what  string
		list  []model.Comment
		count int
	}{
		{"group", cm.Groups, len(m.Groups)},
		{"material", cm.Materials, len(m.Materials)},
		{"joint", cm.Joints, len(m.Joints)},
	}
	for _, l := range lists {
		if off >= 0 {
			off += 4
		}
		for k, e := range l.list {
			if e.Index < 0 || int(e.Index) >= l.count {
				loc := model.Location{Part: model.PartComments, Index: k, Offset: off}
				c.add(model.CodeCommentIndex, model.Warning, loc, "drop the comment",
					"%s comment %d is attached to %s %d, but the model has %s", l.what, k, l.what, e.Index, count(l.count, l.what))
			}
			if off >= 0 {
				off += 8 + int64(len(e.Text))
			}
		}
	}
}

// capPerCode keeps the first max findings of each code and replaces the rest
// by one summary finding per code, placed after the last one kept. The
// summary has the most serious severity of the findings it stands for and a
// location with the part but no index or offset.
func capPerCode(fs []model.Finding, limit int) []model.Finding {
	if limit < 0 {
		return fs
	}
	count := map[model.Code]int{}
	for _, f := range fs {
		count[f.Code]++
	}
	over := false
	for _, n := range count {
		over = over || n > limit
	}
	if !over {
		return fs
	}
	type rest struct {
		n    int
		sev  model.Severity
		part string
	}
	dropped := map[model.Code]*rest{}
	kept := map[model.Code]int{}
	out := make([]model.Finding, 0, len(fs))
	lastKept := map[model.Code]int{} // code → index in out of its last kept finding
	for _, f := range fs {
		if kept[f.Code] < limit {
			kept[f.Code]++
			out = append(out, f)
			lastKept[f.Code] = len(out) - 1
			continue
		}
		d := dropped[f.Code]
		if d == nil {
			d = &rest{part: f.Where.Part}
			dropped[f.Code] = d
		}
		d.n++
		d.sev = max(d.sev, f.Severity)
	}
	// Insert the summaries after each code's last kept finding, from the
	// back so that earlier positions stay valid.
	type ins struct {
		at int
		f  model.Finding
	}
	var list []ins
	for code, d := range dropped {
		at := len(out)
		if k, ok := lastKept[code]; ok {
			at = k + 1
		}
		list = append(list, ins{at, model.Finding{Code: code, Severity: d.sev, Where: model.At(d.part, -1),
			Message: fmt.Sprintf("%d more %s findings like the %d above are not listed (%d in all)", d.n, code, limit, d.n+limit)}})
	}
	for i := 1; i < len(list); i++ { // insertion sort by position, descending
		for k := i; k > 0 && list[k].at > list[k-1].at; k-- {
			list[k], list[k-1] = list[k-1], list[k]
		}
	}
	for _, s := range list {
		out = append(out, model.Finding{})
		copy(out[s.at+1:], out[s.at:])
		out[s.at] = s.f
	}
	return out
}
