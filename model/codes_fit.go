package model

// Findings of the fit to MS3D's limits (model/fit): what the fit changed so
// that a model imported from a richer format (glTF, OBJ, 3DS, SMD) can be
// written as an MS3D file, and what it could not fit.
const (
	// CodeFitName: a name was shortened to fit its field, uniquely.
	CodeFitName Code = "fit.name"
	// CodeFitPath: a texture or alpha-map path was shortened to fit its
	// field.
	CodeFitPath Code = "fit.path"
	// CodeFitMaterials: materials were merged to fit the material limit.
	CodeFitMaterials Code = "fit.materials-merged"
	// CodeFitGroups: groups were merged to fit the group limit.
	CodeFitGroups Code = "fit.groups-merged"
	// CodeFitJoints: joints were renumbered or folded into their parents so
	// that every joint that moves vertices has a bone id a file can store.
	CodeFitJoints Code = "fit.joints"
	// CodeFitTooLarge: more vertices, triangles, bone-carrying joints or
	// keys than an MS3D file holds; only splitting or another format
	// keeps the model.
	CodeFitTooLarge Code = "fit.too-large"
	// CodeFitSplit: the model was split into several MS3D files.
	CodeFitSplit Code = "fit.split"
)

func init() {
	declareCodes(
		CodeInfo{CodeFitName, Warning, "a group, material or joint name was longer than the 32 bytes its field holds; it was cut (at a character boundary) and kept unique, and a joint's children follow it"},
		CodeInfo{CodeFitPath, Warning, "a texture or alpha-map path was longer than the 128 bytes its field holds; it was shortened to its portable spelling or its last folders and file name"},
		CodeInfo{CodeFitMaterials, Warning, "more materials than an MS3D file holds (128): identical ones were merged, then unused ones dropped, then the least used merged into the most similar kept one"},
		CodeInfo{CodeFitGroups, Warning, "more groups than an MS3D file holds (255): groups that share a material were merged, smallest first into the nearest earlier one; the merged names are kept in the group comment"},
		CodeInfo{CodeFitJoints, Warning, "more joints move vertices than an MS3D bone byte names (255): joints were renumbered, and joints that never move folded into their parents (the pose is unchanged; an info when only the numbering changed)"},
		CodeInfo{CodeFitTooLarge, Error, "more vertices, triangles, bone-carrying joints or keys than an MS3D file holds: saving as MS3D is refused; export glTF or OBJ, or split the model into several MS3D files (ms3dtool convert --split)"},
		CodeInfo{CodeFitSplit, Info, "the model was split into several MS3D files under the limits, each with the whole skeleton and every material"},
	)
}
