package obj

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"ms3dstudio/internal/textnum"
	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/smooth"
	"ms3dstudio/model/texpath"
	"ms3dstudio/model/xform"
)

// ReadOptions tune Decode.
type ReadOptions struct {
	// Name is the OBJ file's name in messages ("spider.obj").
	Name string
	// Files finds the material libraries and textures the OBJ names,
	// relative to the OBJ's folder (its ModelDir) and with the same rules
	// as texture paths (backslashes, letter case, 8.3 names). Nil reads no
	// library: each mtllib is then a finding, and textures are not checked.
	Files *texpath.Resolver
}

// FormatError reports an OBJ file from which nothing can be read.
type FormatError struct {
	Name string
	Msg  string
}

// Error formats the error as "obj: spider.obj: no vertices or faces".
func (e *FormatError) Error() string { return "obj: " + e.Name + ": " + e.Msg }

// maxLibrary bounds the size of a material library read; real ones are a
// few kilobytes, and a library is named by a file that may be anything.
const maxLibrary = 64 << 20

// ReadFile imports the OBJ file at path with the material libraries and
// textures beside it (see Decode).
func ReadFile(path string) (*model.Model, []model.Finding, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("obj: %w", err)
	}
	res, err := texpath.NewOS(path)
	if err != nil {
		return nil, nil, fmt.Errorf("obj: %w", err)
	}
	return Decode(data, ReadOptions{Name: filepath.Base(path), Files: res})
}

// Decode imports Wavefront OBJ text (and the MTL libraries it names, found
// through opt.Files) into a model, following the OBJ and MTL
// specifications of Wavefront's Advanced Visualizer: v, vt and vn with
// positive and negative (relative) indices, faces of any corner count
// (concave polygons are cut by ear clipping in their best-fit plane, keeping
// their winding), o and g naming groups (one group per name and material),
// usemtl, mtllib with several libraries, s smoothing groups (corners
// without a vn get normals from them, as model/smooth computes MilkShape's),
// comments and lines continued with a backslash. Materials take Ka, Kd, Ks,
// Ke, Ns (the specular exponent, clamped to MilkShape's 0–128), d or Tr,
// map_Kd (the texture) and map_d (the alpha map); only the materials that
// faces use go into the model, in the order first used. Texture paths are
// stored relative to the OBJ's folder, as found. The t texture coordinate
// becomes 1 − t (MilkShape's origin is top-left). Positions no face uses are
// left out.
//
// Decode fails only when the text holds neither a position nor a face;
// everything else it cannot read is a finding with the line number and byte
// offset, and reading goes on. Every allocation grows with what was read,
// and no step is quadratic in the file's size.
func Decode(data []byte, opt ReadOptions) (*model.Model, []model.Finding, error) {
	if opt.Name == "" {
		opt.Name = "OBJ"
	}
	r := &reader{opt: opt, tri: triangulator{budget: 64*len(data) + 1<<20}, found: newFindings()}
	r.groupIndex = map[groupKey]int{}
	r.smoothIndex = map[string]uint8{}
	r.libs = map[string]*library{}
	r.groupName = "default"
	r.parse(data)
	if len(r.pos) == 0 && r.faces == 0 {
		return nil, r.found.list(), &FormatError{Name: opt.Name, Msg: "no vertices or faces"}
	}
	m := r.build()
	return m, r.found.list(), nil
}

// groupKey tells groups apart: faces of one name and one material (by its
// usemtl name, resolved once every library is read; "" none).
type groupKey struct {
	name, material string
}

type reader struct {
	opt   ReadOptions
	found *findings
	tri   triangulator

	pos  [][3]float32
	uv   [][2]float32
	nrm  [][3]float32
	used []bool // per position: a face uses it

	tris  []model.Triangle // vertex indices are position indices until build
	hasN  [][3]bool        // per triangle corner: the normal came from a vn
	faces int

	groups      []model.Group
	groupKeys   []groupKey
	groupIndex  map[groupKey]int
	groupName   string
	material    string // the usemtl name in force
	smoothIndex map[string]uint8
	smooth      uint8
	libs        map[string]*library
	libOrder    []*library

	line   int
	offset int64
	fields [][]byte
	corner []cornerRef
	pts    [][3]float64
	cut    [][3]int
	joined []byte
}

// cornerRef is one face corner: indices into pos, uv and nrm (−1 none).
type cornerRef struct{ v, vt, vn int }

