// Package max3ds reads Autodesk 3D Studio (.3ds) files and converts them into
// MilkShape 3D models, following shared/docs/3ds-format.md.
//
// Decode mirrors the file: a Scene holds the editor part (materials, mesh
// objects with vertices, texture coordinates, faces, face-material groups,
// smoothing groups and mesh matrices, lights and cameras) and the keyframer
// (nodes with their ids, parents, instance names, pivots and tracks, the
// segment and the saved frame). Import turns a Scene into a *model.Model the
// way MilkShape does: one group per object and material, one joint per node,
// every vertex bound to its object's joint.
//
// The chunk reader never trusts a length. A chunk that claims to run past
// its parent is clamped to the parent and reported; a length shorter than a
// chunk header stops the walk of that parent (so no loop can stall on a
// zero length); unknown chunks are skipped by their length; every element
// count is checked against the bytes its chunk holds before anything is
// allocated. Decode returns an error only when the input is not a 3DS file
// at all; everything else it can read becomes a Scene, with findings that
// carry the byte offset of what was wrong.
package max3ds
