// Package md2 reads and writes Quake 2 models (.md2, "IDP2" version 8),
// as id Software's qfiles.h lays them out and its engine (ref_gl's
// Mod_LoadAliasModel) and Irrlicht 1.8 (the judge of the interop tests)
// read them: a header of counts and offsets, skin names, texture
// coordinates in skin pixels, triangles indexing vertices and texture
// coordinates, key frames of vertices quantised to 8 bits an axis across
// each frame's box with a normal from the 162-entry table (Normals), and
// GL commands, strips and fans that carry their own texture coordinates.
// Integers and floats are little-endian.
//
// Decode and Encode mirror the file (File, Frame, GLCommand …): Decode
// checks every count and offset against the file before it allocates and
// refuses what does not hold together with a *FormatError naming the part
// and the byte offset; the real files of the corpus encode to their own
// bytes.
//
// Export turns a model's skeletal animation into key frames (the model
// posed by model/anim at each frame; see formats/vertexanim for the
// frames, their names and the coordinates), and Import reads a file back
// into a model, which, as MS3D has no vertex animation, carries it by
// fitted rigid joints (or holds one frame). ValidateFor adds what Quake 2
// itself refuses. docs/quake-formats.md says what each convention is and
// where in the engines' sources it comes from.
package md2
