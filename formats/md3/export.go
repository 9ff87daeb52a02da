package md3

import (
	"fmt"
	"math"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"ms3dstudio/formats/internal/notes"
	"ms3dstudio/formats/internal/texout"
	"ms3dstudio/formats/vertexanim"
	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/texpath"
	"ms3dstudio/model/xform"
)

// ExportOptions tune Export.
type ExportOptions struct {
	// Clip, when not empty, exports only the frames of the clip of that
	// name (model/clips).
	Clip string
	// FPS, when above 0, samples the animation that many times a second
	// instead of at every MilkShape frame; animation.cfg gives the rate.
	FPS float32
	// Resolver finds the texture files; shader paths are written relative
	// to OutDir (see texpath.ExportPath). Without it, texture paths are
	// written as stored, made portable.
	Resolver *texpath.Resolver
	// OutDir is the folder the file will be in. WriteFile sets it.
	OutDir string
	// Name is the model's name in the header (its path in the game, by
	// convention); WriteFile sets the file's name when it is empty.
	Name string
}

// TagPrefix starts the names of the joints that become tags.
const TagPrefix = "tag_"

// Export converts m into an MD3 file that Irrlicht (and Quake 3) shows
// where and as Irrlicht shows m's MS3D file, playing as m plays. Each
// group with triangles is a surface, its material's texture its shader;
// a surface vertex is a model vertex with one corner's texture
// coordinates and normal (a vertex is split where its corners differ, so
// hard edges stay). Each key frame (see formats/vertexanim) is m posed by
// model/anim: positions in 1/64 units, normals as two angles
// (EncodeNormal) of the corner's skinned normal, the frame's bounds and
// the radius of the sphere about the origin that holds them. Corners are
// written in reverse order, as Quake's tools write them (Irrlicht keeps
// the file's order; its MS3D loader reverses). Every joint whose name
// starts with TagPrefix (ignoring case) is a tag at its global transform
// in each frame.
//
// The error is for a clip that does not exist, for a model without
// triangles, and for a position beyond ±MaxCoordinate units on an axis,
// which MD3's 16-bit fixed point cannot hold. The format's other limits
// are findings.
func Export(m *model.Model, opt ExportOptions) (*File, []model.Finding, error) {
	e := &exporter{m: m, opt: opt}
	f, err := e.export()
	if err != nil {
		return nil, nil, err
	}
	return f, e.findings, nil
}

// WriteFile exports m (see Export) and writes the file at path
// atomically; it never replaces a file that is not an MD3 file. When the
// model's clips are named for Quake 3's player animations it also writes
// animation.cfg beside it (see AnimationConfig), but never over one that
// MS3D Studio did not write (a finding says so). It returns the files
// written.
func WriteFile(path string, m *model.Model, opt ExportOptions) ([]string, []model.Finding, error) {
	opt.OutDir = filepath.Dir(path)
	if opt.Name == "" {
		opt.Name = filepath.Base(path)
	}
	f, found, err := Export(m, opt)
	if err != nil {
		return nil, nil, err
	}
	data, err := Encode(f)
	if err != nil {
		return nil, found, err
	}
	if err := atomicfile.WriteOver(path, data, 0o644, wantMD3, isMD3); err != nil {
		return nil, found, fmt.Errorf("md3: %w", err)
	}
	written := []string{path}
	cfg, more, ok := AnimationConfig(m, opt)
	found = append(found, more...)
	if ok {
		cfgPath := filepath.Join(filepath.Dir(path), ConfigName)
		if err := atomicfile.WriteOver(cfgPath, []byte(cfg), 0o644, wantConfig, isOurConfig); err != nil {
			found = append(found, model.Finding{Code: model.CodeMD3AnimationConfig, Severity: model.Warning, Where: model.At(model.PartClip, -1),
				Message: fmt.Sprintf("%v; the model's animation.cfg is not written", err)})
		} else {
			written = append(written, cfgPath)
		}
	}
	return written, found, nil
}

// CanReplace says whether WriteFile may write path: nil when there is no
// file there or it is an MD3 file, an *atomicfile.ForeignError when it is
// another kind of file, which WriteFile leaves alone.
func CanReplace(path string) error { return atomicfile.CheckOver(path, wantMD3, isMD3) }

// CanReplaceConfig says whether WriteFile may write the animation.cfg at
// path: nil when there is none or MS3D Studio wrote it, an
// *atomicfile.ForeignError otherwise (WriteFile then leaves it and says so
// in a finding).
func CanReplaceConfig(path string) error {
	return atomicfile.CheckOver(path, wantConfig, isOurConfig)
}

// What the files WriteFile replaces must be.
const (
	wantMD3    = "an MD3 file"
	wantConfig = "an animation.cfg MS3D Studio wrote"
)

// isMD3 reports whether a file starts as an MD3 file does.
func isMD3(head []byte) bool { return len(head) >= 4 && string(head[:4]) == Ident }

type exporter struct {
	m        *model.Model
	opt      ExportOptions
	findings notes.List
	// surfaces are the surfaces' vertices: the model vertex and the corner
	// (3·triangle + corner) each stands for, and the group.
	surfaces []surfaceSource
	tags     []int
}