func (r *reader) find(code model.Code, sev model.Severity, format string, args ...any) {
	r.found.add(model.Finding{Code: code, Severity: sev, Where: model.Location{Part: model.PartOBJLine, Index: r.line, Offset: r.offset},
		Message: fmt.Sprintf("%s line %d: ", r.opt.Name, r.line) + fmt.Sprintf(format, args...)})
}

// parse reads every statement of data.
func (r *reader) parse(data []byte) {
	skipped := map[string]int{}
	var skippedOrder []string
	eachLine(data, &r.joined, func(line []byte, number int, offset int64) {
		r.line, r.offset = number, offset
		r.fields = fields(line, r.fields[:0])
		if len(r.fields) == 0 {
			return
		}
		args := r.fields[1:]
		switch kw := string(r.fields[0]); kw {
		case "v":
			r.pos = append(r.pos, r.vec3(args, "position"))
			r.used = append(r.used, false)
		case "vt":
			uv := r.numbers(args, 1, 3, "texture coordinate")
			r.uv = append(r.uv, [2]float32{uv[0], uv[1]})
		case "vn":
			r.nrm = append(r.nrm, r.vec3(args, "normal"))
		case "f", "fo":
			r.face(args)
		case "g":
			r.groupName = joinFields(args, "default")
		case "o":
			r.groupName = joinFields(args, "default")
		case "usemtl":
			r.material = joinFields(args, "")
		case "mtllib":
			r.loadLibraries(args)
		case "s":
			r.smoothing(args)
		default:
			if skipped[kw] == 0 {
				skippedOrder = append(skippedOrder, kw)
			}
			skipped[kw]++
		}
	})
	for _, kw := range skippedOrder {
		r.line, r.offset = 0, -1
		r.found.add(model.Finding{Code: model.CodeOBJUnsupported, Severity: model.Info, Where: model.At(model.PartOBJLine, -1),
			Message: fmt.Sprintf("%s: %d %q statements skipped (%s)", r.opt.Name, skipped[kw], clip(kw), unsupportedWhat(kw))})
	}
}

// unsupportedWhat says what a skipped keyword is.
func unsupportedWhat(kw string) string {
	switch kw {
	case "l":
		return "lines"
	case "p":
		return "points"
	case "vp", "cstype", "deg", "bmat", "step", "curv", "curv2", "surf", "parm", "trim", "hole", "scrv", "sp", "end", "con":
		return "free-form curves and surfaces"
	case "mg", "bevel", "c_interp", "d_interp", "lod", "shadow_obj", "trace_obj", "ctech", "stech", "maplib", "usemap", "call", "csh":
		return "display and rendering attributes"
	}
	return "not an OBJ statement this importer knows"
}

// eachLine calls fn for every logical line of data: a line ending in a
// backslash continues on the next, and number and offset are those of its
// first physical line. Comments ("#" at the start of a field) are cut off.
func eachLine(data []byte, scratch *[]byte, fn func(line []byte, number int, offset int64)) {
	number := 0
	for start := 0; start < len(data); {
		number++
		first, firstOffset := number, int64(start)
		var line []byte
		line, start = nextLine(data, start)
		if continues(line) {
			buf := append((*scratch)[:0], line[:len(line)-1]...)
			for continues(line) && start < len(data) {
				number++
				line, start = nextLine(data, start)
				buf = append(append(buf, ' '), line...)
				if continues(line) {
					buf = buf[:len(buf)-1]
				}
			}
			*scratch = buf
			line = buf
		}
		fn(line, first, firstOffset)
	}
}

// nextLine returns the physical line of data that starts at start, without
// its line break, and where the next one starts.
func nextLine(data []byte, start int) (line []byte, next int) {
	end := bytes.IndexByte(data[start:], '\n')
	if end < 0 {
		return trimCR(data[start:]), len(data)
	}
	return trimCR(data[start : start+end]), start + end + 1
}

func trimCR(b []byte) []byte {
	if len(b) > 0 && b[len(b)-1] == '\r' {
		return b[:len(b)-1]
	}
	return b
}

// continues reports a line that goes on on the next: it ends in a backslash
// outside a comment.
func continues(line []byte) bool {
	return len(line) > 0 && line[len(line)-1] == '\\' && !bytes.Contains(line, []byte("#"))
}

// fields splits a line at spaces and tabs, up to a "#" that starts a field.
func fields(line []byte, out [][]byte) [][]byte {
	for i := 0; i < len(line); {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
		if i >= len(line) || line[i] == '#' {
			break
		}
		j := i
		for j < len(line) && !isSpace(line[j]) {
			j++
		}
		out = append(out, line[i:j])
		i = j
	}
	return out
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == 0 }

