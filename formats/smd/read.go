package smd

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"runtime"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
)

// Limits of the reader. Input beyond them is an error, so that a hostile or
// broken file cannot make the reader use more memory than these allow.
const (
	// MaxLineLength is the longest line in bytes.
	MaxLineLength = 64 << 10
	// MaxNodes is the highest number of bones, and bound of bone ids.
	MaxNodes = 1 << 15
	// MaxTime is the highest frame number of a "time" line.
	MaxTime = 1 << 20
	// MaxPoses is the highest number of bone lines in "skeleton".
	MaxPoses = 1 << 21
	// MaxTriangles is the highest number of triangles.
	MaxTriangles = 1 << 20
)

// SyntaxError reports a line of an SMD file that cannot be read, with the
// file name and the 1-based line and column (in bytes).
type SyntaxError struct {
	Name      string
	Line, Col int
	Msg       string
}

// Error formats the error as "smd: walk.smd:12:7: expected a number".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("smd: %s:%d:%d: %s", e.Name, e.Line, e.Col, e.Msg)
}

// Read reads an SMD file from r; name identifies it in errors and
// findings. The error is a *SyntaxError for a line that cannot be parsed
// or a limit that is exceeded, or the reader's own error; findings report
// what could be read but is suspect (see the package documentation).
func Read(r io.Reader, name string) (*File, []model.Finding, error) {
	return read(r, name, false)
}

// read is Read; slow makes it split every line into fields, without the
// fast paths for number lines, for tests to compare.
func read(r io.Reader, name string, slow bool) (*File, []model.Finding, error) {
	return readWith(r, name, readMode{slow: slow, workers: -1})
}

// readMode chooses the reader's paths: slow as for read; workers is the
// number of workers for the triangles section (0 or 1 reads it
// sequentially, −1 chooses from GOMAXPROCS and the input's size), and
// batchLines the lines of their batches (0 for the default).
type readMode struct {
	slow       bool
	workers    int
	batchLines int
}

func readWith(r io.Reader, name string, m readMode) (*File, []model.Finding, error) {
	p := &parser{f: &File{Name: name}, br: bufio.NewReaderSize(r, MaxLineLength), byID: map[int32]int{}, size: -1, slow: m.slow}
	switch s := r.(type) {
	case interface{ Len() int }: // bytes.Reader, strings.Reader, bytes.Buffer
		p.size = int64(s.Len())
	case interface{ Stat() (fs.FileInfo, error) }: // os.File
		if st, err := s.Stat(); err == nil && st.Mode().IsRegular() {
			p.size = st.Size()
		}
	}
	p.workers, p.batchLines = m.workers, cmp.Or(m.batchLines, batchLines)
	if p.workers < 0 {
		p.workers = 0
		if p.size < 0 || p.size >= parallelMin {
			p.workers = min(runtime.GOMAXPROCS(0), maxWorkers)
		}
	}
	if m.slow || p.workers < 2 {
		p.workers = 0
	}
	if err := p.run(); err != nil {
		return nil, p.findings, err
	}
	return p.f, p.findings, nil
}

// parser holds the state of one Read.
type parser struct {
	f        *File
	br       *bufio.Reader
	findings []model.Finding

	line   []byte // current line without its end
	lineNo int
	offset int64 // byte offset of the current line's start
	next   int64 // byte offset of the next line's start

	fields [32]field // fields of the current line
	nf     int

	byID     map[int32]int // node id → index in f.Nodes
	names    map[string]int
	material map[string]int32 // material line → index in File.Materials
	poses    []BonePose       // backing store of Frame.Bones
	nposes   int
	size     int64 // input size when known, else −1

	// known[id] is set for the bone ids of the nodes section, for the fast
	// paths; filled when the first skeleton or triangles line needs it.
	known []bool
	// lastMat is the index of the previous triangle's material line.
	lastMat int32
	slow    bool  // no fast paths
	lex     lexed // the current line as lexLine read it
	// workers read the triangles section in parallel when there are two or
	// more, in batches of batchLines lines (see parallel.go).
	workers, batchLines int
}

