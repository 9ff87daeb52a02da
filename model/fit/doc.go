// Package fit makes a model fit what an MS3D file holds (docs/ms3d-format.md
// §2 and §3: 16-bit vertex and triangle indices, a byte for a triangle's
// group and for a vertex's bones, a signed byte for a group's material,
// 32-byte names and 128-byte paths).
//
// A model.Model holds more than an MS3D file so that a scene imported from
// a richer format (glTF, OBJ, 3DS, SMD) opens, plays, edits and exports
// whole. Fit is the one pass that turns such a model into one an MS3D file
// can hold, changing as little as it can and reporting every change as a
// model.Finding (the codes model.CodeFit*):
//
//   - names longer than 32 bytes are cut at a character boundary and kept
//     unique (a joint's children follow its new name); texture paths longer
//     than 128 bytes become their portable spelling or their last folders
//     and file name (ShortPath);
//   - more than 128 materials: identical materials are merged, then unused
//     ones dropped, then the least used merged into the most similar kept;
//   - more than 255 groups: groups that share a material are merged, the
//     smallest first into the nearest earlier group of that material; the
//     merged groups' names (and comments) go into the group comment;
//   - a vertex bound to joint 255 or later (a file names bones with a byte,
//     255 meaning none): the joints that move vertices are renumbered
//     first, and joints that never move (no keys, or keys that all hold the
//     rest pose) are folded into their parents, which leaves every pose
//     exactly as it was;
//   - more than 65,534 vertices or triangles, or what else no change can fit
//     (bone-carrying joints left over, a key list over 65,535 keys): a
//     model.CodeFitTooLarge error finding with the counts, the limit and
//     what to do. The model is left whole; Split cuts it into several
//     models that each fit.
//
// A model that already fits is not changed, so an MS3D file read and fitted
// encodes to the same bytes. Fit never writes into the slices it was given:
// what it changes it rebuilds, so Result.Revert restores the model exactly
// and Plan can run it on a shallow copy.
package fit
