package ms3d

import (
	"bytes"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/internal/fuzzseeds"
	"ms3dstudio/internal/hostile"
	"ms3dstudio/model"
)

// richModel builds a small model that uses every part of the format: all
// optional blocks, a name with leftover bytes after its NUL, a code-page
// texture path, comments with CRLF, an empty group, a keyless joint and
// vertex extras with weights.
func richModel(sv int32) *model.Model {
	m := &model.Model{
		Version: 4,
		Vertices: []model.Vertex{
			{Flags: 1, Position: [3]float32{0, 0, 0}, Bones: [4]uint16{0, 1, model.NoBone, model.NoBone}, ReferenceCount: 1, Weights: [3]uint8{60, 40, 0}, Extra: [2]uint32{7, 8}},
			{Position: [3]float32{1, 0, 0}, Bones: [4]uint16{1, model.NoBone, model.NoBone, model.NoBone}, ReferenceCount: 1},
			{Position: [3]float32{0, 1, 0}, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}, ReferenceCount: 1, Extra: [2]uint32{0xdeadbeef, 1}},
		},
		Triangles: []model.Triangle{{
			Flags: 8, Vertices: [3]uint32{0, 1, 2},
			Normals: [3][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
			S:       [3]float32{0, 1, 0}, T: [3]float32{0, 0, 1}, SmoothingGroup: 1, Group: 0,
		}},
		Groups: []model.Group{
			{Name: "body\x00junk", Triangles: []uint32{0}, Material: 0},
			{Name: "empty", Material: -1},
		},
		Materials: []model.Material{{
			Name: "skin", Diffuse: [4]float32{1, 0.5, 0.25, 1}, Shininess: 12, Transparency: 0.5, Mode: model.MaterialHasAlpha,
			Texture: ".\\t\xe9xture.bmp", AlphaMap: "alpha.tga",
		}},
		FPS: 24, CurrentTime: 1, TotalFrames: 30,
		Joints: []model.Joint{
			{Name: "root", Rotation: [3]float32{0, 0, 0.5}, Position: [3]float32{0, 1, 0},
				RotationKeys: []model.Key{{Time: 1.0 / 24, Value: [3]float32{0, 0, 0}}, {Time: 1.25, Value: [3]float32{0, 0, 1}}},
				PositionKeys: []model.Key{{Time: 1.0 / 24, Value: [3]float32{0, 0, 0}}},
				Color:        [3]float32{1, 0, 0}},
			{Name: "arm", Parent: "root", Position: [3]float32{1, 0, 0}, Color: [3]float32{0, 1, 0}},
		},
		Comments: model.Comments{SubVersion: 1,
			Groups:    []model.Comment{{Index: 0, Text: "MC"}},
			Materials: []model.Comment{{Index: 0, Text: "line one\r\nline two"}},
			HasModel:  true, Model: "made by a test"},
		VertexExtraSubVersion: sv,
		JointExtraSubVersion:  1,
		Extra:                 model.ModelExtra{SubVersion: 1, JointSize: 0.25, TransparencyMode: 1, AlphaRef: 0.5},
	}
	return m
}

