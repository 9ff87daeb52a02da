package md2

import (
	"fmt"
	"math"
	"path"
	"path/filepath"
	"strings"

	"ms3dstudio/formats/internal/notes"
	"ms3dstudio/formats/internal/texout"
	"ms3dstudio/formats/vertexanim"
	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/texpath"
)

// DefaultSkinSize is the skin size texture coordinates are written for
// when the skin's size is not known.
const DefaultSkinSize = 256

// ExportOptions tune Export.
type ExportOptions struct {
	// Clip, when not empty, exports only the frames of the clip of that
	// name (model/clips).
	Clip string
	// FPS, when above 0, samples the animation that many times a second
	// instead of at every MilkShape frame. MD2 holds no frame rate: Quake
	// 2 plays 10 frames a second.
	FPS float32
	// SkinWidth and SkinHeight are the skin's size in pixels, which the
	// texture coordinates are counted in (the document reads them from
	// the texture file); 0 is DefaultSkinSize, with a finding.
	SkinWidth, SkinHeight int
	// Resolver finds the texture files; skin paths are written relative
	// to OutDir (see texpath.ExportPath). Without it, texture paths are
	// written as stored, made portable.
	Resolver *texpath.Resolver
	// OutDir is the folder the file will be in. WriteFile sets it.
	OutDir string
}

// Export converts m into an MD2 file that Irrlicht (and Quake 2) shows
// where and as Irrlicht shows m's MS3D file, playing as m plays: each key
// frame is m posed by model/anim (see formats/vertexanim for the frames
// and their names), each vertex quantised to 8 bits an axis across the
// frame's box, its normal the nearest of Normals to the normalised sum of
// its corners' skinned normals (MD2 holds one normal a vertex). Corners
// are written in reverse order (Irrlicht draws an MD2's corners in file
// order, its MS3D loader reversed). Texture coordinates are counted in
// skin pixels, the pixel holding (u, v) (Irrlicht reads its centre,
// (s + ½)/width), and the GL commands (BuildGLCommands) carry u and v
// exactly. Every distinct texture of the groups drawn is a skin, the
// first the one engines show.
//
// The error is for a clip that does not exist and for what no reader
// would take: no triangles, more than MaxVertices vertices (Quake 2
// refuses the file; Irrlicht 1.8 overruns its frame buffer). Quake 2's
// other limits (triangles, frames, skins, name lengths) are findings.
func Export(m *model.Model, opt ExportOptions) (*File, []model.Finding, error) {
	e := &exporter{m: m, opt: opt}
	f, err := e.export()
	if err != nil {
		return nil, nil, err
	}
	return f, e.findings, nil
}

// WriteFile exports m (see Export) and writes the file at path
// atomically; it never replaces a file that is not an MD2 file.
func WriteFile(path string, m *model.Model, opt ExportOptions) ([]model.Finding, error) {
	opt.OutDir = filepath.Dir(path)
	f, found, err := Export(m, opt)
	if err != nil {
		return nil, err
	}
	data, err := Encode(f)
	if err != nil {
		return found, err
	}
	if err := atomicfile.WriteOver(path, data, 0o644, wantMD2, isMD2); err != nil {
		return found, fmt.Errorf("md2: %w", err)
	}
	return found, nil
}

// CanReplace says whether WriteFile may write path: nil when there is no
// file there or it is an MD2 file, an *atomicfile.ForeignError when it is
// another kind of file, which WriteFile leaves alone.
func CanReplace(path string) error { return atomicfile.CheckOver(path, wantMD2, isMD2) }

// wantMD2 is what a file WriteFile replaces must be.
const wantMD2 = "an MD2 file"

// isMD2 reports whether a file starts as an MD2 file does.
func isMD2(head []byte) bool { return len(head) >= 4 && string(head[:4]) == Ident }

type exporter struct {
	m        *model.Model
	opt      ExportOptions
	findings notes.List
	// source is, for each MD2 vertex, the model vertex it is.
	source []uint32
	// corners is, for each MD2 triangle corner (3·triangle + corner), the
	// model's triangle corner it is.
	corners []int
}

