package model

import "slices"

// Clone returns a deep copy of m: no slice of the copy shares memory with m.
func (m *Model) Clone() *Model {
	c := *m
	c.Vertices = slices.Clone(m.Vertices)
	c.Triangles = slices.Clone(m.Triangles)
	c.Groups = slices.Clone(m.Groups)
	for i := range c.Groups {
		c.Groups[i].Triangles = slices.Clone(m.Groups[i].Triangles)
	}
	c.Materials = slices.Clone(m.Materials)
	c.Joints = slices.Clone(m.Joints)
	for i := range c.Joints {
		c.Joints[i].RotationKeys = slices.Clone(m.Joints[i].RotationKeys)
		c.Joints[i].PositionKeys = slices.Clone(m.Joints[i].PositionKeys)
	}
	c.Comments.Groups = slices.Clone(m.Comments.Groups)
	c.Comments.Materials = slices.Clone(m.Comments.Materials)
	c.Comments.Joints = slices.Clone(m.Comments.Joints)
	c.Trailing = slices.Clone(m.Trailing)
	return &c
}
