package smd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"

	"ms3dstudio/model"
)

const goldsrcRef = `version 1
nodes
0 "root" -1
1 "arm" 0
end
skeleton
time 0
0 0.000000 0.000000 0.000000 0.000000 0.000000 0.000000
1 1.000000 0.000000 0.000000 0.000000 0.000000 1.570796
end
triangles
skin.bmp
0 0 0 0 0 0 1 0 0
0 1 0 0 0 0 1 1 0
1 0 1 0 0 0 1 0 1
end
`

const sourceRef = `version 1
// a comment line
nodes
  0 "root bone" -1
  1 "arm" 0
end
skeleton
time 0
  0 0 0 0 0 0 0
  1 1 0 0 0 0 0
end
triangles
skin
0 0 0 0 0 0 1 0 0 2 0 0.25 1 0.75
0 1 0 0 0 0 1 1 0 1 1 1
1 0 1 0 0 0 1 0 1 0
end
`

const walk = `version 1
nodes
0 "root" -1
1 "arm" 0
end
skeleton
time 0
0 0 0 0 0 0 0
1 1 0 0 0 0 0
time 1
0 0 0 0 0 0 0.5
time 2
0 0 0 0 0 0 1
1 1 0 0 0 0 0.5
end
`

// readTests are the table of inputs and what Read makes of them; they are
// also the fuzz seeds.
var readTests = []struct {
	name  string
	in    string
	err   string // substring of the error, "" for none
	codes []model.Code
}{
	{"goldsrc reference", goldsrcRef, "", nil},
	{"source reference with links", sourceRef, "", nil},
	{"animation", walk, "", nil},
	{"empty", "", "1:1: empty file", nil},
	{"no version", "nodes\nend\n", "1:1: expected \"version 1\"", nil},
	{"version 2", "version 2\nnodes\n0 \"a\" -1\nend\n", "", []model.Code{model.CodeSMDVersion}},
	{"no nodes", "version 1\n", "no nodes section", nil},
	{"missing end at eof", "version 1\nnodes\n0 \"a\" -1\n", "", []model.Code{model.CodeSMDMissingEnd}},
	{"missing end before section", "version 1\nnodes\n0 \"a\" -1\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\n", "", []model.Code{model.CodeSMDMissingEnd}},
	{"unknown bone in skeleton", "version 1\nnodes\n0 \"a\" -1\nend\nskeleton\ntime 0\n7 0 0 0 0 0 0\nend\n", "", []model.Code{model.CodeSMDUnknownBone}},
	{"unknown bone in triangle", "version 1\nnodes\n0 \"a\" -1\nend\ntriangles\nm\n5 0 0 0 0 0 1 0 0\n0 1 0 0 0 0 1 0 0\n0 0 1 0 0 0 1 0 0\nend\n", "", []model.Code{model.CodeSMDUnknownBone}},
	{"unknown link bone", "version 1\nnodes\n0 \"a\" -1\nend\ntriangles\nm\n0 0 0 0 0 0 1 0 0 1 9 1\n0 1 0 0 0 0 1 0 0\n0 0 1 0 0 0 1 0 0\nend\n", "", []model.Code{model.CodeSMDUnknownBone}},
	{"nan", "version 1\nnodes\n0 \"a\" -1\nend\nskeleton\ntime 0\n0 nan 1.#QNAN0 -1.#IND inf 0 0\nend\n", "", []model.Code{model.CodeSMDNonFinite, model.CodeSMDNonFinite, model.CodeSMDNonFinite, model.CodeSMDNonFinite}},
	{"duplicate node", "version 1\nnodes\n0 \"a\" -1\n0 \"b\" -1\n1 \"a\" -1\nend\n", "", []model.Code{model.CodeSMDDuplicateNode, model.CodeSMDDuplicateNode}},
	{"parent cycle", "version 1\nnodes\n0 \"a\" 1\n1 \"b\" 0\nend\n", "", []model.Code{model.CodeSMDParent}},
	{"missing parent", "version 1\nnodes\n0 \"a\" 4\nend\n", "", []model.Code{model.CodeSMDParent}},
	{"vertex animation skipped", "version 1\nnodes\n0 \"a\" -1\nend\nvertexanimation\ntime 0\n0 0 0 0 0 0 0\nend\n", "", []model.Code{model.CodeSMDSection}},
	{"bad number", "version 1\nnodes\n0 \"a\" -1\nend\nskeleton\ntime 0\n0 0 zero 0 0 0 0\nend\n", "7:5: expected a number", nil},
	{"short vertex", "version 1\nnodes\n0 \"a\" -1\nend\ntriangles\nm\n0 0 0 0\n", "7:1: expected \"bone px", nil},
	{"bad link count", "version 1\nnodes\n0 \"a\" -1\nend\ntriangles\nm\n0 0 0 0 0 0 1 0 0 3 0 1\n", "7:19: link count", nil},
	{"unterminated name", "version 1\nnodes\n0 \"a -1\nend\n", "3:3: unterminated", nil},
	{"time out of range", "version 1\nnodes\n0 \"a\" -1\nend\nskeleton\ntime 99999999\n", "6:6: time", nil},
	{"bone before time", "version 1\nnodes\n0 \"a\" -1\nend\nskeleton\n0 0 0 0 0 0 0\n", "6:1: bone line before", nil},
	{"cut inside a triangle", "version 1\nnodes\n0 \"a\" -1\nend\ntriangles\nm\n0 0 0 0 0 0 1 0 0\n", "", []model.Code{model.CodeSMDMissingEnd}},
	{"second section", "version 1\nnodes\n0 \"a\" -1\nend\nnodes\nend\n", "5:1: second", nil},
	{"garbage section", "version 1\nnodes\n0 \"a\" -1\nend\nbones\n", "5:1: expected a section", nil},
}

