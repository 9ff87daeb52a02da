// Package anim poses MilkShape 3D skeletons and skins meshes on the CPU,
// following the conventions of docs/ms3d-format.md §4.
//
// A Skeleton is built from a model.Model: the joint tree (parents found by
// name, evaluated in topological order whatever the file order), the rest
// matrices T(position)·Rz·Ry·Rx, and the keyframes, cleaned of keys that
// cannot be played. Pose evaluates every joint's global matrix at a time in
// seconds: keys are relative to the rest pose, with the translation key in
// the rest frame,
//
//	L(t) = L_rest · [R(keyRotation(t)) | keyPosition(t)],
//
// rotation keys are slerped as quaternions along the shortest arc, position
// keys interpolated linearly, the first and last keys held outside the key
// range, and keyless joints stay at rest. SkinMatrices turns global matrices
// into skinning matrices G_anim·G_rest⁻¹, the matrices a GPU skinning shader
// wants.
//
// A Skinner holds a model's vertices, influences (up to four per vertex, by
// the rules of model.Model.Influences) and per-corner normals in a layout
// made for speed, and skins them into caller-owned buffers:
//
//	v' = Σ wᵢ · S(jᵢ) · v        (positions, full matrix)
//	n' = Σ wᵢ · rot(S(jᵢ)) · n   (corner normals, rotation only)
//
// Large meshes are split across a pool of worker goroutines that is started
// once and reused; nothing is allocated per frame. On amd64 CPUs with AVX2
// and FMA the multi-influence loops run in assembly (kernel_amd64.s); the
// pure-Go loops are used elsewhere, with the purego build tag, and are
// tested against the assembly.
//
// Both types copy what they need from the model: after the application edits
// joints or keys, call Skeleton.Rebuild; after it edits vertices, triangles,
// bone assignments, weights or the number of joints, call Skinner.Rebuild.
// Both reuse their memory and cost time linear in the model's size. After an
// edit of a few joints' keys, Skeleton.RebuildJoints gives the same skeleton
// in time linear in those joints' keys (and the number of joints): what a
// pose edit on a model with many keys needs.
//
// Bad data is reported as model.Finding values with stable codes and never
// makes posing panic: unresolvable parents and cycles make roots (codes from
// model.Model.ResolveHierarchy), non-finite rest values are taken as 0
// (model.CodeJointNonFinite), keys with a non-finite time or value are skipped
// (model.CodeKeyNonFinite), keys earlier than the key before them are skipped
// (model.CodeKeyOrder), keys at the same time as the key before them are kept
// as a step (model.CodeKeyOrder, as a warning), and influences on bones that are not
// joints are dropped (model.CodeVertexBoneRange).
package anim