// field is one token of a line: its bytes and 1-based column.
type field struct {
	b   []byte
	col int
}

var errEOF = errors.New("end of file")

// nextLine reads the next line that is not blank or a comment. It returns
// errEOF at the end of the input.
func (p *parser) nextLine() error {
	for {
		b, err := p.br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			p.lineNo++
			return p.errAt(1, fmt.Sprintf("line is longer than %d bytes", MaxLineLength))
		}
		if err != nil && err != io.EOF {
			return fmt.Errorf("smd: %s: line %d: %w", p.f.Name, p.lineNo+1, err)
		}
		if len(b) == 0 && err == io.EOF {
			return errEOF
		}
		p.lineNo++
		p.offset = p.next
		p.next += int64(len(b))
		for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
			b = b[:len(b)-1]
		}
		t := b
		for len(t) > 0 && (t[0] == ' ' || t[0] == '\t') {
			t = t[1:]
		}
		if len(t) == 0 || t[0] == '#' || t[0] == ';' || (len(t) > 1 && t[0] == '/' && t[1] == '/') {
			if err == io.EOF {
				return errEOF
			}
			continue
		}
		p.line = b
		return nil
	}
}

// split cuts the current line into fields at spaces and tabs; a field
// starting with a double quote runs to the closing quote.
func (p *parser) split() error {
	p.nf = 0
	b := p.line
	i := 0
	for i < len(b) {
		for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
			i++
		}
		if i == len(b) {
			break
		}
		if p.nf == len(p.fields) {
			return p.errAt(i+1, fmt.Sprintf("more than %d fields", len(p.fields)))
		}
		start := i
		if b[i] == '"' {
			j := bytes.IndexByte(b[i+1:], '"')
			if j < 0 {
				return p.errAt(i+1, "unterminated quoted name")
			}
			p.fields[p.nf] = field{b[i+1 : i+1+j], start + 1}
			i += j + 2
		} else {
			for i < len(b) && b[i] != ' ' && b[i] != '\t' {
				i++
			}
			p.fields[p.nf] = field{b[start:i], start + 1}
		}
		p.nf++
	}
	return nil
}

func (p *parser) errAt(col int, msg string) error {
	return &SyntaxError{Name: p.f.Name, Line: p.lineNo, Col: col, Msg: msg}
}

func (p *parser) find(code model.Code, sev model.Severity, col int, format string, args ...any) {
	p.findings = append(p.findings, model.Finding{Code: code, Severity: sev,
		Where:   model.Location{Part: model.PartSMDLine, Index: p.lineNo, Offset: p.offset},
		Message: fmt.Sprintf("%s:%d:%d: ", p.f.Name, p.lineNo, col) + fmt.Sprintf(format, args...)})
}

// keyword reports whether the current line is the single word w.
func (p *parser) keyword(w string) bool {
	return p.nf >= 1 && string(p.fields[0].b) == w
}

// isSection reports whether t is a section keyword (or "end" or
// "version"). sectionEnd asks for every material line of the triangles, so
// it is a switch rather than a map.
func isSection(t []byte) bool {
	switch string(t) {
	case "nodes", "skeleton", "triangles", "vertexanimation", "flexes", "end", "version":
		return true
	}
	return false
}

