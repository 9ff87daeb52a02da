// Package compat knows how the MS3D readers people actually use misread
// files that are valid by docs/ms3d-format.md, and changes a model so
// that a chosen reader loads it.
//
// A Profile names a reader: assimp (Debian's 5.2.5 and its MS3D loader),
// Blender's MS3D add-on, Irrlicht's engine loader and MilkShape 3D itself
// (its documented limits). The quirks are those of ms3d-format.md §5, checked
// against each reader's source and, for assimp, against the real binary on
// the corpus.
//
// Check reports, for one profile, what that reader will refuse or misread
// and why, as model.Finding values with the reader.* codes of
// model/codes_compat.go. Fix makes the changes that get the file loaded
// there while losing as little as possible, and logs each one, saying what
// it drops. Some misreadings have no fix that keeps the file right for
// every other reader (assimp never reaches the vertex weights of a file
// written by the format's rules; Blender inverts transparency): those are
// reported and left alone.
//
// The package works on the model only. Where a reader misparses bytes, the
// fix is a change to the model that makes the encoder write bytes the reader
// parses (drop the comments it misreads, write vertex extras with a
// sub-version it reads right). Run it after model/fix: it assumes a model that
// model/validate finds no errors in, and does not repeat those checks.
package compat
