package max3ds

import (
	"bytes"
	"errors"
	"math"
	"testing"

	"ms3dstudio/model"
)

// TestDecodeSynthetic checks every field of the synthetic scene.
func TestDecodeSynthetic(t *testing.T) {
	s, fs, err := Decode(synthFile())
	if err != nil || len(fs) != 0 {
		t.Fatalf("decode: %v %v", err, fs)
	}
	if s.Version != 3 || s.MeshVersion != 3 || s.MasterScale != 1 {
		t.Errorf("versions %d %d scale %g", s.Version, s.MeshVersion, s.MasterScale)
	}
	if len(s.Materials) != 1 {
		t.Fatalf("%d materials", len(s.Materials))
	}
	m := s.Materials[0]
	want := Material{Name: "Skin", Ambient: [3]float32{1, 0, 0}, Diffuse: [3]float32{0, 1, 0}, Specular: [3]float32{0.5, 0.5, 0.5},
		Shininess: 0.5, ShininessStrength: 0.25, Transparency: 0.2, TwoSided: true, Shading: 3,
		Texture: TextureMap{File: "SKIN.BMP", Amount: 1, Tiling: TilingMirror, UScale: 2, VScale: 3, UOffset: 0.25, VOffset: -0.5, Rotation: 90},
		Offset:  m.Offset}
	if m != want {
		t.Errorf("material\n got %+v\nwant %+v (the linear diffuse must win)", m, want)
	}
	if len(s.Objects) != 1 || len(s.Lights) != 1 || len(s.Cameras) != 1 {
		t.Fatalf("%d objects %d lights %d cameras", len(s.Objects), len(s.Lights), len(s.Cameras))
	}
	o := s.Objects[0]
	if o.Name != "Quad" || len(o.Vertices) != 4 || len(o.UVs) != 4 || len(o.Faces) != 2 || !o.HasMatrix ||
		len(o.Groups) != 1 || o.Groups[0].Material != "Skin" || len(o.Smoothing) != 2 || o.Faces[1].V != [3]uint16{0, 2, 3} {
		t.Errorf("object %+v", o)
	}
	if l := s.Lights[0]; l.Position != [3]float32{0, 0, 10} || l.Color != [3]float32{1, 1, 0} {
		t.Errorf("light %+v", l)
	}
	if c := s.Cameras[0]; c.Position != [3]float32{0, -10, 0} || c.Roll != 5 || c.Lens != 48 {
		t.Errorf("camera %+v", c)
	}
	k := s.Keyframer
	if !k.Present || k.Revision != 5 || k.Name != "MAXSCENE" || k.Start != 0 || k.End != 100 || len(k.Nodes) != 5 {
		t.Fatalf("keyframer %+v", k)
	}
	if f, ticks := k.SavedFrame(); f != 10 || !ticks {
		t.Errorf("saved frame %d ticks %v, want 10 from ticks", f, ticks)
	}
	d := k.Nodes[0]
	if d.ObjectName() != "Root" || !d.HasBBox || d.Parent != NoParent {
		t.Errorf("dummy %+v", d)
	}
	q := k.Nodes[1]
	if q.Parent != 0 || len(q.Position.Keys) != 2 || len(q.Rotation.Keys) != 2 {
		t.Fatalf("quad node %+v", q)
	}
	if pk := q.Position.Keys[0]; pk.Tension != 0.5 || pk.Bias != 0.25 || pk.Continuity != 0 || !pk.HasTCB() || pk.Value != [3]float32{} {
		t.Errorf("TCB position key %+v", pk)
	}
	if rk := q.Rotation.Keys[1]; rk.EaseTo != 0.1 || rk.EaseFrom != 0.2 || rk.Frame != 20 || rk.Axis != [3]float32{0, 0, 1} {
		t.Errorf("TCB rotation key %+v", rk)
	}
	if c := k.Nodes[2]; c.Kind != NodeCamera || len(c.Roll.Keys) != 1 || c.Roll.Keys[0].Value != 5 {
		t.Errorf("camera node %+v", c)
	}
	if k.Nodes[3].Kind != NodeCameraTarget || k.Nodes[4].Kind != NodeOmni {
		t.Errorf("kinds %v %v", k.Nodes[3].Kind, k.Nodes[4].Kind)
	}
}

