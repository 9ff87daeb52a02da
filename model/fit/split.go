package fit

import (
	"fmt"

	"ms3dstudio/model"
)

// Split fits m (see Fit, which it runs on a shallow copy: m is not changed)
// and, when it is still over the vertex or triangle limit, cuts it into
// several models that each fit. Groups are kept whole where they fit in a
// part of their own, taken in order; a group too large for one part is cut
// into consecutive runs of its triangles. Every part has the whole
// skeleton with its keys, every material, the frame rate and the model
// comment (its clips), so each plays as the whole did; a part's vertices
// are those its triangles use, in order of first use. Parts share the key
// lists with m. Triangles that no group lists are drawn by no player and go
// into no part; a finding counts them.
//
// The first return is the fitted model alone when it needs no cut. The
// error reports what splitting cannot fix (too many bone-carrying joints,
// keys or groups), with the findings of Fit.
func Split(m *model.Model, opt Options) ([]*model.Model, []model.Finding, error) {
	c := *m
	r := Fit(&c, opt)
	lim := opt.Limits
	if lim == (Limits{}) {
		lim = MS3D
	}
	found := r.Findings
	if r.Fits {
		return []*model.Model{&c}, found, nil
	}
	// The split answers the vertex and triangle counts; anything else too
	// large stays too large in every part.
	var rest []model.Finding
	for _, f := range found {
		cut := f.Where.Part == model.PartVertex || f.Where.Part == model.PartTriangle
		switch {
		case f.Code == model.CodeFitTooLarge && !cut:
			return nil, found, fmt.Errorf("fit: splitting cannot fix this: %s", f.Message)
		case f.Code != model.CodeFitTooLarge:
			rest = append(rest, f)
		}
	}
	s := splitter{m: &c, lim: lim, stamp: make([]int32, len(c.Vertices)), newIndex: make([]uint32, len(c.Vertices))}
	s.run()
	if s.ungrouped > 0 {
		rest = append(rest, model.Finding{Code: model.CodeFitSplit, Severity: model.Warning, Where: model.At(model.PartTriangle, -1),
			Message: fmt.Sprintf("%d triangles are listed by no group (no player draws them) and go into no part", s.ungrouped)})
	}
	for k, p := range s.parts {
		rest = append(rest, model.Finding{Code: model.CodeFitSplit, Severity: model.Info, Where: model.At(model.PartFile, k),
			Message: fmt.Sprintf("part %d of %d: %s, %s, %s", k+1, len(s.parts), count(len(p.Vertices), model.PartVertex),
				count(len(p.Triangles), model.PartTriangle), count(len(p.Groups), model.PartGroup))})
	}
	return s.parts, rest, nil
}

type splitter struct {
	m     *model.Model
	lim   Limits
	parts []*model.Model
	cur   *model.Model
	// stamp[v] is 1 + the index of the part that holds vertex v, and
	// newIndex[v] its index there.
	stamp     []int32
	newIndex  []uint32
	ungrouped int
	// groupOf maps a source group to its group in cur; src lists, per
	// part, the source group of each of its groups.
	groupOf map[int]int
	src     [][]int
}

func (s *splitter) run() {
	m := s.m
	listed := make([]bool, len(m.Triangles))
	nv := uint32(len(m.Vertices))
	valid := func(t uint32) bool {
		if int(t) >= len(m.Triangles) {
			return false
		}
		v := m.Triangles[t].Vertices
		return v[0] < nv && v[1] < nv && v[2] < nv
	}
	for g := range m.Groups {
		var tris []uint32
		for _, t := range m.Groups[g].Triangles {
			if valid(t) {
				tris = append(tris, t)
				listed[t] = true
			}
		}
		if s.cur == nil || !s.fits(tris) {
			if s.cur != nil && s.fitsEmpty(tris) {
				s.next()
			}
		}
		for _, t := range tris {
			if s.cur == nil || !s.fits([]uint32{t}) {
				s.next()
			}
			s.add(g, t)
		}
	}
	for _, l := range listed {
		if !l {
			s.ungrouped++
		}
	}
	for k, p := range s.parts {
		s.groupComments(p, s.src[k])
	}
}

