package importer

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl32"
	qgltf "github.com/qmuntal/gltf"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/clips"
	"ms3dstudio/model/xform"
)

// Bounds on what resampling may create, so that a tiny file with one key
// at a huge time cannot make a timeline of billions of frames.
const (
	// MaxImportFrames bounds the timeline: 2^20 frames is almost ten hours
	// at 30 fps.
	MaxImportFrames = 1 << 20
	// maxImportKeys bounds the keys of all joints together (64 MiB of keys).
	maxImportKeys = 1 << 22
)

// clipPlan is where one glTF animation lies on the MilkShape timeline.
type clipPlan struct {
	src         *clipSource
	first, last int // MilkShape frames, inclusive
	resampled   int // channels sampled at the frame rate
	scaled      []string
	samples     int // the times its joints are keyed at
}

// animate builds the joints and their keys: one clip per glTF animation,
// end to end on the timeline.
func (im *importer) animate() {
	m := im.m
	m.TotalFrames = 1
	names := newNamer(model.NameSize)
	for j, jt := range im.joints {
		name := im.nodeName(jt.node)
		if im.jointOf[jt.node] != j {
			name += "_bind"
		}
		mj := model.Joint{Name: model.Str(names.take(name, "joint"))}
		l := im.restLocal(j)
		mj.Rotation = eulerOf(&l)
		mj.Position = [3]float32{float32(l[12]), float32(l[13]), float32(l[14])}
		m.Joints = append(m.Joints, mj)
	}
	for j, jt := range im.joints {
		if jt.parent >= 0 {
			m.Joints[j].Parent = m.Joints[jt.parent].Name
		}
	}
	names.report(im, "/nodes", "joints")

	plans, err := im.plan()
	if err != nil {
		im.note(model.CodeGLTFChannel, model.Error, "/animations", "%v; the animations are left out", err)
		return
	}
	if len(plans) == 0 {
		if len(im.joints) > 0 {
			im.restKeys()
		}
		return
	}
	if len(im.joints) > 0 {
		for i := range plans {
			im.keyClip(&plans[i])
		}
	}
	m.TotalFrames = int32(plans[len(plans)-1].last)
	clipNames := newNamer(clips.MaxName)
	list := make([]clips.Clip, len(plans))
	renamed := 0
	for i, p := range plans {
		name := clipName(p.src.name, i, clipNames)
		if p.src.name != "" && name != p.src.name {
			renamed++
		}
		list[i] = clips.Clip{Name: name, First: p.first, Last: p.last}
	}
	if renamed > 0 {
		im.note(model.CodeGLTFName, model.Info, "/animations", "%d animation names were changed into valid, unique clip names", renamed)
	}
	if err := clips.Write(m, list); err != nil {
		im.note(model.CodeGLTFName, model.Error, "/animations", "the clips cannot be stored: %v", err)
	}
	if len(im.joints) > 0 {
		im.verify(plans)
	}
}

// restLocal returns joint j's rest transform relative to its parent.
func (im *importer) restLocal(j int) mat4 {
	jt := &im.joints[j]
	if jt.parent < 0 {
		return jt.rest
	}
	pi, _ := im.joints[jt.parent].rest.inverse()
	return pi.mul(&jt.rest)
}

// eulerOf returns the MS3D Euler angles of a rigid transform's rotation.
func eulerOf(a *mat4) [3]float32 {
	var r xform.Mat3
	for c := range 3 {
		for k := range 3 {
			r[k][c] = a[4*c+k]
		}
	}
	return r.Orthonormalize().Euler()
}

// plan lays the animations end to end: each starts on the frame after the
// one before ends, its time 0 on its first frame.
func (im *importer) plan() ([]clipPlan, error) {
	var plans []clipPlan
	frame := 1
	for i := range im.clips {
		c := &im.clips[i]
		n := int64(math.Ceil(c.duration*im.fps - 1e-6))
		if int64(frame)+n > MaxImportFrames {
			return nil, fmt.Errorf("%s lasts %g s: %d frames at %g fps take the timeline past %d frames", c.at, c.duration, n+1, im.fps, MaxImportFrames)
		}
		plans = append(plans, clipPlan{src: c, first: frame, last: frame + int(n)})
		frame += int(n) + 1
	}
	return plans, nil
}

