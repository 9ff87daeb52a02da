package model

// Findings of the reader profiles (model/compat): what a reader other than
// ours will refuse or misread in a file that is valid by the format's rules.
const (
	// CodeAssimpVersion: assimp reads only version 4 files.
	CodeAssimpVersion Code = "reader.assimp-version"
	// CodeAssimpJointCount: the file has no joint count, and assimp reads
	// one anyway.
	CodeAssimpJointCount Code = "reader.assimp-joint-count"
	// CodeAssimpComments: assimp reads comment counts as 2 bytes.
	CodeAssimpComments Code = "reader.assimp-comments"
	// CodeAssimpEmptyGroup: assimp makes a mesh of every group and refuses
	// an empty one.
	CodeAssimpEmptyGroup Code = "reader.assimp-empty-group"
	// CodeAssimpNoGroups: assimp refuses a model without groups.
	CodeAssimpNoGroups Code = "reader.assimp-no-groups"
	// CodeAssimpNoKeys: assimp refuses a skeleton none of whose joints has a
	// key.
	CodeAssimpNoKeys Code = "reader.assimp-no-keys"
	// CodeAssimpBoneID: assimp reads bone bytes as signed and refuses
	// bones 128 to 254.
	CodeAssimpBoneID Code = "reader.assimp-bone-id"
	// CodeAssimpWeights: assimp never reaches the vertex weights.
	CodeAssimpWeights Code = "reader.assimp-weights"
	// CodeAssimpPositionKeys: assimp adds position keys without the rest
	// rotation.
	CodeAssimpPositionKeys Code = "reader.assimp-position-keys"

	// CodeBlenderVertexExtra: Blender's add-on reads sub-version 3 vertex
	// extras as 10 bytes.
	CodeBlenderVertexExtra Code = "reader.blender-vertex-extra"
	// CodeBlenderTransparency: Blender's add-on inverts transparency.
	CodeBlenderTransparency Code = "reader.blender-transparency"

	// CodeIrrlichtVertexExtra: Irrlicht reads sub-version 3 vertex extras
	// as 10 bytes.
	CodeIrrlichtVertexExtra Code = "reader.irrlicht-vertex-extra"
	// CodeIrrlichtTriangleOrder: Irrlicht assumes triangles are stored in
	// group order.
	CodeIrrlichtTriangleOrder Code = "reader.irrlicht-triangle-order"
	// CodeIrrlichtNoMaterial: Irrlicht draws a group without material with
	// the first material.
	CodeIrrlichtNoMaterial Code = "reader.irrlicht-no-material"
	// CodeIrrlichtPositionKeys: Irrlicht adds position keys without the
	// rest rotation.
	CodeIrrlichtPositionKeys Code = "reader.irrlicht-position-keys"
	// CodeIrrlichtBoneID: Irrlicht reads bone ids as signed bytes and
	// leaves vertices on joints 128 and above unskinned.
	CodeIrrlichtBoneID Code = "reader.irrlicht-bone-id"
	// CodeIrrlichtRestDegrees: Irrlicht turns a joint with position keys
	// and no rotation keys by its rest rotation in degrees read as radians.
	CodeIrrlichtRestDegrees Code = "reader.irrlicht-rest-degrees"
	// CodeIrrlichtRotationLerp: Irrlicht blends close rotation keys
	// linearly without normalising, shrinking the joint between them.
	CodeIrrlichtRotationLerp Code = "reader.irrlicht-rotation-lerp"

	// CodeMilkShapeLimit: more elements of a kind than MilkShape 3D holds.
	CodeMilkShapeLimit Code = "reader.milkshape-limit"
)

func init() {
	declareCodes(
		CodeInfo{CodeAssimpVersion, Error, "assimp refuses files that are not version 4 (version 3 records are identical)"},
		CodeInfo{CodeAssimpJointCount, Error, "the file ends without a joint count, which assimp reads anyway and so refuses the file"},
		CodeInfo{CodeAssimpComments, Error, "assimp reads comment counts as 2 bytes instead of 4, so group, material and joint comments make it refuse the file or skip past its end"},
		CodeInfo{CodeAssimpEmptyGroup, Error, "assimp makes a mesh of every group and refuses the file when a group has no triangles"},
		CodeInfo{CodeAssimpNoGroups, Error, "assimp refuses a model without groups"},
		CodeInfo{CodeAssimpNoKeys, Error, "assimp refuses a model with joints when no joint has a keyframe (an animation with no channel)"},
		CodeInfo{CodeAssimpBoneID, Error, "assimp reads a vertex's bone byte as signed, so a vertex on joint 128 or above makes it refuse the file"},
		CodeInfo{CodeAssimpWeights, Warning, "assimp never reaches the vertex-extra block of a file with a comments block, so vertices with several bones move with their first bone only"},
		CodeInfo{CodeAssimpPositionKeys, Warning, "assimp adds a joint's position keys to its rest position without the rest rotation, so the joint plays off its place"},
		CodeInfo{CodeBlenderVertexExtra, Error, "Blender's MS3D add-on reads sub-version 3 vertex extras as 10 bytes instead of 14, misreading the weights and every block after them (a warning for a model without joints, where only the model extras suffer)"},
		CodeInfo{CodeBlenderTransparency, Warning, "Blender's MS3D add-on inverts a material's transparency (an opacity), so opaque materials import as transparent"},
		CodeInfo{CodeIrrlichtVertexExtra, Error, "Irrlicht reads sub-version 3 vertex extras as 10 bytes instead of 14, misreading the weights of every vertex but the first"},
		CodeInfo{CodeIrrlichtTriangleOrder, Error, "Irrlicht assumes the triangles are stored in group order and draws the wrong triangles in a group when they are not"},
		CodeInfo{CodeIrrlichtNoMaterial, Warning, "Irrlicht draws a group without material with the first material"},
		CodeInfo{CodeIrrlichtPositionKeys, Warning, "Irrlicht adds a joint's position keys to its rest position without the rest rotation, so the joint plays off its place"},
		CodeInfo{CodeIrrlichtBoneID, Error, "Irrlicht reads a vertex's bone ids as signed bytes, so vertices on joint 128 or above are left unskinned"},
		CodeInfo{CodeIrrlichtRestDegrees, Warning, "Irrlicht turns a joint that has position keys but no rotation keys by its rest rotation converted to degrees and read back as radians"},
		CodeInfo{CodeIrrlichtRotationLerp, Warning, "Irrlicht blends rotation keys less than about 36° apart linearly and never normalises the blend, so the joint shrinks between them (reported above 1e-4 of the model's size)"},
		CodeInfo{CodeMilkShapeLimit, Error, "more vertices, triangles, groups, materials or joints than MilkShape 3D holds (65534, 65534, 255, 128, 128; a warning for joints, which some files exceed)"},
	)
}
