package fix

import (
	"fmt"
	"slices"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
	"ms3dstudio/model/validate"
)

// Change is one modification made by Fix, in the order Fix made them.
type Change struct {
	// Code is the finding code the change answers.
	Code model.Code `json:"code"`
	// Where locates the element changed, numbered as in the model before
	// Fix ran (a triangle keeps its original index in the log even after
	// earlier triangles were deleted); groups Fix adds are numbered after
	// the existing ones. The offset is in the file the model was read from
	// when Options.Locator is given, otherwise −1.
	Where model.Location `json:"where"`
	// Message is a human sentence saying what changed, from what to what.
	Message string `json:"message"`
}

// String formats the change for a terminal: "group 0 [group.material-range]:
// group 0 ("grp"): material index 1 → −1 (no material)".
func (c Change) String() string {
	return fmt.Sprintf("%s [%s]: %s", c.Where, c.Code, c.Message)
}

// Options choose the fixes and give them what they need.
type Options struct {
	// Only, when not empty, names the codes to fix: exactly these, whether
	// or not they are fixed by default.
	Only []model.Code
	// Skip names codes never to fix; it wins over Only.
	Skip []model.Code
	// Textures finds texture files, so that a texture path becomes the
	// portable path of the file found. Nil works from the string alone
	// (backslashes become slashes, an absolute path its file name) and
	// leaves material.texture-remapped alone.
	Textures *texpath.Resolver
	// Locator gives byte offsets for the log's locations, for elements
	// numbered as before Fix. It is asked after the model has changed, so
	// formats/ms3d.NewLayout must be given a shallow copy of the model
	// made before Fix (Decode does this). Nil leaves offsets at −1.
	Locator validate.Locator
	// NormalTolerance is how far a normal's length may be from 1 before it
	// is normalised (0: validate.DefaultNormalTolerance). Use the tolerance
	// the findings were made with.
	NormalTolerance float64
}

// Rule describes how Fix treats one finding code.
type Rule struct {
	// Code is the finding code.
	Code model.Code
	// Fixable reports whether Fix has a fix for the code.
	Fixable bool
	// Default reports whether the fix runs when Options.Only is empty.
	Default bool
	// Does says what the fix does (or, for a code with no fix, what
	// happens to it).
	Does string
	// Why says why a fix does not run by default, or why there is none.
	Why string
}