// joinFields joins the fields of a name (names may hold spaces), or
// returns def when there are none.
func joinFields(fs [][]byte, def string) string {
	if len(fs) == 0 {
		return def
	}
	return string(bytes.Join(fs, []byte(" ")))
}

// clip shortens text quoted in a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// numbers reads between lo and hi numbers; missing ones are 0, and a
// field that is not a number reads as 0 with a finding.
func (r *reader) numbers(args [][]byte, lo, hi int, what string) [3]float32 {
	var out [3]float32
	if len(args) < lo {
		r.find(model.CodeOBJSyntax, model.Error, "a %s needs %d numbers, the line has %d; it reads as 0", what, lo, len(args))
		return out
	}
	for k := 0; k < len(args) && k < hi; k++ {
		v, ok := textnum.ParseFloat(args[k])
		switch {
		case ok && !num.Finite(float32(v)):
			r.find(model.CodeOBJSyntax, model.Error, "%s %q is out of range; it reads as 0", what, clip(string(args[k])))
		case !ok && textnum.NonFinite(args[k]):
			r.find(model.CodeOBJSyntax, model.Error, "%s %q is not finite; it reads as 0", what, clip(string(args[k])))
		case !ok:
			r.find(model.CodeOBJSyntax, model.Error, "%s %q is not a number; it reads as 0", what, clip(string(args[k])))
		default:
			out[k] = float32(v)
		}
	}
	return out
}

// vec3 reads three numbers (OBJ allows a fourth, w, and vertex colours
// after it, which MilkShape cannot hold).
func (r *reader) vec3(args [][]byte, what string) [3]float32 {
	return r.numbers(args, 3, 3, what)
}

// index resolves an OBJ index (1-based, or negative: counted back from the
// last defined) into one of n elements.
func index(b []byte, n int) (int, bool) {
	if len(b) == 0 {
		return -1, false
	}
	neg := b[0] == '-'
	if neg || b[0] == '+' {
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 12 {
		return -1, false
	}
	i := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return -1, false
		}
		i = i*10 + int(c-'0')
	}
	if neg {
		i = n - i
	} else {
		i--
	}
	return i, i >= 0 && i < n
}

// face reads an f statement: its corners, cut into triangles.
func (r *reader) face(args [][]byte) {
	r.faces++
	if len(args) < 3 {
		r.find(model.CodeOBJDegenerate, model.Warning, "a face needs 3 corners, this one has %d; it is left out", len(args))
		return
	}
	r.corner = r.corner[:0]
	for _, a := range args {
		var parts [3][]byte
		for k, rest := 0, a; k < 3; k++ {
			var ok bool
			parts[k], rest, ok = bytes.Cut(rest, []byte("/"))
			if !ok {
				break
			}
		}
		c := cornerRef{vt: -1, vn: -1}
		var ok bool
		if c.v, ok = index(parts[0], len(r.pos)); !ok {
			r.find(model.CodeOBJIndex, model.Error, "corner %q names position %q, and %d are defined; the face is left out", clip(string(a)), clip(string(parts[0])), len(r.pos))
			return
		}
		if len(parts[1]) > 0 {
			if c.vt, ok = index(parts[1], len(r.uv)); !ok {
				r.find(model.CodeOBJIndex, model.Error, "corner %q names texture coordinate %q, and %d are defined; the corner gets none", clip(string(a)), clip(string(parts[1])), len(r.uv))
				c.vt = -1
			}
		}
		if len(parts[2]) > 0 {
			if c.vn, ok = index(parts[2], len(r.nrm)); !ok {
				r.find(model.CodeOBJIndex, model.Error, "corner %q names normal %q, and %d are defined; the corner's normal is computed", clip(string(a)), clip(string(parts[2])), len(r.nrm))
				c.vn = -1
			}
		}
		if n := len(r.corner); n > 0 && r.corner[n-1].v == c.v {
			continue // a repeated corner adds nothing
		}
		r.corner = append(r.corner, c)
	}
	if n := len(r.corner); n > 1 && r.corner[n-1].v == r.corner[0].v {
		r.corner = r.corner[:n-1]
	}
	if len(r.corner) < 3 {
		r.find(model.CodeOBJDegenerate, model.Warning, "the face has %d distinct corners; it is left out", len(r.corner))
		return
	}
	r.pts = r.pts[:0]
	for _, c := range r.corner {
		p := r.pos[c.v]
		r.pts = append(r.pts, [3]float64{float64(p[0]), float64(p[1]), float64(p[2])})
	}
	var how triangulation
	r.cut, how = r.tri.cut(r.pts, r.cut[:0])
	switch how {
	case triFlat:
		r.find(model.CodeOBJDegenerate, model.Warning, "the %d-corner polygon has no area; it is left out", len(r.corner))
		return
	case triCrossed:
		r.find(model.CodeOBJPolygon, model.Warning, "the %d-corner polygon crosses itself; it is cut into %d triangles as well as can be", len(r.corner), len(r.cut))
	case triFan:
		r.find(model.CodeOBJPolygon, model.Warning, "the %d-corner polygon is cut as a fan from its first corner (too many corners for ear clipping)", len(r.corner))
	}
	g := r.group()
	for _, t := range r.cut {
		tri := model.Triangle{Group: uint16(g), SmoothingGroup: r.smooth}
		var given [3]bool
		for k, ci := range t {
			c := r.corner[ci]
			tri.Vertices[k] = uint32(c.v)
			r.used[c.v] = true
			if c.vt >= 0 {
				tri.S[k], tri.T[k] = r.uv[c.vt][0], 1-r.uv[c.vt][1]
			}
			if c.vn >= 0 {
				tri.Normals[k], given[k] = xform.Unit(r.nrm[c.vn])
			}
		}
		r.groups[g].Triangles = append(r.groups[g].Triangles, uint32(len(r.tris)))
		r.tris = append(r.tris, tri)
		r.hasN = append(r.hasN, given)
	}
}

