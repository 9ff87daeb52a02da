// Package ms3d reads and writes MilkShape 3D (.ms3d) files, versions 3 and 4,
// as described in docs/ms3d-format.md: every mandatory part, the
// comments, vertex-extra (sub-versions 1, 2 and 3), joint-extra and
// model-extra blocks, and any bytes after them.
//
// Decoding is lossless: Encode(Decode(b)) == b for every file Decode reads
// completely, including files with trailing garbage, empty groups and
// keyless joints. Strings keep their raw bytes.
//
// Decode separates unreadable input from suspicious input. It returns an
// error only when the header cannot be read; anything it can read past that
// becomes a model, with findings for what is wrong (a part cut short, an
// unknown block, trailing bytes). Every count is checked against the bytes
// that remain before anything is allocated, so hostile input cannot make the
// reader allocate more than the input justifies.
package ms3d
