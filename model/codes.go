package model

import (
	"sort"
	"sync"
)

// Code identifies a kind of finding. Codes are stable across releases: the
// CLI, the problems panel, the fix-ups and users' scripts key on them. Every
// code is declared once, as a constant in this package (in this file, or in a
// codes_*.go file for a family of codes that belongs to one importer), and
// described in the code table so that "ms3dtool validate --codes" can list it.
type Code string

// String returns the code as written in reports ("triangle.vertex-range").
func (c Code) String() string { return string(c) }

// CodeInfo describes a finding code: the severity it is usually reported with
// (a few codes are reported at a lower severity in some cases, as their
// description says) and a one-line description.
type CodeInfo struct {
	Code     Code     `json:"code"`
	Severity Severity `json:"severity"`
	Summary  string   `json:"summary"`
}

// Findings raised while decoding an MS3D file (formats/ms3d).
const (
	// CodeTruncated: the file ends inside a mandatory part.
	CodeTruncated Code = "file.truncated"
	// CodeTrailingBytes: bytes follow the last block the reader understood.
	CodeTrailingBytes Code = "file.trailing-bytes"
	// CodeVersion3: a version 3 file (records are identical to version 4).
	CodeVersion3 Code = "header.version3"
	// CodeBlockUnreadable: an optional block is cut short or malformed.
	CodeBlockUnreadable Code = "block.unreadable"
	// CodeKeysShort: a joint's keys are short of bytes (the Woman4 defect).
	CodeKeysShort Code = "joint.keys-short"
)

// Findings of the model's checks (model/validate, Model.ResolveHierarchy).
const (
	// CodeVersion: the version is neither 3 nor 4.
	CodeVersion Code = "header.version"
	// CodeCount: more elements of a kind than the file's fields can hold or
	// address.
	CodeCount Code = "model.count"
	// CodeFieldLength: a name or path is longer than its fixed-size field.
	CodeFieldLength Code = "model.field-length"

	// CodeVertexNonFinite: a vertex position is NaN or infinite.
	CodeVertexNonFinite Code = "vertex.nonfinite"
	// CodeVertexBoneRange: a vertex's own bone is past the last joint.
	CodeVertexBoneRange Code = "vertex.bone-range"
	// CodeExtraBoneRange: a vertex-extra bone id is past the last joint.
	CodeExtraBoneRange Code = "vertex-extra.bone-range"
	// CodeWeightsOver: the three stored weights add up to more than 100.
	CodeWeightsOver Code = "vertex-extra.weights-over"
	// CodeWeightsLost: part of a vertex's weight belongs to no bone.
	CodeWeightsLost Code = "vertex-extra.weights-lost"

	// CodeTriangleVertexRange: a triangle corner names a missing vertex.
	CodeTriangleVertexRange Code = "triangle.vertex-range"
	// CodeTriangleNonFinite: a normal or texture coordinate is not finite.
	CodeTriangleNonFinite Code = "triangle.nonfinite"
	// CodeNormalZero: a corner normal has zero length.
	CodeNormalZero Code = "triangle.normal-zero"
	// CodeNormalLength: a corner normal is not of unit length.
	CodeNormalLength Code = "triangle.normal-length"
	// CodeTriangleNoGroup: no group lists the triangle.
	CodeTriangleNoGroup Code = "triangle.no-group"
	// CodeTriangleMultiGroup: the triangle is listed more than once.
	CodeTriangleMultiGroup Code = "triangle.multiple-groups"
	// CodeTriangleGroupIndex: the triangle's group index is not its group.
	CodeTriangleGroupIndex Code = "triangle.group-index"

	// CodeGroupTriangleRange: a group lists a missing triangle.
	CodeGroupTriangleRange Code = "group.triangle-range"
	// CodeGroupMaterialRange: a group's material index is not a material.
	CodeGroupMaterialRange Code = "group.material-range"

	// CodeMaterialNonFinite: a material number is NaN or infinite.
	CodeMaterialNonFinite Code = "material.nonfinite"
	// CodeTransparencyRange: the transparency is outside 0–1.
	CodeTransparencyRange Code = "material.transparency-range"
	// CodeShininessRange: the shininess is outside 0–128.
	CodeShininessRange Code = "material.shininess-range"
	// CodeTexturePath: the texture path is not portable.
	CodeTexturePath Code = "material.texture-path"
	// CodeTextureMissing: the texture file was not found.
	CodeTextureMissing Code = "material.texture-missing"
	// CodeTextureRemapped: the texture was found, but not where the path says.
	CodeTextureRemapped Code = "material.texture-remapped"
	// CodeTextureRebased: saving into another folder rewrote a texture or
	// alpha-map path so that it names the same file from there.
	CodeTextureRebased Code = "material.texture-rebased"
	// CodeAlphaMapPath: the alpha-map path is not portable.
	CodeAlphaMapPath Code = "material.alphamap-path"
	// CodeAlphaMapMissing: the alpha-map file was not found.
	CodeAlphaMapMissing Code = "material.alphamap-missing"
	// CodeAlphaMapRemapped: the alpha map was found, but not where the path says.
	CodeAlphaMapRemapped Code = "material.alphamap-remapped"

	// CodeKeyframerNonFinite: the frame rate or current time is not finite.
	CodeKeyframerNonFinite Code = "keyframer.nonfinite"
	// CodeFPS: the frame rate is below 1 or absurdly high.
	CodeFPS Code = "keyframer.fps"
	// CodeTotalFrames: the frame count is negative or ends before a key.
	CodeTotalFrames Code = "keyframer.total-frames"

	// CodeJointNonFinite: a joint's rest rotation or position is not finite.
	CodeJointNonFinite Code = "joint.nonfinite"
	// CodeKeyTimeNonFinite: a key time is NaN or infinite.
	CodeKeyTimeNonFinite Code = "joint.key-time-nonfinite"
	// CodeKeyOrder: a key time is not greater than the one before it.
	CodeKeyOrder Code = "joint.key-order"
	// CodeKeyNonFinite: a key value is NaN or infinite.
	CodeKeyNonFinite Code = "joint.key-nonfinite"
	// CodeDuplicateName: two joints share a name.
	CodeDuplicateName Code = "joint.duplicate-name"
	// CodeParentCase: a parent name matches a joint only ignoring case.
	CodeParentCase Code = "joint.parent-case"
	// CodeParentMissing: a parent name matches no joint.
	CodeParentMissing Code = "joint.parent-missing"
	// CodeParentCycle: joints are their own ancestors.
	CodeParentCycle Code = "joint.parent-cycle"

	// CodeJointColorNonFinite: a joint-extra colour is NaN or infinite.
	CodeJointColorNonFinite Code = "joint-extra.nonfinite"
	// CodeModelExtraNonFinite: the joint size or alpha reference is not finite.
	CodeModelExtraNonFinite Code = "model-extra.nonfinite"
	// CodeCommentIndex: a comment is attached to a missing element.
	CodeCommentIndex Code = "comments.index-range"
)

