package outline

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/texture"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/widgets"
)

// Tree node ids of the outline.
const (
	nodeModel     = "model"
	nodeGroups    = "groups"
	nodeMaterials = "materials"
	nodeJoints    = "joints"
)

// Outline is the tree on the left: the model, its groups (with triangle
// counts and materials), materials (with texture paths and whether they
// resolve) and joints as their real parent/child hierarchy (with key
// counts).
type Outline struct {
	Tree *widget.Tree
	// tree is Tree's focus wrapper, the object shown (see widgets.NewKeyTree).
	tree *widgets.KeyTree

	doc  *document.Document
	hub  *hub.Hub
	tex  *texture.Statuses
	h    model.Hierarchy
	sync bool // selecting the tree because the hub changed
}

// New returns an outline that selects through the hub h.
func New(h *hub.Hub) *Outline {
	o := &Outline{hub: h}
	o.tree = widgets.NewKeyTree(o.ChildUIDs, o.IsBranch,
		func(bool) fyne.CanvasObject { return widget.NewLabel("template") },
		func(uid widget.TreeNodeID, _ bool, obj fyne.CanvasObject) { obj.(*widget.Label).SetText(o.Text(uid)) })
	o.Tree = &o.tree.Tree
	o.Tree.OnSelected = func(uid widget.TreeNodeID) {
		if !o.sync {
			h.Select(selectionOf(uid))
		}
	}
	h.Subscribe(o.follow)
	return o
}

// Object returns the outline's canvas object (the tree).
func (o *Outline) Object() fyne.CanvasObject { return o.tree }

// SetDocument shows d (nil shows nothing) with texture lookups through tex
// (nil: paths only).
func (o *Outline) SetDocument(d *document.Document, tex *texture.Statuses) {
	o.doc, o.tex = d, tex
	o.h = model.Hierarchy{}
	if d != nil {
		o.h = d.Model().ResolveHierarchy()
	}
	o.Tree.Refresh()
	o.Tree.OpenBranch(nodeJoints)
	o.follow(o.hub.Current())
}

// Changed updates the outline after a document change.
func (o *Outline) Changed(ch document.Change) {
	if o.doc == nil {
		return
	}
	if ch.What.Has(document.Names) {
		o.h = o.doc.Model().ResolveHierarchy()
	}
	if ch.What.Has(document.Textures|document.Saved) && o.tex != nil {
		o.tex.Reset()
	}
	o.Tree.Refresh()
}

// selectionOf maps a tree node to a selection.
func selectionOf(uid string) hub.Selection {
	kind, idx, ok := strings.Cut(uid, "/")
	if !ok {
		if uid == nodeModel {
			return hub.Selection{Kind: hub.KindModel, Index: -1}
		}
		return hub.None
	}
	i, err := strconv.Atoi(idx)
	if err != nil {
		return hub.None
	}
	switch kind {
	case model.PartGroup:
		return hub.Selection{Kind: hub.KindGroup, Index: i}
	case model.PartMaterial:
		return hub.Selection{Kind: hub.KindMaterial, Index: i}
	case model.PartJoint:
		return hub.Selection{Kind: hub.KindJoint, Index: i}
	}
	return hub.None
}

// uidOf maps a selection to its tree node, or "" when it has none.
func uidOf(s hub.Selection) string {
	switch s.Kind {
	case hub.KindModel:
		return nodeModel
	case hub.KindGroup, hub.KindMaterial, hub.KindJoint:
		return fmt.Sprintf("%s/%d", s.Kind, s.Index)
	}
	return ""
}

// follow selects the hub's selection in the tree, opening the branches
// above it.
func (o *Outline) follow(s hub.Selection) {
	o.sync = true
	defer func() { o.sync = false }()
	uid := uidOf(s)
	if uid == "" || o.doc == nil || !o.exists(s) {
		o.Tree.UnselectAll()
		return
	}
	switch s.Kind {
	case hub.KindGroup:
		o.Tree.OpenBranch(nodeGroups)
	case hub.KindMaterial:
		o.Tree.OpenBranch(nodeMaterials)
	case hub.KindJoint:
		o.Tree.OpenBranch(nodeJoints)
		for p := o.h.Parent[s.Index]; p >= 0; p = o.h.Parent[p] {
			o.Tree.OpenBranch(uidOf(hub.Selection{Kind: hub.KindJoint, Index: p}))
		}
	}
	o.Tree.Select(uid)
	o.Tree.ScrollTo(uid)
}

