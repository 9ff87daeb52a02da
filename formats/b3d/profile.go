package b3d

import (
	"fmt"
	"strings"

	"ms3dstudio/model"
)

// Profile names an engine a B3D export is for.
type Profile string

// The engine profiles.
const (
	// Irrlicht is the Irrlicht engine, 1.8 (Debian's 1.8.5, the judge of
	// the interop tests).
	Irrlicht Profile = "irrlicht"
	// Luanti is the Luanti (formerly Minetest) game engine, whose Irrlicht
	// fork reads B3D and glTF models only; the mod sets their textures.
	Luanti Profile = "luanti"
)

// ParseProfile returns the profile named s ("irrlicht" or "luanti").
func ParseProfile(s string) (Profile, error) {
	switch p := Profile(strings.ToLower(strings.TrimSpace(s))); p {
	case Irrlicht, Luanti:
		return p, nil
	}
	return "", fmt.Errorf("b3d: unknown engine %q (want irrlicht or luanti)", s)
}

// maxBufferVertices is how many vertices a mesh buffer of Irrlicht 1.8 can
// index (SSkinMeshBuffer's indices are u16).
const maxBufferVertices = 1 << 16

// ValidateFor reports what the engine of profile p will misread in m's B3D
// export, as Export would write it: keys resampled at whole frames,
// rotations Irrlicht's lerp distorts between whole frames, a group with
// more vertices than a mesh buffer indexes, and, for Luanti, the order in
// which the mod's textures list must name the materials. None has a fix
// that keeps the model as it is: the findings say what to change by hand.
// Textures are left to model/validate.
func ValidateFor(m *model.Model, p Profile) []model.Finding {
	if p == "" {
		return nil
	}
	f, e, err := export(m, ExportOptions{})
	if err != nil {
		return nil // only a clip that does not exist fails, and none is asked for
	}
	var out []model.Finding
	for _, x := range e.findings {
		if x.Code != model.CodeTextureMissing {
			out = append(out, x)
		}
	}
	mesh := f.Nodes[0].Mesh
	if mesh == nil {
		return out
	}
	// Each TRIS chunk is a mesh buffer of the vertices it names.
	for k, t := range mesh.Tris {
		seen := map[int32]bool{}
		for _, tri := range t.Triangles {
			for _, v := range tri {
				seen[v] = true
			}
		}
		if len(seen) > maxBufferVertices {
			g := e.groups[k]
			out = append(out, model.Finding{Code: model.CodeB3DBufferVertices, Severity: model.Error, Where: model.At(model.PartGroup, g),
				Message: fmt.Sprintf("Irrlicht misdraws group %d (%s): its %d B3D vertices (split by normal and texture coordinates) are more than the %d a mesh buffer's 16-bit indices reach", g, m.Groups[g].Name.Display(), len(seen), maxBufferVertices),
				Fix:     "split the group into smaller ones"})
		}
	}
	if p == Luanti {
		var list []string
		for k, t := range mesh.Tris {
			name := fmt.Sprintf("group %q, no material", m.Groups[e.groups[k]].Name.Display())
			if t.Brush >= 0 {
				mt := m.Materials[t.Brush]
				name = fmt.Sprintf("group %q, material %q", m.Groups[e.groups[k]].Name.Display(), mt.Name.Display())
				if tex := mt.Texture.Display(); tex != "" {
					name += fmt.Sprintf(", texture %q", tex)
				}
			}
			list = append(list, fmt.Sprintf("%d: %s", k+1, name))
		}
		out = append(out, model.Finding{Code: model.CodeB3DLuantiTextures, Severity: model.Info, Where: model.At(model.PartMaterial, -1),
			Message: fmt.Sprintf("Luanti ignores the texture paths in the file: the entity's textures list gives one texture a mesh buffer, %s in this order (%s)", plural(len(mesh.Tris), "buffer", "buffers"), strings.Join(list, "; "))})
	}
	return out
}
