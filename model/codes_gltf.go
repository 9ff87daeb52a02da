package model

// PartGLTF is a place in a glTF file that findings of the glTF importer
// point at: Location.Path holds its JSON pointer ("/meshes/0/primitives/1").
const PartGLTF = "gltf"

// Findings raised while importing glTF 2.0 files (formats/gltf).
const (
	// CodeGLTFExtension: the file uses an extension the importer does not
	// apply; what it adds is left out.
	CodeGLTFExtension Code = "gltf.extension"
	// CodeGLTFPrimitive: a primitive has no triangles to import (points,
	// lines, no positions) or triangles naming missing vertices.
	CodeGLTFPrimitive Code = "gltf.primitive"
	// CodeGLTFWeights: vertex weights were changed to fit MilkShape (more
	// than four joints, weights not summing to 1).
	CodeGLTFWeights Code = "gltf.weights"
	// CodeGLTFScale: a scale that MilkShape joints cannot hold (animated, or
	// not uniform) was dropped.
	CodeGLTFScale Code = "gltf.scale"
	// CodeGLTFMorph: morph targets, which MilkShape cannot hold, were dropped.
	CodeGLTFMorph Code = "gltf.morph"
	// CodeGLTFResampled: an animation channel was sampled at the timeline's
	// frame rate (cubic spline, or key times between frames).
	CodeGLTFResampled Code = "gltf.resampled"
	// CodeGLTFChannel: an animation channel was left out (a target outside
	// the scene, an unknown path).
	CodeGLTFChannel Code = "gltf.channel"
	// CodeGLTFImage: an image cannot become a MilkShape texture (an external
	// URL, an unsupported type, no source).
	CodeGLTFImage Code = "gltf.image"
	// CodeGLTFMaterial: a material feature MilkShape lacks was approximated.
	CodeGLTFMaterial Code = "gltf.material"
	// CodeGLTFBind: a skin's bind pose needed a second joint for a node, or
	// was not rigid.
	CodeGLTFBind Code = "gltf.bind"
	// CodeGLTFName: a name was shortened or changed to be unique or valid.
	CodeGLTFName Code = "gltf.name"
)

func init() {
	declareCodes(
		CodeInfo{CodeGLTFExtension, Warning, "the glTF file uses an extension the importer does not apply; what it adds is left out"},
		CodeInfo{CodeGLTFPrimitive, Warning, "a glTF primitive has nothing to import as triangles (points, lines, no positions) or names missing vertices"},
		CodeInfo{CodeGLTFWeights, Warning, "glTF vertex weights were changed to fit MilkShape: more than four joints (the strongest four kept), or weights not summing to 1"},
		CodeInfo{CodeGLTFScale, Warning, "a glTF scale that MilkShape joints cannot hold (animated or not uniform) was dropped; the message gives the position error"},
		CodeInfo{CodeGLTFMorph, Warning, "glTF morph targets, which MilkShape cannot hold, were dropped; the message gives the position error"},
		CodeInfo{CodeGLTFResampled, Info, "a glTF animation channel was sampled at the timeline's frame rate (cubic spline, or key times between frames)"},
		CodeInfo{CodeGLTFChannel, Warning, "a glTF animation channel was left out (its target is outside the scene, or its path is unknown)"},
		CodeInfo{CodeGLTFImage, Warning, "a glTF image cannot become a MilkShape texture (an external URL, an unsupported type, no source)"},
		CodeInfo{CodeGLTFMaterial, Info, "a glTF material feature MilkShape lacks was approximated (one alpha cutoff for the whole model, a second texture coordinate set)"},
		CodeInfo{CodeGLTFBind, Info, "a glTF skin's bind pose needed a second joint for a node, or was not rigid and was made so"},
		CodeInfo{CodeGLTFName, Info, "a glTF name was shortened or changed to be unique or valid for MilkShape"},
	)
}
