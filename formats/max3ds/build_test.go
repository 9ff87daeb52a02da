package max3ds

import (
	"encoding/binary"
	"math"
)

// Builders for synthetic 3DS files.

func ck(id uint16, parts ...[]byte) []byte {
	n := headerSize
	for _, p := range parts {
		n += len(p)
	}
	out := make([]byte, headerSize, n)
	binary.LittleEndian.PutUint16(out, id)
	binary.LittleEndian.PutUint32(out[2:], uint32(n))
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func u16b(vs ...uint16) []byte {
	out := make([]byte, 2*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint16(out[2*i:], v)
	}
	return out
}

func u32b(vs ...uint32) []byte {
	out := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(out[4*i:], v)
	}
	return out
}

func f32b(vs ...float32) []byte {
	out := make([]byte, 4*len(vs))
	for i, v := range vs {
		binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(v))
	}
	return out
}

func cstrb(s string) []byte { return append([]byte(s), 0) }

// synthQuad returns a mesh chunk of a unit quad in the z = 0 plane, made of
// two triangles with the given smoothing masks (nil: no 0x4150 chunk).
func synthQuad(masks []uint32) []byte {
	faces := [][]byte{u16b(2), u16b(0, 1, 2, 7), u16b(0, 2, 3, 7),
		ck(chunkFaceMat, cstrb("Skin"), u16b(2, 0, 1))}
	if masks != nil {
		faces = append(faces, ck(chunkSmooth, u32b(masks...)))
	}
	return ck(chunkTriMesh,
		ck(chunkVertices, u16b(4), f32b(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0)),
		ck(chunkUVs, u16b(4), f32b(0, 0, 1, 0, 1, 1, 0, 1)),
		ck(chunkFaces, faces...),
		ck(chunkMeshMatrix, f32b(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0)),
	)
}

// synthFile builds a small scene that uses every chunk the reader knows: a
// material with both colour kinds, both percentage kinds and a transformed
// texture map, a quad, a light, a camera, and a keyframer with a segment, a
// current time in ticks, a dummy parent with an instance name and a mesh
// node with a pivot and tracks whose keys carry TCB parameters.
func synthFile() []byte {
	mat := ck(chunkMaterial,
		ck(chunkMatName, cstrb("Skin")),
		ck(chunkMatAmbient, ck(chunkColor24, []byte{255, 0, 0})),
		ck(chunkMatDiffuse, ck(chunkColor24, []byte{255, 255, 255}), ck(chunkLinColor24, []byte{0, 255, 0})),
		ck(chunkMatSpecular, ck(chunkColorF, f32b(0.5, 0.5, 0.5))),
		ck(chunkMatShininess, ck(chunkPercentInt, u16b(50))),
		ck(chunkMatStrength, ck(chunkPercentFloat, f32b(0.25))),
		ck(chunkMatTransp, ck(chunkPercentInt, u16b(20))),
		ck(chunkMatTwoSided),
		ck(chunkMatShading, u16b(3)),
		ck(chunkMatTexMap,
			ck(chunkPercentInt, u16b(100)),
			ck(chunkMapFile, cstrb("SKIN.BMP")),
			ck(chunkMapTiling, u16b(TilingMirror)),
			ck(chunkMapUScale, f32b(2)),
			ck(chunkMapVScale, f32b(3)),
			ck(chunkMapUOffset, f32b(0.25)),
			ck(chunkMapVOffset, f32b(-0.5)),
			ck(chunkMapRotation, f32b(90)),
		),
	)
	editor := ck(chunkEditor,
		ck(chunkMeshVersion, u32b(3)),
		ck(chunkMasterScale, f32b(1)),
		mat,
		ck(chunkObject, cstrb("Quad"), synthQuad([]uint32{1, 1})),
		ck(chunkObject, cstrb("Lamp"), ck(chunkLight, f32b(0, 0, 10), ck(chunkColorF, f32b(1, 1, 0)))),
		ck(chunkObject, cstrb("Cam"), ck(chunkCamera, f32b(0, -10, 0, 0, 0, 0, 5, 48))),
	)
	track := func(id uint16, keys ...[]byte) []byte {
		parts := [][]byte{u16b(0), u32b(0, 0, uint32(len(keys)))}
		return ck(id, append(parts, keys...)...)
	}
	key := func(frame int32, flags uint16, rest ...[]byte) []byte {
		b := append(u32b(uint32(frame)), u16b(flags)...)
		for _, r := range rest {
			b = append(b, r...)
		}
		return b
	}
	kf := ck(chunkKeyframer,
		ck(chunkKFHeader, u16b(5), cstrb("MAXSCENE"), u32b(100)),
		ck(chunkKFSegment, u32b(0, 100)),
		ck(chunkKFCurTime, u32b(10*TicksPerFrame)),
		ck(0xB002,
			ck(chunkNodeID, u16b(0)),
			ck(chunkNodeHeader, cstrb(DummyName), u16b(0, 0), u16b(NoParent)),
			ck(chunkInstance, cstrb("Root")),
			ck(chunkBBox, f32b(-1, -1, -1, 1, 1, 1)),
			track(chunkPosTrack, key(0, 0, f32b(0, 0, 0))),
			track(chunkRotTrack, key(0, 0, f32b(0, 0, 0, 1))),
			track(chunkScaleTrack, key(0, 0, f32b(1, 1, 1))),
		),
		ck(0xB002,
			ck(chunkNodeID, u16b(1)),
			ck(chunkNodeHeader, cstrb("Quad"), u16b(0, 0), u16b(0)),
			ck(chunkPivot, f32b(0, 0, 0)),
			track(chunkPosTrack, key(0, KeyTension|KeyBias, f32b(0.5, 0.25), f32b(0, 0, 0)), key(20, 0, f32b(2, 0, 0))),
			track(chunkRotTrack, key(0, 0, f32b(0, 0, 0, 1)), key(20, KeyEaseTo|KeyEaseFrom, f32b(0.1, 0.2), f32b(float32(math.Pi/2), 0, 0, 1))),
			track(chunkScaleTrack, key(0, 0, f32b(1, 1, 1))),
		),
		ck(0xB003, ck(chunkNodeID, u16b(2)), ck(chunkNodeHeader, cstrb("Cam"), u16b(0, 0), u16b(NoParent)),
			track(chunkPosTrack, key(0, 0, f32b(0, -10, 0))), track(chunkRollTrack, key(0, 0, f32b(5)))),
		ck(0xB004, ck(chunkNodeID, u16b(3)), ck(chunkNodeHeader, cstrb("Cam"), u16b(0, 0), u16b(NoParent)),
			track(chunkPosTrack, key(0, 0, f32b(0, 0, 0)))),
		ck(0xB005, ck(chunkNodeID, u16b(4)), ck(chunkNodeHeader, cstrb("Lamp"), u16b(0, 0), u16b(NoParent)),
			track(chunkPosTrack, key(0, 0, f32b(0, 0, 10)))),
	)
	return ck(ChunkMain, ck(chunkVersion, u32b(3)), editor, kf)
}