func (p *parser) run() error {
	if err := p.nextLine(); err != nil {
		if err == errEOF {
			return &SyntaxError{Name: p.f.Name, Line: 1, Col: 1, Msg: "empty file: expected \"version 1\""}
		}
		return err
	}
	if err := p.split(); err != nil {
		return err
	}
	if !p.keyword("version") || p.nf != 2 {
		return p.errAt(1, fmt.Sprintf("expected \"version 1\", found %q", clip(p.line)))
	}
	v, ok := atoi(p.fields[1].b)
	if !ok {
		return p.errAt(p.fields[1].col, fmt.Sprintf("version %q is not a number", p.fields[1].b))
	}
	p.f.Version = v
	if v != 1 {
		p.find(model.CodeSMDVersion, model.Warning, p.fields[1].col, "version %d; read as version 1", v)
	}
	seen := map[string]bool{}
	err := p.nextLine()
	for err == nil {
		if err = p.split(); err != nil {
			return err
		}
		sec := string(p.fields[0].b)
		if p.nf != 1 || !isSection(p.fields[0].b) || sec == "end" || sec == "version" {
			return p.errAt(1, fmt.Sprintf("expected a section (nodes, skeleton, triangles), found %q", clip(p.line)))
		}
		if seen[sec] {
			return p.errAt(1, fmt.Sprintf("second %q section", sec))
		}
		seen[sec] = true
		switch sec {
		case "nodes":
			err = p.nodes()
		case "skeleton":
			err = p.skeleton()
		case "triangles":
			err = p.triangles()
		default:
			p.find(model.CodeSMDSection, model.Info, 1, "section %q skipped", sec)
			err = p.skip(sec)
		}
	}
	if err != errEOF {
		return err
	}
	if !seen["nodes"] {
		return &SyntaxError{Name: p.f.Name, Line: p.lineNo, Col: 1, Msg: "no nodes section"}
	}
	return nil
}

// sectionEnd handles the line after a section's content. It returns done
// when the section is over: after "end" (consumed, and the next line read),
// at the end of the file, or at the start of another section (the last two
// with a missing-end finding, leaving that line to the caller).
func (p *parser) sectionEnd(sec string, err error) (bool, error) {
	if err == errEOF {
		p.find(model.CodeSMDMissingEnd, model.Error, 1, "the %s section has no \"end\" before the end of the file", sec)
		return true, errEOF
	}
	if err != nil {
		return true, err
	}
	t := bytes.TrimSpace(p.line)
	if string(t) == "end" {
		return true, p.nextLine()
	}
	if isSection(t) {
		p.find(model.CodeSMDMissingEnd, model.Error, 1, "the %s section has no \"end\" before %q", sec, t)
		return true, nil
	}
	return false, nil
}

func (p *parser) skip(sec string) error {
	for {
		err := p.nextLine()
		if err == errEOF {
			p.find(model.CodeSMDMissingEnd, model.Error, 1, "the %s section has no \"end\" before the end of the file", sec)
			return errEOF
		}
		if err != nil {
			return err
		}
		if t := bytes.TrimSpace(p.line); string(t) == "end" {
			return p.nextLine()
		}
	}
}

func (p *parser) nodes() error {
	p.names = map[string]int{}
	for {
		done, err := p.sectionEnd("nodes", p.nextLine())
		if done {
			p.checkParents()
			return err
		}
		if err := p.split(); err != nil {
			return err
		}
		if p.nf != 3 {
			return p.errAt(1, fmt.Sprintf("expected `id \"name\" parent`, found %q", clip(p.line)))
		}
		id, ok := atoi(p.fields[0].b)
		if !ok || id < 0 || id >= MaxNodes {
			return p.errAt(p.fields[0].col, fmt.Sprintf("bone id %q is not a number from 0 to %d", clip(p.fields[0].b), MaxNodes-1))
		}
		parent, ok := atoi(p.fields[2].b)
		if !ok || parent < -1 || parent >= MaxNodes {
			return p.errAt(p.fields[2].col, fmt.Sprintf("parent %q is not -1 or a bone id", clip(p.fields[2].b)))
		}
		name := string(p.fields[1].b)
		if first, dup := p.byID[int32(id)]; dup {
			p.find(model.CodeSMDDuplicateNode, model.Error, 1, "bone id %d is defined again (first on line %d); the first is kept", id, p.f.Nodes[first].Line)
			continue
		}
		if first, dup := p.names[name]; dup {
			p.find(model.CodeSMDDuplicateNode, model.Error, p.fields[1].col, "bone name %q is used again (first on line %d); the first is kept", name, p.f.Nodes[first].Line)
			continue
		}
		p.byID[int32(id)] = len(p.f.Nodes)
		p.names[name] = len(p.f.Nodes)
		p.f.Nodes = append(p.f.Nodes, Node{ID: id, Name: name, Parent: parent, Line: p.lineNo})
	}
}

