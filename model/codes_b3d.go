package model

// Findings raised while reading, importing and exporting B3D files
// (formats/b3d).
const (
	// CodeB3DUnknownChunk: a chunk the format does not define was skipped.
	CodeB3DUnknownChunk Code = "b3d.unknown-chunk"
	// CodeB3DTrailing: bytes after the BB3D chunk were ignored.
	CodeB3DTrailing Code = "b3d.trailing"
	// CodeB3DScale: a node's scale or scale keys were dropped (MS3D joints
	// do not scale).
	CodeB3DScale Code = "b3d.scale"
	// CodeB3DWeights: a vertex's bone weights were reduced to the four
	// MS3D holds, or to whole percents.
	CodeB3DWeights Code = "b3d.weights"
	// CodeB3DBoneVertex: a bone weight names a vertex its mesh does not
	// have.
	CodeB3DBoneVertex Code = "b3d.bone-vertex"
	// CodeB3DIndex: a brush or texture index names none.
	CodeB3DIndex Code = "b3d.index"
	// CodeB3DKeys: keys at a frame already keyed, or out of order, were
	// dropped.
	CodeB3DKeys Code = "b3d.keys"
	// CodeB3DResampled: keys between whole frames were resampled at whole
	// frames for export.
	CodeB3DResampled Code = "b3d.resampled"
	// CodeB3DLerp: Irrlicht's un-normalised lerp of rotation keys one frame
	// apart shows in the export, and B3D holds no key between them.
	CodeB3DLerp Code = "b3d.irrlicht-lerp"
	// CodeB3DBufferVertices: a group has more vertices than Irrlicht's
	// 16-bit mesh-buffer indices reach.
	CodeB3DBufferVertices Code = "b3d.buffer-vertices"
	// CodeB3DLuantiTextures: Luanti takes a B3D model's textures from the
	// mod, one a mesh buffer, not from the file.
	CodeB3DLuantiTextures Code = "b3d.luanti-textures"
)

func init() {
	declareCodes(
		CodeInfo{CodeB3DUnknownChunk, Info, "a chunk the B3D format does not define (or a second MESH or BONE in a node) was skipped"},
		CodeInfo{CodeB3DTrailing, Warning, "bytes after the BB3D chunk were ignored"},
		CodeInfo{CodeB3DScale, Warning, "a B3D node's scale or its scale keys were dropped: MS3D joints do not scale (the message gives the largest distance it moves a vertex)"},
		CodeInfo{CodeB3DWeights, Warning, "a B3D vertex with more than four bone weights was reduced to the four largest, renormalised"},
		CodeInfo{CodeB3DBoneVertex, Warning, "a B3D bone weight names a vertex its mesh does not have, or a bone has no mesh above it; the weight is dropped"},
		CodeInfo{CodeB3DIndex, Warning, "a B3D brush or texture index names no brush or texture; none is used"},
		CodeInfo{CodeB3DKeys, Warning, "B3D keys at a frame already keyed, or before the key before them, were dropped (Irrlicht drops them too)"},
		CodeInfo{CodeB3DResampled, Info, "keys between whole frames were resampled at whole frames: B3D keys are on whole frames"},
		CodeInfo{CodeB3DLerp, Warning, "Irrlicht blends rotation keys less than about 36° apart linearly without normalising; in a B3D export, keys one frame apart where that shows cannot be split (B3D keys are on whole frames)"},
		CodeInfo{CodeB3DBufferVertices, Error, "a group's B3D vertices (split by normal and texture coordinates) are more than the 65536 that Irrlicht 1.8's 16-bit mesh-buffer indices reach"},
		CodeInfo{CodeB3DLuantiTextures, Info, "Luanti ignores the texture paths of a B3D file: the mod's textures list gives one texture per mesh buffer, in the order listed"},
	)
}
