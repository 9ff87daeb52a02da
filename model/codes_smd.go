package model

// Parts of a model or of a text file that findings of the SMD importer and
// of the clip list point at.
const (
	// PartSMDLine is a line of an SMD file: Location.Index is the 1-based
	// line number and Location.Offset the byte offset of the line's start.
	PartSMDLine = "smd-line"
	// PartClip is a named clip of the timeline: Location.Index is its index
	// in the clip list.
	PartClip = "clip"
)

// Findings about named clips (model/clips).
const (
	// CodeClipRange: a clip's frame range is empty or outside the timeline.
	CodeClipRange Code = "clip.range"
	// CodeClipName: a clip's name is empty, too long or cannot name a file.
	CodeClipName Code = "clip.name"
	// CodeClipDuplicate: two clips share a name (ignoring case).
	CodeClipDuplicate Code = "clip.duplicate-name"
)

// Findings raised while reading and importing SMD files (formats/smd).
const (
	// CodeSMDVersion: the file declares a version other than 1.
	CodeSMDVersion Code = "smd.version"
	// CodeSMDMissingEnd: a section runs to the end of the file without "end".
	CodeSMDMissingEnd Code = "smd.missing-end"
	// CodeSMDSection: a section the reader does not use was skipped.
	CodeSMDSection Code = "smd.section-skipped"
	// CodeSMDNonFinite: a number is NaN or infinite; it is read as 0.
	CodeSMDNonFinite Code = "smd.nonfinite"
	// CodeSMDUnknownBone: a line names a bone id that "nodes" does not define.
	CodeSMDUnknownBone Code = "smd.unknown-bone"
	// CodeSMDDuplicateNode: "nodes" defines a bone id or name twice.
	CodeSMDDuplicateNode Code = "smd.duplicate-node"
	// CodeSMDParent: a node's parent is not a node, or the parents form a cycle.
	CodeSMDParent Code = "smd.parent"
	// CodeSMDNoSkeleton: the reference file has no rest pose for a bone.
	CodeSMDNoSkeleton Code = "smd.no-rest-pose"
	// CodeSMDLinks: a vertex's weighted links were changed to fit MilkShape.
	CodeSMDLinks Code = "smd.links"
	// CodeSMDAnimBones: an animation's bones do not match the reference's.
	CodeSMDAnimBones Code = "smd.anim-bones"
	// CodeSMDName: a name was shortened or changed to fit the target format.
	CodeSMDName Code = "smd.name"
)

// Engine profile findings (formats/smd ValidateFor and Export).
const (
	// CodeEngineBones: more bones than the engine takes.
	CodeEngineBones Code = "engine.bone-limit"
	// CodeEngineUnboned: vertices without a bone (the engines need one).
	CodeEngineUnboned Code = "engine.vertex-no-bone"
	// CodeEngineWeightsLost: the profile keeps fewer influences than a vertex has.
	CodeEngineWeightsLost Code = "engine.weights-lost"
	// CodeEngineTexture: a texture is not what the engine loads, or its
	// file is missing.
	CodeEngineTexture Code = "engine.texture-format"
	// CodeEngineTextureSize: a texture is larger than the engine's
	// compiler takes.
	CodeEngineTextureSize Code = "engine.texture-size"
	// CodeEngineLimit: more vertices, triangles or textures than the engine takes.
	CodeEngineLimit Code = "engine.limit"
)

func init() {
	declareCodes(
		CodeInfo{CodeClipRange, Error, "a clip's frame range is empty or reaches outside the timeline (frames 1 to total frames)"},
		CodeInfo{CodeClipName, Error, "a clip's name is empty, longer than 64 bytes, or holds a space or a character that cannot name a file"},
		CodeInfo{CodeClipDuplicate, Error, "two clips share a name when case is ignored, so their exported files would collide"},

		CodeInfo{CodeSMDVersion, Warning, "the SMD file declares a version other than 1; it is read as version 1"},
		CodeInfo{CodeSMDMissingEnd, Error, "an SMD section runs to the end of the file without \"end\"; what was read is kept"},
		CodeInfo{CodeSMDSection, Info, "an SMD section the importer does not use (vertex animation, flexes) was skipped"},
		CodeInfo{CodeSMDNonFinite, Error, "an SMD number is NaN or infinite; it is read as 0"},
		CodeInfo{CodeSMDUnknownBone, Error, "an SMD line names a bone id that the nodes section does not define; the line or link is dropped"},
		CodeInfo{CodeSMDDuplicateNode, Error, "the SMD nodes section defines a bone id or a bone name twice; the first is kept"},
		CodeInfo{CodeSMDParent, Error, "an SMD node's parent is not a node, or parents form a cycle; the node becomes a root"},
		CodeInfo{CodeSMDNoSkeleton, Error, "the reference SMD gives no rest pose (time 0) for a bone; it rests at its parent's origin"},
		CodeInfo{CodeSMDLinks, Warning, "a vertex's weighted links were changed to fit MilkShape (more than 4 bones, weights not summing to 1, rounding to percent)"},
		CodeInfo{CodeSMDAnimBones, Warning, "an animation SMD names bones the reference lacks (ignored) or lacks bones of the reference (held at rest)"},
		CodeInfo{CodeSMDName, Warning, "a material, bone or clip name was shortened or changed to fit the target format"},

		CodeInfo{CodeEngineBones, Error, "the model has more bones than the target engine takes"},
		CodeInfo{CodeEngineUnboned, Warning, "vertices have no bone; the engines need one, so export assigns each to the nearest joint"},
		CodeInfo{CodeEngineWeightsLost, Warning, "vertices have more bone influences than the profile keeps; export keeps the strongest"},
		CodeInfo{CodeEngineTexture, Warning, "a texture is not in the form the target engine loads (GoldSrc: an 8-bit uncompressed BMP with at most 256 colours), or its file is missing"},
		CodeInfo{CodeEngineTextureSize, Warning, "a texture is larger than the target engine's compiler takes (GoldSrc's studiomdl: a skin of more than 640×480 bytes with its palette)"},
		CodeInfo{CodeEngineLimit, Warning, "more vertices, triangles or textures than the target engine takes"},
	)
}
