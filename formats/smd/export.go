package smd

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/clips"
	"ms3dstudio/model/xform"
)

// ExportOptions choose what Export writes.
type ExportOptions struct {
	// Profile is the target engine; "" means Source.
	Profile Profile
	// Name is the base name of the reference SMD and of the QC file (and
	// of the compiled model the QC names); "" means "model".
	Name string
	// Clip, when set, adds the animation SMD of that clip only.
	Clip string
	// AllClips adds one animation SMD per clip, or, for an animated model
	// without clips, one for the whole timeline named "anim".
	AllClips bool
}

// Export writes m to dir as SMD files for opt.Profile: the reference SMD
// (NAME.smd: mesh and rest pose), the animation SMDs opt asks for (one per
// clip, named after the clip), and a QC stub (NAME.qc) with $modelname,
// $body (GoldSrc) or $model (Source), and one $sequence with the model's
// frame rate per animation — or the reference itself as the sequence "idle"
// when there is none. It returns the paths written.
//
// The findings are those of ValidateFor plus what export changed: invalid
// clips skipped and names made unique or quoted safely. Vertices without a
// bone are assigned to the nearest joint in the file (m is not modified);
// a model without joints gets a single bone "root".
func Export(dir string, m *model.Model, opt ExportOptions) ([]string, []model.Finding, error) {
	files, findings, err := Encode(m, opt)
	if err != nil {
		return nil, findings, err
	}
	written, err := WriteFiles(dir, files)
	return written, findings, err
}

// WriteFiles writes the files Encode returned into dir (made if missing),
// each atomically, in their order, and returns the paths written.
func WriteFiles(dir string, files []OutputFile) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("smd: export: %w", err)
	}
	var written []string
	for _, f := range files {
		p := filepath.Join(dir, f.Name)
		if err := atomicfile.WriteFile(p, f.Data, 0o644, false); err != nil {
			return written, fmt.Errorf("smd: export %s: %w", p, err)
		}
		written = append(written, p)
	}
	return written, nil
}

// OutputFile is one file of an SMD export: its name in the export's folder and
// its contents.
type OutputFile struct {
	Name string
	Data []byte
}

