package anim

import (
	"fmt"
	"math"
	"runtime"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
)

// Skinner skins a model's vertices and corner normals on the CPU. It copies
// the bind-pose positions, the influences (model.Model.Influences) and the
// corner normals of the model, grouped by influence count so that the inner
// loops have no branches.
//
// A Skinner is not safe for concurrent use: Skin uses scratch memory held by
// the Skinner. Several Skinners may skin at the same time.
type Skinner struct {
	nv, nj int

	// For the GPU, in vertex order.
	joints  [][4]uint16
	weights [][4]float32

	// Vertices grouped by influence count; still holds vertices without
	// any valid bone, which stay in the bind pose.
	b1    []rec1
	b2    []rec2
	b3    []rec3
	b4    []rec4
	still []uint32
	rest  [][3]float32

	cornerVert []int32 // vertex of each corner, −1 when out of range
	cornerRest [][3]float32

	// Per-call scratch.
	mats matTable     // skinning matrices by joint
	rot  [][9]float32 // blended rotation per vertex (columns), for the normals

	// The call in progress, read by the workers.
	cur struct {
		pos, normals [][3]float32
	}
}

// Records of vertices with 1 to 4 influences: bind position, weights
// (implied 1 for one influence), bone indices and the vertex index.
type (
	rec1 struct {
		p   [3]float32
		j   uint16
		dst uint32
	}
	rec2 struct {
		p   [3]float32
		w   [2]float32
		j   [2]uint16
		dst uint32
	}
	rec3 struct {
		p   [3]float32
		w   [3]float32
		j   [3]uint16
		dst uint32
	}
	rec4 struct {
		p   [3]float32
		w   [4]float32
		j   [4]uint16
		dst uint32
	}
)

// maxListed caps how many vertices or corners are reported one by one for
// the same problem; the rest are counted in one summary finding.
const maxListed = 20

// NewSkinner prepares m's vertices, influences and corner normals for
// skinning. The findings report influences on bones that are not joints
// (model.CodeVertexBoneRange or CodeExtraBoneRange, the influence is dropped and the rest renormalised),
// stored weights above the full weight (model.CodeWeightsOver, the implied
// fourth weight is taken as 0) and corners of missing vertices
// (model.CodeTriangleVertexRange, their normal is left as stored).
func NewSkinner(m *model.Model) (*Skinner, []model.Finding) {
	s := &Skinner{}
	return s, s.Rebuild(m)
}

// Rebuild prepares s again from m, reusing its memory. Call it after any
// edit of m's vertices, triangles, bone assignments, weights or number of
// joints.
func (s *Skinner) Rebuild(m *model.Model) []model.Finding {
	s.nv, s.nj = len(m.Vertices), len(m.Joints)
	s.joints = resize(s.joints, s.nv)
	s.weights = resize(s.weights, s.nv)
	s.rest = resize(s.rest, s.nv)
	s.rot = resize(s.rot, s.nv)
	s.b1, s.b2, s.b3, s.b4, s.still = s.b1[:0], s.b2[:0], s.b3[:0], s.b4[:0], s.still[:0]
	s.mats = resize(s.mats, max(s.nj, 1))
	var rep reporter
	var inf [4]model.Influence
	for v := range m.Vertices {
		vx := &m.Vertices[v]
		p := vx.Position
		s.rest[v] = p
		rep.checkVertex(m, v)
		n := m.Influences(v, &inf)
		s.joints[v], s.weights[v] = [4]uint16{}, [4]float32{}
		for k := 0; k < n; k++ {
			s.joints[v][k] = uint16(inf[k].Joint)
			s.weights[v][k] = inf[k].Weight
		}
		j, w, d := s.joints[v], s.weights[v], uint32(v)
		switch n {
		case 0:
			s.still = append(s.still, d)
		case 1:
			s.b1 = append(s.b1, rec1{p, j[0], d})
		case 2:
			s.b2 = append(s.b2, rec2{p, [2]float32{w[0], w[1]}, [2]uint16{j[0], j[1]}, d})
		case 3:
			s.b3 = append(s.b3, rec3{p, [3]float32{w[0], w[1], w[2]}, [3]uint16{j[0], j[1], j[2]}, d})
		case 4:
			s.b4 = append(s.b4, rec4{p, w, j, d})
		}
	}

	nc := 3 * len(m.Triangles)
	s.cornerVert = resize(s.cornerVert, nc)
	s.cornerRest = resize(s.cornerRest, nc)
	for t := range m.Triangles {
		tri := &m.Triangles[t]
		for c := 0; c < 3; c++ {
			i := 3*t + c
			s.cornerRest[i] = tri.Normals[c]
			v := int(tri.Vertices[c])
			if v >= s.nv {
				s.cornerVert[i] = -1
				rep.add(model.CodeTriangleVertexRange, model.Error, model.PartTriangle, t,
					fmt.Sprintf("triangle %d corner %d uses vertex %d, but the model has %d; its normal is not skinned", t, c, v, s.nv),
					"")
				continue
			}
			s.cornerVert[i] = int32(v)
		}
	}
	return rep.findings()
}

