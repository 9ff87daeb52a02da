// Package interop checks MS3D Studio's files with readers we did not write.
//
// It holds tests only. assimp_test.go takes every MS3D file of the shared
// corpus through what `ms3dtool fix --for assimp` does — decode with
// formats/ms3d, model/fix's default fixes (with the byte-level repair of a
// file whose joint keys are short, as document.DecodeFixed does), then
// model/compat.Fix for the assimp profile — encodes the result and runs the
// real `assimp info` (Debian's assimp-utils) on it: every file must load,
// with the face, mesh and channel counts and the bounding box the model
// predicts. It also records which files assimp refuses as they are and after
// model/fix alone, so that a change in either shows.
//
// When the assimp binary is missing the tests fail if the CI environment
// variable is set, and skip with a message otherwise.
package interop
