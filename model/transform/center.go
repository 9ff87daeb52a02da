package transform

import (
	"fmt"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/xform"
)

// CenterMode says where Center puts a model.
type CenterMode uint8

// Center modes.
const (
	// CenterOrigin puts the middle of the model's box on the origin.
	CenterOrigin CenterMode = iota + 1
	// CenterFloor puts the middle of the box's bottom on the origin: the
	// model stands on the floor (Y = 0), centred across it.
	CenterFloor
)

// ParseCenter reads "origin" or "floor".
func ParseCenter(s string) (CenterMode, error) {
	switch strings.ToLower(s) {
	case "origin":
		return CenterOrigin, nil
	case "floor":
		return CenterFloor, nil
	}
	return 0, fmt.Errorf("transform: center %q: want origin or floor", s)
}

// Center returns t followed by the translation that centres the bind pose
// of m, as t leaves it, by mode. A model without vertices is left where t
// puts it.
func Center(m *model.Model, t Transform, mode CenterMode) Transform {
	var b model.Box
	for _, v := range m.Vertices {
		b.Add(xform.Vec32(t.Apply(xform.Vec64(v.Position))))
	}
	if !b.OK {
		return t
	}
	var d [3]float64
	for k := range 3 {
		d[k] = -(float64(b.Lo[k]) + float64(b.Hi[k])) / 2
	}
	if mode == CenterFloor {
		d[1] = -float64(b.Lo[1])
	}
	return t.Then(Translate(d))
}