func (e *exporter) export() (*File, error) {
	m := e.m
	plan, err := vertexanim.NewPlan(m, vertexanim.Options{Clip: e.opt.Clip, FPS: e.opt.FPS}, FrameNameSize)
	if err != nil {
		return nil, fmt.Errorf("md2: %w", err)
	}
	e.findings = append(e.findings, plan.Findings...)
	f := &File{}
	w, h := e.skinSize()
	f.SkinWidth, f.SkinHeight = int32(w), int32(h)
	uvs := e.triangles(f, w, h)
	if len(f.Triangles) == 0 {
		return nil, fmt.Errorf("md2: the model has no triangles in a group to write (Quake 2 refuses a model without triangles)")
	}
	if n := len(e.source); n > MaxVertices {
		return nil, fmt.Errorf("md2: the model's triangles use %d vertices; MD2 readers hold %d (Quake 2's MAX_VERTS refuses more, Irrlicht 1.8 overruns its frame buffer)", n, MaxVertices)
	}
	e.skins(f)
	e.frames(f, plan)
	f.GLCommands = BuildGLCommands(f.Triangles, func(i uint16) (float32, float32) { return uvs[i][0], uvs[i][1] })
	e.limits(f, plan)
	e.irrlichtNames(f, plan)
	return f, nil
}

// skinSize is the skin size the options give, or DefaultSkinSize.
func (e *exporter) skinSize() (int, int) {
	w, h := e.opt.SkinWidth, e.opt.SkinHeight
	if w > 0 && h > 0 && w <= math.MaxInt16 && h <= math.MaxInt16 {
		return w, h
	}
	if e.textured() {
		e.findings.Add(model.CodeMD2Skin, model.Warning, model.At(model.PartMaterial, -1), "the skin's size is not known: texture coordinates are counted in pixels of a %d×%d skin", DefaultSkinSize, DefaultSkinSize)
	}
	return DefaultSkinSize, DefaultSkinSize
}

// textured reports whether a group drawn has a material with a texture.
func (e *exporter) textured() bool {
	for _, g := range e.m.Groups {
		if mt := int(g.Material); mt >= 0 && mt < len(e.m.Materials) && e.m.Materials[mt].Texture.Text() != "" && len(g.Triangles) > 0 {
			return true
		}
	}
	return false
}

// triangles writes the triangles of every group, in group order, their
// vertices (each model vertex used once) and texture coordinates, and
// returns the exact texture coordinates of each File.TexCoords entry.
func (e *exporter) triangles(f *File, w, h int) [][2]float32 {
	m := e.m
	// Vertices keep the model's order, those no triangle drawn uses left
	// out, so that a model whose vertices are all drawn reads back as it
	// is.
	drawn := e.drawnTriangles()
	used := make([]bool, len(m.Vertices))
	for _, ti := range drawn {
		for _, v := range m.Triangles[ti].Vertices {
			used[v] = true
		}
	}
	index := make([]uint16, len(m.Vertices))
	for v, u := range used {
		if u {
			index[v] = uint16(min(len(e.source), math.MaxUint16))
			e.source = append(e.source, uint32(v))
		}
	}
	type uv [2]float32
	stIndex := map[uv]uint16{}
	var uvs [][2]float32
	clamped, nonFinite := 0, 0
	// The pixel holding u: Irrlicht reads its centre, (s + ½)/width, half
	// a pixel at most from u; a coordinate on the skin stays on it, as
	// Quake 2's software renderer indexes the skin with it.
	pixel := func(u float32, size int) int16 {
		p := math.Floor(float64(u) * float64(size))
		if u >= 0 && u <= 1 {
			p = min(p, float64(size-1))
		}
		if p < math.MinInt16 || p > math.MaxInt16 {
			clamped++
			p = max(min(p, math.MaxInt16), math.MinInt16)
		}
		return int16(p)
	}
	for _, ti := range drawn {
		tr := &m.Triangles[ti]
		var t Triangle
		for c := range 3 {
			k := 2 - c // corners reversed
			t.Vertices[c] = index[tr.Vertices[k]]
			s, tt := tr.S[k], tr.T[k]
			if !num.Finite(s) || !num.Finite(tt) {
				nonFinite++
				s, tt = num.Or0(s), num.Or0(tt)
			}
			key := uv{s, tt}
			si, ok := stIndex[key]
			if !ok {
				si = uint16(min(len(uvs), math.MaxUint16))
				stIndex[key] = si
				uvs = append(uvs, key)
				f.TexCoords = append(f.TexCoords, [2]int16{pixel(s, w), pixel(tt, h)})
			}
			t.TexCoords[c] = si
			e.corners = append(e.corners, 3*int(ti)+k)
		}
		f.Triangles = append(f.Triangles, t)
	}
	if clamped > 0 {
		e.findings.Add(model.CodeMD2Skin, model.Warning, model.At(model.PartTriangle, -1), "%d texture coordinates lie more than %d skins away and were clamped to the 16-bit pixel range", clamped, math.MaxInt16/max(w, h))
	}
	if nonFinite > 0 {
		e.findings.Add(model.CodeQuakeNonFinite, model.Warning, model.At(model.PartTriangle, -1), "%d texture coordinates are NaN or infinite; written as 0", nonFinite)
	}
	return uvs
}

