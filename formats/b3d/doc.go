// Package b3d reads and writes Blitz3D model files (.b3d), the format
// Blitz3D, Irrlicht and Luanti load, following Mark Sibly's public-domain
// specification (b3dfile_specs.txt): a BB3D chunk holding TEXS (textures),
// BRUS (brushes, that is materials) and a tree of NODE chunks, each with a
// local transform and a MESH (VRTS vertices, TRIS triangles), a BONE (vertex
// weights), KEYS (position, scale and rotation keys on whole frames) and an
// ANIM chunk (frame count and rate). Integers and floats are little-endian,
// strings NUL-terminated, rotations quaternions stored w, x, y, z.
//
// Decode and Encode mirror the file (File, Node, Mesh, …): Decode checks
// every chunk length against its parent and every count against its chunk
// before it allocates, refuses what does not hold together with a
// *FormatError naming the chunk and the byte offset, and skips chunks the
// format does not define with a finding; Encode writes the chunks in the
// format's order, and the real files of the corpus encode to their own bytes.
//
// Import and Export convert between a File and a model.Model so that a file
// plays in Irrlicht 1.8.5 (the judge; see the interop tests) as its MS3D
// source plays there: Irrlicht is left-handed and shows MilkShape's
// (x, y, z) at (x, y, −z), so coordinates are mirrored in z, triangle
// corners reversed, and a rotation's quaternion (w, x, y, z) stored as
// (w, x, y, −z) (Irrlicht builds a B3D node's rotation as the transpose of
// its quaternion's matrix). Frame n of the file is MilkShape frame n, at time
// n/fps, with the model's rate in the ANIM chunk. B3D keys hold absolute
// local values, MS3D keys values relative to the joint's rest; MS3D has no
// scale, one rotation and one translation key track a joint, and at most
// four weighted bones a vertex: what does not fit is reported.
package b3d
