package vertexanim

import (
	"fmt"
	"math"
	"slices"

	"ms3dstudio/model"
	"ms3dstudio/model/compat"
	"ms3dstudio/model/num"
	"ms3dstudio/model/xform"
)

// FitOptions bound a fit.
type FitOptions struct {
	// Rest is the frame whose positions are the rest pose: each joint's
	// transform takes them to every other frame's.
	Rest int
	// Tolerance is the largest distance between a fitted vertex and the
	// frames' that the fit aims for: it adds joints until it gets there,
	// or has MaxJoints.
	Tolerance float64
	// MaxJoints bounds the joints (DefaultMaxJoints when 0).
	MaxJoints int
}

// DefaultMaxJoints is the most joints a fit makes unless told otherwise:
// under 128, so that every MS3D reader, even one that reads bone ids as
// signed bytes, takes them.
const DefaultMaxJoints = 127

// MaxFitVertices and MaxFitWork bound the vertices, and the vertices ×
// frames, a fit takes on (a Quake 2 model at its limits, 2048 vertices
// and 512 frames, is half of MaxFitWork): Fit refuses more, so that no
// file makes an import take minutes.
const (
	MaxFitVertices = 4096
	MaxFitWork     = 2 << 20
)

// Rig is vertex animation carried by rigid joints, as MS3D can hold it:
// every vertex bound to one joint, and every joint a rigid transform at
// each frame that takes the rest frame's positions of its vertices to
// that frame's.
type Rig struct {
	// Joint is each vertex's joint; Second, when not −1, a second joint
	// whose transform the vertex follows with the weight 1 − Weight (a
	// vertex where a part bends), Weight a whole percent.
	Joint, Second []int
	Weight        []float64
	// Moves holds each joint's transform at each frame.
	Moves [][]xform.Rigid
	// Worst is the largest distance, over every vertex and frame, between
	// where the rig puts a vertex and where the frame has it.
	Worst float64
}

// Fit finds rigid joints that move the vertices as frames (each frame
// every vertex's position) moves them, for an import of vertex animation
// into a model that has none. It is a rigid skinning decomposition: the
// vertices are split into clusters that move together, each a joint,
// grown by halves (each cluster split at its vertex worst fitted) until
// every vertex of every frame is within opt.Tolerance or there are
// opt.MaxJoints; at each size the clusters' transforms (Horn's closed
// form for the best rotation, on a sample of at most 32 frames) and the
// vertices' clusters are refined in turn. Vertices that deform rather
// than move rigidly (skin stretched over a bent elbow) keep an error; Worst
// says how much. The error is for more than MaxFitWork vertices × frames.
func Fit(frames [][][3]float32, opt FitOptions) (*Rig, error) {
	nf := len(frames)
	if nf == 0 {
		return &Rig{}, nil
	}
	nv := len(frames[0])
	if nv > MaxFitVertices || int64(nv)*int64(nf) > MaxFitWork {
		return nil, fmt.Errorf("%d vertices over %d frames are more than a fit takes on (%d vertices, %d vertices × frames)", nv, nf, MaxFitVertices, MaxFitWork)
	}
	limit := opt.MaxJoints
	if limit <= 0 {
		limit = DefaultMaxJoints
	}
	f := &fitter{nv: nv, pos: make([][][3]float64, nf)}
	for k, fr := range frames {
		f.pos[k] = make([][3]float64, nv)
		for v, p := range fr {
			f.pos[k][v] = xform.Vec64(num.Or0x3(p))
		}
	}
	f.rest = f.pos[min(max0(opt.Rest), nf-1)]
	// The frames the refinement looks at: every one, or 32 across.
	if nf <= 32 {
		for k := range nf {
			f.sample = append(f.sample, k)
		}
	} else {
		for i := range 32 {
			f.sample = append(f.sample, int(math.Round(float64(i)*float64(nf-1)/31)))
		}
	}
	f.joint = make([]int, nv)
	f.k = 1
	for {
		f.refine()
		moves := f.fitAll()
		worst := f.errors(moves)
		if worst <= opt.Tolerance || f.k >= limit || f.k >= nv {
			return f.blend(moves, opt.Tolerance), nil
		}
		k := f.k
		f.split(opt.Tolerance, limit)
		if f.k == k {
			return f.blend(moves, opt.Tolerance), nil
		}
	}
}

func max0(i int) int { return max(i, 0) }

type fitter struct {
	nv     int
	pos    [][][3]float64
	rest   [][3]float64
	sample []int
	joint  []int
	k      int
	// err is each vertex's largest error, from errors.
	err []float64
}