// drawnTriangles lists the triangles of every group, in group order, that
// name vertices the model has (model/validate reports the others).
func (e *exporter) drawnTriangles() []uint32 {
	m := e.m
	var out []uint32
	for _, g := range m.Groups {
		for _, ti := range g.Triangles {
			if int(ti) >= len(m.Triangles) {
				continue
			}
			v := m.Triangles[ti].Vertices
			if int(v[0]) < len(m.Vertices) && int(v[1]) < len(m.Vertices) && int(v[2]) < len(m.Vertices) {
				out = append(out, ti)
			}
		}
	}
	return out
}

// skins lists the distinct textures of the groups drawn, the first the
// skin engines show.
func (e *exporter) skins(f *File) {
	m := e.m
	seen, checked := map[string]bool{}, map[int]bool{}
	first := ""
	var others []string
	for _, g := range m.Groups {
		mt := int(g.Material)
		if len(g.Triangles) == 0 || mt < 0 || mt >= len(m.Materials) || m.Materials[mt].Texture.Text() == "" {
			continue
		}
		p, missing := texout.Path(e.opt.Resolver, m, mt, e.opt.OutDir)
		if missing != nil && !checked[mt] {
			e.findings = append(e.findings, *missing)
		}
		checked[mt] = true
		if first == "" {
			first = p
		} else if p != first {
			others = append(others, fmt.Sprintf("group %q (%s)", g.Name.Display(), p))
		}
		if seen[p] {
			continue
		}
		seen[p] = true
		if len(p) >= SkinNameSize {
			short := path.Base(p)
			e.findings.Add(model.CodeMD2Skin, model.Warning, model.At(model.PartMaterial, mt), "the skin path %q of material %q is %d bytes; an MD2 skin name holds %d: written as %q, so copy the texture beside the model", p, m.Materials[mt].Name.Display(), len(p), SkinNameSize-1, short)
			p = short
		}
		switch {
		case len(p) >= SkinNameSize:
			e.findings.Add(model.CodeMD2Skin, model.Warning, model.At(model.PartMaterial, mt), "the skin name %q of material %q is %d bytes; an MD2 skin name holds %d: left out", p, m.Materials[mt].Name.Display(), len(p), SkinNameSize-1)
		case len(f.Skins) == MaxSkins:
			e.findings.Add(model.CodeMD2Limit, model.Warning, model.At(model.PartMaterial, mt), "more than %d textures: Quake 2 holds %d skins a model; %q is left out", MaxSkins, MaxSkins, p)
		default:
			f.Skins = append(f.Skins, p)
		}
	}
	if len(others) > 0 {
		e.findings.Add(model.CodeMD2Skin, model.Warning, model.At(model.PartGroup, -1), "MD2 draws the whole model with one skin, %q; %s use other textures, written as further skins (where they fit) that their texture coordinates do not match", first, strings.Join(others, ", "))
	}
}

// frames poses the model at each key frame of the plan.
func (e *exporter) frames(f *File, plan *vertexanim.Plan) {
	b := vertexanim.NewBaker(e.m)
	f.Frames = make([]Frame, len(plan.Frames))
	verts := make([]Vertex, len(plan.Frames)*len(e.source))
	file := make([][3]float32, len(e.source))
	for k, pf := range plan.Frames {
		pos, _, normals := b.Pose(pf.Time)
		var box model.Box
		for i, v := range e.source {
			file[i] = vertexanim.ToFile(pos[v])
			box.Add(file[i])
		}
		fr := &f.Frames[k]
		fr.Name = pf.Name
		fr.Vertices = verts[:len(e.source):len(e.source)]
		verts = verts[len(e.source):]
		for a := range 3 {
			fr.Translate[a] = box.Lo[a]
			fr.Scale[a] = (box.Hi[a] - box.Lo[a]) / 255
		}
		for i, v := range e.source {
			var q [3]uint8
			for a := range 3 {
				if fr.Scale[a] > 0 {
					q[a] = uint8(min(max(math.Round(float64((file[i][a]-fr.Translate[a])/fr.Scale[a])), 0), 255))
				}
			}
			fr.Vertices[i] = Vertex{Position: q, Normal: NearestNormal(vertexanim.ToFile(normals[v]))}
		}
	}
	if b.NonFinite > 0 {
		e.findings.Add(model.CodeQuakeNonFinite, model.Warning, model.At(model.PartVertex, -1), "%d posed positions and normals are NaN or infinite; written as 0", b.NonFinite)
	}
	e.noteNormals()
}

