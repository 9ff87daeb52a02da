// Package interop checks MS3D Studio's files with readers we did not write.
//
// It holds tests only. assimp_test.go takes every MS3D file of the shared
// corpus through what `ms3dtool fix --for assimp` does — decode with
// formats/ms3d, model/fix's default fixes (with the byte-level repair of a
// file whose joint keys are short, as ms3dfix.Decode does), then
// model/compat.Fix for the assimp profile — encodes the result and runs the
// real `assimp info` (Debian's assimp-utils) on it: every file must load,
// with the face, mesh and channel counts and the bounding box the model
// predicts. It also records which files assimp refuses as they are and after
// model/fix alone, so that a change in either shows.
//
// irrlicht_*_test.go judge files by the Irrlicht engine (package
// interop/irrlicht): its own animated vertices, at five frames across the
// animation, must be within 1e-3 of the model's size of our pose
// (model/anim). The MS3D test does it for every corpus file after `fix
// --for irrlicht`, and records which files Irrlicht gets wrong as they are;
// the B3D tests for every corpus file exported to B3D (with the textures
// Irrlicht loads) and for the real B3D files as formats/b3d imports them,
// and run `assimp info` on every export. irrlicht_quake_test.go does the
// same for the MD2 and MD3 exports, within their quantisation (half the
// 8-bit step of an MD2 frame's box; 1/64 unit plus 1e-3 of the size for
// MD3, whose tags must also be at our joints), and checks that the real
// MD2 and MD3 files open in the document as Irrlicht shows them.
//
// When the assimp binary, g++ or Irrlicht is missing the tests fail if the
// CI environment variable is set, and skip with a message otherwise.
package interop
