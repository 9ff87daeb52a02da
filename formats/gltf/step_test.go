package gltf

import (
	"bytes"
	"math"
	"testing"

	qgltf "github.com/qmuntal/gltf"

	"ms3dstudio/model"
)

// TestStepKeys checks the pose right before, at and after two keys that
// share a time: anim jumps there, and glTF key times must increase.
func TestStepKeys(t *testing.T) {
	m := grid(4, 1, 1)
	j := &m.Joints[0]
	j.PositionKeys = []model.Key{
		{Time: 0.5, Value: [3]float32{0, 0, 0}},
		{Time: 1, Value: [3]float32{0, 2, 0}},
		{Time: 1, Value: [3]float32{0, -3, 0}}, // jump at t = 1
		{Time: 1.5, Value: [3]float32{1, 0, 0}},
	}
	j.RotationKeys = []model.Key{
		{Time: 0.5, Value: [3]float32{0, 0, 0}},
		{Time: 1, Value: [3]float32{0, 0, 1}},
		{Time: 1, Value: [3]float32{0, 0, 0.5}},
		{Time: 1, Value: [3]float32{0, 0, -1}}, // the middle key never shows
		{Time: 1.5, Value: [3]float32{0, 0, 0}},
	}
	var buf bytes.Buffer
	if _, err := Write(&buf, m, Options{}); err != nil {
		t.Fatal(err)
	}
	doc := new(qgltf.Document)
	if err := qgltf.NewDecoder(&buf).Decode(doc); err != nil {
		t.Fatal(err)
	}
	p := newPlayer(t, doc)
	chs := p.channels(t, 0)
	ref := newReference(m)
	node := 1 // the root node comes first, then the joint
	before := float64(math.Nextafter32(1, 0))
	for _, tau := range []float64{0.75, 0.999, 0.99999, before, 1, 1.00001, 1.25} {
		p.pose(chs, tau)
		got := p.global[node]
		ref.skel.Pose(float32(tau), ref.global)
		want := ref.global[0]
		for k := range 16 {
			if d := math.Abs(got[k] - float64(want[k])); d > 1e-5 {
				t.Errorf("t=%v: element %d is %v, anim has %v", tau, k, got[k], want[k])
				break
			}
		}
	}
}
