// Package xform is the one owner of rotations and rigid transforms: MS3D
// Euler angles, quaternions, 3×3 rotation matrices, rotation plus
// translation, slerp. Every format, the animation code and the viewport use
// it, so that a rotation read from one file and written to another goes
// through one set of formulas and one gimbal-lock rule.
//
// # Conventions
//
// They are those of docs/ms3d-format.md §4:
//
//   - Vectors are columns and a matrix acts as v′ = M·v. Mat3 is stored row
//     by row: m[r][c] is row r, column c. mgl32 matrices are column-major
//     (element (r, c) is m[4c+r]); the MGL methods convert.
//   - MS3D Euler angles (x, y, z) are radians, applied X first, then Y, then
//     Z: R = Rz(z)·Ry(y)·Rx(x).
//   - A quaternion is (x, y, z, w), w the scalar part (glTF's order);
//     q.Mul(p) is the rotation p followed by q, and has the matrix
//     q.Mat()·p.Mat().
//   - Rigid is x ↦ R·x + T; a.Mul(b) applies b first.
//
// The float64 types are for building and decomposing transforms, where
// several rotations are composed and float32 rounding would add up. The
// float32 types (Quat32, Mat32, Arc32) are for the per-frame path of
// model/anim, which stores one rotation per key and must not allocate.
//
// # Gimbal lock
//
// Mat3.Euler returns y in [−π/2, π/2] and x, z in [−π, π]; y comes from
// atan2 (asin loses half its digits near ±90°). When cos y is below 1e-8,
// X and Z turn about one axis and only x − z·sin y is determined: Euler
// then takes z = 0 and puts the whole turn into x, read from row 1 of
// Ry·Rx, (0, cos x, −sin x). 1e-8 is about √ε of float64: below it the
// rule's error (of order cos y) and above it the general formula's error
// (of order ε / cos y) both stay under 1e-8, far below what the float32
// angles an MS3D file stores can resolve. Keeping the turn in x, the angle
// applied first, leaves a bone's own twist where an animator looks for it.
package xform
