package animedit

import (
	"bytes"
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/xform"
)

// NameSize is the most bytes a joint name holds in a file.
const NameSize = 32

// restGlobals returns every joint's rest global transform, with the
// hierarchy they were computed from.
func restGlobals(m *model.Model) ([]xform.Rigid, model.Hierarchy) {
	h := m.ResolveHierarchy()
	g := make([]xform.Rigid, len(m.Joints))
	for _, j := range h.Order {
		jt := &m.Joints[j]
		l := xform.JointLocal(jt.Position, jt.Rotation)
		if p := h.Parent[j]; p >= 0 {
			l = g[p].Mul(l)
		}
		g[j] = l
	}
	return g, h
}

// localRest returns the local rest rotation and position that put a joint
// with rest global transform g under a parent with rest global transform
// parent (nil for a root).
func localRest(g xform.Rigid, parent *xform.Rigid) (rot, pos [3]float32) {
	if parent != nil {
		g = parent.Inverse().Mul(g)
	}
	return g.R.Euler(), xform.Vec32(g.T)
}

func checkName(op string, m *model.Model, name model.Str) error {
	switch {
	case len(name) == 0:
		return refuse(op, "a joint needs a name")
	case len(name) > NameSize:
		return refuse(op, "the name %q is %d bytes; at most %d fit", name.Display(), len(name), NameSize)
	case bytes.IndexByte([]byte(name), 0) >= 0:
		return refuse(op, "the name %q holds a NUL byte", name.Display())
	}
	for i := range m.Joints {
		if model.EqualFold(m.Joints[i].Name, name) {
			return refuse(op, "joint %d is already called %q", i, m.Joints[i].Name.Display())
		}
	}
	return nil
}

// AddJoint adds a joint called name (as stored: see model.EncodeText)
// as the last joint, a child of joint parent (or a root when parent is −1),
// with its rest origin at position at in model space and the orientation of
// its parent (a local rest rotation of 0). It has no keys; a parent's colour
// is copied when the model stores joint colours.
func AddJoint(m *model.Model, parent int, name model.Str, at [3]float32) (*Edit, error) {
	const op = "add joint"
	if parent != -1 {
		if err := checkJoint(op, m, parent); err != nil {
			return nil, err
		}
	}
	if err := checkName(op, m, name); err != nil {
		return nil, err
	}
	if len(m.Joints) >= MaxJoints {
		return nil, refuse(op, "the model has %d joints, the most bone ids can address", len(m.Joints))
	}
	if !num.Finite3(at) {
		return nil, refuse(op, "the position must be finite, got %v", at)
	}
	j := model.Joint{Name: name, Position: at}
	where := "as a root"
	if parent >= 0 {
		g, _ := restGlobals(m)
		j.Position = xform.Vec32(g[parent].Inverse().Apply(xform.Vec64(at)))
		j.Parent = m.Joints[parent].Name.Text()
		j.Color = m.Joints[parent].Color
		where = "under " + jointName(m, parent)
	}
	old := m.Joints
	joints := make([]model.Joint, len(old), len(old)+1)
	copy(joints, old)
	m.Joints = append(joints, j)
	e := &Edit{}
	e.onUndo(ChangedSkeleton, func(m *model.Model) { m.Joints = old })
	e.Summary = fmt.Sprintf("added joint %q (%d) %s", name.Display(), len(old), where)
	e.detail("%s at (%g, %g, %g)", e.Summary, at[0], at[1], at[2])
	return e, nil
}

