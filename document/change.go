package document

import "strings"

// Aspect says what kind of data a change touched. Aspects combine as bits.
type Aspect uint32

// Aspects of a model that commands change.
const (
	// Geometry: vertex positions, triangles, normals or UVs.
	Geometry Aspect = 1 << iota
	// Skin: bone assignments or weights.
	Skin
	// Keys: a joint's rotation or position keys.
	Keys
	// Rest: a joint's rest rotation or position.
	Rest
	// Material: material colours, shininess, transparency or mode, or which
	// material a group uses.
	Material
	// Textures: a texture or alpha-map path.
	Textures
	// Names: the name of a group, material or joint (and the parent names
	// that follow a joint's rename).
	Names
	// Comments: a group, material, joint or model comment.
	Comments
	// Meta: model-level values (fps, total frames).
	Meta
	// Saved: the document was saved, possibly under a new path; the model
	// is unchanged but the modified mark and the title may be.
	Saved
	// Everything: a new model replaced the old one.
	Everything Aspect = 1<<iota - 1
)

var aspectNames = []string{"geometry", "skin", "keys", "rest", "material", "textures", "names", "comments", "meta", "saved"}

// String lists the aspects as "names|comments".
func (a Aspect) String() string {
	if a == 0 {
		return "none"
	}
	var parts []string
	for i, n := range aspectNames {
		if a&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, "|")
}

// Has reports whether a includes any aspect of b.
func (a Aspect) Has(b Aspect) bool { return a&b != 0 }

// Change tells subscribers what a command, an undo, a redo or a save changed.
type Change struct {
	// What is the kind of data that changed.
	What Aspect
	// Part is the model part of the element (model.PartGroup,
	// model.PartMaterial, model.PartJoint, or model.PartFile for the model
	// as a whole).
	Part string
	// Index is the element within Part, or −1 for the whole part.
	Index int
	// Label is the label of the command that caused the change ("Rename
	// joint"); empty for saves.
	Label string
	// Undo is true when the change undid a command.
	Undo bool
}
