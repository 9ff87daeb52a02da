package document

import (
	"fmt"
	"math"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
)

// count returns how many elements of part m has.
func count(m *model.Model, part string) int {
	switch part {
	case model.PartGroup:
		return len(m.Groups)
	case model.PartMaterial:
		return len(m.Materials)
	case model.PartJoint:
		return len(m.Joints)
	}
	return 0
}

// exists checks that element index of part exists.
func exists(m *model.Model, part string, index int) error {
	if n := count(m, part); index < 0 || index >= n {
		return &ValueError{Part: part, Index: index, Msg: fmt.Sprintf("no such %s (the model has %d)", part, n)}
	}
	return nil
}

// setField is a command that replaces one field of one element.
type setField[T comparable] struct {
	label string
	what  Aspect
	part  string
	index int
	// check validates the new value against the model (the element is
	// known to exist); nil accepts any value.
	check func(m *model.Model) error
	field func(m *model.Model) *T
	value T
	// same, when set, reports that the field already holds the value in a
	// looser sense than ==, so nothing is changed (a name whose raw bytes
	// differ only after its terminating NUL).
	same func(old T) bool
	old  T
}

func (c *setField[T]) Label() string { return c.label }

func (c *setField[T]) Apply(m *model.Model) (Change, error) {
	if c.part != model.PartFile {
		if err := exists(m, c.part, c.index); err != nil {
			return Change{}, err
		}
	}
	if c.check != nil {
		if err := c.check(m); err != nil {
			return Change{}, err
		}
	}
	p := c.field(m)
	if *p == c.value || (c.same != nil && c.same(*p)) {
		return Change{}, nil
	}
	c.old, *p = *p, c.value
	return Change{What: c.what, Part: c.part, Index: c.index}, nil
}

func (c *setField[T]) Revert(m *model.Model) { *c.field(m) = c.old }

// rename builds the command that sets a name field.
func rename(part string, index int, name string, allowEmpty bool, field func(m *model.Model) *model.Str) *setField[model.Str] {
	s := model.EncodeText(name)
	err := checkName(part, index, name, s, allowEmpty)
	return &setField[model.Str]{
		label: "Rename " + part, what: Names, part: part, index: index, value: s, field: field,
		check: func(*model.Model) error { return err },
		same:  func(old model.Str) bool { return old.Display() == name },
	}
}

// RenameGroup returns the command that renames group i. Names are at most
// model.NameSize bytes as stored and may be empty.
func RenameGroup(i int, name string) Command {
	return rename(model.PartGroup, i, name, true, func(m *model.Model) *model.Str { return &m.Groups[i].Name })
}

// RenameMaterial returns the command that renames material i. Names are at
// most model.NameSize bytes as stored and may be empty.
func RenameMaterial(i int, name string) Command {
	return rename(model.PartMaterial, i, name, true, func(m *model.Model) *model.Str { return &m.Materials[i].Name })
}

// renameJoint renames a joint and the parent names of its children, as one
// command, so that the hierarchy is unchanged.
type renameJoint struct {
	index      int
	text       string
	value, old model.Str
	children   []int
	oldParents []model.Str
}

// RenameJoint returns the command that renames joint i and makes its
// children name it as their parent under the new name. Joint names are 1 to
// model.NameSize bytes and must differ (ignoring ASCII case, as parent lookup
// does) from every other joint's name.
func RenameJoint(i int, name string) Command {
	return &renameJoint{index: i, text: name, value: model.EncodeText(name)}
}

func (c *renameJoint) Label() string { return "Rename joint" }

func (c *renameJoint) Apply(m *model.Model) (Change, error) {
	if err := exists(m, model.PartJoint, c.index); err != nil {
		return Change{}, err
	}
	if err := checkName(model.PartJoint, c.index, c.text, c.value, false); err != nil {
		return Change{}, err
	}
	j := &m.Joints[c.index]
	if j.Name == c.value || j.Name.Display() == c.text {
		return Change{}, nil
	}
	for k := range m.Joints {
		if k != c.index && model.EqualFold(m.Joints[k].Name, c.value) {
			return Change{}, &ValueError{model.PartJoint, c.index, "name", fmt.Sprintf("joint %d is already called %q", k, m.Joints[k].Name.Display())}
		}
	}
	h := m.ResolveHierarchy()
	c.children = append(c.children[:0], h.Children[c.index]...)
	c.oldParents = c.oldParents[:0]
	for _, k := range c.children {
		c.oldParents = append(c.oldParents, m.Joints[k].Parent)
		m.Joints[k].Parent = c.value
	}
	c.old, j.Name = j.Name, c.value
	return Change{What: Names, Part: model.PartJoint, Index: c.index}, nil
}

