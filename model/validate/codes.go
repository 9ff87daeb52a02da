package validate

// Finding codes produced by Check. They are stable: the CLI, the problems
// panel and the fix-ups key on them. The severity each code is reported
// with is given in brackets.
const (
	// CodeVersion: the version is neither 3 nor 4 [error].
	CodeVersion = "header.version"
	// CodeCount: more elements of a kind than the file's fields can hold or
	// address (65534 vertices or triangles, 256 groups, 128 materials)
	// [error], or more joints than the specification's 128 [warning].
	CodeCount = "model.count"
	// CodeFieldLength: a name or path is longer than its fixed-size field
	// [error].
	CodeFieldLength = "model.field-length"

	// CodeVertexNonFinite: a vertex position is NaN or infinite [error].
	CodeVertexNonFinite = "vertex.nonfinite"
	// CodeVertexBoneRange: a vertex's own bone is past the last joint
	// [error].
	CodeVertexBoneRange = "vertex.bone-range"
	// CodeExtraBoneRange: a vertex-extra bone id is past the last joint
	// [error].
	CodeExtraBoneRange = "vertex-extra.bone-range"
	// CodeWeightsOver: the three stored weights add up to more than 100
	// (255 in sub-version 1) [error].
	CodeWeightsOver = "vertex-extra.weights-over"
	// CodeWeightsLost: part of the weight belongs to bones that are none,
	// so the vertex's weights do not sum to 100 and players renormalise
	// [warning].
	CodeWeightsLost = "vertex-extra.weights-lost"

	// CodeTriangleVertexRange: a triangle corner names a vertex that does
	// not exist [error].
	CodeTriangleVertexRange = "triangle.vertex-range"
	// CodeTriangleNonFinite: a normal or texture coordinate is NaN or
	// infinite [error].
	CodeTriangleNonFinite = "triangle.nonfinite"
	// CodeNormalZero: a corner normal has zero length [warning].
	CodeNormalZero = "triangle.normal-zero"
	// CodeNormalLength: a corner normal is not of unit length [warning].
	CodeNormalLength = "triangle.normal-length"
	// CodeTriangleNoGroup: no group lists the triangle, so players that draw
	// group by group never draw it [warning].
	CodeTriangleNoGroup = "triangle.no-group"
	// CodeTriangleMultiGroup: the triangle is listed more than once (in two
	// groups, or twice in one), so it is drawn more than once [error].
	CodeTriangleMultiGroup = "triangle.multiple-groups"
	// CodeTriangleGroupIndex: the triangle's group index is not the group
	// that lists it [warning].
	CodeTriangleGroupIndex = "triangle.group-index"

	// CodeGroupTriangleRange: a group lists a triangle that does not exist
	// [error].
	CodeGroupTriangleRange = "group.triangle-range"
	// CodeGroupMaterialRange: a group's material index is neither −1 nor a
	// material [error].
	CodeGroupMaterialRange = "group.material-range"

	// CodeMaterialNonFinite: a colour, the shininess or the transparency is
	// NaN or infinite [error].
	CodeMaterialNonFinite = "material.nonfinite"
	// CodeTransparencyRange: the transparency (opacity) is outside 0–1
	// [warning].
	CodeTransparencyRange = "material.transparency-range"
	// CodeShininessRange: the shininess is outside 0–128 [warning].
	CodeShininessRange = "material.shininess-range"
	// CodeTexturePath: the texture path is not portable (a backslash, a
	// drive letter or an absolute path) [warning].
	CodeTexturePath = "material.texture-path"
	// CodeTextureMissing: the texture file was not found [warning].
	CodeTextureMissing = "material.texture-missing"
	// CodeTextureRemapped: the texture file was found, but not where the
	// path says (case, 8.3 name, file name only, search folder) [info].
	CodeTextureRemapped = "material.texture-remapped"
	// CodeAlphaMapPath is CodeTexturePath for the alpha map [warning].
	CodeAlphaMapPath = "material.alphamap-path"
	// CodeAlphaMapMissing is CodeTextureMissing for the alpha map
	// [warning].
	CodeAlphaMapMissing = "material.alphamap-missing"
	// CodeAlphaMapRemapped is CodeTextureRemapped for the alpha map [info].
	CodeAlphaMapRemapped = "material.alphamap-remapped"

	// CodeKeyframerNonFinite: the frame rate or the current time is NaN or
	// infinite [error].
	CodeKeyframerNonFinite = "keyframer.nonfinite"
	// CodeFPS: the frame rate is below 1 (players use 1) or absurdly high
	// [warning].
	CodeFPS = "keyframer.fps"
	// CodeTotalFrames: the total frame count is negative or ends before the
	// last key [warning].
	CodeTotalFrames = "keyframer.total-frames"

	// CodeJointNonFinite: a joint's rest rotation or position is NaN or
	// infinite [error].
	CodeJointNonFinite = "joint.nonfinite"
	// CodeKeyTimeNonFinite: a key time is NaN or infinite [error].
	CodeKeyTimeNonFinite = "joint.key-time-nonfinite"
	// CodeKeyOrder: a key time is not greater than the one before it
	// [error].
	CodeKeyOrder = "joint.key-order"
	// CodeKeyNonFinite: a key value is NaN or infinite [error].
	CodeKeyNonFinite = "joint.key-nonfinite"
	// CodeDuplicateName: two joints share a name; children find the first
	// [error]. Reported by model.ResolveHierarchy.
	CodeDuplicateName = "joint.duplicate-name"
	// CodeParentCase: a parent name matches only ignoring case [warning].
	// Reported by model.ResolveHierarchy.
	CodeParentCase = "joint.parent-case"
	// CodeParentMissing: a parent name matches no joint [error]. Reported
	// by model.ResolveHierarchy.
	CodeParentMissing = "joint.parent-missing"
	// CodeParentCycle: joints are their own ancestors [error]. Reported by
	// model.ResolveHierarchy.
	CodeParentCycle = "joint.parent-cycle"

	// CodeJointColorNonFinite: a joint-extra colour is NaN or infinite
	// [error].
	CodeJointColorNonFinite = "joint-extra.nonfinite"
	// CodeModelExtraNonFinite: the joint size or alpha reference is NaN or
	// infinite [error].
	CodeModelExtraNonFinite = "model-extra.nonfinite"
	// CodeCommentIndex: a comment is attached to a group, material or joint
	// that does not exist [warning].
	CodeCommentIndex = "comments.index-range"
)