// fit returns the rigid transform of the vertices of joint j from the rest
// to frame k: Horn's quaternion, the eigenvector of the largest eigenvalue
// of the 4×4 matrix of their cross-covariance.
func (f *fitter) fit(members []int, k int) xform.Rigid {
	if len(members) == 0 {
		return xform.IdentityRigid
	}
	var ca, cb [3]float64
	for _, v := range members {
		a, b := f.rest[v], f.pos[k][v]
		for i := range 3 {
			ca[i] += a[i]
			cb[i] += b[i]
		}
	}
	n := float64(len(members))
	for i := range 3 {
		ca[i] /= n
		cb[i] /= n
	}
	var s [3][3]float64 // s[i][j] = Σ aᵢ bⱼ, centred
	for _, v := range members {
		a, b := f.rest[v], f.pos[k][v]
		for i := range 3 {
			for j := range 3 {
				s[i][j] += (a[i] - ca[i]) * (b[j] - cb[j])
			}
		}
	}
	nm := [4][4]float64{
		{s[0][0] + s[1][1] + s[2][2], s[1][2] - s[2][1], s[2][0] - s[0][2], s[0][1] - s[1][0]},
		{s[1][2] - s[2][1], s[0][0] - s[1][1] - s[2][2], s[0][1] + s[1][0], s[2][0] + s[0][2]},
		{s[2][0] - s[0][2], s[0][1] + s[1][0], -s[0][0] + s[1][1] - s[2][2], s[1][2] + s[2][1]},
		{s[0][1] - s[1][0], s[2][0] + s[0][2], s[1][2] + s[2][1], -s[0][0] - s[1][1] + s[2][2]},
	}
	e := largestEigenvector(nm)
	r := xform.Quat{e[1], e[2], e[3], e[0]}.Normalize().Mat()
	rc := r.Apply(ca)
	return xform.Rigid{R: r, T: [3]float64{cb[0] - rc[0], cb[1] - rc[1], cb[2] - rc[2]}}
}

// largestEigenvector returns the unit eigenvector of the largest
// eigenvalue of the symmetric matrix a, by cyclic Jacobi rotations; for a
// matrix whose eigenvalues tie (a zero matrix) it prefers the first axis.
func largestEigenvector(a [4][4]float64) [4]float64 {
	v := [4][4]float64{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}
	for range 50 {
		off := 0.0
		for p := range 4 {
			for q := p + 1; q < 4; q++ {
				off += a[p][q] * a[p][q]
			}
		}
		if off < 1e-30 {
			break
		}
		for p := range 4 {
			for q := p + 1; q < 4; q++ {
				if math.Abs(a[p][q]) < 1e-300 {
					continue
				}
				theta := (a[q][q] - a[p][p]) / (2 * a[p][q])
				t := 1 / (math.Abs(theta) + math.Sqrt(theta*theta+1))
				if theta < 0 {
					t = -t
				}
				c := 1 / math.Sqrt(t*t+1)
				s := t * c
				for k := range 4 {
					akp, akq := a[k][p], a[k][q]
					a[k][p], a[k][q] = c*akp-s*akq, s*akp+c*akq
				}
				for k := range 4 {
					apk, aqk := a[p][k], a[q][k]
					a[p][k], a[q][k] = c*apk-s*aqk, s*apk+c*aqk
				}
				for k := range 4 {
					vkp, vkq := v[k][p], v[k][q]
					v[k][p], v[k][q] = c*vkp-s*vkq, s*vkp+c*vkq
				}
			}
		}
	}
	best := 0
	for i := 1; i < 4; i++ {
		if a[i][i] > a[best][best]+1e-12*math.Abs(a[best][best]) {
			best = i
		}
	}
	return [4]float64{v[0][best], v[1][best], v[2][best], v[3][best]}
}

// members lists each joint's vertices.
func (f *fitter) members() [][]int {
	out := make([][]int, f.k)
	for v, j := range f.joint {
		out[j] = append(out[j], v)
	}
	return out
}

