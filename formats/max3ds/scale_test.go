package max3ds

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model/anim"
)

// scaledNode is one node of a built scene: its parent (−1 none), its
// position, rotation (angle about an axis) and scale keys, and whether it
// shows a unit quad.
type scaledNode struct {
	name   string
	parent int
	pos    []VecKey
	rot    []RotKey
	scale  []VecKey
	mesh   bool
	pivot  [3]float32
}

// unitQuad is the quad every built object shows, in its local frame.
var unitQuad = [][3]float32{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}

// scaledScene builds a scene the way 3ds Max saves one: each object's mesh
// matrix is its node's transform at frame 0 (lib3ds' T(pos)·R·S, under the
// parent's), and its stored vertices are the quad placed by it.
func scaledScene(nodes []scaledNode) *Scene {
	s := &Scene{Keyframer: Keyframer{Present: true, HasSegment: true, Start: 0, End: 20, HasCurrent: true}}
	im := importer{s: s}
	for i, n := range nodes {
		nd := Node{Kind: NodeObject, ID: uint16(i), HasID: true, Name: n.name, Parent: NoParent, Pivot: n.pivot}
		if n.parent >= 0 {
			nd.Parent = uint16(n.parent)
		}
		nd.Position.Keys, nd.Rotation.Keys, nd.Scale.Keys = n.pos, n.rot, n.scale
		s.Keyframer.Nodes = append(s.Keyframer.Nodes, nd)
	}
	im.nodes()
	_, full := im.poseAt(0)
	for i, n := range nodes {
		if !n.mesh {
			s.Keyframer.Nodes[i].Name = DummyName
			s.Keyframer.Nodes[i].Instance = n.name
			continue
		}
		w := full[i]
		o := Object{Name: n.name, VertexOffset: -1, HasMatrix: true}
		for _, q := range unitQuad {
			o.Vertices = append(o.Vertices, w.apply(vec32(q)).f32())
		}
		// The mesh matrix: X, Y, Z axes and origin of w, so that the
		// stored vertices are what the formula without the pivot
		// reproduces, as in every corpus scene with pivots.
		wp := w
		o.Matrix = [12]float32{float32(wp[0]), float32(wp[4]), float32(wp[8]), float32(wp[1]), float32(wp[5]), float32(wp[9]),
			float32(wp[2]), float32(wp[6]), float32(wp[10]), float32(wp[3]), float32(wp[7]), float32(wp[11])}
		o.Faces = []Face{{V: [3]uint16{0, 1, 2}}, {V: [3]uint16{0, 2, 3}}}
		s.Objects = append(s.Objects, o)
	}
	return s
}

func key(frame int32, v ...float32) VecKey {
	return VecKey{Key: Key{Frame: frame}, Value: [3]float32{v[0], v[1], v[2]}}
}

// TestScaledParentPlacesChildren imports built scenes whose nodes carry
// scale: the bind pose must be the stored vertices exactly (a non-uniform
// scale above a turned child shears it, which only the full transform
// places right), and a child must follow its parent's animated scale.
func TestScaledParentPlacesChildren(t *testing.T) {
	turn := RotKey{Angle: float32(math.Pi / 2), Axis: [3]float32{0, 0, 1}}
	for _, tc := range []struct {
		name  string
		nodes []scaledNode
	}{
		{"non-uniform parent, turned child", []scaledNode{
			{name: "P", parent: -1, pos: []VecKey{key(0, 0, 0, 0)}, scale: []VecKey{key(0, 2, 1, 1)}, mesh: true},
			{name: "C", parent: 0, pos: []VecKey{key(0, 1, 0, 0)}, rot: []RotKey{turn}, mesh: true},
		}},
		{"scaled grandparent, turned parent, offset child", []scaledNode{
			{name: "G", parent: -1, pos: []VecKey{key(0, 0, 0, 0)}, scale: []VecKey{key(0, 1, 3, 1)}, mesh: true},
			{name: "P", parent: 0, pos: []VecKey{key(0, 0, 1, 0)}, rot: []RotKey{turn}, mesh: true},
			{name: "C", parent: 1, pos: []VecKey{key(0, 1, 0, 0)}, mesh: true},
		}},
		{"scale with a pivot", []scaledNode{
			{name: "P", parent: -1, pos: []VecKey{key(0, 5, 0, 0)}, rot: []RotKey{turn}, scale: []VecKey{key(0, 2, 2, 2)}, pivot: [3]float32{0.5, 0.5, 0}, mesh: true},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := scaledScene(tc.nodes)
			for _, rule := range []PivotRule{PivotIgnore, PivotAuto} {
				m, _, _ := Import(s, Options{KeepAxes: true, Pivot: rule})
				i := 0
				for _, o := range s.Objects {
					for _, v := range o.Vertices {
						if d := mgl32.Vec3(m.Vertices[i].Position).Sub(mgl32.Vec3(v)).Len(); d > 1e-5 {
							t.Fatalf("rule %v: object %s vertex %v at %v, stored at %v", rule, o.Name, i, m.Vertices[i].Position, v)
						}
						i++
					}
				}
			}
		})
	}
	// A child of a parent whose uniform scale grows from 1 to 2 between
	// frames 0 and 10 moves out from x = 1 to x = 2.
	s := scaledScene([]scaledNode{
		{name: "P", parent: -1, pos: []VecKey{key(0, 0, 0, 0)}, scale: []VecKey{key(0, 1, 1, 1), key(10, 2, 2, 2)}, mesh: true},
		{name: "C", parent: 0, pos: []VecKey{key(0, 1, 0, 0)}, mesh: true},
	})
	m, _, _ := Import(s, Options{KeepAxes: true})
	sk, _ := anim.NewSkeleton(m)
	g := make([]mgl32.Mat4, sk.Len())
	for _, f := range []float32{0, 5, 10} {
		sk.Pose(float32(f+1)/m.FPS, g) // MilkShape frame f+1 is 3DS frame f
		want := 1 + f/10
		if got := g[1].Col(3); math.Abs(float64(got[0]-want)) > 1e-5 || math.Abs(float64(got[1])) > 1e-5 {
			t.Errorf("frame %g: the child's origin is at %v, want x = %g", f, got, want)
		}
	}
}