// reporter collects per-element findings, listing at most maxListed of each
// code and summarising the rest in one finding per code.
type reporter struct {
	list  []model.Finding
	codes []model.Finding // first finding of each code, in order of appearance
	count map[model.Code]int
}

func (r *reporter) add(code model.Code, sev model.Severity, part string, index int, msg, fix string) {
	if r.count == nil {
		r.count = map[model.Code]int{}
	}
	f := model.Finding{Code: code, Severity: sev, Where: model.At(part, index), Message: msg, Fix: fix}
	if r.count[code] == 0 {
		r.codes = append(r.codes, f)
	}
	r.count[code]++
	if r.count[code] <= maxListed {
		r.list = append(r.list, f)
	}
}

func (r *reporter) findings() []model.Finding {
	fs := r.list
	for _, f := range r.codes {
		if n := r.count[f.Code]; n > maxListed {
			part := f.Where.Part
			fs = append(fs, model.Finding{Code: f.Code, Severity: f.Severity, Where: model.At(part, -1),
				Message: fmt.Sprintf("%d more %s elements have the same problem (%d in all)", n-maxListed, part, n), Fix: f.Fix})
		}
	}
	return fs
}

// checkVertex reports the influences of vertex v that model.Influences
// drops or reads as 0 for a reason other than a zero weight.
func (r *reporter) checkVertex(m *model.Model, v int) {
	vx := &m.Vertices[v]
	w := vx.Weights
	// Which of the four bones carry weight, by the rules of
	// model.Model.Influences.
	active := [4]bool{true}
	if m.VertexExtraSubVersion != 0 && (w[0] != 0 || w[1] != 0 || w[2] != 0) {
		full := 100
		if m.VertexExtraSubVersion == 1 {
			full = 255
		}
		sum := int(w[0]) + int(w[1]) + int(w[2])
		active = [4]bool{w[0] > 0, w[1] > 0, w[2] > 0, sum < full}
		if sum > full {
			r.add(model.CodeWeightsOver, model.Warning, model.PartVertex, v,
				fmt.Sprintf("vertex %d has weights %d+%d+%d = %d, more than the full %d; the fourth influence is taken as 0 and the others renormalised", v, w[0], w[1], w[2], sum, full),
				"scale the weights to sum to the full weight")
		}
	}
	for k, b := range vx.Bones {
		if active[k] && b != model.NoBone && int(b) >= len(m.Joints) {
			code := model.CodeVertexBoneRange
			if k > 0 {
				code = model.CodeExtraBoneRange
			}
			r.add(code, model.Error, model.PartVertex, v,
				fmt.Sprintf("vertex %d influence %d names bone %d, but the model has %d joints; the influence is dropped and the others renormalised", v, k, b, len(m.Joints)),
				"assign the vertex to an existing joint")
		}
	}
}

// Len returns the number of vertices.
func (s *Skinner) Len() int { return s.nv }

// Corners returns the number of triangle corners (3 per triangle), the
// length of the corner-normal buffers.
func (s *Skinner) Corners() int { return len(s.cornerVert) }

// Influences returns, per vertex in model order, up to four joint indices
// and their weights, for uploading once to a GPU skinning shader. Unused
// slots have joint 0 and weight 0; a vertex without any valid bone has all
// weights 0 and must stay in the bind pose, which the shader gets for free
// with
//
//	p' = Σ wᵢ · S(jᵢ) · p + (1 − Σ wᵢ) · p
//
// (Σ wᵢ is 1 for every other vertex). The slices belong to the Skinner and
// must not be modified.
func (s *Skinner) Influences() (joints [][4]uint16, weights [][4]float32) {
	return s.joints, s.weights
}

// Skin writes the skinned position of every vertex into pos, and, when
// cornerNormals is not nil, the skinned normal of every triangle corner into
// cornerNormals (index 3·triangle + corner). skin holds the skinning
// matrices from Skeleton.SkinMatrices, at least one per joint; pos must hold
// Len entries and cornerNormals, when given, Corners entries.
//
// Positions use the full matrices, normals their rotation part only:
// n' = Σ wᵢ · rot(S(jᵢ)) · n, not renormalised (a vertex with one influence
// keeps the length of its normals; a blend of different rotations shortens
// them slightly). Vertices without a valid bone, and corners of missing
// vertices, keep their stored values. Skin allocates nothing; large meshes
// are split across worker goroutines.
func (s *Skinner) Skin(skin []mgl32.Mat4, pos [][3]float32, cornerNormals [][3]float32) {
	s.setCall(skin, pos, cornerNormals)
	s.run(phaseVertices, s.parts(s.nv+len(s.b2)+2*len(s.b3)+3*len(s.b4)))
	if cornerNormals != nil {
		s.run(phaseCorners, s.parts(len(s.cornerVert)))
	}
	s.cur.pos, s.cur.normals = nil, nil
}

