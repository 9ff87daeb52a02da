package importer

import (
	"fmt"
	"sort"

	qgltf "github.com/qmuntal/gltf"

	"ms3dstudio/model"
	"ms3dstudio/model/xform"
)

// animChannel is one animated property of a node, with its sampler's data.
type animChannel struct {
	node   int
	path   qgltf.TRSProperty
	interp qgltf.Interpolation
	in     []float32
	out    []float32
	comps  int    // values per key: 3, 4, or the morph target count
	at     string // JSON pointer of the channel
}

// clipSource is one glTF animation as read.
type clipSource struct {
	name     string
	at       string
	channels []animChannel // translation, rotation, scale of scene nodes
	weights  []animChannel // morph target weights
	duration float64       // the last key time of any channel
}

// readAnimations reads every animation's channels. Channels that cannot be
// played (a target outside the scene, an unknown path, key times going
// backwards) are left out with a finding.
func (im *importer) readAnimations() error {
	doc := im.src.doc
	for ai, a := range doc.Animations {
		at := fmt.Sprintf("/animations/%d", ai)
		if a == nil {
			return errAt(at, "null animation")
		}
		c := clipSource{name: a.Name, at: at}
		for ci, ch := range a.Channels {
			cat := fmt.Sprintf("%s/channels/%d", at, ci)
			if ch == nil {
				return errAt(cat, "null channel")
			}
			if ch.Sampler < 0 || ch.Sampler >= len(a.Samplers) || a.Samplers[ch.Sampler] == nil {
				return errAt(cat+"/sampler", "sampler %d does not exist (the animation has %d)", ch.Sampler, len(a.Samplers))
			}
			if ch.Target.Node == nil {
				im.note(model.CodeGLTFChannel, model.Warning, cat+"/target", "the channel targets no node (an extension's target); it is left out")
				continue
			}
			node := *ch.Target.Node
			if node < 0 || node >= len(doc.Nodes) {
				return errAt(cat+"/target/node", "node %d does not exist (the file has %d)", node, len(doc.Nodes))
			}
			if !im.g.inScene[node] {
				im.note(model.CodeGLTFChannel, model.Info, cat+"/target/node", "node %d is not in the scene; the channel is left out", node)
				continue
			}
			s := a.Samplers[ch.Sampler]
			sat := fmt.Sprintf("%s/samplers/%d", at, ch.Sampler)
			parsed, ok, err := im.readChannel(s, sat, cat, node, ch.Target.Path)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
			c.duration = max(c.duration, float64(parsed.in[len(parsed.in)-1]))
			if parsed.path == qgltf.TRSWeights {
				c.weights = append(c.weights, parsed)
			} else {
				c.channels = append(c.channels, parsed)
			}
		}
		im.clips = append(im.clips, c)
	}
	return nil
}

func (im *importer) readChannel(s *qgltf.AnimationSampler, sat, cat string, node int, path qgltf.TRSProperty) (animChannel, bool, error) {
	c := animChannel{node: node, path: path, interp: s.Interpolation, at: cat}
	switch path {
	case qgltf.TRSTranslation, qgltf.TRSScale:
		c.comps = 3
	case qgltf.TRSRotation:
		c.comps = 4
	case qgltf.TRSWeights:
		c.comps = im.morphTargets(node)
		if c.comps == 0 {
			im.note(model.CodeGLTFChannel, model.Info, cat, "the channel animates morph weights of node %d, whose mesh has no morph targets; it is left out", node)
			return c, false, nil
		}
	default:
		im.note(model.CodeGLTFChannel, model.Warning, cat+"/target/path", "unknown path %q; the channel is left out", path)
		return c, false, nil
	}
	switch c.interp {
	case qgltf.InterpolationLinear, qgltf.InterpolationStep, qgltf.InterpolationCubicSpline:
	default:
		im.note(model.CodeGLTFChannel, model.Warning, sat+"/interpolation", "unknown interpolation; the channel is left out")
		return c, false, nil
	}
	in, err := im.src.Floats(s.Input, sat+"/input", 1)
	if err != nil {
		return c, false, err
	}
	want := c.comps
	if path == qgltf.TRSWeights {
		want = 1
	}
	out, err := im.src.Floats(s.Output, sat+"/output", want)
	if err != nil {
		return c, false, err
	}
	c.in, c.out = in.F, out.F
	per := 1
	if c.interp == qgltf.InterpolationCubicSpline {
		per = 3
	}
	if len(c.out) != len(c.in)*per*c.comps {
		return c, false, errAt(sat+"/output", "%d values for %d key times (want %d)", len(c.out), len(c.in), len(c.in)*per*c.comps)
	}
	if !sort.SliceIsSorted(c.in, func(i, j int) bool { return c.in[i] < c.in[j] }) || c.in[0] < 0 {
		im.note(model.CodeGLTFChannel, model.Warning, sat+"/input", "key times are negative or go backwards; the channel is left out")
		return c, false, nil
	}
	return c, true, nil
}