// TestImportSynthetic checks the conversion of the synthetic scene: joints,
// keys, UV transform, normals and the findings for what a model cannot hold.
func TestImportSynthetic(t *testing.T) {
	s, _, _ := Decode(synthFile())
	m, info, fs := Import(s, Options{})
	if len(m.Joints) != 2 || m.Joints[0].Name != "Root" || m.Joints[1].Parent != "Root" {
		t.Fatalf("joints %+v", m.Joints)
	}
	if info.Objects != 1 || info.Nodes != 5 || info.Frames != 101 || info.SavedFrame != 10 || info.Axes != "y-up" || info.Cameras != 1 || info.Lights != 1 {
		t.Errorf("info %+v", info)
	}
	for _, c := range []model.Code{model.Code3DSTicks, model.Code3DSTCB, model.Code3DSCamera, model.Code3DSLight, model.Code3DSTexture, model.Code3DSPivot} {
		if !model.HasCode(fs, c) {
			t.Errorf("no %s finding in %v", c, fs)
		}
	}
	if len(m.Vertices) != 4 || len(m.Triangles) != 2 || len(m.Groups) != 1 || m.Groups[0].Material != 0 {
		t.Fatalf("mesh: %d vertices %d triangles groups %+v", len(m.Vertices), len(m.Triangles), m.Groups)
	}
	mt := m.Materials[0]
	if mt.Transparency != 0.8 || mt.Shininess != 64 || mt.Texture != "SKIN.BMP" || mt.Diffuse != [4]float32{0, 1, 0, 1} {
		t.Errorf("material %+v", mt)
	}
	// Quad node: rotation 90° about Z at frame 20, linear from 0: at the
	// saved frame 10, 45°; position 1 along X.
	if m.CurrentTime != float32(11.0/30) || m.TotalFrames != 101 || m.FPS != 30 {
		t.Errorf("time %g frames %d fps %g", m.CurrentTime, m.TotalFrames, m.FPS)
	}
	j := m.Joints[1]
	if len(j.RotationKeys) != 2 || len(j.PositionKeys) != 2 || j.RotationKeys[1].Time != float32(21.0/30) {
		t.Errorf("keys %+v %+v", j.RotationKeys, j.PositionKeys)
	}
	// UV of vertex 1 (u 1, v 0): scaled about the centre (0.5·2, −0.5·3),
	// rotated 90° → (1.5, 1), moved back from the centre and offset →
	// (2.25, 1) with v up; T = 1 − v = 0.
	tr := m.Triangles[0]
	if math.Abs(float64(tr.S[1]-2.25)) > 1e-6 || math.Abs(float64(tr.T[1])) > 1e-6 {
		t.Errorf("corner 1 UV (%g, %g), want (2.25, 0)", tr.S[1], tr.T[1])
	}
	// One smoothing group over a flat quad: every corner normal is the
	// face normal, +Z in 3DS, +Y after the axis change, rotated 45° with
	// the node... the quad's node turns about the 3DS Z axis (model Y), so
	// the normal stays +Y.
	for _, tri := range m.Triangles {
		for _, n := range tri.Normals {
			if math.Abs(float64(n[1]-1)) > 1e-6 {
				t.Errorf("normal %v, want +Y", n)
			}
		}
		if tri.SmoothingGroup != 1 {
			t.Errorf("smoothing group %d", tri.SmoothingGroup)
		}
	}
	// Keep the axes: the normal is +Z.
	m, info, _ = Import(s, Options{KeepAxes: true})
	if info.Axes != "z-up" || math.Abs(float64(m.Triangles[0].Normals[0][2]-1)) > 1e-6 {
		t.Errorf("kept axes: %s normal %v", info.Axes, m.Triangles[0].Normals[0])
	}
}

// TestFlatFaceSmoothingGroupZero: faces with mask 0 get their face normal
// even where they meet a smoothed face at the same positions.
func TestFlatFaceSmoothingGroupZero(t *testing.T) {
	// Fold the quad: move vertex 3 up so the two triangles are not coplanar.
	quad := synthQuad([]uint32{0, 0})
	file := ck(ChunkMain, ck(chunkEditor, ck(chunkObject, cstrb("Fold"), quad)))
	i := bytes.Index(file, f32b(0, 1, 0))
	copy(file[i:], f32b(0, 1, 1))
	s, fs, err := Decode(file)
	if err != nil || len(fs) != 0 {
		t.Fatal(err, fs)
	}
	m, _, _ := Import(s, Options{KeepAxes: true})
	for ti, tri := range m.Triangles {
		p := [3][3]float32{}
		for c := range 3 {
			p[c] = m.Vertices[tri.Vertices[c]].Position
		}
		a := vec32(p[1]).sub(vec32(p[0]))
		b := vec32(p[2]).sub(vec32(p[0]))
		n := a.cross(b)
		n = n.scale(1 / n.len())
		for c, got := range tri.Normals {
			if vec32(got).sub(n).len() > 1e-6 {
				t.Errorf("triangle %d corner %d: normal %v, want the face normal %v", ti, c, got, n)
			}
		}
	}
}

