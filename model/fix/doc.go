// Package fix applies the automatic fixes for the findings that
// formats/ms3d.Decode, model/validate.Check and model.ResolveHierarchy
// report (the validation list of ms3d-format.md §6), and records every
// change it makes.
//
// Fix works on the model, not on the findings: validate caps the findings it
// lists per code, so each fix looks for its problem itself, everywhere in the
// model, and the finding codes only name the fixes (Options.Only and
// Options.Skip choose them; Rules lists them with what each does and whether
// it runs by default). A fix never invents data silently: every change,
// including each value chosen for something that was missing or not a
// number, is a Change in the log, with the finding code it answers, where it
// applies and a sentence saying what changed ("group 0 ("grp"): material
// index 1 → −1 (no material)").
//
// Fixes run in an order that lets later ones rely on earlier ones: the file's
// trailing bytes and field lengths, vertices (positions, bones, weights),
// triangles (out-of-range vertices, non-finite texture coordinates), group
// membership, normals (recomputed from the geometry and smoothing groups),
// materials and texture paths, the keyframer, joints (rest pose, keys,
// hierarchy, colours), the total frame count and comments. A model with
// nothing to fix is not touched, so it encodes to the bytes it was read
// from.
//
// Decode runs the whole pipeline on a file's bytes: it first repairs the
// joint keys of a file that the decoder finds short (formats/ms3d
// RepairShortKeys, the defect of GLScene's Woman4.ms3d), then decodes and
// fixes, with byte offsets in the log.
package fix
