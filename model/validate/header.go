package validate

import (
	"fmt"

	"ms3dstudio/model"
)

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
			c.add(model.CodeCount, k.sev, c.at(k.part, -1), beyondMS3D, "%s, more than %d: %s", count(k.n, k.part), k.limit, k.why)
		}
	}
	// The model holds 16-bit bone ids; a file's are bytes.
	if v, b, ok := firstWideBone(m); ok {
		c.add(model.CodeCount, model.Error, c.at(model.PartVertex, v), beyondMS3D,
			"vertex %d is bound to joint %d of %d: an MS3D vertex names its bones with a byte (255 is none), so joints past 254 cannot carry weights", v, b, len(m.Joints))
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

// beyondMS3D is the fix hint for a model past what an MS3D file holds: an
// import from a richer format opens, plays and exports whole, but only
// other formats keep all of it.
const beyondMS3D = "export to glTF, OBJ or SMD to keep all of it; an MS3D save is refused"

// firstWideBone returns the first vertex bound to a bone id an MS3D file
// cannot store (255 or more, other than NoBone).
func firstWideBone(m *model.Model) (v int, bone uint16, ok bool) {
	for i := range m.Vertices {
		bones := &m.Vertices[i].Bones // not range over the array: that copies it
		for k := range bones {
			if b := bones[k]; b != model.NoBone && b >= 255 {
				return i, b, true
			}
		}
	}
	return 0, 0, false
}