// setCall checks the buffers of a Skin call, converts the skinning matrices
// and records the outputs for the workers.
func (s *Skinner) setCall(skin []mgl32.Mat4, pos [][3]float32, cornerNormals [][3]float32) {
	if len(skin) < s.nj {
		panic(fmt.Sprintf("anim: Skinner.Skin: %d skinning matrices for %d joints", len(skin), s.nj))
	}
	if len(pos) < s.nv {
		panic(fmt.Sprintf("anim: Skinner.Skin: pos holds %d positions for %d vertices", len(pos), s.nv))
	}
	if cornerNormals != nil && len(cornerNormals) < len(s.cornerVert) {
		panic(fmt.Sprintf("anim: Skinner.Skin: cornerNormals holds %d normals for %d corners", len(cornerNormals), len(s.cornerVert)))
	}
	copy(s.mats, skin[:s.nj])
	s.cur.pos, s.cur.normals = pos[:s.nv], nil
	if cornerNormals != nil {
		s.cur.normals = cornerNormals[:len(s.cornerVert)]
	}
}

// VertexNormals derives one normal per vertex from corner normals (from Skin
// or as stored): the normalised sum of the normals of every corner that uses
// the vertex, which points the same way as their mean. A vertex that no
// corner uses, or whose corner normals cancel out, gets (0, 0, 0). dst must
// hold Len entries and cornerNormals Corners entries. It allocates nothing.
func (s *Skinner) VertexNormals(cornerNormals, dst [][3]float32) {
	if len(dst) < s.nv || len(cornerNormals) < len(s.cornerVert) {
		panic(fmt.Sprintf("anim: Skinner.VertexNormals: %d corner normals and %d vertex slots for %d corners and %d vertices",
			len(cornerNormals), len(dst), len(s.cornerVert), s.nv))
	}
	dst = dst[:s.nv]
	clear(dst)
	for i, v := range s.cornerVert {
		if v < 0 {
			continue
		}
		n := cornerNormals[i]
		d := &dst[v]
		d[0] += n[0]
		d[1] += n[1]
		d[2] += n[2]
	}
	for i := range dst {
		d := &dst[i]
		l := math.Sqrt(float64(d[0])*float64(d[0]) + float64(d[1])*float64(d[1]) + float64(d[2])*float64(d[2]))
		if !(l > 0) || math.IsInf(l, 0) {
			*d = [3]float32{}
			continue
		}
		inv := 1 / l
		*d = [3]float32{float32(float64(d[0]) * inv), float32(float64(d[1]) * inv), float32(float64(d[2]) * inv)}
	}
}

// The two phases of Skin: vertices (positions and blended rotations), then
// corners (normals), which need the blended rotation of any vertex.
const (
	phaseVertices = iota
	phaseCorners
)

// parallelMin is the work (vertex influences or corners) below which Skin
// stays on the calling goroutine: handing work to another core costs a few
// microseconds.
const parallelMin = 4096

func (s *Skinner) parts(work int) int {
	if work < parallelMin {
		return 1
	}
	return max(1, min(runtime.GOMAXPROCS(0), maxWorkers+1, work/(parallelMin/2)))
}

// run executes a phase split into parts, on the worker pool when there is
// more than one part and the pool is free.
func (s *Skinner) run(phase, parts int) {
	if parts > 1 && dispatch(s, phase, parts) {
		return
	}
	s.part(phase, 0, 1)
}

// span returns the part-th of parts equal slices of [0, n).
func span(n, part, parts int) (lo, hi int) {
	return n * part / parts, n * (part + 1) / parts
}

// part does the part-th of parts equal shares of a phase.
func (s *Skinner) part(phase, part, parts int) {
	pos, normals := s.cur.pos, s.cur.normals
	if phase == phaseCorners {
		lo, hi := span(len(s.cornerVert), part, parts)
		skinCorners(s.cornerVert[lo:hi], s.cornerRest[lo:hi], normals[lo:hi], s.rot)
		return
	}
	var rot [][9]float32
	if normals != nil {
		rot = s.rot
	}
	lo, hi := span(len(s.b1), part, parts)
	skin1Go(s.b1[lo:hi], s.mats, pos, rot)
	lo, hi = span(len(s.b2), part, parts)
	skin2(s.b2[lo:hi], s.mats, pos, rot)
	lo, hi = span(len(s.b3), part, parts)
	skin3(s.b3[lo:hi], s.mats, pos, rot)
	lo, hi = span(len(s.b4), part, parts)
	skin4(s.b4[lo:hi], s.mats, pos, rot)
	lo, hi = span(len(s.still), part, parts)
	for _, v := range s.still[lo:hi] {
		pos[v] = s.rest[v]
		if rot != nil {
			s.rot[v] = [9]float32{1, 0, 0, 0, 1, 0, 0, 0, 1}
		}
	}
}
