package model

import (
	"math"
	"strconv"
	"strings"

	"ms3dstudio/model/num"
)

// EffectiveFPS returns the frame rate players use: the stored FPS, or 1 when
// it is below 1 or not a number (the format author's viewer clamps the same
// way).
func (m *Model) EffectiveFPS() float32 {
	if !(m.FPS >= 1) || math.IsInf(float64(m.FPS), 0) {
		return 1
	}
	return m.FPS
}

// Influence is one bone acting on a vertex, with its normalised weight.
type Influence struct {
	Joint  int
	Weight float32
}

// Influences writes the bones acting on vertex v into dst and returns how
// many there are (0 to 4). The rules follow ms3d-format.md §3: influence 0 is
// the vertex record's bone with Weights[0], influences 1 and 2 are the extra
// bone ids with Weights[1] and Weights[2], and influence 3 takes what is left
// of 100 (255 for sub-version 1). All three stored weights zero means 100 %
// on the vertex's own bone. Bones that are NoBone or past the last joint are
// dropped and the remaining weights renormalised to sum to 1; a vertex left
// with no valid bone has no influences and does not move.
func (m *Model) Influences(v int, dst *[4]Influence) int {
	vx := &m.Vertices[v]
	nj := len(m.Joints)
	valid := func(b uint16) bool { return b != NoBone && int(b) < nj }
	w := vx.Weights
	if m.VertexExtraSubVersion == 0 || (w[0] == 0 && w[1] == 0 && w[2] == 0) {
		if !valid(vx.Bones[0]) {
			return 0
		}
		dst[0] = Influence{Joint: int(vx.Bones[0]), Weight: 1}
		return 1
	}
	full := 100
	if m.VertexExtraSubVersion == 1 {
		full = 255
	}
	raw := [4]int{int(w[0]), int(w[1]), int(w[2]), full - int(w[0]) - int(w[1]) - int(w[2])}
	n, sum := 0, 0
	for i, b := range vx.Bones {
		if raw[i] <= 0 || !valid(b) {
			continue
		}
		dst[n] = Influence{Joint: int(b), Weight: float32(raw[i])}
		sum += raw[i]
		n++
	}
	for i := 0; i < n; i++ {
		dst[i].Weight /= float32(sum)
	}
	return n
}

// Box is an axis-aligned bounding box grown point by point. The zero value
// is empty.
type Box struct {
	Lo, Hi [3]float32
	// OK is false until a point was added.
	OK bool
}

// Add grows the box to hold p. Points with a NaN or infinite component are
// ignored.
func (b *Box) Add(p [3]float32) {
	if !num.Finite3(p) {
		return
	}
	if !b.OK {
		b.Lo, b.Hi, b.OK = p, p, true
		return
	}
	for k := 0; k < 3; k++ {
		b.Lo[k] = min(b.Lo[k], p[k])
		b.Hi[k] = max(b.Hi[k], p[k])
	}
}

// Bounds returns the axis-aligned box around the finite vertex positions in
// the bind pose; ok is false when there are none.
func (m *Model) Bounds() (lo, hi [3]float32, ok bool) {
	var b Box
	for _, v := range m.Vertices {
		b.Add(v.Position)
	}
	return b.Lo, b.Hi, b.OK
}

// CommentFor returns the text of the first comment in list attached to the
// element with the given index.
func CommentFor(list []Comment, index int) (Str, bool) {
	for _, c := range list {
		if int(c.Index) == index {
			return c.Text, true
		}
	}
	return "", false
}

// LastKey returns the time of the latest key among the joints' key lists
// whose times are all finite and increasing (lists that are not are
// reported by validation on their own and say nothing reliable about the
// animation's length), with its joint; joint is −1 when there is none.
func (m *Model) LastKey() (t float32, joint int) {
	t, joint = -1, -1
	for i := range m.Joints {
		j := &m.Joints[i]
		for _, keys := range [2][]Key{j.RotationKeys, j.PositionKeys} {
			if len(keys) == 0 || !IncreasingTimes(keys) {
				continue
			}
			if last := keys[len(keys)-1].Time; last > t {
				t, joint = last, i
			}
		}
	}
	return t, joint
}

// FramesNeeded returns the number of MilkShape frames the animation needs
// to reach the key at time t: ⌈t·fps⌉, with a tolerance of 1/1000 frame for
// times rounded in single precision.
func (m *Model) FramesNeeded(t float32) float64 {
	return math.Ceil(float64(t)*float64(m.EffectiveFPS()) - 1e-3)
}

// IncreasingTimes reports whether every key time is finite and greater than
// the one before.
func IncreasingTimes(keys []Key) bool {
	for k := range keys {
		t := float64(keys[k].Time)
		if !num.Finite(t) || (k > 0 && !(keys[k].Time > keys[k-1].Time)) {
			return false
		}
	}
	return true
}

// BoneList writes a vertex's four bone ids for a message: "3 none none
// none".
func BoneList(b [4]uint16) string {
	parts := make([]string, 4)
	for k, x := range b {
		if x == NoBone {
			parts[k] = "none"
		} else {
			parts[k] = strconv.Itoa(int(x))
		}
	}
	return strings.Join(parts, " ")
}

// CountReferences adds to each vertex's reference count the triangle
// corners that use it, capped at 255: on a model built with zero counts it
// gives the counts MilkShape stores. Corners naming no vertex are skipped.
func (m *Model) CountReferences() {
	for _, t := range m.Triangles {
		for _, v := range t.Vertices {
			if int(v) < len(m.Vertices) && m.Vertices[v].ReferenceCount < 255 {
				m.Vertices[v].ReferenceCount++
			}
		}
	}
}
