// Package max3ds reads Autodesk 3D Studio (.3ds) files and converts them into
// MilkShape 3D models, following docs/3ds-format.md.
//
// Decode mirrors the file: a Scene holds the editor part (materials, mesh
// objects with vertices, texture coordinates, faces, face-material groups,
// smoothing groups and mesh matrices, lights and cameras) and the keyframer
// (nodes with their ids, parents, instance names, pivots and tracks with
// their TCB parameters, the segment and the saved frame). Import turns a
// Scene into a *model.Model the way MilkShape does: one group per object and
// material, one joint per node, every vertex bound fully to its object's
// joint.
//
// The chunk reader never trusts a length. A chunk that claims to run past
// its parent is clamped to the parent and reported; a length shorter than a
// chunk header stops the walk of that parent (so no loop can stall on a
// zero length); unknown chunks are skipped by their length; every element
// count is checked against the bytes its chunk holds before anything is
// allocated. Decode returns an error only when the input is not a 3DS file
// at all; everything else it can read becomes a Scene, with findings that
// carry the byte offset of what was wrong.
//
// Import follows the formula of the document's §2,
//
//	W(t) = N_parent(t) · T(pos(t)) · R(rot(t)) · S(scl(t)) · [T(−pivot)] · M⁻¹ · v,
//
// with rotation keys accumulated as deltas, q_i = axisangle(−a_i) ⊗ q_{i−1},
// and positions interpolated linearly. The pivot term is applied or not by
// the pivot rule: PivotAuto measures both against the stored vertices at the
// saved frame and keeps the closer (in the corpus that is always "ignore"
// where pivots are not zero, including the two car models whose stored
// vertices are broken: those need PivotApply). Joints are rigid: the scale
// at the saved frame is baked into each mesh and into its children's
// offsets. Texture coordinates are scaled about the centre of the map by
// the U and V scales, rotated about it by the stored angle and moved by the
// stored offsets (the signs 3ds Max writes, opposite to its user interface
// for the V offset and the angle), then stored with T = 1 − V. Axes are
// converted from Z up to MilkShape's Y up, (x, y, z) → (x, z, −y), unless
// Options.KeepAxes is set. The master scale (0x0100) is read into the Scene
// but not applied.
package max3ds
