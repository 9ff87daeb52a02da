package b3d_test

import (
	"encoding/binary"
	"strings"
	"testing"

	"ms3dstudio/formats/b3d"
	"ms3dstudio/internal/bintest"
	"ms3dstudio/model"
)

// decoder is the package as the shared format tests see it.
var decoder = bintest.Decoder[*b3d.FormatError]{
	Decode: func(data []byte) (bool, []model.Finding, error) {
		f, found, err := b3d.Decode(data)
		return f != nil, found, err
	},
	Offset: func(e *b3d.FormatError) int64 { return e.Offset },
}

// small is a skinned, animated, textured model of one triangle on two
// joints.
func small() *model.Model {
	nb := uint16(model.NoBone)
	return &model.Model{
		Version: 4, FPS: 24, TotalFrames: 10,
		Vertices: []model.Vertex{
			{Position: [3]float32{0, 0, 0}, Bones: [4]uint16{0, nb, nb, nb}},
			{Position: [3]float32{1, 0, 0}, Bones: [4]uint16{1, nb, nb, nb}},
			{Position: [3]float32{0, 1, 1}, Bones: [4]uint16{1, nb, nb, nb}},
		},
		Triangles: []model.Triangle{{Vertices: [3]uint32{0, 1, 2}, Normals: [3][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}, S: [3]float32{0, 1, 0}, T: [3]float32{0, 0, 1}}},
		Groups:    []model.Group{{Name: "g", Triangles: []uint32{0}}},
		Materials: []model.Material{{Name: "skin", Diffuse: [4]float32{1, 1, 1, 1}, Transparency: 1, Texture: "skin.png"}},
		Joints: []model.Joint{
			{Name: "root", Rotation: [3]float32{0, 0.3, 0}, RotationKeys: []model.Key{{Time: 1.0 / 24}, {Time: 10.0 / 24, Value: [3]float32{0, 0, 1}}}},
			{Name: "arm", Parent: "root", Position: [3]float32{1, 0, 0}, PositionKeys: []model.Key{{Time: 5.0 / 24, Value: [3]float32{0, 1, 0}}}},
		},
	}
}

func smallFile(t testing.TB) []byte {
	f, _, err := b3d.Export(small(), b3d.ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := b3d.Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// chunkAt returns the offset of the first chunk with tag in data.
func chunkAt(t testing.TB, data []byte, tag string) int {
	i := strings.Index(string(data), tag)
	if i < 0 {
		t.Fatalf("no %s chunk", tag)
	}
	return i
}

// TestDecodeTruncated cuts the file at every byte: each cut is refused
// with a FormatError whose offset is inside the file.
func TestDecodeTruncated(t *testing.T) { decoder.CheckTruncated(t, smallFile(t)) }

// TestDecodeBad feeds files broken in one place each.
func TestDecodeBad(t *testing.T) {
	data := smallFile(t)
	brus, vrts, tris, node := chunkAt(t, data, "BRUS"), chunkAt(t, data, "VRTS"), chunkAt(t, data, "TRIS"), chunkAt(t, data, "NODE")
	deep := func() []byte {
		// NODE chunks nested MaxDepth+1 deep.
		var inner []byte
		for range b3d.MaxDepth + 1 {
			body := append([]byte("n\x00"), make([]byte, 40)...)
			body = append(body, inner...)
			inner = append(append([]byte("NODE"), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...), body...)
		}
		body := append([]byte{1, 0, 0, 0}, inner...)
		return append(append([]byte("BB3D"), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...), body...)
	}
	tests := []struct {
		name   string
		data   []byte
		chunk  string
		offset int
		msg    string
	}{
		{"not B3D", []byte("BM6\x00\x00\x00"), "", 0, "not a B3D file"},
		{"BB3D longer than the file", bintest.SetI32(data, 4, int32(len(data))), "BB3D", 0, "runs 8 bytes past the end of the file"},
		{"negative length", bintest.SetI32(data, brus+4, -1), "BRUS", brus, "negative length"},
		{"chunk past its parent", bintest.SetI32(data, vrts+4, 1<<20), "VRTS", vrts, "past the end of chunk MESH"},
		{"texture count past the end", bintest.SetI32(data, brus+8, 1<<30), "BRUS", brus, "texture ids need"},
		{"vertices not whole", bintest.SetI32(data, vrts+4, int32(binary.LittleEndian.Uint32(data[vrts+4:]))-4), "VRTS", vrts, "not a whole number of 32-byte vertices"},
		{"too many texture sets", bintest.SetI32(data, vrts+12, 9), "VRTS", vrts, "texture coordinate sets"},
		{"triangle past the vertices", bintest.SetI32(data, tris+12, 99), "TRIS", tris, "names vertex 99"},
		{"node name without NUL", bintest.SetI32(data, node+4, 3), "NODE", node, "no terminating NUL"},
		{"nested too deep", deep(), "NODE", -1, "nested more than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fe := decoder.Refused(t, tt.data)
			if tt.msg != "" && (fe.Chunk != tt.chunk || (tt.offset >= 0 && fe.Offset != int64(tt.offset)) || !strings.Contains(fe.Msg, tt.msg)) {
				t.Errorf("error %q (chunk %q at %#x), want chunk %q at %#x saying %q", fe, fe.Chunk, fe.Offset, tt.chunk, tt.offset, tt.msg)
			}
			if !strings.HasPrefix(fe.Error(), "b3d: ") {
				t.Errorf("error %q has no format prefix", fe)
			}
		})
	}
}

// TestDecodeSkipsUnknownChunks reads a file with a chunk the format does
// not define, and bytes after the BB3D chunk: both are findings.
func TestDecodeSkipsUnknownChunks(t *testing.T) {
	data := smallFile(t)
	extra := append([]byte("XTRA"), 2, 0, 0, 0, 7, 7)
	body := append(append([]byte(nil), data[8:]...), extra...)
	file := append(append([]byte("BB3D"), binary.LittleEndian.AppendUint32(nil, uint32(len(body)))...), body...)
	file = append(file, 0, 0, 0)
	f, found, err := b3d.Decode(file)
	if err != nil {
		t.Fatal(err)
	}
	codes := map[model.Code]int{}
	for _, x := range found {
		codes[x.Code]++
	}
	if codes[model.CodeB3DUnknownChunk] != 1 || codes[model.CodeB3DTrailing] != 1 || len(f.Nodes) != 1 {
		t.Errorf("findings %v, %d nodes", found, len(f.Nodes))
	}
}