func (c *renameJoint) Revert(m *model.Model) {
	m.Joints[c.index].Name = c.old
	for n, k := range c.children {
		m.Joints[k].Parent = c.oldParents[n]
	}
}

// ColorSlot names one of a material's four colours.
type ColorSlot uint8

// The material colours.
const (
	Ambient ColorSlot = iota
	Diffuse
	Specular
	Emissive
)

// String returns "ambient", "diffuse", "specular" or "emissive".
func (s ColorSlot) String() string {
	switch s {
	case Ambient:
		return "ambient"
	case Diffuse:
		return "diffuse"
	case Specular:
		return "specular"
	case Emissive:
		return "emissive"
	}
	return fmt.Sprintf("colour(%d)", uint8(s))
}

// SetMaterialColor returns the command that sets one RGBA colour of
// material i; each component must be within 0–1.
func SetMaterialColor(i int, slot ColorSlot, rgba [4]float32) Command {
	return &setField[[4]float32]{
		label: "Set " + slot.String() + " colour", what: Material, part: model.PartMaterial, index: i, value: rgba,
		check: func(*model.Model) error {
			if slot > Emissive {
				return &ValueError{model.PartMaterial, i, slot.String(), "no such colour"}
			}
			for _, c := range rgba {
				if !num.Finite(c) || c < 0 || c > 1 {
					return &ValueError{model.PartMaterial, i, slot.String(), fmt.Sprintf("components must be within 0–1, got %v", rgba)}
				}
			}
			return nil
		},
		field: func(m *model.Model) *[4]float32 {
			mt := &m.Materials[i]
			return [...]*[4]float32{&mt.Ambient, &mt.Diffuse, &mt.Specular, &mt.Emissive}[slot]
		},
	}
}

// rangeCheck returns a check that v is finite and within lo–hi.
func rangeCheck(part string, i int, field string, v, lo, hi float32) func(*model.Model) error {
	return func(*model.Model) error {
		if !num.Finite(v) || v < lo || v > hi {
			return &ValueError{part, i, field, fmt.Sprintf("must be within %g–%g, got %g", lo, hi, v)}
		}
		return nil
	}
}

// SetShininess returns the command that sets material i's shininess (an
// OpenGL exponent, 0–128).
func SetShininess(i int, v float32) Command {
	return &setField[float32]{
		label: "Set shininess", what: Material, part: model.PartMaterial, index: i, value: v,
		check: rangeCheck(model.PartMaterial, i, "shininess", v, 0, 128),
		field: func(m *model.Model) *float32 { return &m.Materials[i].Shininess },
	}
}

// SetTransparency returns the command that sets material i's transparency,
// which is the opacity: 0–1, 1 opaque.
func SetTransparency(i int, v float32) Command {
	return &setField[float32]{
		label: "Set transparency", what: Material, part: model.PartMaterial, index: i, value: v,
		check: rangeCheck(model.PartMaterial, i, "transparency", v, 0, 1),
		field: func(m *model.Model) *float32 { return &m.Materials[i].Transparency },
	}
}

// SetMode returns the command that sets material i's mode flags
// (model.MaterialSphereMap, MaterialHasAlpha, MaterialCombineAlpha, and the
// low values old files hold).
func SetMode(i int, mode uint8) Command {
	return &setField[uint8]{
		label: "Set material mode", what: Material, part: model.PartMaterial, index: i, value: mode,
		field: func(m *model.Model) *uint8 { return &m.Materials[i].Mode },
	}
}

// setPath sets a texture or alpha-map path; Document.Remaps lists them.
type setPath struct {
	setField[model.Str]
	mat   int
	alpha bool
}

