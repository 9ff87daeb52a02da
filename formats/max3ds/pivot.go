package max3ds

import (
	"fmt"
	"math"
	"sort"

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

// rigidPart returns the rigid frame of a node's full matrix w: w's origin
// and the rotation of its linear part with the scale taken out (Gram–Schmidt
// on its columns, exact for T·R·S with S diagonal, the common case; a
// non-uniform scale above a turned node shears it, and no rotation is then
// exact). A mirroring scale (negative determinant) has its third axis
// turned back so that the frame stays a rotation; the mesh keeps the mirror
// through the full matrix it is placed with.
func rigidPart(w affine) affine {
	lin := w.rotation()
	if w.det() < 0 {
		for r := range 3 {
			lin[r][2] = -lin[r][2]
		}
	}
	q := lin.Orthonormalize()
	return affine{q[0][0], q[0][1], q[0][2], w[3], q[1][0], q[1][1], q[1][2], w[7], q[2][0], q[2][1], q[2][2], w[11]}
}

// scaleFrameLists returns, for every node, the frames, sorted, at which
// the scale of the node or of one of its ancestors has a key and changes
// somewhere in its track. The lists are built once, parents first; a node
// whose own scale does not change shares its parent's, so that a chain of
// n nodes is walked once, not n times.
func (im *importer) scaleFrameLists() [][]float64 {
	out := make([][]float64, len(im.s.Keyframer.Nodes))
	for _, i := range im.order {
		var up []float64
		if p := im.parent[i]; p >= 0 {
			up = out[p]
		}
		out[i] = up
		keys := im.s.Keyframer.Nodes[i].Scale.Keys
		changes := false
		for _, key := range keys {
			changes = changes || key.Value != keys[0].Value
		}
		if !changes {
			continue
		}
		fs := make([]float64, len(keys))
		for n, key := range keys {
			fs[n] = float64(key.Frame)
		}
		sort.Float64s(fs)
		out[i] = mergeFrames(up, fs)
	}
	return out
}

// onGrid returns the sorted frames fs moved to the nearest of n+1 frames
// evenly spaced from lo to hi, without repeats.
func onGrid(fs []float64, lo, hi float64, n int) []float64 {
	step := (hi - lo) / float64(n)
	var out []float64
	for _, f := range fs {
		g := lo
		if step > 0 {
			g = lo + math.Round((f-lo)/step)*step
		}
		if k := len(out); k == 0 || g > out[k-1] {
			out = append(out, g)
		}
	}
	return out
}

// mergeFrames merges two sorted frame lists, dropping repeats.
func mergeFrames(a, b []float64) []float64 {
	out := make([]float64, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		var f float64
		switch {
		case len(b) == 0 || (len(a) > 0 && a[0] <= b[0]):
			f, a = a[0], a[1:]
		default:
			f, b = b[0], b[1:]
		}
		if n := len(out); n == 0 || f > out[n-1] {
			out = append(out, f)
		}
	}
	return out
}

// jumpFrames returns, sorted, the frame before each frame that holds two
// or more of a track's n keys, when that frame is after the key before.
func jumpFrames(n int, frame func(k int) int32) []float64 {
	var out []float64
	prev := int32(math.MinInt32) // the frame of the keys before the run
	for k := 1; k < n; k++ {
		f, g := frame(k), frame(k-1)
		if f != g {
			prev = g
			continue
		}
		if int64(f)-1 > int64(prev) && (len(out) == 0 || out[len(out)-1] != float64(f)-1) {
			out = append(out, float64(f)-1)
		}
	}
	return out
}
