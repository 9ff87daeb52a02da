package model

// Findings raised while reading, importing and exporting Quake 2 MD2
// files (formats/md2).
const (
	// CodeMD2Layout: the header's offsets or sizes disagree with the data
	// (an end offset before the data, a frame bigger than its vertices, a
	// name with no NUL).
	CodeMD2Layout Code = "md2.layout"
	// CodeMD2Trailing: bytes after the model's data were ignored.
	CodeMD2Trailing Code = "md2.trailing"
	// CodeMD2GLCommands: the GL command list does not hold together and
	// was dropped.
	CodeMD2GLCommands Code = "md2.gl-commands"
	// CodeMD2Normal: a vertex's normal index is past the 162 of the table.
	CodeMD2Normal Code = "md2.normal"
)

func init() {
	declareCodes(
		CodeInfo{CodeMD2Layout, Warning, "an MD2 header's offsets or sizes disagree with its data (an end offset before the data, frames bigger than their vertices, a name with no NUL)"},
		CodeInfo{CodeMD2Trailing, Info, "bytes after an MD2 file's data were ignored"},
		CodeInfo{CodeMD2GLCommands, Warning, "an MD2 file's GL commands (strips and fans) do not hold together and were dropped; the triangles are kept"},
		CodeInfo{CodeMD2Normal, Warning, "an MD2 vertex's normal index is past the 162 of Quake 2's table (read as 0)"},
	)
}

// Findings shared by the Quake model formats' exports (formats/vertexanim,
// formats/md2, formats/md3).
const (
	// CodeQuakeFrameNames: clip names were changed to name frames, or
	// overlapping clips cannot all be named.
	CodeQuakeFrameNames Code = "quake.frame-names"
)

func init() {
	declareCodes(
		CodeInfo{CodeQuakeFrameNames, Info, "a clip's name was shortened or cleaned to name MD2/MD3 frames (15 bytes with the counter), or overlaps another clip whose name its shared frames take"},
	)
}

// Findings of MD2 exports (formats/md2).
const (
	// CodeMD2Limit: a count over one of Quake 2's limits.
	CodeMD2Limit Code = "md2.limit"
	// CodeMD2Skin: the skin cannot be written as it is (its size unknown,
	// its path too long, several textures for one skin).
	CodeMD2Skin Code = "md2.skin"
	// CodeMD2Normals: corners of one vertex with different normals were
	// averaged.
	CodeMD2Normals Code = "md2.normals"
	// CodeMD2FrameRate: MD2 holds no frame rate; Quake 2 plays 10 frames a
	// second.
	CodeMD2FrameRate Code = "md2.frame-rate"
	// CodeQuakeNonFinite: NaN or infinite values were written as 0.
	CodeQuakeNonFinite Code = "quake.nonfinite"
)

func init() {
	declareCodes(
		CodeInfo{CodeMD2Limit, Warning, "an MD2 export is over one of Quake 2's limits (4096 triangles, 512 frames, 32 skins): Quake 2's tools or other readers may refuse it"},
		CodeInfo{CodeMD2Skin, Warning, "an MD2 skin cannot be written as the model has it: its size is unknown (256×256 is assumed), its path is over 63 bytes, or groups use other textures than the one skin MD2 draws"},
		CodeInfo{CodeMD2Normals, Info, "corners of one vertex have different normals; MD2 holds one normal a vertex, so they were averaged"},
		CodeInfo{CodeMD2FrameRate, Info, "MD2 holds no frame rate and Quake 2 plays 10 frames a second: an export sampled at another rate plays faster or slower"},
		CodeInfo{CodeQuakeNonFinite, Warning, "NaN or infinite positions, normals or texture coordinates of an MD2/MD3 export were written as 0"},
	)
}

// Findings of MD2 and MD3 imports (formats/md2, formats/md3).
const (
	// CodeQuakeVertexAnimation: the file animates its vertices, which MS3D
	// cannot hold: the model takes one frame.
	CodeQuakeVertexAnimation Code = "quake.vertex-animation"
	// CodeQuakeFrame: the frame asked for, or the frames' names, cannot be
	// used as they are.
	CodeQuakeFrame Code = "quake.frame"
)

func init() {
	declareCodes(
		CodeInfo{CodeQuakeVertexAnimation, Info, "an MD2/MD3 file animates its vertices, which MS3D cannot hold: the model takes one key frame's vertices and lists the frames as clips"},
		CodeInfo{CodeQuakeFrame, Warning, "the MD2/MD3 frame asked for is past the file's last (the last is shown), or its frame names give clips the model cannot hold"},
	)
}