func (o *Outline) exists(s hub.Selection) bool {
	m := o.doc.Model()
	switch s.Kind {
	case hub.KindGroup:
		return s.Index >= 0 && s.Index < len(m.Groups)
	case hub.KindMaterial:
		return s.Index >= 0 && s.Index < len(m.Materials)
	case hub.KindJoint:
		return s.Index >= 0 && s.Index < len(m.Joints) && s.Index < len(o.h.Parent)
	}
	return true
}

// ChildUIDs returns the children of a tree node: the four top nodes, the
// groups, the materials, the root joints, or a joint's children.
func (o *Outline) ChildUIDs(uid widget.TreeNodeID) []widget.TreeNodeID {
	if o.doc == nil {
		return nil
	}
	m := o.doc.Model()
	list := func(part string, n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%s/%d", part, i)
		}
		return out
	}
	joints := func(idx []int) []string {
		out := make([]string, len(idx))
		for i, j := range idx {
			out[i] = uidOf(hub.Selection{Kind: hub.KindJoint, Index: j})
		}
		return out
	}
	switch uid {
	case "":
		return []string{nodeModel, nodeGroups, nodeMaterials, nodeJoints}
	case nodeGroups:
		return list(model.PartGroup, len(m.Groups))
	case nodeMaterials:
		return list(model.PartMaterial, len(m.Materials))
	case nodeJoints:
		return joints(o.h.Roots())
	}
	if s := selectionOf(uid); s.Kind == hub.KindJoint && s.Index < len(o.h.Children) {
		return joints(o.h.Children[s.Index])
	}
	return nil
}

// IsBranch reports whether a node has (or may have) children.
func (o *Outline) IsBranch(uid widget.TreeNodeID) bool {
	switch uid {
	case "", nodeGroups, nodeMaterials, nodeJoints:
		return true
	}
	if s := selectionOf(uid); s.Kind == hub.KindJoint && s.Index < len(o.h.Children) {
		return len(o.h.Children[s.Index]) > 0
	}
	return false
}

// Text returns the label of a tree node.
func (o *Outline) Text(uid widget.TreeNodeID) string {
	if o.doc == nil {
		return ""
	}
	m := o.doc.Model()
	switch uid {
	case nodeModel:
		return fmt.Sprintf("Model (%s)", o.doc.Name())
	case nodeGroups:
		return fmt.Sprintf("Groups (%d)", len(m.Groups))
	case nodeMaterials:
		return fmt.Sprintf("Materials (%d)", len(m.Materials))
	case nodeJoints:
		return fmt.Sprintf("Joints (%d)", len(m.Joints))
	}
	s := selectionOf(uid)
	if !o.exists(s) {
		return ""
	}
	switch s.Kind {
	case hub.KindGroup:
		g := m.Groups[s.Index]
		return fmt.Sprintf("%s — %d triangles, %s", hub.DisplayName(g.Name, s), len(g.Triangles), hub.MaterialName(m, int(g.Material)))
	case hub.KindMaterial:
		mt := m.Materials[s.Index]
		t := hub.DisplayName(mt.Name, s)
		if mt.Texture.Text() == "" {
			return t + " — no texture"
		}
		info := o.tex.Lookup(mt.Texture)
		mark := ""
		switch {
		case !info.Checked:
			mark = " (not looked up)"
		case info.Found:
			mark = " ✓"
		default:
			mark = " ✗ missing"
		}
		return fmt.Sprintf("%s — %s%s", t, mt.Texture.Display(), mark)
	case hub.KindJoint:
		j := m.Joints[s.Index]
		return fmt.Sprintf("%s — %d rot, %d pos keys", hub.DisplayName(j.Name, s), len(j.RotationKeys), len(j.PositionKeys))
	}
	return ""
}