// TestRoundTripSynthetic encodes a model with every feature in each vertex
// extra sub-version, decodes it, and checks both the model and the bytes.
func TestRoundTripSynthetic(t *testing.T) {
	for _, sv := range []int32{1, 2, 3} {
		m := richModel(sv)
		data, err := Encode(m)
		if err != nil {
			t.Fatal(err)
		}
		got, findings, err := Decode(data)
		if err != nil || len(findings) != 0 {
			t.Fatalf("sv%d: decode: %v %v", sv, err, findings)
		}
		if got.VertexExtraSubVersion != sv || got.Vertices[0].Weights != m.Vertices[0].Weights || got.Vertices[0].Bones != m.Vertices[0].Bones {
			t.Errorf("sv%d: vertex extra lost: %+v", sv, got.Vertices[0])
		}
		wantExtra := m.Vertices[2].Extra
		switch sv {
		case 1:
			wantExtra = [2]uint32{}
		case 2:
			wantExtra[1] = 0
		}
		if got.Vertices[2].Extra != wantExtra {
			t.Errorf("sv%d: extra words = %x, want %x", sv, got.Vertices[2].Extra, wantExtra)
		}
		if got.Groups[0].Name != "body\x00junk" || got.Groups[0].Name.Text() != "body" {
			t.Errorf("name with leftover bytes: %q", got.Groups[0].Name)
		}
		if got.Materials[0].Texture.Display() != ".\\téxture.bmp" {
			t.Errorf("code-page texture displays as %q", got.Materials[0].Texture.Display())
		}
		if c, ok := model.CommentFor(got.Comments.Materials, 0); !ok || c != "line one\r\nline two" {
			t.Errorf("material comment = %q", c)
		}
		if !got.Comments.HasModel || got.Comments.Model != "made by a test" {
			t.Errorf("model comment = %q", got.Comments.Model)
		}
		if got.Joints[1].Color != [3]float32{0, 1, 0} || got.Extra != m.Extra {
			t.Errorf("joint extra / model extra lost")
		}
		if len(got.Groups[1].Triangles) != 0 || got.Groups[1].Material != -1 {
			t.Errorf("empty group: %+v", got.Groups[1])
		}
		again, err := Encode(got)
		if err != nil || !bytes.Equal(again, data) {
			t.Fatalf("sv%d: second encode differs (err %v)", sv, err)
		}
	}
}

// TestEncodedSizeLayout checks that the size of each part follows the
// format's record sizes.
func TestEncodedSizeLayout(t *testing.T) {
	m := richModel(3)
	data, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	comments := 4 + 4 + (8 + 2) + 4 + (8 + 18) + 4 + 4 + (4 + 14)
	want := 14 + 2 + 3*15 + 2 + 70 + 2 + (36 + 2) + 36 + 2 + 361 + 12 + 2 + (93 + 3*16) + 93 +
		comments + 4 + 3*14 + 4 + 2*12 + 4 + 12
	if len(data) != want {
		t.Fatalf("encoded %d bytes, want %d", len(data), want)
	}
}

// TestTruncatedEverywhere cuts a complete file at every length and checks
// that decoding never panics, reports the cut with an offset inside the
// file, and keeps what it could read.
func TestTruncatedEverywhere(t *testing.T) {
	data, err := Encode(richModel(3))
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < len(data); n++ {
		m, findings, err := Decode(data[:n])
		if n < headerSize {
			var fe *FormatError
			if !errors.As(err, &fe) || m != nil {
				t.Fatalf("len %d: want FormatError, got %v", n, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("len %d: %v", n, err)
		}
		if n == len(data)-16 {
			// The file ends exactly before the model-extra block: complete.
			if len(findings) != 0 {
				t.Fatalf("len %d: %v", n, findings)
			}
			continue
		}
		if len(findings) == 0 && len(m.Trailing) == 0 {
			// Cut exactly between optional blocks is a valid shorter file.
			if _, err := Encode(m); err != nil {
				t.Fatal(err)
			}
			continue
		}
		for _, f := range findings {
			if f.Where.Offset < 0 || f.Where.Offset > int64(n) {
				t.Fatalf("len %d: finding offset %d outside the file: %s", n, f.Where.Offset, f)
			}
		}
		// Whatever was read encodes to a file that reads back without
		// errors, or to the same bytes when only optional data was cut.
		out, err := Encode(m)
		if err != nil {
			t.Fatalf("len %d: encode: %v", n, err)
		}
		if len(m.Trailing) > 0 && !bytes.Equal(out, data[:n]) {
			t.Fatalf("len %d: cut optional block not kept verbatim", n)
		}
		if _, f2, err := Decode(out); err != nil || model.HasErrors(f2) && len(m.Trailing) == 0 {
			t.Fatalf("len %d: re-encoded file: %v %v", n, err, f2)
		}
	}
}

func TestHeaderErrors(t *testing.T) {
	good, _ := Encode(&model.Model{})
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "shorter than the 14-byte header"},
		{"magic", append([]byte("MS3D000001"), good[10:]...), "identifier"},
		{"version 5", append(append([]byte(Magic), 5, 0, 0, 0), good[14:]...), "unsupported version 5"},
		{"version -1", append(append([]byte(Magic), 0xff, 0xff, 0xff, 0xff), good[14:]...), "unsupported version -1"},
	}
	for _, c := range cases {
		_, _, err := Decode(c.data)
		var fe *FormatError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want FormatError containing %q", c.name, err, c.want)
		}
	}
}