// morphTargets returns the number of morph targets of node's mesh.
func (im *importer) morphTargets(node int) int {
	n := im.src.doc.Nodes[node]
	if n.Mesh == nil || *n.Mesh < 0 || *n.Mesh >= len(im.src.doc.Meshes) || im.src.doc.Meshes[*n.Mesh] == nil {
		return 0
	}
	most := 0
	for _, p := range im.src.doc.Meshes[*n.Mesh].Primitives {
		if p != nil {
			most = max(most, len(p.Targets))
		}
	}
	return most
}

// eval writes the channel's value at time tau into dst (len c.comps): the
// first and last values held outside the keys, STEP holding each key's
// value until the next (left takes the value before a key at tau), LINEAR
// lerping (slerping rotations along the shortest arc) and CUBICSPLINE
// following the Hermite curve of the specification (rotations normalised).
func (c *animChannel) eval(tau float64, left bool, dst []float64) {
	n := len(c.in)
	per, off := 1, 0
	if c.interp == qgltf.InterpolationCubicSpline {
		per, off = 3, 1
	}
	val := func(k, part int) []float32 {
		i := (k*per + part) * c.comps
		return c.out[i : i+c.comps]
	}
	set := func(v []float32) {
		for i := range dst {
			dst[i] = float64(v[i])
		}
	}
	k := sort.Search(n, func(i int) bool { return float64(c.in[i]) > tau }) - 1
	switch {
	case k < 0:
		set(val(0, off))
		return
	case left && k > 0 && float64(c.in[k]) == tau && c.interp == qgltf.InterpolationStep:
		set(val(k-1, off))
		return
	case k >= n-1 || c.interp == qgltf.InterpolationStep:
		set(val(k, off))
		return
	}
	t0, t1 := float64(c.in[k]), float64(c.in[k+1])
	u := (tau - t0) / (t1 - t0)
	a, b := val(k, off), val(k+1, off)
	if c.interp == qgltf.InterpolationLinear {
		if c.path == qgltf.TRSRotation {
			q := xform.Slerp(xform.Quat{float64(a[0]), float64(a[1]), float64(a[2]), float64(a[3])},
				xform.Quat{float64(b[0]), float64(b[1]), float64(b[2]), float64(b[3])}, u)
			copy(dst, q[:])
			return
		}
		for i := range dst {
			dst[i] = float64(a[i]) + u*(float64(b[i])-float64(a[i]))
		}
		return
	}
	d := t1 - t0
	mo, mi := val(k, 2), val(k+1, 0) // out-tangent of k, in-tangent of k+1
	u2, u3 := u*u, u*u*u
	h00, h10, h01, h11 := 2*u3-3*u2+1, u3-2*u2+u, -2*u3+3*u2, u3-u2
	for i := range dst {
		dst[i] = h00*float64(a[i]) + h10*d*float64(mo[i]) + h01*float64(b[i]) + h11*d*float64(mi[i])
	}
	if c.path == qgltf.TRSRotation {
		q := xform.Quat{dst[0], dst[1], dst[2], dst[3]}.Normalize()
		copy(dst, q[:])
	}
}

// onFrames reports whether every key time of c falls on a frame of rate
// fps (within a thousandth of a frame).
func (c *animChannel) onFrames(fps float64) bool {
	for _, t := range c.in {
		f := float64(t) * fps
		if d := f - float64(int64(f+0.5)); d > 1e-3 || d < -1e-3 {
			return false
		}
	}
	return true
}