// DeleteJoint deletes joint j with its keys. Its children become children
// of its parent and keep their rest pose in model space (their local rest is
// recomputed); the vertices and vertex-extra influences on j go to its parent
// (merged with an influence the vertex already has on the parent), or to no
// bone when j is a root; bone ids above j are renumbered, and joint comments
// follow their joints (j's own is dropped).
func DeleteJoint(m *model.Model, j int) (*Edit, error) {
	const op = "delete joint"
	if err := checkJoint(op, m, j); err != nil {
		return nil, err
	}
	g, h := restGlobals(m)
	p := h.Parent[j]
	renum := func(b int) int {
		if b > j {
			return b - 1
		}
		return b
	}
	e := &Edit{}
	old := m.Joints
	joints := make([]model.Joint, 0, len(old)-1)
	for i := range old {
		if i == j {
			continue
		}
		jt := old[i]
		if h.Parent[i] == j {
			var pg *xform.Rigid
			jt.Parent = ""
			if p >= 0 {
				pg = &g[p]
				jt.Parent = old[p].Name.Text()
			}
			jt.Rotation, jt.Position = localRest(g[i], pg)
			e.detail("joint %s now under %s, rest pose kept", jointName(m, i), parentLabel(m, p))
		}
		joints = append(joints, jt)
	}
	nr, np := len(old[j].RotationKeys), len(old[j].PositionKeys)
	name := jointName(m, j)

	// Vertices: j → its parent, later bones down by one.
	to := uint16(model.NoBone)
	if p >= 0 {
		to = uint16(renum(p))
	}
	var changed []vertexUndo
	moved, unbound := 0, 0
	// after holds one remapped vertex to count its influences under the
	// new joint list.
	after := model.Model{Joints: joints, VertexExtraSubVersion: m.VertexExtraSubVersion, Vertices: make([]model.Vertex, 1)}
	var inf [4]model.Influence
	for v := range m.Vertices {
		vx := m.Vertices[v]
		nv := vx
		onJ := false
		for k, b := range vx.Bones {
			switch {
			case b == model.NoBone:
			case int(b) == j:
				nv.Bones[k] = to
				onJ = true
			case int(b) > j:
				nv.Bones[k] = b - 1
			}
		}
		if onJ {
			moved++
			nv = mergeBones(m, nv)
			if after.Vertices[0] = nv; after.Influences(0, &inf) == 0 {
				unbound++
			}
		}
		if nv != vx {
			changed = append(changed, vertexUndo{v, vx})
			m.Vertices[v] = nv
		}
	}
	e.onUndo(ChangedSkin, func(m *model.Model) { restoreVertices(m, changed) })
	m.Joints = joints
	e.onUndo(ChangedSkeleton|ChangedKeys, func(m *model.Model) { m.Joints = old })

	oldComments := m.Comments.Joints
	var comments []model.Comment
	commentsChanged := false
	for _, c := range oldComments {
		switch {
		case int(c.Index) == j:
			commentsChanged = true
			e.detail("joint %s's comment dropped", name)
			continue
		case int(c.Index) > j:
			c.Index--
			commentsChanged = true
		}
		comments = append(comments, c)
	}
	if commentsChanged {
		m.Comments.Joints = comments
		e.onUndo(ChangedComments, func(m *model.Model) { m.Comments.Joints = oldComments })
	}

	if moved > 0 {
		e.detail("%s on %s moved to %s", plural(moved, "vertex"), name, parentLabel(m, p))
	}
	if unbound > 0 {
		e.detail("%s left on no bone (they stay in the bind pose)", plural(unbound, "vertex"))
	}
	if nr+np > 0 {
		e.detail("%d rotation and %d position keys dropped", nr, np)
	}
	e.Summary = fmt.Sprintf("deleted joint %s (%d)", name, j)
	return e, nil
}

func parentLabel(m *model.Model, p int) string {
	if p < 0 {
		return "no parent"
	}
	return jointName(m, p)
}

// Reparent makes joint j a child of joint parent (a root when parent is
// −1), keeping its rest pose in model space: its local rest rotation and
// position are recomputed. A joint cannot become its own descendant.
func Reparent(m *model.Model, j, parent int) (*Edit, error) {
	const op = "reparent joint"
	if err := checkJoint(op, m, j); err != nil {
		return nil, err
	}
	if parent != -1 {
		if err := checkJoint(op, m, parent); err != nil {
			return nil, err
		}
	}
	g, h := restGlobals(m)
	for a := parent; a >= 0; a = h.Parent[a] {
		if a == j {
			if parent == j {
				return nil, refuse(op, "joint %s cannot be its own parent", jointName(m, j))
			}
			return nil, refuse(op, "joint %s is a descendant of %s: it cannot become its parent", jointName(m, parent), jointName(m, j))
		}
	}
	if h.Parent[j] == parent {
		return &Edit{Summary: fmt.Sprintf("joint %s is already under %s", jointName(m, j), parentLabel(m, parent))}, nil
	}
	jt := &m.Joints[j]
	oldParent, oldRot, oldPos := jt.Parent, jt.Rotation, jt.Position
	var pg *xform.Rigid
	var name model.Str
	if parent >= 0 {
		pg = &g[parent]
		name = m.Joints[parent].Name.Text()
	}
	rot, pos := localRest(g[j], pg)
	e := &Edit{}
	e.detail("joint %s: parent %s → %s, rest rotation %s → %s, position %s → %s", jointName(m, j),
		parentLabel(m, h.Parent[j]), parentLabel(m, parent), fmtValue(Rotation, oldRot), fmtValue(Rotation, rot),
		fmtValue(Position, oldPos), fmtValue(Position, pos))
	jt.Parent, jt.Rotation, jt.Position = name, rot, pos
	e.onUndo(ChangedSkeleton, func(m *model.Model) {
		jt := &m.Joints[j]
		jt.Parent, jt.Rotation, jt.Position = oldParent, oldRot, oldPos
	})
	if parent > j {
		e.detail("note: the new parent comes after joint %s in the file; programs that read joints in file order may expect parents first", jointName(m, j))
	}
	e.Summary = fmt.Sprintf("joint %s now under %s", jointName(m, j), parentLabel(m, parent))
	return e, nil
}