// TestErrorMessages pins the messages of the typed errors, with and
// without an element index.
func TestErrorMessages(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{&FormatError{Part: model.PartHeader, Index: -1, Offset: 0, Msg: "bad magic"}, "ms3d: header: bad magic at offset 0x0"},
		{&FormatError{Part: model.PartTriangle, Index: 17, Offset: 0x1a2f, Msg: "cut short"}, "ms3d: triangle 17: cut short at offset 0x1a2f"},
		{&LimitError{Part: model.PartGroup, Index: 3, Msg: "name is 40 bytes, the field holds 32"}, "ms3d: group 3: name is 40 bytes, the field holds 32"},
		{&LimitError{Part: model.PartVertex, Index: -1, Msg: "70000 of them"}, "ms3d: vertex: 70000 of them"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("%#v: %q, want %q", c.err, got, c.want)
		}
	}
}

func TestVersion3(t *testing.T) {
	data, _ := Encode(&model.Model{Version: 3})
	m, findings, err := Decode(data)
	if err != nil || m.Version != 3 || len(findings) != 1 || findings[0].Code != "header.version3" {
		t.Fatalf("version 3: %v %v %v", m, findings, err)
	}
	out, _ := Encode(m)
	if !bytes.Equal(out, data) {
		t.Fatal("version 3 round trip differs")
	}
}

// TestNoJointSection covers the file in the wild that ends right after the
// keyframer header.
func TestNoJointSection(t *testing.T) {
	full, _ := Encode(&model.Model{FPS: 24})
	short := full[:len(full)-2]
	m, findings, err := Decode(short)
	if err != nil || len(findings) != 0 || !m.NoJointSection {
		t.Fatalf("%v %v %v", m, findings, err)
	}
	out, _ := Encode(m)
	if !bytes.Equal(out, short) {
		t.Fatal("file without joint count not written back as it was")
	}
}

// TestHostileCounts makes sure huge declared counts cost no memory: each
// file is a few bytes that declare up to 2^31 elements, and decoding it may
// allocate no more than hostileBudget bytes (a count taken at its word
// would allocate megabytes in one make).
func TestHostileCounts(t *testing.T) {
	cases := map[string][]byte{}
	base := []byte(Magic + "\x04\x00\x00\x00")
	cases["vertices"] = append(append([]byte{}, base...), 0xff, 0xff)
	cases["triangles"] = append(append([]byte{}, base...), 0, 0, 0xff, 0xff, 1, 2, 3)
	cases["groups"] = append(append([]byte{}, base...), 0, 0, 0, 0, 0xff, 0xff)
	// A group that claims 65535 triangle indices.
	g := append(append([]byte{}, base...), 0, 0, 0, 0, 1, 0, 0)
	g = append(g, make([]byte, 32)...)
	cases["group indices"] = append(g, 0xff, 0xff, 1, 2)
	// A joint that claims 65535+65535 keys.
	j, _ := Encode(&model.Model{})
	j = append(j[:len(j)-2], 1, 0)
	j = append(j, make([]byte, 89)...)
	cases["joint keys"] = append(j, 0xff, 0xff, 0xff, 0xff, 1, 2, 3)
	// Comments that claim 2^31-1 entries.
	c, _ := Encode(&model.Model{})
	cases["comments"] = append(c, 1, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f, 0, 0)
	for name, data := range cases {
		_, findings, err := Decode(data)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(findings) == 0 {
			t.Errorf("%s: no finding", name)
		}
		if _, n := hostile.Allocated(func() { Decode(data) }); n > hostileBudget {
			t.Errorf("%s: decoding %d bytes allocated %d bytes (budget %d)", name, len(data), n, hostileBudget)
		}
	}
}