// Encode is Export without the writing: it returns the files Export
// writes, in that order (the reference SMD, the animation SMDs, the QC),
// with their contents, so that a caller can see which files an export
// would replace before anything is written.
func Encode(m *model.Model, opt ExportOptions) ([]OutputFile, []model.Finding, error) {
	if opt.Profile == "" {
		opt.Profile = Source
	}
	if _, err := ParseProfile(string(opt.Profile)); err != nil {
		return nil, nil, err
	}
	if opt.Name == "" {
		opt.Name = "model"
	}
	if strings.ContainsAny(opt.Name, `/\`) || opt.Name == "." || opt.Name == ".." {
		return nil, nil, fmt.Errorf("smd: export: base name %q must be a plain file name", opt.Name)
	}
	ex := newExporter(m, opt.Profile)
	findings := ValidateFor(m, opt.Profile)
	findings = append(findings, ex.findings...)

	list, cf := clips.Read(m)
	var valid []clips.Clip
	bad := map[int]bool{}
	for _, f := range cf {
		if f.Severity == model.Error {
			bad[f.Where.Index] = true
			f.Message += "; the clip is not exported"
			findings = append(findings, f)
		}
	}
	for i, c := range list {
		if !bad[i] {
			valid = append(valid, c)
		}
	}
	var want []clips.Clip
	switch {
	case opt.Clip != "":
		for _, c := range valid {
			if strings.EqualFold(c.Name, opt.Clip) {
				want = append(want, c)
				break
			}
		}
		if len(want) == 0 {
			return nil, findings, fmt.Errorf("smd: export: no valid clip named %q", opt.Clip)
		}
	case opt.AllClips:
		want = valid
		if len(want) == 0 && ex.animated && m.TotalFrames >= 1 {
			want = []clips.Clip{{Name: "anim", First: 1, Last: int(m.TotalFrames)}}
		}
	}

	var files []OutputFile
	write := func(name string, fn func(io.Writer) error) error {
		var b bytes.Buffer
		if err := fn(&b); err != nil {
			return fmt.Errorf("smd: export %s: %w", name, err)
		}
		files = append(files, OutputFile{Name: name, Data: b.Bytes()})
		return nil
	}
	if err := write(opt.Name+".smd", ex.WriteReference); err != nil {
		return nil, findings, err
	}
	var seqs []sequence
	for _, c := range want {
		// Named after the model too: two models exported into one folder
		// must not write over each other's "walk.smd" (or "anim.smd").
		file := opt.Name + "_" + c.Name
		c := c
		if err := write(file+".smd", func(w io.Writer) error { return ex.WriteAnimation(w, c) }); err != nil {
			return nil, findings, err
		}
		seqs = append(seqs, sequence{name: c.Name, file: file})
	}
	if err := write(opt.Name+".qc", func(w io.Writer) error { return ex.writeQC(w, opt.Name, seqs) }); err != nil {
		return nil, findings, err
	}
	return files, findings, nil
}

type sequence struct{ name, file string }

// Exporter writes one model as SMD files for one profile. It holds the
// bone list and the skeleton, so that the reference and every animation
// agree on bone ids.
type Exporter struct {
	m        *model.Model
	profile  Profile
	sk       *anim.Skeleton
	synth    bool     // the model has no joints: one bone "root"
	ids      []int    // joint → SMD bone id
	joints   []int    // SMD bone id → joint
	names    []string // SMD bone id → name as written
	animated bool
	findings []model.Finding
	global   []mgl32.Mat4
}

// NewExporter prepares m for writing with profile p. Its Findings report
// bone names changed to be unique and quotable.
func NewExporter(m *model.Model, p Profile) *Exporter { return newExporter(m, p) }

// Findings returns what preparing the export changed.
func (ex *Exporter) Findings() []model.Finding { return ex.findings }

func newExporter(m *model.Model, p Profile) *Exporter {
	ex := &Exporter{m: m, profile: p}
	if len(m.Joints) == 0 {
		ex.synth = true
		ex.names = []string{"root"}
		return ex
	}
	ex.sk, _ = anim.NewSkeleton(m)
	_, _, ex.animated = ex.sk.KeyRange()
	ex.global = make([]mgl32.Mat4, ex.sk.Len())
	ex.ids = make([]int, len(m.Joints))
	used := model.UniqueNames{Sep: "_"}
	for _, j := range ex.sk.Order() {
		ex.ids[j] = len(ex.joints)
		ex.joints = append(ex.joints, j)
		name := m.Joints[j].Name.Display()
		clean := strings.Map(func(r rune) rune {
			if r == '"' || r < ' ' {
				return '_'
			}
			return r
		}, name)
		if clean == "" {
			clean = fmt.Sprintf("bone%d", j)
		}
		out := used.Take(clean)
		if out != name {
			ex.findings = append(ex.findings, model.Finding{Code: model.CodeSMDName, Severity: model.Warning, Where: model.At(model.PartJoint, j),
				Message: fmt.Sprintf("joint %d %q is written as bone %q (SMD bone names are quoted and matched by name)", j, name, out)})
		}
		ex.names = append(ex.names, out)
	}
	return ex
}

// numbers appends floats with six decimals, as studiomdl and every SMD
// tool write them.
func appendNum(b []byte, v float32) []byte {
	b = append(b, ' ')
	return strconv.AppendFloat(b, float64(v), 'f', 6, 32)
}

func (ex *Exporter) writeNodes(w *bufio.Writer) {
	w.WriteString("version 1\nnodes\n")
	for id, name := range ex.names {
		parent := -1
		if !ex.synth {
			if p := ex.sk.Parent(ex.joints[id]); p >= 0 {
				parent = ex.ids[p]
			}
		}
		fmt.Fprintf(w, "%d \"%s\" %d\n", id, name, parent)
	}
	w.WriteString("end\n")
}

// writeFrame writes one "time" block from global joint matrices.
func (ex *Exporter) writeFrame(w *bufio.Writer, t int, global []mgl32.Mat4, buf []byte) []byte {
	fmt.Fprintf(w, "time %d\n", t)
	if ex.synth {
		w.WriteString("0 0.000000 0.000000 0.000000 0.000000 0.000000 0.000000\n")
		return buf
	}
	for id, j := range ex.joints {
		g := xform.RigidFromMGL(global[j])
		var l xform.Rigid
		if p := ex.sk.Parent(j); p >= 0 {
			l = xform.RigidFromMGL(global[p]).Inverse().Mul(g)
		} else {
			l = xform.Rigid{R: toSMD}.Mul(g)
		}
		rot := l.R.Orthonormalize().Euler()
		buf = strconv.AppendInt(buf[:0], int64(id), 10)
		for _, v := range xform.Vec32(l.T) {
			buf = appendNum(buf, v)
		}
		for _, v := range rot {
			buf = appendNum(buf, v)
		}
		buf = append(buf, '\n')
		w.Write(buf)
	}
	return buf
}

// WriteReference writes the reference SMD: nodes, the rest pose at time 0
// and every triangle, in group order (triangles no group lists come last).
func (ex *Exporter) WriteReference(out io.Writer) error {
	w := bufio.NewWriter(out)
	ex.writeNodes(w)
	w.WriteString("skeleton\n")
	var buf []byte
	if !ex.synth {
		ex.sk.RestPose(ex.global)
	}
	buf = ex.writeFrame(w, 0, ex.global, buf)
	w.WriteString("end\ntriangles\n")
	m := ex.m
	bones := ex.vertexBones()
	for _, tr := range triangleOrder(m) {
		t := &m.Triangles[tr.tri]
		w.WriteString(ex.materialLine(tr.group))
		w.WriteByte('\n')
		for c := 0; c < 3; c++ {
			vi := int(t.Vertices[c])
			vx := &m.Vertices[vi]
			vb := bones[vi]
			buf = strconv.AppendInt(buf[:0], int64(vb.parent), 10)
			for _, v := range toSMD.Apply32(vx.Position) {
				buf = appendNum(buf, v)
			}
			for _, v := range toSMD.Apply32(t.Normals[c]) {
				buf = appendNum(buf, v)
			}
			buf = appendNum(buf, t.S[c])
			buf = appendNum(buf, 1-t.T[c])
			if ex.profile == Source {
				buf = append(buf, ' ')
				buf = strconv.AppendInt(buf, int64(vb.n), 10)
				for k := 0; k < vb.n; k++ {
					buf = append(buf, ' ')
					buf = strconv.AppendInt(buf, int64(vb.bone[k]), 10)
					buf = appendNum(buf, vb.weight[k])
				}
			}
			buf = append(buf, '\n')
			w.Write(buf)
		}
	}
	w.WriteString("end\n")
	return w.Flush()
}

// WriteAnimation writes the animation SMD of clip c: nodes and one time
// block per frame of the clip, time 0 being the clip's first frame.
func (ex *Exporter) WriteAnimation(out io.Writer, c clips.Clip) error {
	if c.Last < c.First {
		return errors.New("smd: empty clip")
	}
	w := bufio.NewWriter(out)
	ex.writeNodes(w)
	w.WriteString("skeleton\n")
	fps := ex.m.EffectiveFPS()
	var buf []byte
	for f := c.First; f <= c.Last; f++ {
		if !ex.synth {
			ex.sk.Pose(anim.FrameToTime(float32(f), fps), ex.global)
		}
		buf = ex.writeFrame(w, f-c.First, ex.global, buf)
	}
	w.WriteString("end\n")
	return w.Flush()
}

func (ex *Exporter) writeQC(out io.Writer, name string, seqs []sequence) error {
	w := bufio.NewWriter(out)
	fps := strconv.FormatFloat(float64(ex.m.EffectiveFPS()), 'g', -1, 32)
	fmt.Fprintf(w, "// QC stub written by MS3D Studio for the %s profile. Axes: Z up, facing +X.\n", ex.profile)
	fmt.Fprintf(w, "$modelname \"%s.mdl\"\n", name)
	if ex.profile == GoldSrc {
		fmt.Fprintf(w, "$cd \".\"\n$cdtexture \".\"\n$scale 1.0\n$body \"studio\" \"%s\"\n", name)
		if len(seqs) == 0 {
			fmt.Fprintf(w, "$sequence \"idle\" \"%s\" fps %s\n", name, fps)
		}
		for _, s := range seqs {
			fmt.Fprintf(w, "$sequence \"%s\" \"%s\" fps %s\n", s.name, s.file, fps)
		}
	} else {
		fmt.Fprintf(w, "$cdmaterials \"models/%s\"\n$model \"%s\" \"%s.smd\"\n", name, name, name)
		if len(seqs) == 0 {
			fmt.Fprintf(w, "$sequence \"idle\" \"%s.smd\" fps %s\n", name, fps)
		}
		for _, s := range seqs {
			fmt.Fprintf(w, "$sequence \"%s\" \"%s.smd\" fps %s\n", s.name, s.file, fps)
		}
	}
	return w.Flush()
}

// vertexBones holds the SMD bones of one vertex: the parent and the links.
type vertexBones struct {
	parent int
	n      int
	bone   [4]int
	weight [4]float32
}

// vertexBones returns every vertex's bones for the profile: GoldSrc keeps the
// strongest influence, Source all of them. Vertices without a bone go to
// the nearest joint.
func (ex *Exporter) vertexBones() []vertexBones {
	m := ex.m
	out := make([]vertexBones, len(m.Vertices))
	if ex.synth {
		for i := range out {
			out[i] = vertexBones{parent: 0, n: 1, weight: [4]float32{1}}
		}
		return out
	}
	var rest [][3]float32
	var inf [4]model.Influence
	for v := range m.Vertices {
		n := m.Influences(v, &inf)
		if n == 0 {
			if rest == nil {
				rest = restPositions(m)
			}
			inf[0] = model.Influence{Joint: nearest(rest, m.Vertices[v].Position), Weight: 1}
			n = 1
		}
		strongest := 0
		for k := 1; k < n; k++ {
			if inf[k].Weight > inf[strongest].Weight {
				strongest = k
			}
		}
		vb := vertexBones{parent: ex.ids[inf[strongest].Joint]}
		if ex.profile == GoldSrc {
			vb.n, vb.bone[0], vb.weight[0] = 1, vb.parent, 1
		} else {
			vb.n = n
			for k := 0; k < n; k++ {
				vb.bone[k], vb.weight[k] = ex.ids[inf[k].Joint], inf[k].Weight
			}
		}
		out[v] = vb
	}
	return out
}

// triRef is a triangle to write with the group that gives its material.
type triRef struct{ tri, group int }

// triangleOrder lists the triangles to write: each group's valid triangles
// in group order, each once, then the triangles no group lists (group −1).
// Triangles with a corner past the last vertex are left out.
func triangleOrder(m *model.Model) []triRef {
	done := make([]bool, len(m.Triangles))
	ok := func(t int) bool {
		for _, v := range m.Triangles[t].Vertices {
			if int(v) >= len(m.Vertices) {
				return false
			}
		}
		return true
	}
	out := make([]triRef, 0, len(m.Triangles))
	for g := range m.Groups {
		for _, t := range m.Groups[g].Triangles {
			if int(t) < len(m.Triangles) && !done[t] && ok(int(t)) {
				done[t] = true
				out = append(out, triRef{int(t), g})
			}
		}
	}
	for t := range m.Triangles {
		if !done[t] && ok(t) {
			out = append(out, triRef{t, -1})
		}
	}
	return out
}

// materialLine returns the material line of a group's triangles.
func (ex *Exporter) materialLine(g int) string {
	var mat *model.Material
	if g >= 0 {
		if mi := int(ex.m.Groups[g].Material); mi >= 0 && mi < len(ex.m.Materials) {
			mat = &ex.m.Materials[mi]
		}
	}
	if ex.profile == GoldSrc {
		if mat == nil {
			return "default.bmp"
		}
		return readableMaterial(GoldSrcTexture(*mat))
	}
	if mat == nil {
		return "default"
	}
	base := textureBase(*mat)
	return readableMaterial(strings.TrimSuffix(base, path.Ext(base)))
}

// readableMaterial returns s as a material line that SMD readers take for
// one: an empty line (a texture named ".png" loses everything to its
// extension) becomes "default"; a line a reader would skip as a comment
// (#, ;, //) or end the section on ("end", a section keyword) gets an
// underscore in front.
func readableMaterial(s string) string {
	switch {
	case s == "":
		return "default"
	case isSection([]byte(s)), s[0] == '#', s[0] == ';', strings.HasPrefix(s, "//"):
		return "_" + s
	}
	return s
}

// textureBase returns the file name of a material's texture, or its name
// when it has none, with spaces made underscores (a material line is one
// token to studiomdl).
func textureBase(mat model.Material) string {
	s := mat.Texture.Display()
	if s == "" {
		s = mat.Name.Display()
	}
	s = path.Base(strings.ReplaceAll(s, "\\", "/"))
	if s == "" || s == "." || s == "/" {
		s = "default"
	}
	return strings.Map(func(r rune) rune {
		if r <= ' ' {
			return '_'
		}
		return r
	}, s)
}

// GoldSrcTexture returns the BMP file name a GoldSrc export gives the
// texture of a material in its material line: the texture's (or, without
// one, the material's) file name with spaces made underscores and .bmp for
// its extension.
func GoldSrcTexture(mat model.Material) string {
	base := textureBase(mat)
	return strings.TrimSuffix(base, path.Ext(base)) + ".bmp"
}
