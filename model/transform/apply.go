package transform

import (
	"fmt"
	"math"

	"ms3dstudio/model"
	"ms3dstudio/model/xform"
)

// NotRigidError refuses a transform that rigid joints cannot carry: a
// non-uniform scale (or shear) of a model with keys.
type NotRigidError struct {
	// Scale holds the lengths the map gives the three axes.
	Scale [3]float64
	// Keys counts the keys of the model.
	Keys int
}

// Error says what was refused and what to do.
func (e *NotRigidError) Error() string {
	return fmt.Sprintf("transform: the model has %d keys, and its joints are rigid: they can turn and move but not stretch, so a scale of %.4g, %.4g, %.4g along X, Y, Z would show the animation distorted; scale all three axes alike, or remove the animation first",
		e.Keys, e.Scale[0], e.Scale[1], e.Scale[2])
}

// Result is what Apply did.
type Result struct {
	// Changed reports whether the model was changed (false for the
	// identity).
	Changed bool
	// Mirrored reports that the map reflects, so triangle winding was
	// flipped.
	Mirrored bool
	before   model.Model
}

// Revert restores the model Apply changed. It must be called on the model
// Apply was given, with every later change to it undone.
func (r *Result) Revert(m *model.Model) {
	if r.Changed {
		*m = r.before
	}
}

// Apply transforms m by t as the package documentation describes. The
// error is a *NotRigidError for a non-uniform scale of an animated model,
// and m is then unchanged.
func Apply(m *model.Model, t Transform) (*Result, error) {
	res := &Result{before: *m}
	if t.IsIdentity() {
		return res, nil
	}
	s, q, similar := t.Similarity()
	if !similar {
		keys := 0
		for _, j := range m.Joints {
			keys += len(j.RotationKeys) + len(j.PositionKeys)
		}
		if keys > 0 {
			var lengths [3]float64
			for k := range 3 {
				lengths[k] = math.Hypot(math.Hypot(t.A[0][k], t.A[1][k]), t.A[2][k])
			}
			return res, &NotRigidError{Scale: lengths, Keys: keys}
		}
	}
	res.Changed, res.Mirrored = true, t.Mirrors()
	normal := inverseTranspose(t.A)

	verts := make([]model.Vertex, len(m.Vertices))
	for i, v := range m.Vertices {
		v.Position = xform.Vec32(t.Apply(xform.Vec64(v.Position)))
		verts[i] = v
	}
	tris := make([]model.Triangle, len(m.Triangles))
	for i, tr := range m.Triangles {
		for k := range 3 {
			tr.Normals[k] = unit32(normal.Apply(xform.Vec64(tr.Normals[k])), tr.Normals[k])
		}
		if res.Mirrored {
			tr.Vertices[1], tr.Vertices[2] = tr.Vertices[2], tr.Vertices[1]
			tr.Normals[1], tr.Normals[2] = tr.Normals[2], tr.Normals[1]
			tr.S[1], tr.S[2] = tr.S[2], tr.S[1]
			tr.T[1], tr.T[2] = tr.T[2], tr.T[1]
		}
		tris[i] = tr
	}
	if similar {
		m.Joints = similarJoints(m, t, s, q)
		if m.Extra.SubVersion != 0 {
			m.Extra.JointSize *= float32(s)
		}
	} else {
		m.Joints = movedJoints(m, t)
	}
	m.Vertices, m.Triangles = verts, tris
	return res, nil
}

// similarJoints conjugates the skeleton by the similarity t = s·Q + B.
func similarJoints(m *model.Model, t Transform, s float64, q xform.Mat3) []model.Joint {
	h := m.ResolveHierarchy()
	qt := q.Transpose()
	conj := func(e [3]float32) [3]float32 { return q.Mul(xform.EulerMat(e)).Mul(qt).Euler() }
	lin := func(p [3]float32) [3]float64 {
		v := q.Apply(xform.Vec64(p))
		return [3]float64{s * v[0], s * v[1], s * v[2]}
	}
	out := make([]model.Joint, len(m.Joints))
	for i, j := range m.Joints {
		j.Rotation = conj(j.Rotation)
		p := lin(j.Position)
		if h.Parent[i] < 0 {
			p = add(p, t.B)
		}
		j.Position = xform.Vec32(p)
		rot := make([]model.Key, len(j.RotationKeys))
		for k, key := range j.RotationKeys {
			rot[k] = model.Key{Time: key.Time, Value: conj(key.Value)}
		}
		pos := make([]model.Key, len(j.PositionKeys))
		for k, key := range j.PositionKeys {
			pos[k] = model.Key{Time: key.Time, Value: xform.Vec32(lin(key.Value))}
		}
		j.RotationKeys, j.PositionKeys = rot, pos
		out[i] = j
	}
	return out
}

// movedJoints moves the joints' rest origins with t and keeps their
// orientations, for a model without keys: its skinning matrices are the
// identity at every time, so only where the joints are drawn changes.
func movedJoints(m *model.Model, t Transform) []model.Joint {
	h := m.ResolveHierarchy()
	global := make([]xform.Rigid, len(m.Joints))
	for _, i := range h.Order {
		l := xform.JointLocal(m.Joints[i].Position, m.Joints[i].Rotation)
		if p := h.Parent[i]; p >= 0 {
			l = global[p].Mul(l)
		}
		global[i] = l
	}
	out := make([]model.Joint, len(m.Joints))
	moved := make([]xform.Rigid, len(m.Joints))
	for i := range m.Joints {
		moved[i] = xform.Rigid{R: global[i].R, T: t.Apply(global[i].T)}
	}
	for i, j := range m.Joints {
		l := moved[i]
		if p := h.Parent[i]; p >= 0 {
			l = moved[p].InvMul(l)
		}
		j.Rotation, j.Position = l.R.Euler(), xform.Vec32(l.T)
		out[i] = j
	}
	return out
}

// inverseTranspose returns (A⁻¹)ᵀ, which maps normals; for a singular A
// (a scale of 0) the zero matrix, which leaves normals as they were.
func inverseTranspose(a xform.Mat3) xform.Mat3 {
	d := determinant(a)
	if d == 0 || math.IsNaN(d) || math.IsInf(d, 0) {
		return xform.Mat3{}
	}
	var c xform.Mat3 // cofactors: (A⁻¹)ᵀ = cof(A)/det
	for i := range 3 {
		for j := range 3 {
			i1, i2 := (i+1)%3, (i+2)%3
			j1, j2 := (j+1)%3, (j+2)%3
			c[i][j] = (a[i1][j1]*a[i2][j2] - a[i1][j2]*a[i2][j1]) / d
		}
	}
	return c
}

// unit32 returns n normalised, or old when n has no length.
func unit32(n [3]float64, old [3]float32) [3]float32 {
	l := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])
	if !(l > 0) || math.IsInf(l, 0) {
		return old
	}
	return [3]float32{float32(n[0] / l), float32(n[1] / l), float32(n[2] / l)}
}
