package md3

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"ms3dstudio/model"
)

// ValidateFor reports what Quake 3 (ioquake3's renderer and cgame) will
// refuse or misread in m's MD3 export with opt, beyond the export's own
// findings and those of its animation.cfg (which it includes): an export
// refused (no triangles, positions out of range), a surface of more than
// Quake3MaxVertices vertices or Quake3MaxTriangles triangles (the
// renderer refuses the model), a surface name that ends in "_" and a
// character (Quake 3 drops them before matching skins), and shaders that
// are not TGA or JPEG files (all Quake 3 1.32 reads; ioquake3 also reads
// PNG, BMP and PCX).
func ValidateFor(m *model.Model, opt ExportOptions) []model.Finding {
	e := &exporter{m: m, opt: opt}
	f, err := e.export()
	if err != nil {
		return []model.Finding{{Code: model.CodeMD3Limit, Severity: model.Error, Where: model.At(model.PartFile, -1), Message: err.Error()}}
	}
	out := e.findings
	_, more, _ := AnimationConfig(m, opt)
	out = append(out, more...)
	note := func(sev model.Severity, part string, index int, fix, format string, args ...any) {
		out = append(out, model.Finding{Code: model.CodeMD3Quake3, Severity: sev, Where: model.At(part, index), Message: fmt.Sprintf(format, args...), Fix: fix})
	}
	var other []string
	for i := range f.Surfaces {
		s, g := &f.Surfaces[i], e.surfaces[i].group
		if n := len(s.TexCoords); n > Quake3MaxVertices {
			note(model.Error, model.PartGroup, g, "split the group into groups of fewer vertices",
				"Quake 3 refuses the model: group %q has %d MD3 vertices (split by texture coordinates and normals); its renderer loads %d a surface (SHADER_MAX_VERTEXES)", s.Name, n, Quake3MaxVertices)
		}
		if n := len(s.Triangles); n > Quake3MaxTriangles {
			note(model.Error, model.PartGroup, g, "split the group into groups of fewer triangles",
				"Quake 3 refuses the model: group %q has %d triangles; its renderer loads %d a surface (SHADER_MAX_INDEXES)", s.Name, n, Quake3MaxTriangles)
		}
		if n := len(s.Name); n > 2 && s.Name[n-2] == '_' {
			note(model.Info, model.PartGroup, g, "rename the group",
				"Quake 3 drops the last two characters of surface names that end in \"_\" and one more (%q is %q to its skin files)", s.Name, strings.ToLower(s.Name[:n-2]))
		}
		for _, sh := range s.Shaders {
			if ext := strings.ToLower(path.Ext(sh.Name)); ext != ".tga" && ext != ".jpg" && ext != ".jpeg" && !slices.Contains(other, sh.Name) {
				other = append(other, sh.Name)
			}
		}
	}
	for _, name := range other {
		note(model.Warning, model.PartMaterial, -1, "save the texture as a TGA or JPEG file",
			"the texture %q is not a TGA or JPEG file: Quake 3 1.32 reads those only (ioquake3 also PNG, BMP and PCX)", name)
	}
	return out
}
