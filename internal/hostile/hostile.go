// Package hostile builds, for tests and benchmarks, the hostile inputs a
// sweep of 19,294 generated files found slow or fatal (issue 29): scenes
// whose size makes a quadratic step take seconds, and images whose headers
// claim more pixels than a process can hold. Each builder writes the bytes
// a file of that format holds, by the format's specification, with no
// reader of this project involved; the size is a parameter, so that a test
// can compare the work done at two sizes.
package hostile

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"
	"strings"

	"ms3dstudio/model"
)

// chunk returns a 3DS chunk: its id, its length including the 6-byte
// header, then the parts.
func chunk(id uint16, parts ...[]byte) []byte {
	n := 6
	for _, p := range parts {
		n += len(p)
	}
	out := make([]byte, 6, n)
	binary.LittleEndian.PutUint16(out, id)
	binary.LittleEndian.PutUint32(out[2:], uint32(n))
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func le16(vs ...uint16) []byte {
	out := make([]byte, 2*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint16(out[2*i:], v)
	}
	return out
}

func le32(vs ...uint32) []byte {
	out := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(out[4*i:], v)
	}
	return out
}

func f32(vs ...float32) []byte {
	out := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(v))
	}
	return out
}

func cstr(s string) []byte { return append([]byte(s), 0) }

// 3DS chunk ids (docs/3ds-format.md).
const (
	id3DSMain        = 0x4D4D
	id3DSVersion     = 0x0002
	id3DSEditor      = 0x3D3D
	id3DSMeshVersion = 0x3D3E
	id3DSObject      = 0x4000
	id3DSTriMesh     = 0x4100
	id3DSVertices    = 0x4110
	id3DSFaces       = 0x4120
	id3DSKeyframer   = 0xB000
	id3DSKFHeader    = 0xB00A
	id3DSKFSegment   = 0xB008
	id3DSObjectNode  = 0xB002
	id3DSCameraNode  = 0xB003
	id3DSCamera      = 0x4700
	id3DSNodeID      = 0xB030
	id3DSNodeHeader  = 0xB010
	id3DSInstance    = 0xB011
	id3DSPosTrack    = 0xB020
	id3DSRotTrack    = 0xB021
	id3DSNoParent    = 0xFFFF
	id3DSDummyName   = "$$$DUMMY"
)

// node3DS is a node of the given kind (its chunk id) with the given id,
// node name, instance name (none when empty) and parent id, with one
// position key (x, 0, 0) and one identity rotation key at frame 0.
func node3DS(kind, id uint16, name, instance string, parent uint16, x float32) []byte {
	parts := [][]byte{
		chunk(id3DSNodeID, le16(id)),
		chunk(id3DSNodeHeader, cstr(name), le16(0, 0, parent)),
	}
	if instance != "" {
		parts = append(parts, chunk(id3DSInstance, cstr(instance)))
	}
	track := le16(0)
	track = append(track, le32(0, 0, 1)...)
	key := append(le32(0), le16(0)...)
	pos := append(append(bytes.Clone(track), key...), f32(x, 0, 0)...)
	rot := append(append(bytes.Clone(track), key...), f32(0, 0, 0, 1)...)
	parts = append(parts, chunk(id3DSPosTrack, pos), chunk(id3DSRotTrack, rot))
	return chunk(kind, parts...)
}

// scene3DS wraps objects and keyframer nodes into a 3DS file with a
// segment of frames 0–10.
func scene3DS(objects, nodes [][]byte) []byte {
	editor := append([][]byte{chunk(id3DSMeshVersion, le32(3))}, objects...)
	kf := append([][]byte{
		chunk(id3DSKFHeader, le16(5), cstr("MAXSCENE"), le32(10)),
		chunk(id3DSKFSegment, le32(0, 10)),
	}, nodes...)
	return chunk(id3DSMain, chunk(id3DSVersion, le32(3)), chunk(id3DSEditor, editor...), chunk(id3DSKeyframer, kf...))
}

// SameNamed3DS returns a 3DS scene holding one triangle object "Box" and
// n keyframer nodes that all show it, all named "Box" (the sweep's input:
// every node needs a name of its own as a joint).
func SameNamed3DS(n int) []byte {
	tri := chunk(id3DSObject, cstr("Box"), chunk(id3DSTriMesh,
		chunk(id3DSVertices, le16(3), f32(0, 0, 0, 1, 0, 0, 0, 1, 0)),
		chunk(id3DSFaces, le16(1), le16(0, 1, 2, 7)),
	))
	nodes := make([][]byte, n)
	for i := range nodes {
		nodes[i] = node3DS(id3DSObjectNode, uint16(i), "Box", "", id3DSNoParent, float32(i))
	}
	return scene3DS([][]byte{tri}, nodes)
}

