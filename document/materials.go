package document

import (
	"fmt"
	"math"
	"slices"

	"ms3dstudio/model"
)

// MaxMaterials is how many materials a model may have: a group names its
// material with a signed byte.
const MaxMaterials = math.MaxInt8 + 1

// NewMaterial returns the material AddMaterial uses when given none:
// MilkShape's defaults (grey ambient and diffuse, black specular and
// emissive, opaque, no texture).
func NewMaterial(name string) model.Material {
	return model.Material{
		Name:         model.EncodeText(name),
		Ambient:      [4]float32{0.2, 0.2, 0.2, 1},
		Diffuse:      [4]float32{0.8, 0.8, 0.8, 1},
		Specular:     [4]float32{0, 0, 0, 1},
		Emissive:     [4]float32{0, 0, 0, 1},
		Transparency: 1,
	}
}

// addMaterial appends a material (new or a copy).
type addMaterial struct {
	label string
	mat   model.Material
	dup   bool // copy material src instead of mat
	src   int
	index int
}

// AddMaterial returns the command that appends mt as a new material (see
// NewMaterial for defaults).
func AddMaterial(mt model.Material) Command {
	return &addMaterial{label: "Add material", mat: mt}
}

// DuplicateMaterial returns the command that appends a copy of material i,
// named "… copy".
func DuplicateMaterial(i int) Command {
	return &addMaterial{label: "Duplicate material", dup: true, src: i}
}

func (c *addMaterial) Label() string { return c.label }

func (c *addMaterial) Apply(m *model.Model) (Change, error) {
	if len(m.Materials) >= MaxMaterials {
		return Change{}, &ValueError{model.PartMaterial, len(m.Materials), "material", fmt.Sprintf("a model holds at most %d materials", MaxMaterials)}
	}
	mt := c.mat
	if c.dup {
		if err := exists(m, model.PartMaterial, c.src); err != nil {
			return Change{}, err
		}
		mt = m.Materials[c.src]
		name := mt.Name.Display() + " copy"
		for len(model.EncodeText(name)) > model.NameSize {
			name = string([]rune(name)[1:])
		}
		mt.Name = model.EncodeText(name)
	}
	c.index = len(m.Materials)
	m.Materials = append(m.Materials, mt)
	return Change{What: Material | Names | Textures, Part: model.PartMaterial, Index: c.index}, nil
}

func (c *addMaterial) Revert(m *model.Model) { m.Materials = m.Materials[:c.index] }

// deleteMaterial removes a material; groups using it switch to another.
type deleteMaterial struct {
	index, repl int
	old         model.Material
	groups      []int16 // every group's material before
	comments    []model.Comment
}

// DeleteMaterial returns the command that deletes material i. Groups that
// used it use material repl instead (numbered as before the deletion), or
// none when repl is −1; materials after i move down by one, and the groups
// and comments that name them follow.
func DeleteMaterial(i, repl int) Command { return &deleteMaterial{index: i, repl: repl} }

func (c *deleteMaterial) Label() string { return "Delete material" }

func (c *deleteMaterial) Apply(m *model.Model) (Change, error) {
	if err := exists(m, model.PartMaterial, c.index); err != nil {
		return Change{}, err
	}
	if c.repl == c.index || c.repl < -1 || c.repl >= len(m.Materials) {
		return Change{}, &ValueError{model.PartMaterial, c.index, "replacement", fmt.Sprintf("material %d cannot replace material %d (−1 is none)", c.repl, c.index)}
	}
	c.old = m.Materials[c.index]
	c.groups = c.groups[:0]
	repl := c.repl
	if repl > c.index {
		repl--
	}
	for g := range m.Groups {
		mat := m.Groups[g].Material
		c.groups = append(c.groups, mat)
		switch {
		case int(mat) == c.index:
			m.Groups[g].Material = int16(repl)
		case int(mat) > c.index:
			m.Groups[g].Material--
		}
	}
	c.comments = slices.Clone(m.Comments.Materials)
	m.Comments.Materials = slices.DeleteFunc(m.Comments.Materials, func(cm model.Comment) bool { return int(cm.Index) == c.index })
	for k := range m.Comments.Materials {
		if int(m.Comments.Materials[k].Index) > c.index {
			m.Comments.Materials[k].Index--
		}
	}
	m.Materials = slices.Delete(m.Materials, c.index, c.index+1)
	return Change{What: Material | Names | Textures | Comments, Part: model.PartFile, Index: -1}, nil
}

func (c *deleteMaterial) Revert(m *model.Model) {
	m.Materials = slices.Insert(m.Materials, c.index, c.old)
	for g := range m.Groups {
		m.Groups[g].Material = c.groups[g]
	}
	m.Comments.Materials = c.comments
}

// assignMaterial sets the material of several groups.
type assignMaterial struct {
	groups []int
	mat    int
	old    []int16
}

// AssignMaterial returns the command that makes every group of groups use
// material mat (−1 for none), as one undo step.
func AssignMaterial(groups []int, mat int) Command {
	return &assignMaterial{groups: slices.Clone(groups), mat: mat}
}

func (c *assignMaterial) Label() string { return "Assign material" }

func (c *assignMaterial) Apply(m *model.Model) (Change, error) {
	if c.mat < -1 || c.mat >= len(m.Materials) {
		return Change{}, &ValueError{model.PartMaterial, c.mat, "material", fmt.Sprintf("no such material (the model has %d; −1 is none)", len(m.Materials))}
	}
	c.old = c.old[:0]
	changed := false
	for _, g := range c.groups {
		if err := exists(m, model.PartGroup, g); err != nil {
			return Change{}, err
		}
		old := m.Groups[g].Material
		c.old = append(c.old, old)
		changed = changed || int(old) != c.mat
	}
	if !changed {
		return Change{}, nil
	}
	for _, g := range c.groups {
		m.Groups[g].Material = int16(c.mat)
	}
	return Change{What: Material, Part: model.PartGroup, Index: -1}, nil
}

func (c *assignMaterial) Revert(m *model.Model) {
	for k := len(c.groups) - 1; k >= 0; k-- {
		m.Groups[c.groups[k]].Material = c.old[k]
	}
}