// refine alternates fitting the joints to the sampled frames and moving
// each vertex to the joint that fits it best, until no vertex moves (at
// most 6 rounds).
func (f *fitter) refine() {
	moves := make([][]xform.Rigid, f.k)
	// stale marks the joints whose members changed since their
	// transforms were fitted: the others' would come out the same.
	stale := make([]bool, f.k)
	for j := range stale {
		stale[j] = true
	}
	for range 6 {
		groups := f.members()
		for j := range moves {
			if !stale[j] {
				continue
			}
			stale[j] = false
			moves[j] = moves[j][:0]
			for _, k := range f.sample {
				moves[j] = append(moves[j], f.fit(groups[j], k))
			}
		}
		changed := 0
		for v := range f.nv {
			// The vertex goes to the joint of least error, the first of
			// equals. Its own joint usually fits it best, so it is measured
			// first: the others then stop after a sample or two. A joint
			// before it wins a tie, one after it must do better.
			cur := f.joint[v]
			best, at := math.Inf(1), cur
			if len(groups[cur]) > 0 {
				best = f.sampledError(moves[cur], v, math.Inf(1))
			}
			for j := range moves {
				if j == cur || len(groups[j]) == 0 {
					continue
				}
				e := f.sampledError(moves[j], v, best)
				if e < best || (j < at && e == best) {
					best, at = e, j
				}
			}
			if at != cur {
				stale[cur], stale[at] = true, true
				f.joint[v] = at
				changed++
			}
		}
		if changed == 0 {
			return
		}
	}
}

// sampledError is the sum over the sampled frames of the squared distance
// between vertex v moved by moves (one transform a sampled frame) and
// where the frame has it, summed in the order of the samples; the sum
// stops once it is above bound, when what it would come to no longer
// matters.
func (f *fitter) sampledError(moves []xform.Rigid, v int, bound float64) float64 {
	a := f.rest[v]
	e := 0.0
	for i, k := range f.sample {
		p := apply(&moves[i], a)
		b := f.pos[k][v]
		e += sq(p[0]-b[0]) + sq(p[1]-b[1]) + sq(p[2]-b[2])
		if e > bound {
			break
		}
	}
	return e
}

// apply is m.Apply(a), the same sums in the same order, written out so
// that the compiler inlines it in the fit's innermost loops (Rigid.Apply
// copies the 96-byte transform into a call there: a third of a fit).
func apply(m *xform.Rigid, a [3]float64) [3]float64 {
	r := &m.R
	return [3]float64{
		r[0][0]*a[0] + r[0][1]*a[1] + r[0][2]*a[2] + m.T[0],
		r[1][0]*a[0] + r[1][1]*a[1] + r[1][2]*a[2] + m.T[1],
		r[2][0]*a[0] + r[2][1]*a[1] + r[2][2]*a[2] + m.T[2],
	}
}

// fitAll fits every joint to every frame.
func (f *fitter) fitAll() [][]xform.Rigid {
	groups := f.members()
	moves := make([][]xform.Rigid, f.k)
	for j := range moves {
		moves[j] = make([]xform.Rigid, len(f.pos))
		for k := range f.pos {
			moves[j][k] = f.fit(groups[j], k)
		}
	}
	return moves
}

// errors measures each vertex's largest error over every frame, and
// returns the largest.
func (f *fitter) errors(moves [][]xform.Rigid) (worst float64) {
	f.err = make([]float64, f.nv)
	for v := range f.nv {
		a, j := f.rest[v], f.joint[v]
		for k := range f.pos {
			p := apply(&moves[j][k], a)
			b := f.pos[k][v]
			f.err[v] = math.Max(f.err[v], math.Sqrt(sq(p[0]-b[0])+sq(p[1]-b[1])+sq(p[2]-b[2])))
		}
		worst = math.Max(worst, f.err[v])
	}
	return worst
}

// split doubles the joints (up to limit): each joint with a vertex off by
// more than tol, worst first, is cut in two across the longest axis of
// its vertices' rest positions (through their centre), which parts a limb
// at its joint.
func (f *fitter) split(tol float64, limit int) {
	groups := f.members()
	type cut struct {
		j   int
		err float64
	}
	var cuts []cut
	for j, g := range groups {
		worst := 0.0
		for _, v := range g {
			worst = math.Max(worst, f.err[v])
		}
		if worst > tol && len(g) > 1 {
			cuts = append(cuts, cut{j, worst})
		}
	}
	for i := 1; i < len(cuts); i++ {
		for k := i; k > 0 && cuts[k].err > cuts[k-1].err; k-- {
			cuts[k], cuts[k-1] = cuts[k-1], cuts[k]
		}
	}
	for _, c := range cuts[:min(len(cuts), limit-f.k)] {
		g := groups[c.j]
		var centre [3]float64
		for _, v := range g {
			for i := range 3 {
				centre[i] += f.rest[v][i] / float64(len(g))
			}
		}
		var cov xform.Mat3
		for _, v := range g {
			d := [3]float64{f.rest[v][0] - centre[0], f.rest[v][1] - centre[1], f.rest[v][2] - centre[2]}
			for i := range 3 {
				for k := range 3 {
					cov[i][k] += d[i] * d[k]
				}
			}
		}
		axis := [3]float64{1, 1, 1}
		for range 30 {
			axis = cov.Apply(axis)
			l := math.Sqrt(sq(axis[0]) + sq(axis[1]) + sq(axis[2]))
			if !(l > 0) {
				axis = [3]float64{1, 0, 0}
				break
			}
			axis = [3]float64{axis[0] / l, axis[1] / l, axis[2] / l}
		}
		moved := 0
		for _, v := range g {
			d := (f.rest[v][0]-centre[0])*axis[0] + (f.rest[v][1]-centre[1])*axis[1] + (f.rest[v][2]-centre[2])*axis[2]
			if d > 0 {
				f.joint[v] = f.k
				moved++
			}
		}
		if moved == 0 || moved == len(g) {
			// All on one side (the vertices share a place): the worst
			// alone.
			for _, v := range g {
				f.joint[v] = c.j
			}
			worst := g[0]
			for _, v := range g {
				if f.err[v] > f.err[worst] {
					worst = v
				}
			}
			f.joint[worst] = f.k
		}
		f.k++
	}
}