// rules lists every code the decoder, validate and ResolveHierarchy report,
// in the order Fix handles them.
var rules = []Rule{
	{model.CodeTruncated, false, false, "the elements read before the file ended are kept and saved as a complete file; the log always says so", "what was cut off is not in the file"},
	{model.CodeVersion3, false, false, "nothing: version 3 and 4 records are identical, and the version is kept", "not a defect"},
	{model.CodeVersion, true, true, "sets the version to 4", ""},
	{model.CodeKeysShort, true, true, "restores the missing bytes as zeros where the last joint's keys go out of step, before decoding (Decode does; a decoded model no longer has the bytes)", ""},
	{model.CodeBlockUnreadable, true, true, "drops the unreadable bytes (no reader can use them; the log gives their count and offset)", ""},
	{model.CodeTrailingBytes, true, true, "drops the bytes after the last block", ""},
	{model.CodeCount, false, false, "nothing", "only deleting elements would fit the field sizes, and which ones is the author's choice"},
	{model.CodeFieldLength, true, true, "shortens names to 32 bytes (a joint's children follow it); a texture path longer than 128 bytes becomes its portable spelling, its last folders and file name, or its file name with the stem cut", ""},
	{model.CodeVertexNonFinite, true, true, "replaces each non-finite coordinate by the average of that coordinate over the vertices that share a triangle with it (0 when none is finite)", ""},
	{model.CodeVertexBoneRange, true, true, "sets the bone to none", ""},
	{model.CodeExtraBoneRange, true, true, "sets the extra bone to none", ""},
	{model.CodeWeightsOver, true, true, "scales the weights in integers (largest remainder) to sum to 100 (255 in sub-version 1)", ""},
	{model.CodeWeightsLost, true, true, "moves the weight of missing bones to the vertex's bones, in integers summing to 100 (255 in sub-version 1)", ""},
	{model.CodeTriangleVertexRange, true, true, "deletes the triangle; group lists are renumbered", ""},
	{model.CodeTriangleNonFinite, true, true, "recomputes non-finite normals from the geometry; non-finite texture coordinates become 0", ""},
	{model.CodeGroupTriangleRange, true, true, "drops the indices that name no triangle", ""},
	{model.CodeTriangleMultiGroup, true, true, "keeps one listing: in the group the triangle's group index names if it lists it, otherwise the first", ""},
	{model.CodeTriangleNoGroup, true, true, "adds the triangle to the group its group index names, or else to a new group \"ungrouped\" (deleted only when 256 groups leave no room)", ""},
	{model.CodeTriangleGroupIndex, true, true, "sets the group index to the group that lists the triangle", ""},
	{model.CodeGroupMaterialRange, true, true, "sets the material to −1 (none)", ""},
	{model.CodeNormalZero, true, true, "recomputes the normal as MilkShape does: the average of the face normals of the triangles at the vertex in the same smoothing group, the face normal in smoothing group 0", ""},
	{model.CodeNormalLength, true, true, "normalises the normal, keeping its direction", ""},
	{model.CodeMaterialNonFinite, true, true, "replaces non-finite values by OpenGL's material defaults (ambient 0.2, diffuse 0.8, specular and emissive 0, alpha 1, shininess 0, transparency 1)", ""},
	{model.CodeTransparencyRange, true, true, "clamps the transparency to 0–1", ""},
	{model.CodeShininessRange, true, true, "clamps the shininess to 0–128", ""},
	{model.CodeTexturePath, true, true, "writes the path of the file found, relative to the model, with forward slashes; when nothing is found, the path with forward slashes (an absolute path its file name)", ""},
	{model.CodeAlphaMapPath, true, true, "as material.texture-path, for the alpha map", ""},
	{model.CodeTextureRemapped, true, false, "writes the path of the file found, relative to the model", "the path may be relative to the program rather than the model (NeHe's \"data/Wood.bmp\"), and it works as it is"},
	{model.CodeAlphaMapRemapped, true, false, "as material.texture-remapped, for the alpha map", "as material.texture-remapped"},
	{model.CodeTextureMissing, false, false, "nothing", "the file is not there to point at"},
	{model.CodeAlphaMapMissing, false, false, "nothing", "the file is not there to point at"},
	{model.CodeKeyframerNonFinite, true, true, "sets a non-finite frame rate to 24 and a non-finite current time to 0", ""},
	{model.CodeFPS, true, true, "sets the frame rate to 24; key times are in seconds and stay, and the log says how the animation's length in frames changes", ""},
	{model.CodeJointNonFinite, true, true, "sets non-finite rest rotation and position components to 0", ""},
	{model.CodeKeyTimeNonFinite, true, true, "removes keys whose time is not finite", ""},
	{model.CodeKeyNonFinite, true, true, "removes keys whose value is not finite", ""},
	{model.CodeKeyOrder, true, true, "sorts the keys by time (stable) and keeps the first of keys with the same time", ""},
	{model.CodeParentMissing, true, true, "makes the joint a root", ""},
	{model.CodeParentCycle, true, true, "makes the joint where model.ResolveHierarchy cuts the cycle a root", ""},
	{model.CodeDuplicateName, true, true, "renames the later joint uniquely (at most 32 bytes); children keep the parent they resolve to", ""},
	{model.CodeParentCase, true, true, "writes the parent name exactly as the parent joint spells it", ""},
	{model.CodeJointColorNonFinite, true, true, "sets the colour to white", ""},
	{model.CodeModelExtraNonFinite, true, true, "sets a non-finite joint size to 1 and alpha reference to 0.5 (MilkShape's defaults)", ""},
	{model.CodeTotalFrames, true, true, "sets a negative total to 0 and extends a total that ends before the last key (unless no 32-bit count reaches the key: then the key is garbage)", ""},
	{model.CodeCommentIndex, true, false, "drops the comment", "the text is the author's and does no harm where it is"},
}

// Rules returns how Fix treats every finding code the decoder, validate and
// model.ResolveHierarchy report, in the order Fix handles them.
func Rules() []Rule { return slices.Clone(rules) }

