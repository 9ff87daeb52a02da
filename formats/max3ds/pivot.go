package max3ds

import (
	"fmt"
	"math"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
)

// poseAt evaluates every node at frame f.
func (im *importer) poseAt(f float64) (rigidM, full []affine) {
	n := len(im.s.Keyframer.Nodes)
	rigidM, full = make([]affine, n), make([]affine, n)
	done := make([]bool, n)
	for i := range n {
		im.frame(i, f, rigidM, full, done)
	}
	return rigidM, full
}

// meshInverse returns M⁻¹ of an object, or the identity with a finding
// when its matrix is missing or singular.
func (im *importer) meshInverse(o int) affine {
	obj := &im.s.Objects[o]
	if !obj.HasMatrix {
		return identity
	}
	m := meshMatrix(obj.Matrix)
	inv, ok := m.inverse()
	if !ok {
		im.add(model.Code3DSMatrix, model.Warning, partObject, o, obj.Offset,
			"object %q: the mesh matrix cannot be inverted; the identity is used", obj.Name)
	}
	return inv
}

// choosePivot measures how well each rule reproduces the stored vertices at
// the saved frame and picks one.
func (im *importer) choosePivot() {
	nodes := im.s.Keyframer.Nodes
	anyMesh, anyPivot := false, false
	for i := range nodes {
		if o := im.objOf[i]; o >= 0 && len(im.s.Objects[o].Vertices) > 0 {
			anyMesh = true
			anyPivot = anyPivot || nodes[i].Pivot != [3]float32{}
		}
	}
	switch im.opt.Pivot {
	case PivotApply:
		im.apply = true
	case PivotIgnore:
		im.apply = false
	}
	if !anyMesh {
		return
	}
	_, full := im.poseAt(im.saved)
	lo, hi := vec{math.Inf(1), math.Inf(1), math.Inf(1)}, vec{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	var errApply, errIgnore float64
	for i := range nodes {
		o := im.objOf[i]
		if o < 0 {
			continue
		}
		inv := im.meshInverse(o)
		pv := vec32(nodes[i].Pivot)
		for _, v := range im.s.Objects[o].Vertices {
			w := vec32(v)
			if !num.Finite3(w) {
				continue
			}
			for k := 0; k < 3; k++ {
				lo[k], hi[k] = math.Min(lo[k], w[k]), math.Max(hi[k], w[k])
			}
			local := inv.apply(w)
			a := full[i].apply(local.sub(pv))
			b := full[i].apply(local)
			errApply = math.Max(errApply, a.sub(w).len())
			errIgnore = math.Max(errIgnore, b.sub(w).len())
		}
	}
	size := hi.sub(lo).len()
	if !(size > 0) || math.IsInf(size, 0) {
		size = 1
	}
	errApply, errIgnore = errApply/size, errIgnore/size
	im.info.ApplyError, im.info.IgnoreError = errApply, errIgnore
	auto := im.opt.Pivot == PivotAuto
	if auto {
		im.apply = errApply <= errIgnore
	}
	im.info.PivotAuto = auto
	im.info.PivotRule = "ignore"
	if im.apply {
		im.info.PivotRule = "apply"
	}
	how := "chosen by --pivot"
	if auto {
		how = "chosen automatically: it reproduces the stored vertices better"
	}
	msg := fmt.Sprintf("pivot rule %q, %s (at frame %d the stored vertices are reproduced to %.2g of the scene size with the pivots applied, %.2g with them ignored)",
		im.info.PivotRule, how, int(im.saved), errApply, errIgnore)
	if !anyPivot {
		msg = fmt.Sprintf("no node has a pivot, so both rules agree (the stored vertices are reproduced to %.2g of the scene size at frame %d)", errApply, int(im.saved))
	}
	im.add(model.Code3DSPivot, model.Info, model.PartKeyframer, -1, im.s.Keyframer.Offset, "%s", msg)
	if best := math.Min(errApply, errIgnore); best > 1e-3 {
		im.add(model.Code3DSPivotMismatch, model.Warning, model.PartKeyframer, -1, im.s.Keyframer.Offset,
			"neither pivot rule reproduces the stored vertices at frame %d (best %.2g of the scene size): the keyframer and the meshes disagree", int(im.saved), best)
	}
}
