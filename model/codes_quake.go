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

// Findings raised while reading, importing and exporting Quake 3 MD3
// files (formats/md3).
const (
	// CodeMD3Layout: the header's or a surface's offsets disagree with the
	// data, or a name has no NUL.
	CodeMD3Layout Code = "md3.layout"
	// CodeMD3Trailing: bytes after the model's data were ignored.
	CodeMD3Trailing Code = "md3.trailing"
)

func init() {
	declareCodes(
		CodeInfo{CodeMD3Layout, Warning, "an MD3 header's or surface's offsets disagree with its data (an end offset before the data, parts past a surface's end, a name with no NUL)"},
		CodeInfo{CodeMD3Trailing, Info, "bytes after an MD3 file's data were ignored"},
	)
}

// Findings of MD3 exports (formats/md3).
const (
	// CodeMD3Limit: a count over one of the MD3 format's limits.
	CodeMD3Limit Code = "md3.limit"
	// CodeMD3Name: a name or shader path longer than MD3's 63 bytes.
	CodeMD3Name Code = "md3.name"
	// CodeMD3AnimationConfig: animation.cfg cannot be written as the
	// clips are, or at all.
	CodeMD3AnimationConfig Code = "md3.animation-cfg"
)

func init() {
	declareCodes(
		CodeInfo{CodeMD3Limit, Warning, "an MD3 export is over one of the format's limits (32 surfaces, 4096 vertices and 8192 triangles a surface, 1024 frames, 16 tags)"},
		CodeInfo{CodeMD3Name, Warning, "a name or shader path is longer than the 63 bytes an MD3 name holds: a name is cut, a shader left out"},
		CodeInfo{CodeMD3AnimationConfig, Info, "animation.cfg was written without some of Quake 3's player animations, or not at all (no clip is named for one, or another program's animation.cfg is there)"},
	)
}

// Findings of the Quake engine profiles (formats/md2, formats/md3
// ValidateFor: "ms3dtool validate --for quake2|quake3").
const (
	// CodeMD2Quake2: Quake 2 refuses or misdraws the model's MD2 export.
	CodeMD2Quake2 Code = "md2.quake2"
	// CodeMD3Quake3: Quake 3 refuses or misreads the model's MD3 export.
	CodeMD3Quake3 Code = "md3.quake3"
)

func init() {
	declareCodes(
		CodeInfo{CodeMD2Quake2, Error, "Quake 2 refuses or misdraws the MD2 export: a skin taller than 480 pixels, a file over its 2 MiB model buffer (errors), a skin that is not a PCX file (a warning)"},
		CodeInfo{CodeMD3Quake3, Error, "Quake 3 refuses or misreads the MD3 export: a surface of more than 999 vertices or 1999 triangles (errors), a texture that is not TGA or JPEG (a warning), a surface name ending in _ and a character (a note)"},
	)
}