// hostileBudget is what decoding a file of a few bytes may allocate: the
// model, its findings and their messages.
const hostileBudget = 8 << 10

// TestModelCommentHasNoIndex pins the format fact that the model comment is
// stored without an index (an open-source editor gets this wrong).
func TestModelCommentHasNoIndex(t *testing.T) {
	m := &model.Model{Comments: model.Comments{SubVersion: 1, HasModel: true, Model: "MC"}}
	data, _ := Encode(m)
	// The block: sub-version, three empty lists, flag 1, length 2, "MC".
	want := []byte{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 'M', 'C'}
	if !bytes.Contains(data, want) {
		t.Fatalf("model comment block not as specified: % x", data)
	}
}

// TestImpliedBlocks checks that a later optional block forces neutral
// earlier ones, and that the implied vertex extra keeps skinning unchanged.
func TestImpliedBlocks(t *testing.T) {
	m := &model.Model{
		Vertices:             []model.Vertex{{Bones: [4]uint16{0, model.NoBone, model.NoBone, model.NoBone}}},
		Joints:               []model.Joint{{Name: "j", Color: [3]float32{1, 1, 1}}},
		JointExtraSubVersion: 1,
	}
	data, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	got, findings, err := Decode(data)
	if err != nil || len(findings) != 0 {
		t.Fatal(err, findings)
	}
	if got.Comments.SubVersion != 1 || got.VertexExtraSubVersion != 3 || got.Joints[0].Color != [3]float32{1, 1, 1} {
		t.Fatalf("implied blocks: comments sv %d, vertex extra sv %d", got.Comments.SubVersion, got.VertexExtraSubVersion)
	}
	var a, b [4]model.Influence
	if m.Influences(0, &a) != 1 || got.Influences(0, &b) != 1 || a != b {
		t.Fatalf("implied vertex extra changed skinning: %v %v", a, b)
	}
}

func TestLimits(t *testing.T) {
	cases := map[string]*model.Model{
		"long name":     {Groups: []model.Group{{Name: model.Str(strings.Repeat("x", 33))}}},
		"long texture":  {Materials: []model.Material{{Texture: model.Str(strings.Repeat("x", 129))}}},
		"many vertices": {Vertices: make([]model.Vertex, 65536)},
		"version":       {Version: 7},
		"vertex extra":  {VertexExtraSubVersion: 4},
	}
	for name, m := range cases {
		_, err := Encode(m)
		var le *LimitError
		if !errors.As(err, &le) {
			t.Errorf("%s: err = %v, want LimitError", name, err)
		}
	}
	// Exactly full fields are fine: names may fill all 32 bytes.
	full := &model.Model{Joints: []model.Joint{{Name: model.Str(strings.Repeat("n", 32))}}}
	data, err := Encode(full)
	if err != nil {
		t.Fatal(err)
	}
	got, _, _ := Decode(data)
	if got.Joints[0].Name != full.Joints[0].Name {
		t.Fatalf("32-byte name read back as %q", got.Joints[0].Name)
	}
}

// TestSeedsWritten keeps the fuzz seed corpus in testdata/fuzz in step with
// the synthetic cases (written by code, not by hand): every target's folder
// holds the files seeds would write now, byte for byte, besides the inputs
// the fuzz engine saved when a target failed (internal/fuzzseeds);
// go test -run TestSeedsWritten -update-seeds rewrites them.
func TestSeedsWritten(t *testing.T) {
	want := seedFiles(t)
	for _, target := range seedTargets {
		fuzzseeds.Sync(t, filepath.Join("testdata", "fuzz", target), want)
	}
}