// blend makes the rig of the joints' moves, giving each vertex still off
// by more than tol a second joint where that brings it nearer (see
// pairs), and the same after fitting the joints again to the vertices
// they fit best (see trim); it returns the closer of the two.
func (f *fitter) blend(moves [][]xform.Rigid, tol float64) *Rig {
	a := f.pairs(moves, tol)
	trimmed := make([][]xform.Rigid, len(moves))
	for j := range moves {
		trimmed[j] = slices.Clone(moves[j])
	}
	if !f.trim(trimmed, tol) {
		return a
	}
	if b := f.pairs(trimmed, tol); b.Worst < a.Worst {
		return b
	}
	return a
}

// trim fits the joints again to the vertices they fit best (within tol,
// or twice the joint's median error; where three or more do), twice: a
// vertex that stretches between two parts pulls its joint's fit off the
// others. It reports whether it changed a joint, and leaves f.err the
// errors of the moves.
func (f *fitter) trim(moves [][]xform.Rigid, tol float64) bool {
	changed := false
	for range 2 {
		refit := false
		for j, g := range f.members() {
			if len(g) == 0 {
				continue
			}
			errs := make([]float64, len(g))
			for i, v := range g {
				errs[i] = f.err[v]
			}
			slices.Sort(errs)
			cut := math.Max(tol, 2*errs[len(errs)/2])
			var rigid []int
			for _, v := range g {
				if f.err[v] <= cut {
					rigid = append(rigid, v)
				}
			}
			if len(rigid) >= 3 && len(rigid) < len(g) {
				for k := range f.pos {
					moves[j][k] = f.fit(rigid, k)
				}
				refit = true
			}
		}
		if !refit {
			break
		}
		changed = true
		f.errors(moves)
	}
	return changed
}

// pairs makes the rig of the joints' moves (f.err their errors), and
// gives each vertex off by more than tol a second joint where that brings
// it nearer: for each other joint, the weight w (a whole percent) that
// puts w·first + (1 − w)·second nearest the frames over every frame, the
// best pair kept.
func (f *fitter) pairs(moves [][]xform.Rigid, tol float64) *Rig {
	r := &Rig{Joint: slices.Clone(f.joint), Moves: moves, Second: make([]int, f.nv), Weight: make([]float64, f.nv)}
	nf := len(f.pos)
	p1 := make([][3]float64, nf)
	p2 := make([][3]float64, nf)
	for v := range f.nv {
		r.Second[v], r.Weight[v] = -1, 1
		if f.err[v] <= tol {
			r.Worst = math.Max(r.Worst, f.err[v])
			continue
		}
		a, j := f.rest[v], f.joint[v]
		for k := range nf {
			p1[k] = moves[j][k].Apply(a)
		}
		best := f.err[v]
		for j2 := range moves {
			if j2 == j {
				continue
			}
			num, den := 0.0, 0.0
			for k := range nf {
				p2[k] = moves[j2][k].Apply(a)
				b := f.pos[k][v]
				for i := range 3 {
					d := p1[k][i] - p2[k][i]
					num += d * (b[i] - p2[k][i])
					den += d * d
				}
			}
			if !(den > 0) {
				continue
			}
			w := math.Round(min(max(num/den, 0), 1)*100) / 100
			e := 0.0
			for k := range nf {
				b := f.pos[k][v]
				d := 0.0
				for i := range 3 {
					d += sq(w*p1[k][i] + (1-w)*p2[k][i] - b[i])
				}
				e = math.Max(e, math.Sqrt(d))
				if e >= best {
					break
				}
			}
			if e < best {
				best, r.Second[v], r.Weight[v] = e, j2, w
			}
		}
		r.Worst = math.Max(r.Worst, best)
	}
	return r
}

