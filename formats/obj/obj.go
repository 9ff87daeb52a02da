// Package obj reads and writes Wavefront OBJ meshes with their MTL material
// libraries, following the OBJ and MTL specifications of Wavefront's
// Advanced Visualizer (Appendix B1 and B2 of its manual).
//
// Decode and ReadFile import an OBJ file into a model: see Decode for what
// is read and how polygons are triangulated; what cannot be read is a
// finding with the line and byte offset (the model.CodeOBJ* codes).
//
// Write and WriteFile export a model: the mesh posed at one time of the
// animation (skinned with model/anim, as the viewport shows it), one "g"
// group per MS3D group, "usemtl" per group material, and the materials'
// colours, shininess, opacity and diffuse texture. OBJ texture coordinates
// have a bottom-left origin, so t is written as 1 − t. Texture paths are
// written relative to the .obj file's folder.
//
// Triangles are chosen as the viewport draws them: a triangle listed by
// several groups is written with the first, triangles of no group and
// triangles naming missing vertices or vertices with non-finite posed
// positions are left out, and each such case is reported as a
// model.Finding.
package obj

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/num"
	"ms3dstudio/model/texpath"
)

// Options control an export.
type Options struct {
	// Time is the animation time in seconds to pose the mesh at (see
	// anim.FrameToTime for MilkShape frames).
	Time float32
	// Rest exports the bind pose, ignoring Time.
	Rest bool

	// ModelDir is the folder of the model file; texture paths are resolved
	// from it (see model/texpath). Without ModelDir and Resolver, texture
	// paths are written as stored, made portable.
	ModelDir string
	// SearchDirs are extra folders where textures are looked up by name.
	SearchDirs []string
	// Resolver, when not nil, is used instead of ModelDir and SearchDirs.
	Resolver *texpath.Resolver

	// OutDir is the folder the .obj file will be in; texture paths are
	// made relative to it. WriteFile sets it. When empty, texture paths
	// are relative to the model's folder.
	OutDir string
	// MTLName is the material library the .obj names in its mtllib line.
	// WriteFile sets it; Write leaves the line out when it is empty.
	MTLName string
}

// Write writes the OBJ text of m to objW and its material library to mtlW.
// The findings say what was left out or repaired; the error reports a
// write failure or an unusable texture folder.
func Write(objW, mtlW io.Writer, m *model.Model, opt Options) ([]model.Finding, error) {
	if m == nil {
		return nil, fmt.Errorf("obj: no model")
	}
	e := &exporter{m: m, opt: opt}
	ow, mw := bufio.NewWriter(objW), bufio.NewWriter(mtlW)
	if err := e.writeMTL(mw); err != nil {
		return e.findings, err
	}
	e.writeOBJ(ow)
	if err := mw.Flush(); err != nil {
		return e.findings, fmt.Errorf("obj: writing materials: %w", err)
	}
	if err := ow.Flush(); err != nil {
		return e.findings, fmt.Errorf("obj: writing mesh: %w", err)
	}
	return e.findings, nil
}

// WriteFile writes m to path (an .obj file) and its material library beside
// it, with the same name and the extension .mtl. Both are written
// atomically.
func WriteFile(path string, m *model.Model, opt Options) ([]model.Finding, error) {
	dir := filepath.Dir(path)
	mtlPath := strings.TrimSuffix(path, filepath.Ext(path)) + ".mtl"
	if mtlPath == path {
		return nil, fmt.Errorf("obj: %s: the file name needs an extension other than .mtl", path)
	}
	opt.OutDir = dir
	opt.MTLName = filepath.Base(mtlPath)
	var o, l bytes.Buffer
	findings, err := Write(&o, &l, m, opt)
	if err != nil {
		return findings, err
	}
	if err := atomicfile.WriteFile(mtlPath, l.Bytes(), 0o644, false); err != nil {
		return findings, fmt.Errorf("obj: %w", err)
	}
	if err := atomicfile.WriteFile(path, o.Bytes(), 0o644, false); err != nil {
		return findings, fmt.Errorf("obj: %w", err)
	}
	return findings, nil
}

type exporter struct {
	m        *model.Model
	opt      Options
	findings []model.Finding
	matNames []string // OBJ name of each material
	buf      []byte
}

func (e *exporter) note(code model.Code, sev model.Severity, where model.Location, format string, args ...any) {
	e.findings = append(e.findings, model.Finding{Code: code, Severity: sev, Where: where, Message: fmt.Sprintf(format, args...)})
}

// defaultMaterial names the material of groups without a valid one.
const defaultMaterial = "default"

