package max3ds

import (
	"math"

	"ms3dstudio/model/num"
	"ms3dstudio/model/xform"
)

// targetAt returns the position of a camera's or spot's target at frame f:
// its target node's track, or the object's stored target.
func (im *importer) targetAt(nd *Node, f float64) vec {
	if t, ok := im.targets[nd.Name]; ok {
		return vecAt(im.s.Keyframer.Nodes[t].Position.Keys, f, vec{})
	}
	if c, ok := im.cams.target[nd.Name]; ok {
		return vec32(im.s.Cameras[c].Target)
	}
	if l, ok := im.cams.light[nd.Name]; ok {
		return vec32(im.s.Lights[l].Target)
	}
	return vecAt(nd.Position.Keys, f, vec{}).add(vec{0, 1, 0})
}

// staticRoll returns the stored roll of the first camera named like nd
// whose roll is a number, or 0.
func (im *importer) staticRoll(nd *Node) float64 {
	if c, ok := im.cams.roll[nd.Name]; ok {
		return float64(im.s.Cameras[c].Roll)
	}
	return 0
}

// camIndex finds the camera and light objects a node names, the first of
// each name, without a scan per node and frame (a chain of 2,000 cameras
// took minutes that way).
type camIndex struct {
	target, roll, light map[string]int
}

func newCamIndex(s *Scene) camIndex {
	ix := camIndex{target: map[string]int{}, roll: map[string]int{}, light: map[string]int{}}
	for i, c := range s.Cameras {
		if _, ok := ix.target[c.Name]; !ok {
			ix.target[c.Name] = i
		}
		if _, ok := ix.roll[c.Name]; !ok && num.Finite(c.Roll) {
			ix.roll[c.Name] = i
		}
	}
	for i, l := range s.Lights {
		if _, ok := ix.light[l.Name]; !ok {
			ix.light[l.Name] = i
		}
	}
	return ix
}

// lookAt returns the orientation of a camera looking along dir: local −Z
// towards the target, local Y up as near world Z as it can be, then rolled
// by roll degrees about the viewing direction.
func lookAt(dir vec, roll float64) xform.Quat {
	l := dir.len()
	if !(l > 0) || math.IsInf(l, 0) {
		return xform.IdentityQuat
	}
	fwd := dir.scale(1 / l)
	up := vec{0, 0, 1}
	x := fwd.cross(up)
	if x.len() < 1e-9 {
		x = fwd.cross(vec{0, 1, 0})
	}
	x = x.scale(1 / x.len())
	y := x.cross(fwd)
	// Columns x, y, −fwd.
	r := xform.Mat3{{x[0], y[0], -fwd[0]}, {x[1], y[1], -fwd[1]}, {x[2], y[2], -fwd[2]}}
	return r.Quat().Mul(xform.AxisAngle(vec{0, 0, 1}, -roll*math.Pi/180)).Normalize()
}
