// Package md3 reads and writes Quake 3 models (.md3, "IDP3" version 15),
// as id Software's qfiles.h lays them out and ioquake3's renderer
// (R_LoadMD3) and cgame (CG_ParseAnimationFile for animation.cfg) and
// Irrlicht 1.8 (the judge of the interop tests) read them: a header, frames
// with their bounds and radius, tags (attachment points with three axes)
// for every frame, and surfaces, each with its shaders, triangles, texture
// coordinates and vertices for every frame, in 1/64 units with the normal
// as two angles (EncodeNormal). Integers and floats are little-endian.
//
// Decode and Encode mirror the file (File, Surface, Tag …): Decode checks
// every count and offset against the file before it allocates and refuses
// what does not hold together with a *FormatError naming the part and the
// byte offset; the real file of the corpus encodes to its own bytes.
//
// Export writes a surface a group, the model posed by model/anim at each
// key frame (see formats/vertexanim), tags from the joints named tag_…,
// and AnimationConfig the animation.cfg of a Quake 3 player from the
// clips named for its animations. Import reads a file back: tags become
// rigid joints keyed at every frame, and, as MS3D has no vertex animation,
// the surfaces' animation is carried by fitted rigid joints (or one frame
// is kept). ValidateFor adds what Quake 3 itself refuses.
// docs/quake-formats.md says what each convention is and where in the
// engines' sources it comes from.
package md3
