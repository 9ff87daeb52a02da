// Package gltf exports MilkShape 3D models to glTF 2.0 (the Khronos
// specification, https://registry.khronos.org/glTF/specs/2.0/glTF-2.0.html),
// as a binary .glb or as a .gltf JSON file with a .bin buffer and image files
// beside it. Documents are built with github.com/qmuntal/gltf.
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
// The import is package ms3dstudio/formats/gltf/importer.
package gltf