// Chain3DS returns a 3DS scene of n dummy nodes in one chain: node i's
// parent is node i−1 (n is at most 65535, the node ids there are).
func Chain3DS(n int) []byte {
	nodes := make([][]byte, n)
	parent := uint16(id3DSNoParent)
	for i := range nodes {
		nodes[i] = node3DS(id3DSObjectNode, uint16(i), id3DSDummyName, fmt.Sprintf("b%d", i), parent, 1)
		parent = uint16(i)
	}
	return scene3DS(nil, nodes)
}

// CameraChain3DS returns a 3DS scene of n nodes in one chain (node i's
// parent is node i−1): n−1 cameras, each with its camera object, and a
// dummy at the end, so that every camera becomes a joint and is sampled
// at its keys.
func CameraChain3DS(n int) []byte {
	nodes := make([][]byte, n)
	objects := make([][]byte, 0, n-1)
	parent := uint16(id3DSNoParent)
	for i := range nodes {
		if i == n-1 {
			nodes[i] = node3DS(id3DSObjectNode, uint16(i), id3DSDummyName, "end", parent, 1)
			break
		}
		name := fmt.Sprintf("cam%d", i)
		objects = append(objects, chunk(id3DSObject, cstr(name), chunk(id3DSCamera, f32(0, 0, 0, 0, 1, 0, 0, 45))))
		nodes[i] = node3DS(id3DSCameraNode, uint16(i), name, "", parent, 1)
		parent = uint16(i)
	}
	return scene3DS(objects, nodes)
}

// ChainSMD returns a Valve SMD reference of n bones in one chain (bone i's
// parent is bone i−1), each one unit from its parent, with one triangle
// bound to the last bone.
func ChainSMD(n int) []byte {
	var b strings.Builder
	b.WriteString("version 1\nnodes\n")
	for i := range n {
		fmt.Fprintf(&b, "%d \"b%d\" %d\n", i, i, i-1)
	}
	b.WriteString("end\nskeleton\ntime 0\n")
	for i := range n {
		fmt.Fprintf(&b, "%d 1 0 0 0 0 0\n", i)
	}
	b.WriteString("end\ntriangles\nskin.bmp\n")
	for _, v := range [][3]int{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}} {
		fmt.Fprintf(&b, "%d %d %d %d 0 0 1 0 0\n", n-1, v[0], v[1], v[2])
	}
	b.WriteString("end\n")
	return []byte(b.String())
}

// ChainModel returns a model of n joints in one chain (joint i's parent is
// joint i−1), each with a rotation and a position key, and one triangle
// bound to joint 0.
func ChainModel(n int) *model.Model {
	m := triangleModel()
	m.TotalFrames = 10
	m.Joints = make([]model.Joint, n)
	for i := range m.Joints {
		j := &m.Joints[i]
		j.Name = model.Str(fmt.Sprintf("b%d", i))
		if i > 0 {
			j.Parent = m.Joints[i-1].Name
		}
		j.Position = [3]float32{1, 0, 0}
		j.RotationKeys = []model.Key{{Time: 0, Value: [3]float32{0, 0, 0.01}}}
		j.PositionKeys = []model.Key{{Time: 0}}
	}
	for v := range m.Vertices {
		m.Vertices[v].Bones = [4]uint16{0, model.NoBone, model.NoBone, model.NoBone}
	}
	return m
}

// MissingTextures returns a model of one triangle and n materials, each
// naming its own texture file "missing/tex<i>.tga" that does not exist.
func MissingTextures(n int) *model.Model {
	m := triangleModel()
	m.Materials = make([]model.Material, n)
	for i := range m.Materials {
		m.Materials[i] = model.Material{Name: model.Str(fmt.Sprintf("m%d", i)),
			Diffuse: [4]float32{1, 1, 1, 1}, Transparency: 1,
			Texture: model.Str(fmt.Sprintf("missing/tex%d.tga", i))}
	}
	return m
}