func TestRead(t *testing.T) {
	for _, tt := range readTests {
		t.Run(tt.name, func(t *testing.T) {
			f, fs, err := Read(strings.NewReader(tt.in), "t.smd")
			if tt.err != "" {
				var se *SyntaxError
				if err == nil || !errors.As(err, &se) || !strings.Contains(err.Error(), "t.smd:"+strings.SplitN(tt.err, ":", 2)[0]) && !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want a *SyntaxError containing %q", err, tt.err)
				}
				if !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %q, want it to contain %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var codes []model.Code
			for _, fd := range fs {
				codes = append(codes, fd.Code)
				if fd.Where.Part != model.PartSMDLine || fd.Where.Index < 1 || !strings.HasPrefix(fd.Message, "t.smd:") {
					t.Errorf("finding without a line: %s", fd)
				}
			}
			if fmt.Sprint(codes) != fmt.Sprint(tt.codes) {
				t.Fatalf("codes %v, want %v (%v)", codes, tt.codes, fs)
			}
			if f == nil {
				t.Fatal("no file")
			}
		})
	}
}

func TestReadContent(t *testing.T) {
	f, _, err := Read(strings.NewReader(sourceRef), "s.smd")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Nodes) != 2 || f.Nodes[0].Name != "root bone" || f.Nodes[1].Parent != 0 {
		t.Fatalf("nodes %+v", f.Nodes)
	}
	if len(f.Frames) != 1 || len(f.Frames[0].Bones) != 2 || f.Frames[0].Bones[1].Position != [3]float32{1, 0, 0} {
		t.Fatalf("frames %+v", f.Frames)
	}
	if len(f.Triangles) != 1 || f.MaterialOf(&f.Triangles[0]) != "skin" {
		t.Fatalf("triangles %+v", f.Triangles)
	}
	c := f.Triangles[0].Corners
	if l := f.LinksOf(&c[0]); len(l) != 2 || l[1] != (Link{Bone: 1, Weight: 0.75}) || len(f.LinksOf(&c[1])) != 1 || len(f.LinksOf(&c[2])) != 0 {
		t.Fatalf("links %+v", c)
	}
	if c[1].UV != [2]float32{1, 0} || c[2].Position != [3]float32{0, 1, 0} {
		t.Fatalf("corners %+v", c)
	}
}