// checkParents replaces parents that are not nodes, and breaks cycles, by
// making the node a root: on each cycle the first bone of the file (see
// model.CutCycles).
func (p *parser) checkParents() {
	nodes := p.f.Nodes
	for i := range nodes {
		if nodes[i].Parent == -1 {
			continue
		}
		if _, ok := p.byID[int32(nodes[i].Parent)]; !ok || nodes[i].Parent == nodes[i].ID {
			p.findings = append(p.findings, p.nodeFinding(i, fmt.Sprintf("bone %q names parent %d, which is not another node; it becomes a root", nodes[i].Name, nodes[i].Parent)))
			nodes[i].Parent = -1
		}
	}
	parent := func(i int) int {
		if nodes[i].Parent == -1 {
			return -1
		}
		return p.byID[int32(nodes[i].Parent)]
	}
	for _, i := range cutCycles(len(nodes), parent) {
		p.findings = append(p.findings, p.nodeFinding(i, fmt.Sprintf("bone %q is on a parent cycle; it becomes a root", nodes[i].Name)))
		nodes[i].Parent = -1
	}
}

// cutCycles is model.CutCycles; tests count the parent lookups it makes.
var cutCycles = model.CutCycles

func (p *parser) nodeFinding(i int, msg string) model.Finding {
	n := p.f.Nodes[i]
	return model.Finding{Code: model.CodeSMDParent, Severity: model.Error,
		Where:   model.Location{Part: model.PartSMDLine, Index: n.Line, Offset: -1},
		Message: fmt.Sprintf("%s:%d: %s", p.f.Name, n.Line, msg), Fix: "make the bone a root"}
}

func (p *parser) skeleton() error {
	p.initKnown()
	var cur *Frame
	start := 0
	closeFrame := func() {
		if cur != nil {
			cur.Bones = p.poses[start:len(p.poses):len(p.poses)]
		}
	}
	for {
		done, err := p.sectionEnd("skeleton", p.nextLine())
		if done {
			closeFrame()
			return err
		}
		if !p.slow && cur != nil && p.fastBonePose() {
			// Re-point the open frame: append may have moved the store.
			cur.Bones = p.poses[start:len(p.poses):len(p.poses)]
			continue
		}
		if err := p.split(); err != nil {
			return err
		}
		if p.keyword("time") {
			if p.nf != 2 {
				return p.errAt(1, fmt.Sprintf("expected \"time N\", found %q", clip(p.line)))
			}
			t, ok := atoi(p.fields[1].b)
			if !ok || t < 0 || t > MaxTime {
				return p.errAt(p.fields[1].col, fmt.Sprintf("time %q is not a frame number from 0 to %d", clip(p.fields[1].b), MaxTime))
			}
			closeFrame()
			// A new backing array per frame keeps a frame's bones from
			// being copied again and again as the store grows.
			p.poses = make([]BonePose, 0, max(8, len(p.f.Nodes)))
			start = 0
			p.f.Frames = append(p.f.Frames, Frame{Time: t, Line: p.lineNo})
			cur = &p.f.Frames[len(p.f.Frames)-1]
			continue
		}
		if cur == nil {
			return p.errAt(1, "bone line before the first \"time\" line")
		}
		if p.nf != 7 {
			return p.errAt(1, fmt.Sprintf("expected \"bone px py pz rx ry rz\", found %q", clip(p.line)))
		}
		if p.nposes++; p.nposes > MaxPoses {
			return p.errAt(1, fmt.Sprintf("more than %d bone lines", MaxPoses))
		}
		id, ok := atoi(p.fields[0].b)
		if !ok {
			return p.errAt(p.fields[0].col, fmt.Sprintf("bone id %q is not a number", clip(p.fields[0].b)))
		}
		var bp BonePose
		for k := 0; k < 3; k++ {
			if bp.Position[k], err = p.number(1 + k); err != nil {
				return err
			}
			if bp.Rotation[k], err = p.number(4 + k); err != nil {
				return err
			}
		}
		if _, known := p.byID[int32(id)]; !known || id < 0 {
			p.find(model.CodeSMDUnknownBone, model.Error, p.fields[0].col, "bone id %d is not in the nodes section; the line is dropped", id)
			continue
		}
		bp.Bone = int32(id)
		p.poses = append(p.poses, bp)
		// Re-point the open frame: append may have moved the store.
		cur.Bones = p.poses[start:len(p.poses):len(p.poses)]
	}
}