// noteNormals reports the vertices whose corners have different normals:
// MD2 holds one normal a vertex, their average.
func (e *exporter) noteNormals() {
	m := e.m
	first := make(map[uint32][3]float32, len(e.source))
	split := map[uint32]bool{}
	for _, c := range e.corners {
		tr := &m.Triangles[c/3]
		v, n := tr.Vertices[c%3], tr.Normals[c%3]
		if f, ok := first[v]; !ok {
			first[v] = n
		} else if f[0]*n[0]+f[1]*n[1]+f[2]*n[2] < 0.9999*norm(f)*norm(n) {
			split[v] = true
		}
	}
	if len(split) > 0 {
		e.findings.Add(model.CodeMD2Normals, model.Info, model.At(model.PartVertex, -1), "%d of the %d vertices have corners with different normals (hard edges or smoothing groups); MD2 holds one normal a vertex, so their corners' normals are averaged", len(split), len(e.source))
	}
}

func norm(v [3]float32) float32 {
	return float32(math.Sqrt(float64(v[0])*float64(v[0]) + float64(v[1])*float64(v[1]) + float64(v[2])*float64(v[2])))
}

// limits reports what is over Quake 2's limits but still written.
func (e *exporter) limits(f *File, plan *vertexanim.Plan) {
	if n := len(f.Triangles); n > MaxTriangles {
		e.findings.Add(model.CodeMD2Limit, model.Warning, model.At(model.PartTriangle, -1), "%d triangles: Quake 2's tools hold %d (MAX_TRIANGLES); its engine draws the GL commands and takes more, other MD2 readers may not", n, MaxTriangles)
	}
	if n := len(f.Frames); n > MaxFrames {
		e.findings.Add(model.CodeMD2Limit, model.Warning, model.At(model.PartKeyframer, -1), "%d frames: Quake 2's tools hold %d (MAX_FRAMES); export one clip at a time (--clip) or sample fewer frames a second (--fps)", n, MaxFrames)
	}
	if plan.FPS != 10 {
		e.findings.Add(model.CodeMD2FrameRate, model.Info, model.At(model.PartKeyframer, -1), "MD2 holds no frame rate and Quake 2 plays 10 frames a second: the frames were sampled %g times a second, so Quake 2 plays them %.3g times as fast (export with --fps 10 to keep the speed)", plan.FPS, 10/plan.FPS)
	}
}

// irrlichtNames reports the clips that Irrlicht's MD2 loader reads under
// another name or range: it names an animation by its frames' names up
// to the first digit and joins runs of the same name.
func (e *exporter) irrlichtNames(f *File, plan *vertexanim.Plan) {
	type run struct {
		name        string
		first, last int
	}
	var irr []run
	for k, fr := range f.Frames {
		name := fr.Name
		if i := strings.IndexAny(name, "0123456789"); i >= 0 {
			name = name[:i]
		}
		if name == "" {
			continue
		}
		if n := len(irr); n > 0 && irr[n-1].name == name && irr[n-1].last == k-1 {
			irr[n-1].last = k
			continue
		}
		irr = append(irr, run{name, k, k})
	}
	var differ []string
	for ci, c := range plan.Clips {
		first, last := -1, -1
		for k, pf := range plan.Frames {
			if pf.Clip == ci {
				if first < 0 {
					first = k
				}
				last = k
			}
		}
		if first < 0 {
			continue
		}
		for _, r := range irr {
			if first >= r.first && first <= r.last {
				if r.name != c.Name || r.first != first || r.last != last {
					differ = append(differ, fmt.Sprintf("%q as %q (key frames %d-%d)", c.Name, r.name, r.first, r.last))
				}
				break
			}
		}
	}
	if len(differ) > 0 {
		e.findings.Add(model.CodeQuakeFrameNames, model.Info, model.At(model.PartClip, -1), "Irrlicht names an MD2 animation by its frame names up to the first digit and joins runs of one name: it reads clip %s", strings.Join(differ, ", clip "))
	}
}