// groupComments gives each group of part p the comments of its source
// group.
func (s *splitter) groupComments(p *model.Model, src []int) {
	byGroup := map[int][]model.Str{}
	for _, c := range s.m.Comments.Groups {
		byGroup[int(c.Index)] = append(byGroup[int(c.Index)], c.Text)
	}
	for pg, g := range src {
		for _, text := range byGroup[g] {
			p.Comments.Groups = append(p.Comments.Groups, model.Comment{Index: int32(pg), Text: text})
		}
	}
}

// fits reports whether triangles tris go into the current part.
func (s *splitter) fits(tris []uint32) bool {
	if len(s.cur.Triangles)+len(tris) > s.lim.Triangles {
		return false
	}
	part := int32(len(s.parts))
	return len(s.cur.Vertices)+s.distinct(tris, func(v uint32) bool { return s.stamp[v] != part }) <= s.lim.Vertices
}

// distinct counts the distinct vertices of tris for which want is true.
func (s *splitter) distinct(tris []uint32, want func(v uint32) bool) int {
	if len(tris) == 1 {
		v := s.m.Triangles[tris[0]].Vertices
		n := 0
		for k := range v {
			if want(v[k]) && (k < 1 || v[k] != v[0]) && (k < 2 || v[k] != v[1]) {
				n++
			}
		}
		return n
	}
	seen := map[uint32]bool{}
	for _, t := range tris {
		for _, v := range s.m.Triangles[t].Vertices {
			if want(v) {
				seen[v] = true
			}
		}
	}
	return len(seen)
}

// fitsEmpty reports whether tris fit in a part of their own.
func (s *splitter) fitsEmpty(tris []uint32) bool {
	return len(tris) <= s.lim.Triangles && s.distinct(tris, func(uint32) bool { return true }) <= s.lim.Vertices
}

// next starts a new part.
func (s *splitter) next() {
	m := s.m
	p := &model.Model{Version: 4, FPS: m.FPS, CurrentTime: m.CurrentTime, TotalFrames: m.TotalFrames,
		Materials: clone(m.Materials), Joints: clone(m.Joints), NoJointSection: m.NoJointSection,
		VertexExtraSubVersion: m.VertexExtraSubVersion, JointExtraSubVersion: m.JointExtraSubVersion, Extra: m.Extra}
	p.Comments = model.Comments{SubVersion: m.Comments.SubVersion, HasModel: m.Comments.HasModel, Model: m.Comments.Model,
		Materials: clone(m.Comments.Materials), Joints: clone(m.Comments.Joints)}
	s.parts = append(s.parts, p)
	s.src = append(s.src, nil)
	s.cur = p
	s.groupOf = map[int]int{}
}

// add puts triangle t of group g into the current part.
func (s *splitter) add(g int, t uint32) {
	m, p := s.m, s.cur
	part := int32(len(s.parts))
	pg, ok := s.groupOf[g]
	if !ok {
		pg = len(p.Groups)
		s.groupOf[g] = pg
		src := m.Groups[g]
		src.Triangles = nil
		p.Groups = append(p.Groups, src)
		s.src[len(s.src)-1] = append(s.src[len(s.src)-1], g)
	}
	tri := m.Triangles[t]
	for k, v := range tri.Vertices {
		if s.stamp[v] != part {
			s.stamp[v] = part
			s.newIndex[v] = uint32(len(p.Vertices))
			p.Vertices = append(p.Vertices, m.Vertices[v])
		}
		tri.Vertices[k] = s.newIndex[v]
	}
	tri.Group = uint16(pg)
	p.Groups[pg].Triangles = append(p.Groups[pg].Triangles, uint32(len(p.Triangles)))
	p.Triangles = append(p.Triangles, tri)
}