// group returns the group of the faces read now, adding it when new.
func (r *reader) group() int {
	k := groupKey{r.groupName, r.material}
	if g, ok := r.groupIndex[k]; ok {
		return g
	}
	if len(r.groups) == model.MaxGroups {
		r.find(model.CodeOBJLimit, model.Error, "group %q with material %q would be group %d, and a model addresses %d; its faces go into the last group", clip(k.name), clip(k.material), len(r.groups)+1, model.MaxGroups)
		r.groupIndex[k] = len(r.groups) - 1
		return len(r.groups) - 1
	}
	r.groupIndex[k] = len(r.groups)
	r.groupKeys = append(r.groupKeys, k)
	r.groups = append(r.groups, model.Group{Name: model.Str(k.name), Material: -1})
	return len(r.groups) - 1
}

// smoothing reads an s statement: "off" or 0 is flat, any other name or
// number is a smoothing group, numbered 1 to 32 in the order they appear.
func (r *reader) smoothing(args [][]byte) {
	name := joinFields(args, "off")
	if name == "off" || name == "0" {
		r.smooth = 0
		return
	}
	g, ok := r.smoothIndex[name]
	if !ok {
		n := len(r.smoothIndex)
		if n == 32 {
			r.find(model.CodeOBJSmoothing, model.Warning, "smoothing group %q is the 33rd; MilkShape holds 32, so it shares group %d with others", clip(name), n%32+1)
		}
		g = uint8(n%32 + 1)
		r.smoothIndex[name] = g
	}
	r.smooth = g
}

// build makes the model: the positions faces use, the triangles, groups
// and materials, and the normals the file did not give.
func (r *reader) build() *model.Model {
	m := &model.Model{Version: 4, FPS: 24}
	newIndex := make([]uint32, len(r.pos))
	unused := 0
	for i, p := range r.pos {
		if !r.used[i] {
			unused++
			continue
		}
		newIndex[i] = uint32(len(m.Vertices))
		m.Vertices = append(m.Vertices, model.Vertex{Position: p, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}})
	}
	if unused > 0 {
		r.found.add(model.Finding{Code: model.CodeOBJUnused, Severity: model.Info, Where: model.At(model.PartOBJLine, -1),
			Message: fmt.Sprintf("%s: %d of %d positions are used by no face and left out", r.opt.Name, unused, len(r.pos))})
	}
	missing := false
	for i := range r.tris {
		t := &r.tris[i]
		for k := range t.Vertices {
			t.Vertices[k] = newIndex[t.Vertices[k]]
		}
		missing = missing || !(r.hasN[i][0] && r.hasN[i][1] && r.hasN[i][2])
	}
	m.Triangles = r.tris
	if missing {
		given := make([][3][3]float32, len(m.Triangles))
		for i := range m.Triangles {
			given[i] = m.Triangles[i].Normals
		}
		smooth.Normals(m, smooth.Options{})
		for i := range m.Triangles {
			for k := range 3 {
				if r.hasN[i][k] {
					m.Triangles[i].Normals[k] = given[i][k]
				}
			}
		}
	}
	m.Groups = r.groups
	m.Materials = r.materials(m.Groups)
	return m
}
