package model

import (
	"reflect"
	"testing"
)

func TestSkinStats(t *testing.T) {
	m := &Model{
		Joints:                make([]Joint, 3),
		VertexExtraSubVersion: 3,
		Vertices: []Vertex{
			{Bones: [4]uint16{0, NoBone, NoBone, NoBone}},
			{Bones: [4]uint16{0, 2, NoBone, NoBone}, Weights: [3]uint8{60, 40, 0}},
			{Bones: [4]uint16{NoBone, NoBone, NoBone, NoBone}, Extra: [2]uint32{7, 0}},
		},
	}
	got := m.SkinStats([]int{0, 1, 2})
	want := SkinStats{Vertices: 3, Bones: []BoneUse{{0, 2}, {2, 1}}, Multi: 1, None: 1, Extra: 1}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}