type surfaceSource struct {
	group  int
	vertex []uint32
	corner []int
}

func (e *exporter) export() (*File, error) {
	m := e.m
	plan, err := vertexanim.NewPlan(m, vertexanim.Options{Clip: e.opt.Clip, FPS: e.opt.FPS}, FrameNameSize)
	if err != nil {
		return nil, fmt.Errorf("md3: %w", err)
	}
	e.findings = append(e.findings, plan.Findings...)
	f := &File{Name: e.fit(e.opt.Name, "the model's name", model.At(model.PartFile, -1))}
	e.surfaceLayout(f)
	if len(f.Surfaces) == 0 {
		return nil, fmt.Errorf("md3: the model has no triangles in a group to write")
	}
	e.tagJoints()
	if err := e.frames(f, plan); err != nil {
		return nil, err
	}
	e.limits(f)
	return f, nil
}

// fit returns s cut to a name field (at a character boundary), with a
// finding when it is cut.
func (e *exporter) fit(s, what string, where model.Location) string {
	if len(s) < NameSize {
		return s
	}
	cut := NameSize - 1
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	e.findings.Add(model.CodeMD3Name, model.Warning, where, "%s %q is %d bytes; an MD3 name holds %d: cut to %q", what, s, len(s), NameSize-1, s[:cut])
	return s[:cut]
}

// surfaceLayout makes a surface of each group with triangles: its
// triangles, split vertices and texture coordinates, and its shader.
func (e *exporter) surfaceLayout(f *File) {
	m := e.m
	type key struct {
		vertex uint32
		s, t   float32
		normal [3]float32
	}
	missing, long := map[int]bool{}, map[int]bool{}
	for g, grp := range m.Groups {
		src := surfaceSource{group: g}
		s := Surface{Name: e.fit(string(grp.Name.Text()), "group name", model.At(model.PartGroup, g))}
		index := map[key]int32{}
		for _, ti := range grp.Triangles {
			if int(ti) >= len(m.Triangles) {
				continue // model/validate reports it
			}
			tr := &m.Triangles[ti]
			if int(tr.Vertices[0]) >= len(m.Vertices) || int(tr.Vertices[1]) >= len(m.Vertices) || int(tr.Vertices[2]) >= len(m.Vertices) {
				continue
			}
			var out [3]int32
			for c := range 3 {
				k := 2 - c // corners reversed
				kk := key{tr.Vertices[k], num.Or0(tr.S[k]), num.Or0(tr.T[k]), tr.Normals[k]}
				i, ok := index[kk]
				if !ok {
					i = int32(len(src.vertex))
					index[kk] = i
					src.vertex = append(src.vertex, kk.vertex)
					src.corner = append(src.corner, 3*int(ti)+k)
					s.TexCoords = append(s.TexCoords, [2]float32{kk.s, kk.t})
				}
				out[c] = i
			}
			s.Triangles = append(s.Triangles, out)
		}
		if len(s.Triangles) == 0 {
			continue
		}
		if mt := int(grp.Material); mt >= 0 && mt < len(m.Materials) && m.Materials[mt].Texture.Text() != "" {
			p, notFound := texout.Path(e.opt.Resolver, m, mt, e.opt.OutDir)
			if notFound != nil && !missing[mt] {
				missing[mt] = true
				e.findings = append(e.findings, *notFound)
			}
			if len(p) >= NameSize {
				short := path.Base(p)
				if !long[mt] {
					long[mt] = true
					e.findings.Add(model.CodeMD3Name, model.Warning, model.At(model.PartMaterial, mt), "the shader path %q of material %q is %d bytes; an MD3 shader name holds %d: written as %q, so copy the texture beside the model", p, m.Materials[mt].Name.Display(), len(p), NameSize-1, short)
				}
				p = short
			}
			if len(p) >= NameSize {
				e.findings.Add(model.CodeMD3Name, model.Warning, model.At(model.PartMaterial, mt), "the shader name %q of group %q is %d bytes; an MD3 shader name holds %d: the surface has no shader", p, grp.Name.Display(), len(p), NameSize-1)
			} else {
				s.Shaders = []Shader{{Name: p}}
			}
		}
		e.surfaces = append(e.surfaces, src)
		f.Surfaces = append(f.Surfaces, s)
	}
}

// tagJoints finds the joints that become tags.
func (e *exporter) tagJoints() {
	for j, jt := range e.m.Joints {
		if name := string(jt.Name.Text()); len(name) >= len(TagPrefix) && strings.EqualFold(name[:len(TagPrefix)], TagPrefix) {
			e.tags = append(e.tags, j)
		}
	}
}