func (e *exporter) writeMTL(w *bufio.Writer) error {
	res, err := texpath.ExportResolver(e.opt.Resolver, e.opt.ModelDir, e.opt.SearchDirs...)
	if err != nil {
		return fmt.Errorf("obj: texture folders: %w", err)
	}
	taken := &model.UniqueNames{Sep: "_"}
	taken.Reserve(defaultMaterial)
	w.WriteString("# MS3D Studio material library\n")
	for i := range e.m.Materials {
		mt := &e.m.Materials[i]
		name := taken.Take(objName(mt.Name.Display(), fmt.Sprintf("material%d", i)))
		e.matNames = append(e.matNames, name)
		fmt.Fprintf(w, "\nnewmtl %s\n", name)
		e.color(w, "Ka", mt.Ambient)
		e.color(w, "Kd", mt.Diffuse)
		e.color(w, "Ks", mt.Specular)
		e.color(w, "Ke", mt.Emissive)
		// MTL's Ns is a specular exponent too.
		e.line(w, "Ns", clamp(mt.Shininess, 0, 128, 0))
		e.line(w, "d", clamp(mt.Transparency, 0, 1, 1))
		w.WriteString("illum 2\n")
		if p := e.texturePath(res, i); p != "" {
			fmt.Fprintf(w, "map_Kd %s\n", p)
		}
	}
	fmt.Fprintf(w, "\nnewmtl %s\nKd 0.8 0.8 0.8\nillum 1\n", defaultMaterial)
	return nil
}

func (e *exporter) color(w *bufio.Writer, key string, c [4]float32) {
	e.buf = append(e.buf[:0], key...)
	for k := range 3 {
		e.buf = append(e.buf, ' ')
		e.buf = appendFloat(e.buf, clamp(c[k], 0, 1, 0))
	}
	e.buf = append(e.buf, '\n')
	w.Write(e.buf)
}

func (e *exporter) line(w *bufio.Writer, key string, x float32) {
	e.buf = append(append(e.buf[:0], key...), ' ')
	e.buf = append(appendFloat(e.buf, x), '\n')
	w.Write(e.buf)
}

// texturePath returns the map_Kd path of material i: the texture file found
// relative to the output folder, or the stored path made portable.
func (e *exporter) texturePath(res *texpath.Resolver, i int) string {
	mt := &e.m.Materials[i]
	if mt.Texture.Text() == "" {
		return ""
	}
	p, found := texpath.ExportPath(res, mt.Texture, e.opt.OutDir)
	if res != nil && !found {
		e.note(model.CodeTextureMissing, model.Warning, model.At(model.PartMaterial, i), "material %q: texture %q not found; its path is written as stored", mt.Name.Display(), mt.Texture.Display())
	}
	return p
}

func (e *exporter) writeOBJ(w *bufio.Writer) {
	m := e.m
	w.WriteString("# MS3D Studio OBJ export\n")
	if e.opt.MTLName != "" {
		fmt.Fprintf(w, "mtllib %s\n", e.opt.MTLName)
	}
	pos, nrm := e.pose()

	// Vertices: only finite ones, renumbered from 1.
	index := make([]int32, len(pos))
	n := int32(0)
	for i, p := range pos {
		if !num.Finite3(p) {
			index[i] = -1
			continue
		}
		n++
		index[i] = n
		e.buf = append(e.buf[:0], 'v')
		for k := range 3 {
			e.buf = append(e.buf, ' ')
			e.buf = appendFloat(e.buf, p[k])
		}
		w.Write(append(e.buf, '\n'))
	}

	// Texture coordinates and normals, each value once.
	uvIndex := map[[2]float32]int32{}
	nIndex := map[[3]float32]int32{}
	claimed := make([]bool, len(m.Triangles))
	type corner struct{ v, vt, vn int32 }
	faces := make([][][3]corner, len(m.Groups))
	var missing, again, bad int
	for gi := range m.Groups {
		for _, ti := range m.Groups[gi].Triangles {
			if int(ti) >= len(m.Triangles) {
				missing++
				continue
			}
			if claimed[ti] {
				again++
				continue
			}
			claimed[ti] = true
			tri := &m.Triangles[ti]
			var f [3]corner
			ok := true
			for c := range 3 {
				vi := int(tri.Vertices[c])
				if vi >= len(index) || index[vi] < 0 {
					ok = false
					break
				}
				f[c].v = index[vi]
			}
			if !ok {
				bad++
				continue
			}
			face := faceNormal(pos[tri.Vertices[0]], pos[tri.Vertices[1]], pos[tri.Vertices[2]])
			for c := range 3 {
				uv := [2]float32{num.Or0(tri.S[c]), 1 - num.Or0(tri.T[c])}
				if f[c].vt = uvIndex[uv]; f[c].vt == 0 {
					f[c].vt = int32(len(uvIndex) + 1)
					uvIndex[uv] = f[c].vt
					e.buf = appendFloat(append(e.buf[:0], "vt "...), uv[0])
					e.buf = appendFloat(append(e.buf, ' '), uv[1])
					w.Write(append(e.buf, '\n'))
				}
				nv, ok := unit(nrm[3*int(ti)+c])
				if !ok {
					nv = face
				}
				if f[c].vn = nIndex[nv]; f[c].vn == 0 {
					f[c].vn = int32(len(nIndex) + 1)
					nIndex[nv] = f[c].vn
					e.buf = append(e.buf[:0], "vn"...)
					for k := range 3 {
						e.buf = appendFloat(append(e.buf, ' '), nv[k])
					}
					w.Write(append(e.buf, '\n'))
				}
			}
			faces[gi] = append(faces[gi], f)
		}
	}

	taken := model.UniqueNames{Sep: "_"}
	for gi, fs := range faces {
		if len(fs) == 0 {
			continue
		}
		g := &m.Groups[gi]
		fmt.Fprintf(w, "g %s\n", taken.Take(objName(g.Name.Display(), fmt.Sprintf("group%d", gi))))
		mat := defaultMaterial
		if mi := int(g.Material); mi >= 0 && mi < len(e.matNames) {
			mat = e.matNames[mi]
		} else if g.Material >= 0 {
			e.note(model.CodeGroupMaterialRange, model.Warning, model.At(model.PartGroup, gi),
				"group %q names material %d of %d; it is exported with the default material", g.Name.Display(), mi, len(e.matNames))
		}
		fmt.Fprintf(w, "usemtl %s\n", mat)
		for _, f := range fs {
			e.buf = append(e.buf[:0], 'f')
			for _, c := range f {
				e.buf = append(e.buf, ' ')
				e.buf = strconv.AppendInt(e.buf, int64(c.v), 10)
				e.buf = append(e.buf, '/')
				e.buf = strconv.AppendInt(e.buf, int64(c.vt), 10)
				e.buf = append(e.buf, '/')
				e.buf = strconv.AppendInt(e.buf, int64(c.vn), 10)
			}
			w.Write(append(e.buf, '\n'))
		}
	}
	e.noteCounts(missing, again, bad, claimed)
}

