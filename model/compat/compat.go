package compat

import (
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/model/fix"
)

// Rule describes one quirk of a reader: the finding code Check reports it
// with and what Fix does about it.
type Rule struct {
	Code    model.Code
	Profile Profile
	// Fixable reports whether Fix changes the model for this quirk.
	Fixable bool
	// Does says what the fix does and what it drops or, for a quirk with
	// no fix, why there is none.
	Does string
}

// rule is a Rule with its check and, when Fixable, its fix.
type rule struct {
	Rule
	check func(m *model.Model, r Rule) []model.Finding
	fix   func(m *model.Model, r Rule) []fix.Change
}

// rules lists every rule; for each profile, Fix applies the fixes in this
// order (earlier fixes make later checks simpler: the assimp comment fix
// runs before empty groups are deleted, so no group comment is renumbered
// for nothing).
var rules = []rule{
	{Rule{model.CodeAssimpVersion, Assimp, true,
		"writes version 4; version 3 records are identical, so nothing is lost"}, checkVersion, fixVersion},
	{Rule{model.CodeAssimpJointCount, Assimp, true,
		"writes a joint count of 0 after the keyframer header; nothing is lost"}, checkJointCount, fixJointCount},
	{Rule{model.CodeAssimpComments, Assimp, true,
		"drops the group, material and joint comments (each is listed in the log) and keeps the model comment, which assimp reads past safely"}, checkAssimpComments, fixAssimpComments},
	{Rule{model.CodeAssimpEmptyGroup, Assimp, true,
		"deletes the groups that have no triangles, dropping their names, flags, material indices and comments; triangles keep their groups, renumbered"}, checkEmptyGroups, fixEmptyGroups},
	{Rule{model.CodeAssimpNoGroups, Assimp, false,
		"no fix: a model with no triangle in any group has nothing assimp can load"}, checkNoGroups, nil},
	{Rule{model.CodeAssimpNoKeys, Assimp, true,
		"adds one rotation key of (0, 0, 0) at frame 1 to a root joint, which keeps it at rest, so the animation looks the same everywhere; nothing is lost"}, checkNoKeys, fixNoKeys},
	{Rule{model.CodeAssimpBoneID, Assimp, false,
		"no fix: the vertex must stay on its joint (reordering the joints so that the bound ones come first is not done)"}, checkBoneID, nil},
	{Rule{model.CodeAssimpWeights, Assimp, false,
		"no fix: MS3D puts the vertex extras after the comments block, which assimp always misreads"}, checkAssimpWeights, nil},
	{Rule{model.CodeAssimpPositionKeys, Assimp, false,
		"no fix: keys that assimp plays right would be wrong in every other reader"}, checkPositionKeys, nil},

	{Rule{model.CodeBlenderVertexExtra, Blender, true,
		"writes the vertex extras as sub-version 2 (10 bytes a vertex), dropping each vertex's second extra word (the log says how many were not zero)"}, checkVertexExtra3, fixVertexExtra3},
	{Rule{model.CodeBlenderTransparency, Blender, false,
		"no fix: a transparency that Blender reads right would be wrong in every other reader; set the material's alpha after import"}, checkTransparency, nil},

	{Rule{model.CodeIrrlichtVertexExtra, Irrlicht, true,
		"writes the vertex extras as sub-version 2 (10 bytes a vertex), dropping each vertex's second extra word (the log says how many were not zero)"}, checkVertexExtra3, fixVertexExtra3},
	{Rule{model.CodeIrrlichtTriangleOrder, Irrlicht, true,
		"stores the triangles in group order (each group's list in turn, triangles in no group last) and sets each triangle's group index; nothing is lost"}, checkTriangleOrder, fixTriangleOrder},
	{Rule{model.CodeIrrlichtNoMaterial, Irrlicht, false,
		"no fix: giving the group a material would change it for every other reader"}, checkNoMaterial, nil},
	{Rule{model.CodeIrrlichtBoneID, Irrlicht, true,
		"moves the joints the vertices are bound to, and their parents, to the front (when there are at most 128) and renumbers the bone ids and joint comments; the skeleton and the animation are unchanged, nothing is lost"}, checkBoneIDs, fixBoneIDs},
	{Rule{model.CodeIrrlichtPositionKeys, Irrlicht, true,
		"re-bases the skeleton on zero rest rotations, folding each joint's rest rotation into its children's rest positions and its keys; the animation plays exactly as before, and every other reader plays it the same"}, checkPositionKeys, fixRebase},
	{Rule{model.CodeIrrlichtRestDegrees, Irrlicht, true,
		"re-bases the skeleton on zero rest rotations, as for reader.irrlicht-position-keys; the animation plays exactly as before"}, checkRestDegrees, fixRebase},
	{Rule{model.CodeIrrlichtRotationLerp, Irrlicht, true,
		"adds rotation keys on the slerp between the keys Irrlicht blends linearly, until its blend is within 1e-4 of the model's size; the animation plays as before"}, checkRotationLerp, fixRotationLerp},

	{Rule{model.CodeMilkShapeLimit, MilkShape, false,
		"no fix: split the model, or merge groups, materials or joints, by hand"}, checkMilkShapeLimits, nil},
}

// Rules returns the quirks of profile p that Check reports, in the order
// Fix handles them.
func Rules(p Profile) []Rule {
	var out []Rule
	for _, r := range rules {
		if r.Profile == p {
			out = append(out, r.Rule)
		}
	}
	return out
}

// Check reports what the reader of profile p will refuse or misread in the
// file m encodes to, and why. It does not modify m. Findings have no byte
// offsets. An unknown profile has no findings.
func Check(m *model.Model, p Profile) []model.Finding {
	var out []model.Finding
	for _, r := range rules {
		if r.Profile == p {
			out = append(out, r.check(m, r.Rule)...)
		}
	}
	return out
}

// Fix changes m so that the reader of profile p loads it, losing as little
// as possible, and returns the log of changes, in model/fix's form (Code is
// the reader finding each change answers; locations have no byte offsets),
// so that both logs show as one; it is empty, and m untouched,
// when the reader needs nothing. Quirks with no fix are left for Check to
// report.
func Fix(m *model.Model, p Profile) []fix.Change {
	var out []fix.Change
	for _, r := range rules {
		if r.Profile == p && r.fix != nil {
			out = append(out, r.fix(m, r.Rule)...)
		}
	}
	return out
}

// finding builds a finding with the rule's severity from the code table.
func finding(code model.Code, where model.Location, msg, fix string) model.Finding {
	sev := model.Error
	if in, ok := model.LookupCode(code); ok {
		sev = in.Severity
	}
	return model.Finding{Code: code, Severity: sev, Where: where, Message: msg, Fix: fix}
}

func quote(s model.Str) string { return fmt.Sprintf("%q", s.Display()) }

// clip shortens a comment for a log line.
func clip(s model.Str) string {
	d := []rune(s.Display())
	if len(d) > 60 {
		return fmt.Sprintf("%q…", string(d[:60]))
	}
	return fmt.Sprintf("%q", string(d))
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func vertices(n int) string {
	if n == 1 {
		return "1 vertex"
	}
	return fmt.Sprintf("%d vertices", n)
}

func change(code model.Code, where model.Location, msg string) fix.Change {
	return fix.Change{Code: code, Where: where, Message: msg}
}
