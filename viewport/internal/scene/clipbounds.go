package scene

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
)

// jointBoxes holds, for a cheap bound of the posed mesh (ClipBounds), the
// bind-pose box of the points each joint moves, and that of the points no
// joint moves.
type jointBoxes struct {
	// joint[j] bounds the points with a weight on joint j.
	joint []model.Box
	// rigid bounds the points without influences.
	rigid model.Box
	// convex tells that every skinned point's weights sum to 1, so that
	// its posed position lies between those its joints give it.
	convex bool
}

// indexJointBoxes fills mesh.boxes from mesh.Points.
func (mesh *Mesh) indexJointBoxes() {
	b := &mesh.boxes
	b.convex = true
	for i := range mesh.Points {
		p := &mesh.Points[i]
		if p.Weights == ([4]float32{}) {
			b.rigid.Add(p.Pos)
			continue
		}
		var sum float32
		for k, w := range p.Weights {
			if w == 0 {
				continue
			}
			sum += w
			j := int(p.Joints[k])
			for len(b.joint) <= j {
				b.joint = append(b.joint, model.Box{})
			}
			b.joint[j].Add(p.Pos)
		}
		if math.Abs(float64(sum)-1) > 1e-4 {
			b.convex = false
		}
	}
}

// ClipBounds returns a box that holds every drawn vertex as skin poses it,
// like PosedBounds, but from each joint's box of vertices moved by its
// matrix rather than from every vertex: a vertex posed by weights summing
// to 1 lies between the positions its joints give it, so inside the boxes
// of those joints. The box is exact in the bind pose and, posed, may be
// larger than PosedBounds's; it costs one box per joint instead of a few
// matrix products per vertex (the stress model's 33,024 vertices, 128
// joints), so the renderer sets its clipping planes from it every frame.
// Meshes with weights that do not sum to 1 get PosedBounds.
func (mesh *Mesh) ClipBounds(skin []mgl32.Mat4) (lo, hi mgl32.Vec3, ok bool) {
	if len(skin) == 0 {
		return mesh.Lo, mesh.Hi, mesh.HasBounds
	}
	if !mesh.boxes.convex {
		return mesh.PosedBounds(skin)
	}
	box := mesh.boxes.rigid
	for j, jb := range mesh.boxes.joint {
		if !jb.OK {
			continue
		}
		if j >= len(skin) {
			box.Add(jb.Lo)
			box.Add(jb.Hi)
			continue
		}
		// The box around the transformed box: its centre moves with the
		// matrix; its half-extent on each axis sums the absolute matrix
		// entries' reach.
		m := &skin[j]
		var c, e [3]float32
		for k := 0; k < 3; k++ {
			c[k] = (jb.Lo[k] + jb.Hi[k]) / 2
			e[k] = (jb.Hi[k] - jb.Lo[k]) / 2
		}
		c = transform(m, c)
		var r [3]float32
		for k := 0; k < 3; k++ {
			r[k] = abs32(m[k])*e[0] + abs32(m[4+k])*e[1] + abs32(m[8+k])*e[2]
		}
		box.Add([3]float32{c[0] - r[0], c[1] - r[1], c[2] - r[2]})
		box.Add([3]float32{c[0] + r[0], c[1] + r[1], c[2] + r[2]})
	}
	return box.Lo, box.Hi, box.OK
}
