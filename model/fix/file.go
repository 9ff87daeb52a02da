package fix

import (
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/model/fit"
)

// fileParts fixes the version, records a file cut short and drops trailing
// bytes.
func (f *fixer) fileParts(decoded []model.Finding) {
	m := f.m
	if m.Version != 0 && m.Version != 3 && m.Version != 4 && f.on(model.CodeVersion) {
		f.add(model.CodeVersion, f.at(model.PartHeader, -1), "version %d → 4 (versions 3 and 4 have the same records)", m.Version)
		m.Version = 4
	}
	for _, d := range decoded {
		if d.Code == model.CodeTruncated {
			f.add(model.CodeTruncated, d.Where, "the file was cut short (%s); what was read is kept and saved as a complete file: %s, %s, %s, %s, %s",
				d.Message, plural(len(m.Vertices), "vertex"), plural(len(m.Triangles), "triangle"), plural(len(m.Groups), "group"),
				plural(len(m.Materials), "material"), plural(len(m.Joints), "joint"))
		}
	}
	if len(m.Trailing) == 0 {
		return
	}
	code, where := model.CodeTrailingBytes, f.at(model.PartTrailing, -1)
	for _, d := range decoded {
		if d.Code == model.CodeBlockUnreadable || d.Code == model.CodeTrailingBytes {
			code, where = d.Code, d.Where
			break
		}
	}
	if !f.on(code) {
		return
	}
	what := "bytes after the last block"
	if code == model.CodeBlockUnreadable {
		what = fmt.Sprintf("unreadable bytes from the %s block on", where.Part)
	}
	f.add(code, where, "dropped the %d %s", len(m.Trailing), what)
	m.Trailing = nil
}

// fieldLengths shortens names and paths that do not fit their fields.
func (f *fixer) fieldLengths() {
	if !f.on(model.CodeFieldLength) {
		return
	}
	m := f.m
	name := func(part string, i int, what string, s *model.Str) {
		if len(*s) <= model.NameSize {
			return
		}
		old := *s
		*s = old.Cut(model.NameSize)
		f.add(model.CodeFieldLength, f.at(part, i), "%s %d: %s %s (%d bytes) → %s (the field holds %d)", part, i, what, quote(old), len(old), quote(*s), model.NameSize)
	}
	for i := range m.Groups {
		name(model.PartGroup, i, "name", &m.Groups[i].Name)
	}
	for i := range m.Materials {
		mt := &m.Materials[i]
		name(model.PartMaterial, i, "name", &mt.Name)
		for _, p := range []struct {
			what string
			s    *model.Str
		}{{"texture path", &mt.Texture}, {"alpha map path", &mt.AlphaMap}} {
			if len(*p.s) <= model.PathSize {
				continue
			}
			old := *p.s
			*p.s = fit.ShortPath(old, model.PathSize, f.opt.Textures)
			f.add(model.CodeFieldLength, f.at(model.PartMaterial, i), "material %d: %s %s (%d bytes) → %s (the field holds %d)",
				i, p.what, quote(old), len(old), quote(*p.s), model.PathSize)
		}
	}
	// A joint's name and its children's parent names are cut the same way,
	// so the children still find it.
	for i := range m.Joints {
		name(model.PartJoint, i, "name", &m.Joints[i].Name)
		name(model.PartJoint, i, "parent name", &m.Joints[i].Parent)
	}
}
