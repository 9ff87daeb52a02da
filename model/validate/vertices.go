package validate

import (
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
)

func (c *checker) vertices() {
	m := c.m
	nj := len(m.Joints)
	full := 100
	if m.VertexExtraSubVersion == 1 {
		full = 255
	}
	for i := range m.Vertices {
		v := &m.Vertices[i]
		if !num.Finite3(v.Position) {
			c.add(model.CodeVertexNonFinite, model.Error, c.at(model.PartVertex, i), "", "vertex %d: not finite: %s", i, nonFinite(vec("position", v.Position[:], "xyz")))
		}
		if b := v.Bones[0]; b != model.NoBone && int(b) >= nj {
			c.add(model.CodeVertexBoneRange, model.Error, c.at(model.PartVertex, i), "set the bone to none",
				"vertex %d is bound to bone %d, but the model has %s", i, b, count(nj, "joint"))
		}
		if m.VertexExtraSubVersion == 0 {
			continue
		}
		for k := 1; k < len(v.Bones); k++ {
			if b := v.Bones[k]; b != model.NoBone && int(b) >= nj {
				c.add(model.CodeExtraBoneRange, model.Error, c.at(model.PartVertexExtra, i), "set the bone to none",
					"vertex %d: extra bone id %d is %d, but the model has %s", i, k-1, b, count(nj, "joint"))
			}
		}
		w := v.Weights
		sum := int(w[0]) + int(w[1]) + int(w[2])
		switch {
		case sum == 0:
			// All zero: 100 % on the vertex's own bone (ms3d-format.md §3).
		case sum > full:
			c.add(model.CodeWeightsOver, model.Error, c.at(model.PartVertexExtra, i), fmt.Sprintf("scale the weights to sum to %d", full),
				"vertex %d: weights %d + %d + %d = %d exceed %d", i, w[0], w[1], w[2], sum, full)
		default:
			raw := [4]int{int(w[0]), int(w[1]), int(w[2]), full - sum}
			lost := 0
			for k := range v.Bones {
				if v.Bones[k] == model.NoBone {
					lost += raw[k]
				}
			}
			if lost > 0 {
				c.add(model.CodeWeightsLost, model.Warning, c.at(model.PartVertexExtra, i), "scale the weights of the vertex's bones to sum to "+fmt.Sprint(full),
					"vertex %d: %d of its %d weight belong to no bone (bones %s, weights %d %d %d); players renormalise the rest", i, lost, full, model.BoneList(v.Bones), w[0], w[1], w[2])
			}
		}
	}
}