func newSetPath(i int, path string, alpha bool) *setPath {
	what, label := "texture", "Set texture path"
	if alpha {
		what, label = "alpha map", "Set alpha-map path"
	}
	s := model.EncodeText(path)
	var err error
	switch {
	case len(s) > model.PathSize:
		err = &ValueError{model.PartMaterial, i, what, fmt.Sprintf("path is %d bytes, at most %d fit", len(s), model.PathSize)}
	case containsNUL(path):
		err = &ValueError{model.PartMaterial, i, what, "path must not contain NUL"}
	}
	return &setPath{mat: i, alpha: alpha, setField: setField[model.Str]{
		label: label, what: Textures, part: model.PartMaterial, index: i, value: s,
		check: func(*model.Model) error { return err },
		same:  func(old model.Str) bool { return old.Display() == path },
		field: func(m *model.Model) *model.Str {
			if alpha {
				return &m.Materials[i].AlphaMap
			}
			return &m.Materials[i].Texture
		},
	}}
}

func containsNUL(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return true
		}
	}
	return false
}

// SetTexture returns the command that sets material i's texture path (at
// most model.PathSize bytes; empty for none). The document records it as a remap.
func SetTexture(i int, path string) Command { return newSetPath(i, path, false) }

// SetAlphaMap returns the command that sets material i's alpha-map path (at
// most model.PathSize bytes; empty for none). The document records it as a remap.
func SetAlphaMap(i int, path string) Command { return newSetPath(i, path, true) }

// SetGroupMaterial returns the command that makes group g use material mat,
// or no material when mat is −1.
func SetGroupMaterial(g, mat int) Command {
	return &setField[int16]{
		label: "Set group material", what: Material, part: model.PartGroup, index: g, value: int16(mat),
		check: func(m *model.Model) error {
			if mat < -1 || mat >= len(m.Materials) || mat > math.MaxInt8 {
				return &ValueError{model.PartGroup, g, "material", fmt.Sprintf("material %d does not exist (the model has %d; −1 is none)", mat, len(m.Materials))}
			}
			return nil
		},
		field: func(m *model.Model) *int16 { return &m.Groups[g].Material },
	}
}

// SetRestRotation returns the command that sets joint j's rest rotation
// (Euler radians, X applied first).
func SetRestRotation(j int, rot [3]float32) Command {
	return &setField[[3]float32]{
		label: "Set rest rotation", what: Rest, part: model.PartJoint, index: j, value: rot,
		check: finiteCheck(j, "rest rotation", rot),
		field: func(m *model.Model) *[3]float32 { return &m.Joints[j].Rotation },
	}
}

// SetRestPosition returns the command that sets joint j's rest position
// (local translation).
func SetRestPosition(j int, pos [3]float32) Command {
	return &setField[[3]float32]{
		label: "Set rest position", what: Rest, part: model.PartJoint, index: j, value: pos,
		check: finiteCheck(j, "rest position", pos),
		field: func(m *model.Model) *[3]float32 { return &m.Joints[j].Position },
	}
}

func finiteCheck(j int, field string, v [3]float32) func(*model.Model) error {
	return func(*model.Model) error {
		if !num.Finite3(v) {
			return &ValueError{model.PartJoint, j, field, fmt.Sprintf("must be finite, got %v", v)}
		}
		return nil
	}
}

// MaxFPS bounds the frame rate SetFPS accepts.
const MaxFPS = 1000

// SetFPS returns the command that sets the animation frame rate (1 to
// MaxFPS frames per second; players clamp lower values to 1 anyway).
func SetFPS(fps float32) Command {
	return &setField[float32]{
		label: "Set FPS", what: Meta, part: model.PartFile, index: -1, value: fps,
		check: rangeCheck(model.PartKeyframer, -1, "fps", fps, 1, MaxFPS),
		field: func(m *model.Model) *float32 { return &m.FPS },
	}
}

// MaxFrames bounds the animation length SetTotalFrames accepts.
const MaxFrames = 1 << 20

// SetTotalFrames returns the command that sets the animation length in
// MilkShape frames (0 to MaxFrames).
func SetTotalFrames(n int) Command {
	return &setField[int32]{
		label: "Set total frames", what: Meta, part: model.PartFile, index: -1, value: int32(n),
		check: func(*model.Model) error {
			if n < 0 || n > MaxFrames {
				return &ValueError{model.PartKeyframer, -1, "total frames", fmt.Sprintf("must be within 0–%d, got %d", MaxFrames, n)}
			}
			return nil
		},
		field: func(m *model.Model) *int32 { return &m.TotalFrames },
	}
}