// sample is a time of a clip at which joints are keyed: tau seconds after
// its start; left takes the value just before a STEP jump there.
type sample struct {
	tau  float64
	left bool
}

func (a sample) cmp(b sample) int {
	switch {
	case a.tau < b.tau:
		return -1
	case a.tau > b.tau:
		return 1
	case a.left == b.left:
		return 0
	case a.left:
		return -1
	}
	return 1
}

// keyClip writes the keys of one clip. Every joint is keyed at the clip's
// two ends (else MilkShape would interpolate into the neighbouring clip).
// LINEAR and STEP channels whose keys fall on frames keep exactly their
// keys (STEP with a key just before each jump). Cubic splines, channels
// with keys between frames and joints under a changing scale are keyed at
// every frame and at their own key times too, so that the curve's corners
// are kept and LINEAR stays exact.
func (im *importer) keyClip(p *clipPlan) {
	c := p.src
	g := im.g
	frames := p.last - p.first
	scaledNode := make([]bool, len(g.parent))
	rotCh, posCh := map[int]*animChannel{}, map[int]*animChannel{}
	var scaleTimes []sample
	for i := range c.channels {
		ch := &c.channels[i]
		switch ch.path {
		case qgltf.TRSScale:
			if im.scaleChanges(ch) {
				scaledNode[ch.node] = true
				p.scaled = append(p.scaled, im.nodeName(ch.node))
			}
		case qgltf.TRSRotation:
			rotCh[ch.node] = ch
		case qgltf.TRSTranslation:
			posCh[ch.node] = ch
		}
	}
	for _, n := range g.order {
		if pa := g.parent[n]; pa >= 0 && scaledNode[pa] {
			scaledNode[n] = true
		}
	}
	if len(p.scaled) > 0 {
		for i := range c.channels {
			scaleTimes = im.keyTimes(&c.channels[i], scaleTimes)
		}
	}
	end := float64(frames) / im.fps
	var everyFrame []sample
	plan := func(ch *animChannel, scaled bool) []sample {
		s := []sample{{tau: 0}, {tau: end}}
		if ch != nil {
			s = im.keyTimes(ch, s)
		}
		if scaled || ch != nil && (ch.interp == qgltf.InterpolationCubicSpline || !ch.onFrames(im.fps)) {
			p.resampled++
			if everyFrame == nil {
				everyFrame = make([]sample, 0, frames+1)
				for f := 0; f <= frames; f++ {
					everyFrame = append(everyFrame, sample{tau: float64(f) / im.fps})
				}
			}
			s = append(s, everyFrame...)
			if scaled {
				s = append(s, scaleTimes...)
			}
		}
		slices.SortFunc(s, sample.cmp)
		return slices.CompactFunc(s, func(a, b sample) bool { return a.cmp(b) == 0 })
	}
	keys := make([][2][]sample, len(im.joints))
	total := 0
	var all []sample
	for j, jt := range im.joints {
		sc := scaledNode[jt.node]
		keys[j] = [2][]sample{plan(rotCh[jt.node], sc), plan(posCh[jt.node], sc)}
		total += len(keys[j][0]) + len(keys[j][1])
		if total > maxImportKeys {
			im.note(model.CodeGLTFChannel, model.Error, c.at, "keying %q at %g fps would make more than %d keys; it is left out (import at a lower frame rate)", c.name, im.fps, maxImportKeys)
			return
		}
		all = append(all, keys[j][0]...)
		all = append(all, keys[j][1]...)
	}
	slices.SortFunc(all, sample.cmp)
	all = slices.CompactFunc(all, func(a, b sample) bool { return a.cmp(b) == 0 })
	p.samples = len(all)
	if !im.spend(int64(len(all)) * int64(len(g.order)+len(im.joints))) {
		im.note(model.CodeGLTFChannel, model.Error, c.at, "keying %q at %g fps would pose the scene %d times, more work than a file of this size justifies; it is left out (import at a lower frame rate)", c.name, im.fps, len(all))
		return
	}

	ps := g.newPose()
	gms := make([]mat4, len(im.joints))
	next := make([][2]int, len(im.joints))
	for _, smp := range all {
		g.evaluate(ps, c, smp.tau, smp.left)
		t := float32(float64(p.first)/im.fps + smp.tau)
		if smp.left {
			t = math.Nextafter32(t, float32(math.Inf(-1)))
		}
		im.jointWorlds(ps, gms)
		for j := range im.joints {
			var want [2]bool
			for kind := range 2 {
				if k := next[j][kind]; k < len(keys[j][kind]) && keys[j][kind][k] == smp {
					want[kind] = true
					next[j][kind]++
				}
			}
			if !want[0] && !want[1] {
				continue
			}
			key := im.key(j, gms)
			mj := &im.m.Joints[j]
			if want[0] {
				mj.RotationKeys = appendKey(mj.RotationKeys, t, eulerOf(&key))
			}
			if want[1] {
				mj.PositionKeys = appendKey(mj.PositionKeys, t, [3]float32{float32(key[12]), float32(key[13]), float32(key[14])})
			}
		}
	}
}

