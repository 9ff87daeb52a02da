// Package importer reads glTF 2.0 files (the Khronos specification,
// https://registry.khronos.org/glTF/specs/2.0/glTF-2.0.html), .gltf with
// external or data-URI buffers and images and .glb, into MilkShape 3D
// models, parsing them with github.com/qmuntal/gltf. The export is package
// ms3dstudio/formats/gltf.
//
// What the import (Import, ImportFile) makes of a file's default scene:
//
//   - Every node that a skin uses as a joint or an animation moves becomes
//     a joint, its parent the nearest such ancestor (the nodes between fold
//     into it). A skinned primitive's joints rest where its inverse bind
//     matrices say; a node bound in two poses by two skins gets a second
//     joint that follows the same node. A node's scale in the scene's own
//     pose is taken out of its joint (MilkShape joints are rigid); a scale
//     that changes, or a non-uniform one under a turning joint, is dropped
//     and reported (model.CodeGLTFScale) with how far it moves vertices.
//   - Every triangle primitive of every mesh node (strips and fans
//     unrolled, instanced meshes copied per node) becomes a group, named
//     after the mesh or node, with one MilkShape vertex per glTF vertex and
//     its normals per corner. Static meshes are placed in the world; meshes
//     under a moving node follow its joint rigidly; skinned vertices keep up
//     to four joints, whole percents summing to 100 (more joints: the four
//     strongest, renormalised, with a model.CodeGLTFWeights finding). Morph
//     targets are applied at their default weights; animated weights are
//     dropped and reported (model.CodeGLTFMorph).
//   - Each material used becomes a material: the base colour factor as the
//     diffuse colour (its alpha the opacity for BLEND), the base colour
//     texture's image as the texture, the emissive factor, a shininess from
//     the roughness, and MASK as the model extras' alpha-reference mode with
//     the cutoff. An image in a file is referenced by its relative path; an
//     embedded one (a data URI, a GLB buffer view) is returned as an Image,
//     which the caller writes beside the saved model: the import writes
//     nothing.
//   - Each animation becomes a named clip (model/clips), end to end on one
//     timeline at ImportOptions.FPS. Every joint is keyed at each clip's two
//     ends; LINEAR and STEP channels keep their keys (STEP with a key just
//     before each jump), and cubic splines and channels with keys between
//     frames are keyed at every frame as well as at their own keys. The
//     import then plays the model with model/anim against the glTF curves
//     at every frame and halfway between, and returns the largest distance
//     (Imported.Errors).
//
// The import reads external buffers only through the fs.FS it is given
// (ImportFile: an os.Root on the file's folder, so no path climbs out),
// checks every count and offset against the bytes there before allocating,
// bounds the work of resampling and instancing by the file's size, and
// reports what it cannot read as an *ImportError naming the JSON pointer
// at fault ("/accessors/3/count").
package importer