func ruleFor(code model.Code) (Rule, bool) {
	for _, r := range rules {
		if r.Code == code {
			return r, true
		}
	}
	return Rule{}, false
}

// CheckCodes returns an error naming the first code in Only or Skip that is
// unknown or has no fix.
func (o Options) CheckCodes() error {
	for _, list := range [][]model.Code{o.Only, o.Skip} {
		for _, c := range list {
			r, ok := ruleFor(c)
			switch {
			case !ok:
				return fmt.Errorf("fix: unknown finding code %q", c)
			case !r.Fixable:
				return fmt.Errorf("fix: %s has no automatic fix (%s)", c, r.Why)
			}
		}
	}
	return nil
}

// Enabled reports whether Fix applies the fix for code with these options.
func (o Options) Enabled(code model.Code) bool {
	r, ok := ruleFor(code)
	if !ok || !r.Fixable || slices.Contains(o.Skip, code) {
		return false
	}
	if len(o.Only) > 0 {
		return slices.Contains(o.Only, code)
	}
	return r.Default
}

// Fix applies the enabled fixes to m and returns the log of changes, empty
// when nothing needed fixing (then m is untouched). decoded are the
// decoder's findings for m, if it was read from a file: they tell
// unreadable blocks from plain trailing bytes and say where a file was cut
// short. Fix never fails: what it cannot fix is left as it is, for a
// following validate.Check to report.
func Fix(m *model.Model, decoded []model.Finding, opt Options) []Change {
	f := &fixer{m: m, opt: opt, tol: opt.NormalTolerance}
	if f.tol == 0 {
		f.tol = validate.DefaultNormalTolerance
	}
	f.fileParts(decoded)
	f.fieldLengths()
	f.vertices()
	f.triangles()
	f.groups()
	f.normals()
	f.materials()
	f.keyframer()
	f.joints()
	f.totalFrames()
	f.comments()
	return f.log
}

type fixer struct {
	m   *model.Model
	opt Options
	tol float64
	log []Change
	// triOrig maps a triangle's current index to its index before Fix; nil
	// while no triangle has been deleted.
	triOrig []int
	// groupsBefore is the number of groups before Fix added any (0 until
	// a group is added).
	groupsBefore int
	addedGroups  bool
}

func (f *fixer) on(code model.Code) bool { return f.opt.Enabled(code) }

// at locates element index of part as numbered before Fix.
func (f *fixer) at(part string, index int) model.Location {
	loc := model.At(part, index)
	if f.opt.Locator == nil || (part == model.PartGroup && f.addedGroups && index >= f.groupsBefore) {
		return loc
	}
	loc.Offset = f.opt.Locator.Offset(part, index)
	return loc
}

// triAt locates the triangle with the current index t.
func (f *fixer) triAt(t int) model.Location { return f.at(model.PartTriangle, f.origTri(t)) }

func (f *fixer) origTri(t int) int {
	if f.triOrig == nil {
		return t
	}
	return f.triOrig[t]
}

func (f *fixer) add(code model.Code, where model.Location, format string, args ...any) {
	f.log = append(f.log, Change{Code: code, Where: where, Message: fmt.Sprintf(format, args...)})
}

// finite reports whether x is neither NaN nor infinite.

// plural formats n and a noun, adding "s" when n is not 1 (nouns ending in
// "x" take "ices": vertex, vertices).
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	if strings.HasSuffix(noun, "ex") {
		return fmt.Sprintf("%d %sices", n, strings.TrimSuffix(noun, "ex"))
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// list formats up to max integers as "3, 7, 9" and notes how many more
// there are ("3, 7, 9 and 12 more").
func list(xs []int, max int) string {
	var b strings.Builder
	for i, x := range xs {
		if i == max {
			fmt.Fprintf(&b, " and %d more", len(xs)-max)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, x)
	}
	return b.String()
}

// vec formats a vector compactly: "(0, 1, 0)".
func vec(v [3]float32) string { return fmt.Sprintf("(%g, %g, %g)", v[0], v[1], v[2]) }

// quote shows a stored string for a log message.
func quote(s model.Str) string { return fmt.Sprintf("%q", s.Display()) }
