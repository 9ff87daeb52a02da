// Package transform moves, turns, mirrors and scales a whole model so that
// its animation comes along: the posed model at every time is the
// transformed pose of the original (docs/ms3d-format.md §4 for the joint
// and key conventions).
//
// A Transform is an affine map x ↦ A·x + B of model space, built from
// Scale, Rotate, Mirror, Up, Units and Translate and composed with Then;
// Center adds the translation that puts a model's box on the origin or
// on the floor. Apply changes a model by it:
//
//   - vertices go to A·v + B; corner normals to (A⁻¹)ᵀ·n, normalised;
//   - when A is a similarity, s·Q with Q orthogonal (scales, rotations,
//     mirrors, up-axis and unit changes and their products), each joint's
//     global transform G becomes S·G·C with S the whole map and C the
//     inverse of s·Q, which is again rigid: rest rotations and rotation
//     keys are conjugated, Q·R·Qᵀ, rest positions and position keys become
//     s·Q·p (a root's also gets B). Conjugation keeps the angle between
//     key rotations, so slerped in-betweens follow too and the pose is the
//     transformed pose at every time, not only at keys. A mirror (det Q <
//     0) is a reflection, not a rotation, and conjugating the skeleton by it
//     mirrors every pose exactly; triangle winding is flipped so that front
//     faces stay in front;
//   - a non-uniform scale cannot be carried by rigid joints: Apply refuses
//     it for a model with keys (a *NotRigidError says which scale and
//     why), and for a model without keys moves the joints' origins with
//     the mesh and keeps their orientations (nothing moves, so every pose
//     is the bind pose, transformed).
//
// Apply never writes into the slices it was given: what it changes it
// rebuilds, so Result.Revert restores the model exactly.
package transform