func (e *exporter) noteCounts(missing, again, bad int, claimed []bool) {
	at := model.At(model.PartTriangle, -1)
	if missing > 0 {
		e.note(model.CodeGroupTriangleRange, model.Warning, model.At(model.PartGroup, -1), "groups list %d triangles that do not exist; they are left out", missing)
	}
	if again > 0 {
		e.note(model.CodeTriangleMultiGroup, model.Info, at, "%d triangles are listed by more than one group; each is written with the first", again)
	}
	if bad > 0 {
		e.note(model.CodeTriangleVertexRange, model.Warning, at, "%d triangles name missing vertices or vertices whose posed position is not finite; they are left out", bad)
	}
	orphans := 0
	for _, c := range claimed {
		if !c {
			orphans++
		}
	}
	if orphans > 0 {
		e.note(model.CodeTriangleNoGroup, model.Warning, at, "%d triangles belong to no group; they are not exported (the viewport does not draw them either)", orphans)
	}
}

// pose skins the vertices and corner normals at the chosen time.
func (e *exporter) pose() (pos, cornerNormals [][3]float32) {
	skel, _ := anim.NewSkeleton(e.m)
	skinner, _ := anim.NewSkinner(e.m)
	global := make([]mgl32.Mat4, skel.Len())
	if e.opt.Rest {
		skel.RestPose(global)
	} else {
		skel.Pose(e.opt.Time, global)
	}
	skel.SkinMatrices(global, global)
	pos = make([][3]float32, skinner.Len())
	cornerNormals = make([][3]float32, skinner.Corners())
	skinner.Skin(global, pos, cornerNormals)
	return pos, cornerNormals
}

// objName makes a name OBJ readers take as one word.
func objName(s, fallback string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '#' || !unicode.IsPrint(r) {
			return '_'
		}
		return r
	}, s)
	if s == "" {
		return fallback
	}
	return s
}

func appendFloat(b []byte, x float32) []byte {
	return strconv.AppendFloat(b, float64(x), 'g', -1, 32)
}

func clamp(x, lo, hi, nan float32) float32 {
	if !num.Finite(x) {
		return nan
	}
	return min(max(x, lo), hi)
}

// unit returns n normalised, and false when n is zero or not finite.
func unit(n [3]float32) ([3]float32, bool) {
	x, y, z := float64(n[0]), float64(n[1]), float64(n[2])
	l := math.Sqrt(x*x + y*y + z*z)
	if !(l > 1e-20) || math.IsInf(l, 0) {
		return n, false
	}
	return [3]float32{float32(x / l), float32(y / l), float32(z / l)}, true
}

// faceNormal returns the unit normal of a counter-clockwise triangle, or +Z
// for a degenerate one.
func faceNormal(a, b, c [3]float32) [3]float32 {
	var u, v [3]float64
	for k := range 3 {
		u[k] = float64(b[k]) - float64(a[k])
		v[k] = float64(c[k]) - float64(a[k])
	}
	n := [3]float32{float32(u[1]*v[2] - u[2]*v[1]), float32(u[2]*v[0] - u[0]*v[2]), float32(u[0]*v[1] - u[1]*v[0])}
	if n, ok := unit(n); ok {
		return n
	}
	return [3]float32{0, 0, 1}
}