func (p *parser) triangles() error {
	p.initKnown()
	if p.material == nil {
		p.material = map[string]int32{}
	}
	if p.size > 0 && p.f.Triangles == nil {
		// A triangle takes four lines of at least ~25 bytes each, so the
		// bytes left bound the triangles; guessing from them saves the
		// copies of a growing slice without allocating past the input.
		left := p.size - p.next
		p.f.Triangles = make([]Triangle, 0, min(max(0, left/250), MaxTriangles))
	}
	var pl *pool
	if p.workers > 1 {
		pl = p.newPool()
		defer pl.stop()
	}
	// flush merges the lines handed to the workers: before anything is
	// reported, and before File.Triangles moves.
	flush := func() error {
		if pl == nil {
			return nil
		}
		return pl.flush()
	}
	for {
		err := p.nextLine()
		if pl != nil && (err != nil || isSection(bytes.TrimSpace(p.line))) {
			if err := flush(); err != nil {
				return err
			}
		}
		done, err := p.sectionEnd("triangles", err)
		if done {
			return err
		}
		if len(p.f.Triangles) == MaxTriangles {
			if err := flush(); err != nil {
				return err
			}
			return p.errAt(1, fmt.Sprintf("more than %d triangles", MaxTriangles))
		}
		mb := bytes.TrimSpace(p.line)
		mat := p.lastMat
		if len(p.f.Materials) == 0 || string(mb) != p.f.Materials[mat] {
			var ok bool
			if mat, ok = p.material[string(mb)]; !ok {
				mat = int32(len(p.f.Materials))
				p.f.Materials = append(p.f.Materials, string(mb))
				p.material[string(mb)] = mat
			}
			p.lastMat = mat
		}
		if len(p.f.Triangles) == cap(p.f.Triangles) {
			if err := flush(); err != nil {
				return err
			}
		}
		p.f.Triangles = append(p.f.Triangles, Triangle{Material: mat, Line: int32(p.lineNo)})
		t := len(p.f.Triangles) - 1
		for c := 0; c < 3; c++ {
			err := p.nextLine()
			if err != nil {
				if err := flush(); err != nil {
					return err
				}
			}
			if err == errEOF {
				p.find(model.CodeSMDMissingEnd, model.Error, 1, "the file ends inside a triangle; the triangle is dropped")
				p.f.Triangles = p.f.Triangles[:len(p.f.Triangles)-1]
				return errEOF
			}
			if err != nil {
				return err
			}
			if pl != nil {
				if err := pl.add(t, c); err != nil {
					return err
				}
				continue
			}
			tri := &p.f.Triangles[t]
			if !p.slow && p.fastVertex(&tri.Corners[c]) {
				continue
			}
			if err := p.split(); err != nil {
				return err
			}
			if err := p.vertex(&tri.Corners[c]); err != nil {
				return err
			}
		}
	}
}