// appendKey appends a key unless float32 time cannot tell it from the key
// before (on a very long timeline).
func appendKey(keys []model.Key, t float32, v [3]float32) []model.Key {
	if n := len(keys); n > 0 && t <= keys[n-1].Time {
		return keys
	}
	return append(keys, model.Key{Time: t, Value: v})
}

// keyTimes appends ch's key times to s, snapped to frames within a
// thousandth of a frame, with the time just before each STEP jump.
func (im *importer) keyTimes(ch *animChannel, s []sample) []sample {
	for k, t := range ch.in {
		tau := float64(t)
		if f := math.Round(tau * im.fps); math.Abs(tau*im.fps-f) <= 1e-3 {
			tau = f / im.fps
		}
		s = append(s, sample{tau: tau})
		if ch.interp == qgltf.InterpolationStep && k > 0 {
			s = append(s, sample{tau: tau, left: true})
		}
	}
	return s
}

// scaleChanges reports whether a scale channel moves its node's scale away
// from the node's own (exporters write channels of constant scale).
func (im *importer) scaleChanges(ch *animChannel) bool {
	def := im.g.s[ch.node]
	for i, x := range ch.out {
		d := def[i%3]
		if math.Abs(float64(x)-d) > 1e-5*max(1, math.Abs(d)) {
			return true
		}
	}
	return false
}

// jointWorlds writes the rigid global matrix of every joint in pose ps:
// the node's world matrix with its rest scale taken out, made rigid where
// an animated scale leaves more.
func (im *importer) jointWorlds(ps *pose, gms []mat4) {
	for j, jt := range im.joints {
		w := ps.world[jt.node].mul(&jt.kinv)
		if w.rigidDistance() > 1e-6 { // a scale that changed; below, rounding
			w, _ = w.polar()
		}
		gms[j] = w
	}
}

// key returns joint j's key transform in the pose gms: its rest local
// transform's inverse times its local transform, L_rest⁻¹ · G_parent⁻¹ · G.
func (im *importer) key(j int, gms []mat4) mat4 {
	l := gms[j]
	if p := im.joints[j].parent; p >= 0 {
		pi, _ := gms[p].inverse()
		l = pi.mul(&gms[j])
	}
	if im.restInv == nil {
		im.restInv = make([]mat4, len(im.joints))
		for i := range im.joints {
			rl := im.restLocal(i)
			im.restInv[i], _ = rl.inverse()
		}
	}
	return im.restInv[j].mul(&l)
}