// Findings about texture images (the texture package).
const (
	// CodeTextureUnsupported: the texture file is in a variant the decoders
	// do not handle.
	CodeTextureUnsupported Code = "texture.unsupported"
	// CodeTextureUnreadable: the texture file is damaged or not an image.
	CodeTextureUnreadable Code = "texture.unreadable"
)

var (
	codeMu    sync.Mutex
	codeTable = map[Code]CodeInfo{}
)

// declareCodes adds descriptions to the code table. Each codes_*.go file of
// this package calls it from init with the codes it declares.
func declareCodes(infos ...CodeInfo) {
	codeMu.Lock()
	defer codeMu.Unlock()
	for _, in := range infos {
		if _, dup := codeTable[in.Code]; dup {
			panic("model: finding code declared twice: " + string(in.Code))
		}
		codeTable[in.Code] = in
	}
}

func init() {
	declareCodes(
		CodeInfo{CodeTruncated, Error, "the file ends inside a mandatory part; what was read before the cut is kept"},
		CodeInfo{CodeTrailingBytes, Warning, "bytes follow the last block the reader understood; they are kept verbatim"},
		CodeInfo{CodeVersion3, Info, "a version 3 file (its records are identical to version 4)"},
		CodeInfo{CodeBlockUnreadable, Error, "an optional block (comments, vertex, joint or model extras) is cut short or malformed"},
		CodeInfo{CodeKeysShort, Error, "a joint's keyframes are short of bytes, shifting every later byte of the file"},

		CodeInfo{CodeVersion, Error, "the version is neither 3 nor 4"},
		CodeInfo{CodeCount, Error, "more elements of a kind than the file's fields can hold or address (a warning for more than 128 joints)"},
		CodeInfo{CodeFieldLength, Error, "a name or path is longer than its fixed-size field"},
		CodeInfo{CodeVertexNonFinite, Error, "a vertex position is NaN or infinite"},
		CodeInfo{CodeVertexBoneRange, Error, "a vertex's own bone id is past the last joint"},
		CodeInfo{CodeExtraBoneRange, Error, "a vertex-extra bone id is past the last joint"},
		CodeInfo{CodeWeightsOver, Error, "the three stored weights of a vertex add up to more than 100 (255 in sub-version 1)"},
		CodeInfo{CodeWeightsLost, Warning, "part of a vertex's weight belongs to bones that are none, so players renormalise"},
		CodeInfo{CodeTriangleVertexRange, Error, "a triangle corner names a vertex that does not exist"},
		CodeInfo{CodeTriangleNonFinite, Error, "a triangle's normal or texture coordinate is NaN or infinite"},
		CodeInfo{CodeNormalZero, Warning, "a corner normal has zero length"},
		CodeInfo{CodeNormalLength, Warning, "a corner normal is not of unit length"},
		CodeInfo{CodeTriangleNoGroup, Warning, "no group lists the triangle, so players that draw by group never draw it"},
		CodeInfo{CodeTriangleMultiGroup, Error, "a triangle is listed more than once, so it is drawn more than once"},
		CodeInfo{CodeTriangleGroupIndex, Warning, "a triangle's group index is not the group that lists it"},
		CodeInfo{CodeGroupTriangleRange, Error, "a group lists a triangle that does not exist"},
		CodeInfo{CodeGroupMaterialRange, Error, "a group's material index is neither -1 nor a material"},
		CodeInfo{CodeMaterialNonFinite, Error, "a material's colour, shininess or transparency is NaN or infinite"},
		CodeInfo{CodeTransparencyRange, Warning, "a material's transparency (opacity) is outside 0-1"},
		CodeInfo{CodeShininessRange, Warning, "a material's shininess is outside 0-128"},
		CodeInfo{CodeTexturePath, Warning, "a texture path is not portable (a backslash, a drive letter or an absolute path)"},
		CodeInfo{CodeTextureMissing, Warning, "a texture file was not found"},
		CodeInfo{CodeTextureRemapped, Info, "a texture file was found, but not where its path says (case, 8.3 name, file name only, search folder)"},
		CodeInfo{CodeTextureRebased, Info, "saved into another folder, a texture or alpha-map path was rewritten to name the same file from there (a warning when no path that fits leads there)"},
		CodeInfo{CodeAlphaMapPath, Warning, "an alpha-map path is not portable"},
		CodeInfo{CodeAlphaMapMissing, Warning, "an alpha-map file was not found"},
		CodeInfo{CodeAlphaMapRemapped, Info, "an alpha-map file was found, but not where its path says"},
		CodeInfo{CodeKeyframerNonFinite, Error, "the frame rate or the current time is NaN or infinite"},
		CodeInfo{CodeFPS, Warning, "the frame rate is below 1 (players use 1) or absurdly high"},
		CodeInfo{CodeTotalFrames, Warning, "the total frame count is negative or ends before the last key"},
		CodeInfo{CodeJointNonFinite, Error, "a joint's rest rotation or position is NaN or infinite"},
		CodeInfo{CodeKeyTimeNonFinite, Error, "a key time is NaN or infinite"},
		CodeInfo{CodeKeyOrder, Error, "a key time is not greater than the time of the key before it"},
		CodeInfo{CodeKeyNonFinite, Error, "a key value is NaN or infinite"},
		CodeInfo{CodeDuplicateName, Error, "two joints share a name; children find the first"},
		CodeInfo{CodeParentCase, Warning, "a parent name matches a joint only when case is ignored"},
		CodeInfo{CodeParentMissing, Error, "a parent name matches no joint; the joint is treated as a root"},
		CodeInfo{CodeParentCycle, Error, "joints are their own ancestors; the cycle is cut"},
		CodeInfo{CodeJointColorNonFinite, Error, "a joint-extra colour is NaN or infinite"},
		CodeInfo{CodeModelExtraNonFinite, Error, "the model-extra joint size or alpha reference is NaN or infinite"},
		CodeInfo{CodeCommentIndex, Warning, "a comment is attached to a group, material or joint that does not exist"},

		CodeInfo{CodeTextureUnsupported, Warning, "a texture file is in a variant the decoders do not handle; the placeholder is shown"},
		CodeInfo{CodeTextureUnreadable, Warning, "a texture file is damaged or not an image; the placeholder is shown"},
	)
}

// Codes returns every declared finding code, sorted by code.
func Codes() []CodeInfo {
	codeMu.Lock()
	defer codeMu.Unlock()
	out := make([]CodeInfo, 0, len(codeTable))
	for _, in := range codeTable {
		out = append(out, in)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// LookupCode returns the description of a code and whether it is declared.
func LookupCode(c Code) (CodeInfo, bool) {
	codeMu.Lock()
	defer codeMu.Unlock()
	in, ok := codeTable[c]
	return in, ok
}
