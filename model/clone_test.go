package model

import (
	"reflect"
	"testing"
)

// TestClone: the copy holds the same values and shares no memory with the
// original, down to group triangle lists, keys, comments and trailing
// bytes.
func TestClone(t *testing.T) {
	m := cloneSample()
	c := m.Clone()
	if !reflect.DeepEqual(c, m) {
		t.Fatal("clone differs")
	}
	c.Vertices[0].Position[0]++
	c.Triangles[0].Vertices[0]++
	c.Groups[0].Triangles[0]++
	c.Materials[0].Name = "other"
	c.Joints[0].RotationKeys[0].Time++
	c.Joints[0].PositionKeys[0].Time++
	c.Comments.Groups[0].Text = "h"
	c.Comments.Materials[0].Text = "h"
	c.Comments.Joints[0].Text = "h"
	c.Trailing[0]++
	want := cloneSample()
	if !reflect.DeepEqual(m, want) {
		t.Fatal("clone shares memory with the original")
	}
}

// cloneSample is a model with every slice Clone copies.
func cloneSample() *Model {
	return &Model{
		Vertices:  []Vertex{{Position: [3]float32{1, 2, 3}}},
		Triangles: []Triangle{{Vertices: [3]uint32{0, 0, 0}}},
		Groups:    []Group{{Name: "g", Triangles: []uint32{0}}},
		Materials: []Material{{Name: "m"}},
		Joints:    []Joint{{Name: "j", RotationKeys: []Key{{Time: 1}}, PositionKeys: []Key{{Time: 2}}}},
		Comments: Comments{SubVersion: 1, Groups: []Comment{{Text: "g"}}, Materials: []Comment{{Text: "m"}},
			Joints: []Comment{{Text: "j"}}},
		Trailing: []byte{1, 2},
	}
}