// restKeys keys frame 1 with the scene's own pose when that is not the rest
// pose (a skin bound in another pose than the nodes hold), so that the
// model shows what a glTF viewer shows; otherwise it keys one joint at rest.
func (im *importer) restKeys() {
	gms := make([]mat4, len(im.joints))
	im.jointWorlds(im.def, gms)
	posed := false
	keys := make([]mat4, len(im.joints))
	for j := range im.joints {
		keys[j] = im.key(j, gms)
		if !sameRigid(&keys[j], &identity4) {
			posed = true
		}
	}
	t := float32(1 / im.fps)
	if !posed {
		// Debian's assimp (5.2) refuses an MS3D file whose joints have no
		// key at all (it makes an animation without channels): one key
		// holding the rest pose changes nothing else.
		im.m.Joints[0].RotationKeys = []model.Key{{Time: t}}
		return
	}
	for j := range im.joints {
		mj := &im.m.Joints[j]
		mj.RotationKeys = []model.Key{{Time: t, Value: eulerOf(&keys[j])}}
		mj.PositionKeys = []model.Key{{Time: t, Value: [3]float32{float32(keys[j][12]), float32(keys[j][13]), float32(keys[j][14])}}}
	}
}

// clipName turns an animation's name into a valid clip name, unique among
// those names has handed out (ignoring case).
func clipName(name string, i int, names *namer) string {
	return names.take(clips.MakeName(name, fmt.Sprintf("animation%d", i)), "")
}

// maxVerifySamples bounds the times at which verify compares a clip.
const maxVerifySamples = 240

// verify measures, for every clip, how far the MilkShape model as model/anim
// plays it strays from the glTF animation, at every frame and halfway
// between (at most maxVerifySamples times a clip): for each joint, the
// largest distance over the corners of the box of the vertices it moves
// between the glTF's matrix and the one played. That bounds the error of
// every vertex (a blend of those matrices moves each vertex by a blend of
// their errors). What it finds goes into findings.
func (im *importer) verify(plans []clipPlan) {
	skel, _ := anim.NewSkeleton(im.m)
	nj := skel.Len()
	global := make([]mgl32.Mat4, nj)
	skin := make([]mgl32.Mat4, nj)
	restInv := make([]mat4, nj)
	for j := range im.joints {
		restInv[j], _ = im.joints[j].rest.inverse()
	}
	ps := im.g.newPose()
	for _, p := range plans {
		half := 2 * (p.last - p.first)
		n := min(maxVerifySamples, 2*p.samples+1)
		step := max(1, (half+n-1)/max(n, 1))
		if !im.spend(int64(half/step+1) * int64(len(im.g.order)+8*nj)) {
			im.errors = append(im.errors, math.NaN())
			im.note(model.CodeGLTFResampled, model.Info, p.src.at, "animation %q was not compared with the glTF curves: more work than a file of this size justifies", p.src.name)
			continue
		}
		worst := 0.0
		for h := 0; h <= half; h += step {
			im.g.evaluate(ps, p.src, float64(h)/(2*im.fps), false)
			skel.Pose(float32((float64(p.first)+float64(h)/2)/im.fps), global)
			skel.SkinMatrices(global, skin)
			for j, jt := range im.joints {
				if !jt.box.OK {
					continue
				}
				truth := ps.world[jt.node].mul(&jt.kinv)
				truth = truth.mul(&restInv[j])
				var e mat4
				for k := range 16 {
					e[k] = truth[k] - float64(skin[j][k])
				}
				for corner := range 8 {
					var v [3]float64
					for a := range 3 {
						v[a] = float64(jt.box.Lo[a])
						if corner&(1<<a) != 0 {
							v[a] = float64(jt.box.Hi[a])
						}
					}
					worst = max(worst, len3(e.point(v)))
				}
			}
		}
		im.errors = append(im.errors, worst)
		im.reportClip(&p, worst)
	}
}

