package validate

import (
	"fmt"
	"math"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
)

func (c *checker) triangles() {
	m := c.m
	tol := c.opt.NormalTolerance
	if tol == 0 {
		tol = DefaultNormalTolerance
	}
	for i := range m.Triangles {
		t := &m.Triangles[i]
		for k := range t.Vertices { // by index: a range over the array copies it
			if vi := t.Vertices[k]; int(vi) >= len(m.Vertices) {
				c.add(model.CodeTriangleVertexRange, model.Error, c.at(model.PartTriangle, i), "delete the triangle",
					"triangle %d: corner %d uses vertex %d, but the model has %s", i, k, vi, count(len(m.Vertices), "vertex"))
			}
		}
		// Naming the values that are not finite costs far more than finding
		// that there are none, which is what nearly every triangle shows.
		if !(num.Finite3(t.Normals[0]) && num.Finite3(t.Normals[1]) && num.Finite3(t.Normals[2]) && num.Finite3(t.S) && num.Finite3(t.T)) {
			bad := nonFinite(vec("normal 0", t.Normals[0][:], "xyz"), vec("normal 1", t.Normals[1][:], "xyz"), vec("normal 2", t.Normals[2][:], "xyz"),
				vec("s", t.S[:], ""), vec("t", t.T[:], ""))
			c.add(model.CodeTriangleNonFinite, model.Error, c.at(model.PartTriangle, i), "", "triangle %d: not finite: %s", i, bad)
		}
		var zero, off []string
		for k := range t.Normals {
			n := &t.Normals[k]
			x, y, z := float64(n[0]), float64(n[1]), float64(n[2])
			l := math.Sqrt(x*x + y*y + z*z)
			switch {
			case !num.Finite(l):
			case l == 0:
				zero = append(zero, fmt.Sprint(k))
			case math.Abs(l-1) > tol:
				off = append(off, fmt.Sprintf("%d (length %.4g)", k, l))
			}
		}
		if zero != nil {
			c.add(model.CodeNormalZero, model.Warning, c.at(model.PartTriangle, i), "recompute the normals from the smoothing groups",
				"triangle %d: %s zero", i, corners(zero))
		}
		if off != nil {
			c.add(model.CodeNormalLength, model.Warning, c.at(model.PartTriangle, i), "normalise the normals",
				"triangle %d: %s not of unit length", i, corners(off))
		}
	}
}

// corners names triangle corners: "the normal of corner 1 is", "the normals
// of corners 0 and 2 are".
func corners(list []string) string {
	if len(list) == 1 {
		return "the normal of corner " + list[0] + " is"
	}
	return "the normals of corners " + strings.Join(list[:len(list)-1], ", ") + " and " + list[len(list)-1] + " are"
}