// TestHostile feeds damaged files: each must give the expected error or
// finding, at the expected offset, without panicking.
func TestHostile(t *testing.T) {
	good := synthFile()
	lenPast := append([]byte{}, good...)
	putU32(lenPast[2:], uint32(len(good)+1000))
	hugeVerts := ck(ChunkMain, ck(chunkEditor, ck(chunkObject, cstrb("X"), ck(chunkTriMesh, ck(chunkVertices, u16b(0xFFFF), f32b(1, 2, 3))))))
	hugeKeys := ck(ChunkMain, ck(chunkKeyframer, ck(0xB002, ck(chunkPosTrack, u16b(0), u32b(0, 0, 0xFFFFFFFF), u32b(0), u16b(0), f32b(1, 2, 3)))))
	zeroLen := ck(ChunkMain, ck(chunkEditor, []byte{0x00, 0x40, 0, 0, 0, 0}, ck(chunkMasterScale, f32b(2))))
	subPast := ck(ChunkMain, ck(chunkEditor, ck(chunkMasterScale, f32b(2))))
	putU32(subPast[headerSize+headerSize+2:], 1000) // the master scale chunk claims 1000 bytes
	badFace := ck(ChunkMain, ck(chunkEditor, ck(chunkObject, cstrb("X"), ck(chunkTriMesh,
		ck(chunkVertices, u16b(3), f32b(0, 0, 0, 1, 0, 0, 0, 1, 0)),
		ck(chunkFaces, u16b(2), u16b(0, 1, 2, 0), u16b(0, 1, 9, 0))))))
	cycle := ck(ChunkMain, ck(chunkKeyframer,
		ck(0xB002, ck(chunkNodeID, u16b(0)), ck(chunkNodeHeader, cstrb("A"), u16b(0, 0), u16b(1))),
		ck(0xB002, ck(chunkNodeID, u16b(1)), ck(chunkNodeHeader, cstrb("B"), u16b(0, 0), u16b(0))),
		ck(0xB002, ck(chunkNodeID, u16b(2)), ck(chunkNodeHeader, cstrb("C"), u16b(0, 0), u16b(77)))))
	shortName := ck(ChunkMain, ck(chunkEditor, ck(chunkMaterial, ck(chunkMatName, []byte("NoNul")))))
	shortData := ck(ChunkMain, ck(chunkEditor, ck(chunkMasterScale, []byte{1, 2})))
	cases := []struct {
		name    string
		data    []byte
		wantErr bool
		code    model.Code
		offset  int64 // of the finding with code; −2: any
		decode  bool  // the finding comes from Decode (else Import)
	}{
		{"empty", nil, true, "", 0, true},
		{"five bytes", []byte{0x4D, 0x4D, 6, 0, 0}, true, "", 0, true},
		{"not 3ds", []byte("MS3D000000\x04\x00\x00\x00"), true, "", 0, true},
		{"main length past end", lenPast, false, model.Code3DSChunkOverrun, 0, true},
		{"main length zero", append([]byte{0x4D, 0x4D, 0, 0, 0, 0}, good[6:]...), false, model.Code3DSChunkLength, 0, true},
		{"sub-chunk length zero", zeroLen, false, model.Code3DSChunkLength, 12, true},
		{"sub-chunk past parent", subPast, false, model.Code3DSChunkOverrun, 12, true},
		{"huge vertex count", hugeVerts, false, model.Code3DSCount, 6 + 6 + 6 + 2 + 6 + 6, true},
		{"huge key count", hugeKeys, false, model.Code3DSCount, 6 + 6 + 6 + 6 + 2 + 8, true},
		{"face past vertices", badFace, false, model.Code3DSFaceIndex, 12, false},
		{"parent cycle", cycle, false, model.Code3DSNodeParent, -2, false},
		{"name without NUL", shortName, false, model.Code3DSChunkShort, 24, true},
		{"field cut short", shortData, false, model.Code3DSChunkShort, 18, true},
		{"trailing bytes", append(append([]byte{}, good...), 1, 2, 3), false, model.Code3DSTrailing, int64(len(good)), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, fs, err := Decode(c.data)
			if c.wantErr {
				var fe *FormatError
				if !errors.As(err, &fe) || s != nil {
					t.Fatalf("want a FormatError and no scene, got %v", err)
				}
				if fe.Offset != c.offset {
					t.Errorf("error offset %#x, want %#x: %v", fe.Offset, c.offset, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			_, _, ifs := Import(s, Options{})
			if !c.decode {
				fs = ifs
			}
			for _, f := range fs {
				if f.Code == c.code && (c.offset == -2 || f.Where.Offset == c.offset) {
					return
				}
			}
			t.Errorf("no %s finding at offset %#x in %v", c.code, c.offset, fs)
		})
	}
}

func putU32(b []byte, v uint32) {
	b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
}

// TestTruncateEverywhere decodes and imports every prefix of the synthetic
// file, and the file with each byte flipped: no panic, every finding inside
// the input.
func TestTruncateEverywhere(t *testing.T) {
	good := synthFile()
	check := func(data []byte) {
		s, fs, err := Decode(data)
		if err != nil {
			return
		}
		_, _, ifs := Import(s, Options{})
		for _, f := range append(fs, ifs...) {
			if f.Where.Offset < -1 || f.Where.Offset > int64(len(data)) {
				t.Fatalf("%d bytes: finding outside the input: %s", len(data), f)
			}
		}
	}
	for n := 0; n <= len(good); n++ {
		check(good[:n])
	}
	for i := range good {
		bad := append([]byte{}, good...)
		bad[i] ^= 0xFF
		check(bad)
	}
}

// TestPastModelLimits builds scenes past what an MS3D file can address
// (100,000 vertices; 300 nodes): the model's wider indices take them whole.
func TestPastModelLimits(t *testing.T) {
	obj := func(name string, n int) Object {
		o := Object{Name: name, Vertices: make([][3]float32, n), VertexOffset: -1}
		for i := range o.Vertices {
			o.Vertices[i] = [3]float32{float32(i), 0, float32(i % 7)}
		}
		for i := 0; i+2 < n; i += 3 {
			o.Faces = append(o.Faces, Face{V: [3]uint16{uint16(i), uint16(i + 1), uint16(i + 2)}})
		}
		return o
	}
	s := &Scene{Objects: []Object{obj("A", 40000), obj("B", 40000), obj("C", 20000)}}
	m, _, fs := Import(s, Options{})
	if len(m.Vertices) != 100000 || len(m.Groups) != 3 || model.HasCode(fs, model.Code3DSLimit) {
		t.Errorf("%d vertices in %d groups, findings %v; want all three objects whole (100000) and nothing left out", len(m.Vertices), len(m.Groups), fs)
	}
	if last := m.Triangles[len(m.Triangles)-1]; last.Vertices[2] != 99997 || last.Group != 2 {
		t.Errorf("last triangle %v in group %d, want vertex 99997 in group 2", last.Vertices, last.Group)
	}
	// More nodes than a bone byte can name: all become joints.
	s = &Scene{Keyframer: Keyframer{Present: true}}
	for i := range 300 {
		s.Keyframer.Nodes = append(s.Keyframer.Nodes, Node{ID: uint16(i), Name: DummyName, Instance: "d", Parent: NoParent})
	}
	m, _, fs = Import(s, Options{})
	if len(m.Joints) != 300 || model.HasCode(fs, model.Code3DSLimit) {
		t.Errorf("%d joints, findings %v; want 300 and nothing left out", len(m.Joints), fs)
	}
}

// TestMirroredMatrixFlipsWinding: an object whose mesh matrix mirrors it
// (negative determinant) is brought to its local frame mirrored, so its
// faces' winding is flipped to keep them facing the way they did.
func TestMirroredMatrixFlipsWinding(t *testing.T) {
	s := &Scene{
		Objects: []Object{{
			Name:      "M",
			Vertices:  [][3]float32{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}},
			Faces:     []Face{{V: [3]uint16{0, 1, 2}}},
			Smoothing: []uint32{0},
			Matrix:    [12]float32{-1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0},
			HasMatrix: true,
		}},
		Keyframer: Keyframer{Present: true, HasSegment: true, Nodes: []Node{{Name: "M", Parent: NoParent}}},
	}
	m, _, fs := Import(s, Options{KeepAxes: true})
	if !model.HasCode(fs, model.Code3DSMirrored) {
		t.Errorf("no mirrored finding: %v", fs)
	}
	if x := m.Vertices[1].Position[0]; x != -1 {
		t.Errorf("vertex 1 at x %g, want −1 (M⁻¹ mirrors x)", x)
	}
	if n := m.Triangles[0].Normals[0]; math.Abs(float64(n[2]-1)) > 1e-6 {
		t.Errorf("normal %v, want +Z: the winding was not flipped", n)
	}
}
