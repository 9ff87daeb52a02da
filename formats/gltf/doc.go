// Package gltf exports MilkShape 3D models to glTF 2.0 (the Khronos
// specification, https://registry.khronos.org/glTF/specs/2.0/glTF-2.0.html),
// as a binary .glb or as a .gltf JSON file with a .bin buffer and image files
// beside it, and imports glTF 2.0 files into MilkShape models. Documents are
// built and parsed with github.com/qmuntal/gltf.
//
// What the export holds:
//
//   - One mesh per group, with one primitive for the group's material:
//     positions in model space, unit normals (corner normals as stored,
//     normalised; a zero or non-finite one is replaced by the face normal)
//     and TEXCOORD_0. MS3D texture coordinates already have glTF's top-left
//     origin, so they are written unchanged. Corners sharing a vertex, a
//     normal and a texture coordinate share one glTF vertex.
//   - One material per MS3D material: a metallic-roughness approximation with
//     the diffuse colour and opacity as base colour, no metal, a roughness
//     worked out from the shininess, and the emissive colour. The texture is
//     the base colour texture, embedded in a .glb and written beside a .gltf;
//     PNG and JPEG files are kept as they are, BMP, TGA and GIF are converted
//     to PNG. The alpha mode follows the viewport: BLEND when the material
//     is not opaque or its texture has partial alpha, MASK when the texture
//     alpha is only ever 0 or 1. Materials are double-sided, as MilkShape and
//     the viewport draw them.
//   - The skeleton as a node hierarchy under one root node, and a skin whose
//     inverse bind matrices are model/anim's G_rest⁻¹, with JOINTS_0 and
//     WEIGHTS_0 from model.Model.Influences. Vertices without a valid bone
//     are bound to the root node, which never moves, so they stay in the bind
//     pose as they do in the viewport.
//   - The animation as LINEAR translation and rotation channels, one
//     animation per clip (or one for the whole timeline). The channels are
//     sampled from model/anim's Skeleton at every key time of the joint, so
//     glTF playback reproduces anim's slerp and lerp: both are preserved by
//     the rest-pose transform that MS3D keys are relative to. Where anim's
//     pose jumps (two keys at the same time) a sample one float32 step
//     earlier holds the value before the jump, since glTF key times must
//     increase strictly.
//
// Bad data never makes the export panic: triangles naming missing vertices
// or vertices with non-finite positions are left out, non-finite normals and
// texture coordinates are repaired, out-of-range material indices fall back
// to glTF's default material, and every such repair is returned as a
// model.Finding. The result passes the Khronos glTF validator without errors
// (the tests run it over the corpus and over damaged models).
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
package gltf