func (p *parser) vertex(v *Vertex) error {
	if p.nf < 9 {
		return p.errAt(1, fmt.Sprintf("expected \"bone px py pz nx ny nz u v [links]\", found %q", clip(p.line)))
	}
	id, ok := atoi(p.fields[0].b)
	if !ok {
		return p.errAt(p.fields[0].col, fmt.Sprintf("bone id %q is not a number", clip(p.fields[0].b)))
	}
	v.Bone = p.bone(id, 0)
	var err error
	for k := 0; k < 3; k++ {
		if v.Position[k], err = p.number(1 + k); err != nil {
			return err
		}
		if v.Normal[k], err = p.number(4 + k); err != nil {
			return err
		}
	}
	if v.UV[0], err = p.number(7); err != nil {
		return err
	}
	if v.UV[1], err = p.number(8); err != nil {
		return err
	}
	if p.nf == 9 {
		return nil
	}
	n, ok := atoi(p.fields[9].b)
	if !ok || n < 0 || 10+2*n != p.nf {
		return p.errAt(p.fields[9].col, fmt.Sprintf("link count %q does not match the %d fields that follow it", clip(p.fields[9].b), p.nf-10))
	}
	start := len(p.f.Links)
	for k := 0; k < n; k++ {
		b, ok := atoi(p.fields[10+2*k].b)
		if !ok {
			return p.errAt(p.fields[10+2*k].col, fmt.Sprintf("bone id %q is not a number", clip(p.fields[10+2*k].b)))
		}
		w, err := p.number(11 + 2*k)
		if err != nil {
			return err
		}
		if bone := p.bone(b, 10+2*k); bone >= 0 {
			p.growLinks()
			p.f.Links = append(p.f.Links, Link{Bone: bone, Weight: w})
		}
	}
	v.LinkStart, v.LinkCount = int32(start), int32(len(p.f.Links)-start)
	return nil
}

// bone checks a bone id of field k against the nodes and returns it, or −1
// with a finding.
func (p *parser) bone(id, k int) int32 {
	if id >= 0 && id < MaxNodes {
		if _, ok := p.byID[int32(id)]; ok {
			return int32(id)
		}
	}
	if id != -1 || k > 0 {
		p.find(model.CodeSMDUnknownBone, model.Error, p.fields[k].col, "bone id %d is not in the nodes section; the vertex has no bone there", id)
	}
	return -1
}

// number parses field k as a float. NaN and infinities, in any of the
// spellings C libraries print ("nan", "1.#QNAN0", "-1.#IND", "inf"), are
// reported and read as 0.
func (p *parser) number(k int) (float32, error) {
	fd := p.fields[k]
	v, ok := parseFloat(fd.b)
	if ok && num.Finite(v) && math.Abs(v) <= math.MaxFloat32 {
		return float32(v), nil
	}
	if ok || nonFinite(fd.b) {
		p.find(model.CodeSMDNonFinite, model.Error, fd.col, "%q is not a finite number; read as 0", fd.b)
		return 0, nil
	}
	return 0, p.errAt(fd.col, fmt.Sprintf("expected a number, found %q", clip(fd.b)))
}

// clip shortens text quoted in an error to 40 bytes.
func clip(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "…"
	}
	return string(b)
}

// The fast paths. Nearly every line of a large SMD is a vertex or bone line
// of plain numbers; fastVertex and fastBonePose read those straight from the
// line, without cutting it into fields first. Whatever they do not take —
// another layout, a number they cannot parse exactly, an unknown bone, a
// limit reached — they leave untouched, and the general path (split, then
// vertex or the skeleton loop) reads the line, with its errors and
// findings. Both paths parse numbers with parseFloat and atoi's rules, so
// the file read is the same either way (TestFastPathsAgree).
