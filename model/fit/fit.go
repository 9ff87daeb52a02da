package fit

import (
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// Limits are the most a target file holds.
type Limits struct {
	// Vertices and Triangles bound the element counts.
	Vertices, Triangles int
	// Groups bounds the groups (a triangle's group index is one byte).
	Groups int
	// Materials bounds the materials (a group's material is a signed byte).
	Materials int
	// Bones is how many joints vertices can name: bone ids 0 to Bones − 1.
	Bones int
	// Keys bounds the rotation keys and the position keys of one joint.
	Keys int
	// Name and Path are the field sizes of names and texture paths, in
	// bytes.
	Name, Path int
}

// MS3D is what an MS3D file holds (docs/ms3d-format.md §3 "Limits").
var MS3D = Limits{
	Vertices:  65534,
	Triangles: 65534,
	Groups:    255,
	Materials: 128,
	Bones:     255, // bone bytes 0–254; 255 is none
	Keys:      65535,
	Name:      model.NameSize,
	Path:      model.PathSize,
}

// Options give Fit what it needs beyond the model.
type Options struct {
	// Limits are the limits to fit; the zero value means MS3D.
	Limits Limits
	// Textures, when not nil, finds texture files, so that a shortened
	// texture path is the portable path of the file found (see ShortPath).
	Textures *texpath.Resolver
}

// Result is what Fit did.
type Result struct {
	// Findings report each change, in the order Fit made them, followed by
	// the model.CodeFitTooLarge errors for what could not be fitted.
	Findings []model.Finding
	// Changed reports whether the model was changed.
	Changed bool
	// Fits reports whether the model now fits the limits: no
	// model.CodeFitTooLarge finding.
	Fits   bool
	before model.Model
}

// Revert restores the model Fit changed to what it was before. It must be
// called on the model Fit was given, with every later change to it undone.
func (r *Result) Revert(m *model.Model) {
	if r.Changed {
		*m = r.before
	}
}

// Fit changes m so that it fits opt.Limits, as the package documentation
// describes, and returns what it did.
func Fit(m *model.Model, opt Options) *Result {
	if opt.Limits == (Limits{}) {
		opt.Limits = MS3D
	}
	f := &fitter{m: m, opt: opt, lim: opt.Limits, res: &Result{before: *m}}
	f.names()
	f.materials()
	f.groups()
	f.joints()
	f.res.Changed = len(f.res.Findings) > 0
	f.res.Fits = f.tooLarge()
	return f.res
}

// Plan returns the findings Fit would return for m, without changing m.
func Plan(m *model.Model, opt Options) []model.Finding {
	c := *m
	return Fit(&c, opt).Findings
}

type fitter struct {
	m   *model.Model
	opt Options
	lim Limits
	res *Result

	// When joints could not fit the bone set: its size, how many of it
	// could fold, and how many are left over the limit.
	bonesNeeded, foldable, bonesLeft int
}

func (f *fitter) add(code model.Code, sev model.Severity, where model.Location, fix, format string, args ...any) {
	f.res.Findings = append(f.res.Findings, model.Finding{Code: code, Severity: sev, Where: where, Message: fmt.Sprintf(format, args...), Fix: fix})
}

// tooLarge reports what no change fits and returns whether everything fits.
func (f *fitter) tooLarge() bool {
	m := f.m
	ok := true
	over := func(part string, n, limit int, why string) {
		if n <= limit {
			return
		}
		ok = false
		f.add(model.CodeFitTooLarge, model.Error, model.At(part, -1), todo,
			"%s, an MS3D file holds at most %d (%s)", count(n, part), limit, why)
	}
	over(model.PartVertex, len(m.Vertices), f.lim.Vertices, "triangles name their vertices with 16 bits")
	over(model.PartTriangle, len(m.Triangles), f.lim.Triangles, "groups name their triangles with 16 bits")
	over(model.PartGroup, len(m.Groups), f.lim.Groups, "a triangle names its group with a byte, and merging groups of one material was not enough")
	for i := range m.Joints {
		j := &m.Joints[i]
		if n := max(len(j.RotationKeys), len(j.PositionKeys)); n > f.lim.Keys {
			ok = false
			f.add(model.CodeFitTooLarge, model.Error, model.At(model.PartJoint, i), "resample the animation at a lower frame rate",
				"joint %d (%s) has %d rotation and %d position keys, an MS3D file holds at most %d of each",
				i, quote(j.Name), len(j.RotationKeys), len(j.PositionKeys), f.lim.Keys)
		}
	}
	if f.bonesLeft > 0 {
		ok = false
		f.add(model.CodeFitTooLarge, model.Error, model.At(model.PartJoint, -1), "export glTF or SMD to keep the skeleton whole",
			"%d joints move vertices or are parents of joints that do; folding the %d of them that never move would leave %d, and an MS3D vertex names its bones with a byte, so at most %d joints can move vertices",
			f.bonesNeeded, f.foldable, f.bonesNeeded-f.foldable, f.lim.Bones)
	}
	return ok
}

// todo is the fix hint of a model too large for one MS3D file.
const todo = "export glTF or OBJ to keep the model whole, or split it into several MS3D files (ms3dtool convert IN OUT.ms3d --split)"

// count formats n and a part's noun, in the plural when n is not 1.
func count(n int, noun string) string {
	switch {
	case n == 1:
		return "1 " + noun
	case noun == model.PartVertex:
		return fmt.Sprintf("%d vertices", n)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// clone returns a copy of s with its own backing array, for a field Fit
// changes: it never writes into the caller's slices.
func clone[T any](s []T) []T { return append([]T(nil), s...) }

// identity returns 0, 1, …, n−1: the into of a part where nothing has
// merged yet (into[i] is the element that element i becomes).
func identity(n int) []int {
	into := make([]int, n)
	for i := range into {
		into[i] = i
	}
	return into
}

// survivors returns the elements that became no other (into[i] == i), in
// their order, and the index each of them has among those: newIndex[i]
// for a survivor i (0 for the others).
func survivors[T any](elems []T, into []int) (kept []T, newIndex []int) {
	newIndex = make([]int, len(elems))
	for i := range elems {
		if into[i] == i {
			newIndex[i] = len(kept)
			kept = append(kept, elems[i])
		}
	}
	return kept, newIndex
}