func sq(v float64) float64 { return v * v }

// Apply binds m's vertices to the rig's joints, added to m's joints (at
// the end, as roots named name01, name02, …), keyed at times (a time a
// frame): each joint rests, unrotated, at its vertices' rest centroid, and
// its keys turn and move them as the rig does. m's vertices must be the
// rig's, at the rest frame.
func (r *Rig) Apply(m *model.Model, times []float32, name string) {
	first := len(m.Joints)
	count := make([]int, len(r.Moves))
	centre := make([][3]float64, len(r.Moves))
	for v, j := range r.Joint {
		p := xform.Vec64(m.Vertices[v].Position)
		for i := range 3 {
			centre[j][i] += p[i]
		}
		count[j]++
	}
	width := max(2, len(fmt.Sprint(len(r.Moves))))
	for j, moves := range r.Moves {
		if count[j] > 0 {
			for i := range 3 {
				centre[j][i] /= float64(count[j])
			}
		}
		c := centre[j]
		jt := model.Joint{Name: model.Str(fmt.Sprintf("%s%0*d", name, width, j+1)), Position: xform.Vec32(c)}
		for k, mv := range moves {
			if k >= len(times) {
				break
			}
			// The joint's local transform at the key is T(c)·[R | p]; the
			// skin moves a vertex by it after T(c)⁻¹: R·x + c + p − R·c,
			// which is the rig's R·x + t when p = t + R·c − c.
			rc := mv.R.Apply(c)
			p := [3]float64{mv.T[0] + rc[0] - c[0], mv.T[1] + rc[1] - c[1], mv.T[2] + rc[2] - c[2]}
			jt.RotationKeys = append(jt.RotationKeys, model.Key{Time: times[k], Value: mv.R.Euler()})
			jt.PositionKeys = append(jt.PositionKeys, model.Key{Time: times[k], Value: xform.Vec32(p)})
		}
		m.Joints = append(m.Joints, jt)
	}
	nb := uint16(model.NoBone)
	for v, j := range r.Joint {
		m.Vertices[v].Bones = [4]uint16{uint16(first + j), nb, nb, nb}
		if j2 := r.Second[v]; j2 >= 0 && r.Weight[v] < 1 {
			m.Vertices[v].SetInfluences([]model.Influence{{Joint: first + j, Weight: float32(r.Weight[v])}, {Joint: first + j2, Weight: float32(1 - r.Weight[v])}})
			m.VertexExtraSubVersion = max(m.VertexExtraSubVersion, 2)
		}
	}
}

// Animate carries vertex animation into m, whose vertices hold key frame
// rest of frames (every vertex's position at each key frame, in our
// coordinates): a rig fitted to them (Fit, within tolerance if maxJoints
// joints can), its joints added to m's and named part01, part02 …, keyed
// at the key frames' times, (k + 1)/fps. It returns the finding that says
// how closely the model now plays the file, or, when there is too much to
// fit, that it holds the rest frame only.
func Animate(m *model.Model, frames [][][3]float32, rest int, tolerance float64, maxJoints int) model.Finding {
	nf := len(frames)
	fnd := model.Finding{Code: model.CodeQuakeVertexAnimation, Severity: model.Info, Where: model.At(model.PartJoint, -1)}
	r, err := Fit(frames, FitOptions{Rest: rest, Tolerance: tolerance, MaxJoints: maxJoints})
	if err != nil {
		fnd.Severity = model.Warning
		fnd.Message = fmt.Sprintf("the file animates its vertices over %d key frames; MS3D has no vertex animation and %v, so the model holds key frame %d only", nf, err, rest)
		return fnd
	}
	times := make([]float32, nf)
	fps := m.EffectiveFPS()
	for k := range times {
		times[k] = float32(k+1) / fps
	}
	r.Apply(m, times, "part")
	two := 0
	for _, j := range r.Second {
		if j >= 0 {
			two++
		}
	}
	size := compat.Size(m)
	fnd.Message = fmt.Sprintf("the file animates its vertices over %d key frames; MS3D has no vertex animation, so %d rigid joints fitted to them (part01 …; %d vertices follow two) carry it: at the key frames the model is within %.3g units (%.2g of its size) of the file's vertices", nf, len(r.Moves), two, r.Worst, r.Worst/size)
	if r.Worst > 0.01*size {
		fnd.Severity = model.Warning
	}
	return fnd
}