func (im *importer) reportClip(p *clipPlan, worst float64) {
	pct := 0.0
	if im.size > 0 {
		pct = 100 * worst / im.size
	}
	at, name := p.src.at, p.src.name
	if len(p.scaled) > 0 {
		nodes := slices.Compact(slices.Sorted(slices.Values(p.scaled)))
		if len(nodes) > 8 {
			nodes = append(nodes[:8:8], "…")
		}
		im.note(model.CodeGLTFScale, model.Warning, at, "animation %q scales nodes %s, which MilkShape joints cannot do; dropping the scale moves vertices up to %.4g (%.2g %% of the model's size)",
			name, strings.Join(nodes, ", "), worst, pct)
		return
	}
	if p.resampled > 0 {
		im.note(model.CodeGLTFResampled, model.Info, at, "animation %q: %d channels sampled at %g fps (cubic splines or keys between frames); vertices stray up to %.4g (%.2g %% of the model's size) from the glTF curves",
			name, p.resampled, im.fps, worst, pct)
		return
	}
	if pct > 0.01 {
		im.note(model.CodeGLTFScale, model.Warning, at, "animation %q turns joints under a scale that is not uniform, which MilkShape joints cannot follow; vertices stray up to %.4g (%.2g %% of the model's size)",
			name, worst, pct)
	}
}

// morphs reports the morph targets the model cannot hold: their default
// weights are in the positions already, and animations that change the
// weights are measured by how far they would move the vertices.
func (im *importer) morphs() {
	doc := im.src.doc
	for _, pd := range im.prims {
		prim := doc.Meshes[pd.mesh].Primitives[pd.index]
		if len(prim.Targets) == 0 {
			continue
		}
		def := im.defaultWeights(pd.node, len(prim.Targets))
		x, _ := im.placement(pd)
		worst, animated := 0.0, false
		for ci := range im.clips {
			for _, ch := range im.clips[ci].weights {
				if ch.node != pd.node {
					continue
				}
				animated = true
				worst = max(worst, im.morphError(pd, prim, &ch, def, &x))
			}
		}
		if !animated {
			im.note(model.CodeGLTFMorph, model.Info, pd.at+"/targets", "%d morph targets are kept at their default weights; MilkShape cannot hold morphs", len(prim.Targets))
			continue
		}
		how := fmt.Sprintf("up to %.4g from where the animation puts it", worst)
		if math.IsNaN(worst) {
			how = "how far from where the animation puts it was not measured (more work than a file of this size justifies)"
		}
		im.note(model.CodeGLTFMorph, model.Warning, pd.at+"/targets", "%d morph targets animated by the file are dropped (MilkShape cannot hold morphs); the mesh stays at its default weights, %s",
			len(prim.Targets), how)
	}
}

// morphError returns the largest displacement that the morph weight
// channel ch makes over the default weights, at (up to 64 of) its keys.
func (im *importer) morphError(pd *primData, prim *qgltf.Primitive, ch *animChannel, def []float64, x *mat4) float64 {
	nt := len(prim.Targets)
	deltas := make([][]float32, nt)
	for t, target := range prim.Targets {
		if i, ok := target[qgltf.POSITION]; ok {
			if d, err := im.src.Floats(i, pd.at, 3); err == nil && len(d.F) == len(pd.pos) {
				deltas[t] = d.F
			}
		}
	}
	w := make([]float64, ch.comps)
	worst := 0.0
	step := max(1, len(ch.in)/64)
	nv := len(pd.pos) / 3
	if !im.spend(int64(len(ch.in)/step+1) * int64(nv) * int64(nt)) {
		return math.NaN()
	}
	for k := 0; k < len(ch.in); k += step {
		ch.eval(float64(ch.in[k]), false, w)
		for v := range nv {
			var d [3]float64
			for t := range min(nt, len(w)) {
				if deltas[t] == nil {
					continue
				}
				dw := w[t] - def[t]
				for a := range 3 {
					d[a] += dw * float64(deltas[t][3*v+a])
				}
			}
			worst = max(worst, len3(x.vector(d)))
		}
	}
	return worst
}