// frames poses the model at each key frame of the plan.
func (e *exporter) frames(f *File, plan *vertexanim.Plan) error {
	m := e.m
	b := vertexanim.NewBaker(m)
	nf := len(plan.Frames)
	f.Frames = make([]Frame, nf)
	for i := range f.Surfaces {
		s := &f.Surfaces[i]
		s.Vertices = grid[Vertex](nf, len(s.TexCoords))
	}
	if len(e.tags) > 0 {
		f.Tags = make([][]Tag, nf)
	}
	for k, pf := range plan.Frames {
		pos, corners, _ := b.Pose(pf.Time)
		var box model.Box
		radius := 0.0
		for i := range f.Surfaces {
			s, src := &f.Surfaces[i], &e.surfaces[i]
			for v, mv := range src.vertex {
				p := vertexanim.ToFile(pos[mv])
				var q [3]int16
				for a := range 3 {
					x := math.Round(float64(p[a]) / Scale)
					if x > math.MaxInt16 || x < -math.MaxInt16 {
						return fmt.Errorf("md3: vertex %d of group %q is at (%g, %g, %g) at frame %d (time %gs), beyond the ±%g units MD3's 16-bit positions of 1/64 unit hold on an axis; scale the model down",
							mv, m.Groups[src.group].Name.Display(), pos[mv][0], pos[mv][1], pos[mv][2], k, pf.Time, MaxCoordinate)
					}
					q[a] = int16(x)
				}
				s.Vertices[k][v] = Vertex{Position: q, Normal: EncodeNormal(vertexanim.ToFile(corners[src.corner[v]]))}
				d := s.Vertices[k][v].Pos()
				box.Add(d)
				radius = max(radius, math.Sqrt(float64(d[0])*float64(d[0])+float64(d[1])*float64(d[1])+float64(d[2])*float64(d[2])))
			}
		}
		f.Frames[k] = Frame{Mins: box.Lo, Maxs: box.Hi, Radius: float32(radius), Name: pf.Name}
		if len(e.tags) > 0 {
			f.Tags[k] = e.tagsAt(b)
		}
	}
	if b.NonFinite > 0 {
		e.findings.Add(model.CodeQuakeNonFinite, model.Warning, model.At(model.PartVertex, -1), "%d posed positions and normals are NaN or infinite; written as 0", b.NonFinite)
	}
	return nil
}

// tagsAt returns the tags at the baker's last pose: each tag joint's
// global position and axes, in file coordinates.
func (e *exporter) tagsAt(b *vertexanim.Baker) []Tag {
	global := b.Joints()
	out := make([]Tag, len(e.tags))
	for i, j := range e.tags {
		g := xform.RigidFromMGL(global[j])
		r := g.R.Orthonormalize()
		t := Tag{Name: e.tagName(j), Origin: vertexanim.ToFile(num.Or0x3(xform.Vec32(g.T)))}
		// Axis a is the file's rotation applied to the file's unit vector
		// a: ToFile(R · FromFile(eₐ)).
		for a := range 3 {
			var unit [3]float32
			unit[a] = 1
			t.Axis[a] = vertexanim.ToFile(num.Or0x3(r.Apply32(vertexanim.FromFile(unit))))
		}
		out[i] = t
	}
	return out
}

func (e *exporter) tagName(j int) string {
	name := string(e.m.Joints[j].Name.Text())
	if len(name) < NameSize {
		return name
	}
	return name[:NameSize-1]
}

// limits reports what is over the format's limits but still written.
func (e *exporter) limits(f *File) {
	if n := len(f.Surfaces); n > MaxSurfaces {
		e.findings.Add(model.CodeMD3Limit, model.Warning, model.At(model.PartGroup, -1), "%d surfaces (groups with triangles): MD3 holds %d (MD3_MAX_SURFACES)", n, MaxSurfaces)
	}
	for i := range f.Surfaces {
		s, g := &f.Surfaces[i], e.surfaces[i].group
		if n := len(s.TexCoords); n > MaxVertices {
			e.findings.Add(model.CodeMD3Limit, model.Warning, model.At(model.PartGroup, g), "group %q has %d vertices (split by texture coordinates and normals): an MD3 surface holds %d (MD3_MAX_VERTS)", s.Name, n, MaxVertices)
		}
		if n := len(s.Triangles); n > MaxTriangles {
			e.findings.Add(model.CodeMD3Limit, model.Warning, model.At(model.PartGroup, g), "group %q has %d triangles: an MD3 surface holds %d (MD3_MAX_TRIANGLES)", s.Name, n, MaxTriangles)
		}
	}
	if n := len(f.Frames); n > MaxFrames {
		e.findings.Add(model.CodeMD3Limit, model.Warning, model.At(model.PartKeyframer, -1), "%d frames: MD3 holds %d (MD3_MAX_FRAMES); export one clip at a time (--clip) or sample fewer frames a second (--fps)", n, MaxFrames)
	}
	if n := len(e.tags); n > MaxTags {
		e.findings.Add(model.CodeMD3Limit, model.Warning, model.At(model.PartJoint, -1), "%d joints are tags (named %s…): MD3 holds %d (MD3_MAX_TAGS)", n, TagPrefix, MaxTags)
	}
	for _, j := range e.tags {
		if name := e.m.Joints[j].Name.Text(); len(name) >= NameSize {
			e.findings.Add(model.CodeMD3Name, model.Warning, model.At(model.PartJoint, j), "tag %q is %d bytes; an MD3 name holds %d: cut", name, len(name), NameSize-1)
		}
	}
}
