// Package smd reads and writes Valve's StudioMDL Data (.smd) files, the text
// format that GoldSrc (Half-Life) and Source studiomdl compile models from,
// and converts them to and from MilkShape 3D models.
//
// # The format
//
// An SMD file is "version 1" followed by sections, each ended by "end":
//
//	nodes       id "name" parentId          (−1 for a root)
//	skeleton    time N, then: id px py pz rx ry rz   (local to the parent)
//	triangles   a material line, then three vertex lines:
//	            bone px py pz nx ny nz u v [count bone weight …]
//
// A reference SMD holds the mesh and the rest pose (time 0); an animation SMD
// holds the skeleton at times 0, 1, 2 … and no triangles. GoldSrc vertex
// lines name one bone; Source lines may add weighted links. Rotations are
// Euler angles in radians applied X first, then Y, then Z — the convention
// of MilkShape's joints, so rest rotations carry over unchanged. Texture
// coordinates have a bottom-left origin (v = 1 − MilkShape's t).
//
// # Axes
//
// MilkShape is Y-up with models facing +Z; both engines are Z-up with
// models facing +X (Source's forward, GoldSrc's too). Export maps a
// MilkShape point (x, y, z) to the SMD point (z, x, y) — a rotation, so
// nothing is mirrored — and Import maps back. The rotation is applied to
// the vertices and to the root bones only, so every child bone keeps its
// local transform exactly.
//
// # Reading
//
// Read separates unreadable input from suspicious input. A line that cannot
// be parsed is a *SyntaxError with the file name, line and column. Anything
// else wrong — unknown bone ids, NaN numbers, a section without "end",
// duplicate nodes — is a model.Finding whose location is the line
// (model.PartSMDLine with the line number and the byte offset of its start),
// and reading goes on. Lines are bounded (MaxLineLength) and so are the
// counts of nodes, poses and triangles (MaxNodes, MaxPoses, MaxTriangles),
// so memory stays proportional to the input and limited whatever it holds.
//
// # Importing and exporting
//
// Import turns a reference file plus any number of animation files into one
// model: the animations are laid end to end on its timeline, and each
// becomes a named clip (package model/clips). Export writes a reference SMD,
// one SMD per clip (or one for the whole timeline when there are no clips)
// and a QC stub listing them, for the GoldSrc or the Source profile.
// ValidateFor reports what an engine will not take (too many bones,
// vertices without a bone, lost weights, textures GoldSrc cannot load,
// judged by their names), and FixUnboned binds unboned vertices to the
// nearest joint. Judging and converting the texture files themselves is
// document/engine's work: it needs the texture layer.
package smd