func TestParseFloat(t *testing.T) {
	for _, s := range []string{"0", "-0.5", "1.000000", "123.456789", "0.000001", "-1234567.890123", "1e5", "-2.5E-3", ".5", "5.", "+3", "12345678901234567890", "0.1234567890123456789"} {
		want, err := parseStd(s)
		got, ok := parseFloat([]byte(s))
		if err != nil || !ok || got != want {
			t.Errorf("parseFloat(%q) = %v %v, want %v", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "-", ".", "1.2.3", "abc", "1e"} {
		if _, ok := parseFloat([]byte(s)); ok {
			t.Errorf("parseFloat(%q) accepted", s)
		}
	}
}

func parseStd(s string) (float64, error) {
	var v float64
	_, err := fmt.Sscan(s, &v)
	return v, err
}

// TestReadMillionLines: a million-line skeleton is read in memory bounded by
// the input (the poses it holds), and a file past MaxPoses is an error.
func TestReadMillionLines(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("version 1\nnodes\n0 \"a\" -1\nend\nskeleton\n")
	for i := 0; i < 1_000_000; i++ {
		if i%10 == 0 {
			fmt.Fprintf(&b, "time %d\n", i/10)
		}
		b.WriteString("0 1.5 2.5 3.5 0.1 0.2 0.3\n")
	}
	b.WriteString("end\n")
	f, fs, err := Read(&b, "big.smd")
	if err != nil || len(fs) != 0 {
		t.Fatal(err, fs)
	}
	if len(f.Frames) != 100_000 || len(f.Frames[99_999].Bones) != 10 {
		t.Fatalf("%d frames", len(f.Frames))
	}
}

// endless yields "0 0 0 0 0 0 0" lines after a header, without end.
type endless struct {
	head []byte
	n    int
}

func (e *endless) Read(p []byte) (int, error) {
	if len(e.head) > 0 {
		n := copy(p, e.head)
		e.head = e.head[n:]
		return n, nil
	}
	const line = "0 0 0 0 0 0 0\n"
	n := 0
	for n+len(line) <= len(p) {
		n += copy(p[n:], line)
		e.n++
	}
	return n, nil
}

// TestReadEndlessInput: a stream that never ends stops at the pose limit
// with an error naming the line, instead of growing without bound.
func TestReadEndlessInput(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 2 million lines")
	}
	r := &endless{head: []byte("version 1\nnodes\n0 \"a\" -1\nend\nskeleton\ntime 0\n")}
	_, _, err := Read(r, "endless.smd")
	var se *SyntaxError
	if !errors.As(err, &se) || se.Line != MaxPoses+7 {
		t.Fatalf("error %v, want a syntax error at line %d", err, MaxPoses+7)
	}
}

// TestReadLongLine: a line past MaxLineLength is an error, not a huge buffer.
func TestReadLongLine(t *testing.T) {
	in := io.MultiReader(strings.NewReader("version 1\nnodes\n0 \""), bytes.NewReader(bytes.Repeat([]byte("x"), MaxLineLength+10)))
	_, _, err := Read(in, "long.smd")
	if err == nil || !strings.Contains(err.Error(), "long.smd:3:1: line is longer") {
		t.Fatalf("error %v", err)
	}
}

func TestReadNonFiniteIsZero(t *testing.T) {
	f, _, err := Read(strings.NewReader("version 1\nnodes\n0 \"a\" -1\nend\nskeleton\ntime 0\n0 nan 1e400 2 0 0 0\nend\n"), "n.smd")
	if err != nil {
		t.Fatal(err)
	}
	p := f.Frames[0].Bones[0].Position
	if p != [3]float32{0, 0, 2} || math.Signbit(float64(p[0])) {
		t.Fatalf("position %v", p)
	}
}