// TexturedModel returns a model of one triangle whose one material names
// the texture file path.
func TexturedModel(path string) *model.Model {
	m := triangleModel()
	m.Materials = []model.Material{{Name: "skin", Diffuse: [4]float32{1, 1, 1, 1}, Transparency: 1, Texture: model.Str(path)}}
	m.Groups[0].Material = 0
	return m
}

// triangleModel is one triangle in one group with no material, unbound.
func triangleModel() *model.Model {
	m := &model.Model{Version: 4, FPS: 24}
	for _, p := range [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}} {
		m.Vertices = append(m.Vertices, model.Vertex{Position: p, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}})
	}
	m.Triangles = []model.Triangle{{Vertices: [3]uint32{0, 1, 2}, Normals: [3][3]float32{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
		S: [3]float32{0, 1, 0}, T: [3]float32{0, 0, 1}, SmoothingGroup: 1, Group: 0}}
	m.Groups = []model.Group{{Name: "tri", Triangles: []uint32{0}, Material: -1}}
	return m
}

// FillFolder writes n small files "file<i>.png" into dir (a folder the
// texture search looks through that holds none of the files it wants).
func FillFolder(dir string, n int) error {
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("file%d.png", i)), nil, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// RLETGA returns a run-length-encoded 24-bit true-colour TGA of w×h
// pixels of one colour: 128-pixel runs of 4 bytes each, about 1/96 of
// the pixels' size (16384×4096 is 2 MiB of file and 192 MiB of pixels).
func RLETGA(w, h int) []byte {
	hdr := make([]byte, 18)
	hdr[2] = 10 // run-length-encoded true colour
	binary.LittleEndian.PutUint16(hdr[12:], uint16(w))
	binary.LittleEndian.PutUint16(hdr[14:], uint16(h))
	hdr[16] = 24
	out := bytes.NewBuffer(hdr)
	for left := w * h; left > 0; left -= 128 {
		run := min(left, 128)
		out.Write([]byte{0x80 | byte(run-1), 0x40, 0x80, 0xC0})
	}
	return out.Bytes()
}

// PNG returns a PNG of w×h transparent black pixels, 8 or 16 bits per
// channel of RGBA as depth says, compressed as tightly as deflate allows
// (16384×4096 at 16 bits is 512 MiB of pixels in 0.6 MiB).
func PNG(w, h, depth int) []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	pngChunk(&out, "IHDR", append(binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, uint32(w)), uint32(h)), byte(depth), 6, 0, 0, 0))
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	row := make([]byte, 1+w*4*depth/8) // filter 0, then the pixels
	for range h {
		zw.Write(row)
	}
	zw.Close()
	pngChunk(&out, "IDAT", z.Bytes())
	pngChunk(&out, "IEND", nil)
	return out.Bytes()
}

func pngChunk(out *bytes.Buffer, kind string, data []byte) {
	out.Write(binary.BigEndian.AppendUint32(nil, uint32(len(data))))
	c := crc32.NewIEEE()
	c.Write([]byte(kind))
	c.Write(data)
	out.WriteString(kind)
	out.Write(data)
	out.Write(binary.BigEndian.AppendUint32(nil, c.Sum32()))
}

// ProgressiveJPEG returns the start of a progressive JPEG whose frame
// header claims w×h pixels in three components sampled 1×1 (image/jpeg
// sets aside 768 bytes of coefficients per pixel block for such a frame
// at its first scan), followed by a first DC scan of a few bytes: far too
// short for the blocks it claims.
func ProgressiveJPEG(w, h int) []byte {
	var b bytes.Buffer
	b.Write([]byte{0xFF, 0xD8})
	seg := func(marker byte, data []byte) {
		b.Write([]byte{0xFF, marker, byte((len(data) + 2) >> 8), byte(len(data) + 2)})
		b.Write(data)
	}
	seg(0xDB, append([]byte{0}, bytes.Repeat([]byte{1}, 64)...)) // one quantisation table of ones
	sof := []byte{8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), 3}
	for c := byte(1); c <= 3; c++ {
		sof = append(sof, c, 0x11, 0)
	}
	seg(0xC2, sof)
	// A DC table with one 1-bit code for category 0.
	dht := append([]byte{0x00, 1}, make([]byte, 15)...)
	seg(0xC4, append(dht, 0))
	seg(0xDA, []byte{3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 0, 0})
	b.Write(make([]byte, 16))
	b.Write([]byte{0xFF, 0xD9})
	return b.Bytes()
}
