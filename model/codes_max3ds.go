package model

// Findings raised while reading a 3D Studio file and converting it into a
// model (formats/max3ds).
const (
	// Code3DSChunkOverrun: a chunk's length runs past its parent or the file.
	Code3DSChunkOverrun Code = "3ds.chunk-overrun"
	// Code3DSChunkLength: a chunk's length is shorter than its header.
	Code3DSChunkLength Code = "3ds.chunk-length"
	// Code3DSChunkShort: a chunk ends before the fields it must hold.
	Code3DSChunkShort Code = "3ds.chunk-short"
	// Code3DSCount: an element count is larger than its chunk can hold.
	Code3DSCount Code = "3ds.count"
	// Code3DSDuplicate: a chunk that may appear once appears again.
	Code3DSDuplicate Code = "3ds.duplicate-chunk"
	// Code3DSTrailing: bytes follow the main chunk.
	Code3DSTrailing Code = "3ds.trailing-bytes"

	// Code3DSFaceIndex: a face names a vertex the object does not have.
	Code3DSFaceIndex Code = "3ds.face-index"
	// Code3DSFaceMaterial: a face-material group names a missing material
	// or face.
	Code3DSFaceMaterial Code = "3ds.face-material"
	// Code3DSUVCount: an object has a different number of texture
	// coordinates than vertices.
	Code3DSUVCount Code = "3ds.uv-count"
	// Code3DSNonFinite: a position, matrix or key value is NaN or infinite.
	Code3DSNonFinite Code = "3ds.nonfinite"
	// Code3DSMatrix: a mesh matrix cannot be inverted.
	Code3DSMatrix Code = "3ds.mesh-matrix"
	// Code3DSMirrored: a mesh matrix mirrors its object.
	Code3DSMirrored Code = "3ds.mirrored"

	// Code3DSNodeParent: a node's parent id names no node, or the parents
	// form a cycle.
	Code3DSNodeParent Code = "3ds.node-parent"
	// Code3DSNodeObject: an object node names no mesh object, or a mesh has
	// no node.
	Code3DSNodeObject Code = "3ds.node-object"
	// Code3DSInstance: several nodes show the same mesh object.
	Code3DSInstance Code = "3ds.instance"
	// Code3DSPivot: which pivot rule the import used, and why.
	Code3DSPivot Code = "3ds.pivot"
	// Code3DSPivotMismatch: neither pivot rule reproduces the stored
	// vertices at the saved frame.
	Code3DSPivotMismatch Code = "3ds.pivot-mismatch"
	// Code3DSTicks: the saved frame is written in 3ds Max ticks.
	Code3DSTicks Code = "3ds.ticks"
	// Code3DSScale: scale keys were baked into the meshes or dropped.
	Code3DSScale Code = "3ds.scale"
	// Code3DSTCB: keys store spline parameters a MilkShape key cannot hold.
	Code3DSTCB Code = "3ds.tcb"
	// Code3DSCamera: the scene has cameras, which a model cannot hold.
	Code3DSCamera Code = "3ds.camera"
	// Code3DSLight: the scene has lights, which a model cannot hold.
	Code3DSLight Code = "3ds.light"
	// Code3DSTexture: a texture map setting has no MilkShape equivalent.
	Code3DSTexture Code = "3ds.texture-map"
	// Code3DSLimit: the scene has more vertices, triangles, groups or
	// nodes than a MilkShape model can hold or address.
	Code3DSLimit Code = "3ds.limit"
	// Code3DSSampled: the joints ask for more sampled frames (cameras over
	// the segment, scale changes above them) than the import evaluates;
	// they share a coarser grid of frames.
	Code3DSSampled Code = "3ds.sampled"
)

func init() {
	declareCodes(
		CodeInfo{Code3DSChunkOverrun, Warning, "a 3DS chunk's length runs past its parent chunk or the file; it is clamped to the parent"},
		CodeInfo{Code3DSChunkLength, Error, "a 3DS chunk's length is shorter than its own 6-byte header; the rest of its parent is skipped"},
		CodeInfo{Code3DSChunkShort, Error, "a 3DS chunk ends before the fields it must hold (a warning for stray bytes or an unterminated name); what was read is kept"},
		CodeInfo{Code3DSCount, Error, "a 3DS element count is larger than its chunk can hold; the elements that fit are kept"},
		CodeInfo{Code3DSDuplicate, Warning, "a 3DS chunk that may appear once appears again; the first is used"},
		CodeInfo{Code3DSTrailing, Info, "bytes follow the 3DS main chunk; they are ignored"},
		CodeInfo{Code3DSFaceIndex, Error, "a 3DS face names a vertex its object does not have; the face is dropped"},
		CodeInfo{Code3DSFaceMaterial, Warning, "a 3DS face-material group names a missing material or face; those faces get no material"},
		CodeInfo{Code3DSUVCount, Warning, "a 3DS object has a different number of texture coordinates than vertices; the missing ones are 0"},
		CodeInfo{Code3DSNonFinite, Error, "a 3DS position, matrix or key value is NaN or infinite; it is taken as 0 (identity for a matrix)"},
		CodeInfo{Code3DSMatrix, Warning, "a 3DS mesh matrix cannot be inverted; the identity is used"},
		CodeInfo{Code3DSMirrored, Info, "a 3DS mesh matrix mirrors its object; the winding of its faces is flipped"},
		CodeInfo{Code3DSNodeParent, Warning, "a 3DS node's parent id names no node, or the parents form a cycle; the node becomes a root"},
		CodeInfo{Code3DSNodeObject, Warning, "a 3DS object node names no mesh object, or a mesh has no node; the mesh is not animated"},
		CodeInfo{Code3DSSampled, Warning, "the 3DS joints ask for more sampled frames (cameras, scale changes above them) than the import evaluates; they are keyed on a coarser grid"},
		CodeInfo{Code3DSInstance, Info, "several 3DS nodes show the same mesh object; each gets its own copy of the geometry"},
		CodeInfo{Code3DSPivot, Info, "which 3DS pivot rule the import used (apply or ignore the node pivots) and how well each reproduces the stored vertices"},
		CodeInfo{Code3DSPivotMismatch, Warning, "neither 3DS pivot rule reproduces the stored vertices at the saved frame; the closer one is used"},
		CodeInfo{Code3DSTicks, Info, "the 3DS saved frame is written in 3ds Max ticks (160 a frame); it is converted to frames"},
		CodeInfo{Code3DSScale, Warning, "3DS scale keys have no MilkShape equivalent; the scale at the saved frame is baked into the meshes, and children follow an animated scale only in where they are"},
		CodeInfo{Code3DSTCB, Info, "3DS keys store tension/continuity/bias or ease parameters; MilkShape keys play linearly"},
		CodeInfo{Code3DSCamera, Info, "the 3DS scene has cameras, which a MilkShape model cannot hold; they are left out"},
		CodeInfo{Code3DSLight, Info, "the 3DS scene has lights, which a MilkShape model cannot hold; they are left out"},
		CodeInfo{Code3DSTexture, Info, "a 3DS texture map setting (mirror, decal, rotation, blend amount) has no MilkShape equivalent or was baked into the UVs"},
		CodeInfo{Code3DSLimit, Error, "the 3DS scene has more vertices, triangles, groups, materials or nodes than the model can address; what does not fit is left out"},
	)
}
