package main

import (
	"fmt"
	"io"

	"ms3dstudio/document"
	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model/transform"
)

const transformUsage = "transform IN OUT [--units FROM:TO] [--scale K | --scale X,Y,Z] [--mirror x|y|z] [--rotate X,Y,Z] [--up AXIS | --up FROM:TO] [--center origin|floor]"

func init() {
	register("transform", transformUsage, "move, turn, mirror or scale the whole model with its animation (every pose is the transformed pose) and write OUT in the format its extension names; the steps apply in the order listed, then --center; a non-uniform scale of an animated model is refused (exit 1)", runTransform)
}

func runTransform(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("transform", transformUsage, stderr)
	units := fs.String("units", "", "convert lengths `FROM:TO`, each of m, cm, mm, inch, ft")
	place := placeFlags(fs)
	mirror := fs.String("mirror", "", "mirror across the plane normal to `AXIS` (x, y or z)")
	rotate := fs.String("rotate", "", "turn by `X,Y,Z` degrees (about X first, then Y, then Z)")
	center := fs.String("center", "", "centre the model's box on the origin (`origin`) or on the floor (floor)")
	in, out, code := modelInOut(fs, stderr, args)
	if code != 0 {
		return code
	}
	if atomicfile.SameFile(in, out) {
		return usageError(fs, stderr, "OUT is IN: write the transformed model elsewhere")
	}
	t, mode, err := transformOf(*units, *mirror, *rotate, *center, place)
	if err != nil {
		return usageError(fs, stderr, "%v", err)
	}
	d, err := document.Open(in)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool transform: %v\n", err)
		return 2
	}
	if mode != 0 {
		t = transform.Center(d.Model(), t, mode)
	}
	if err := d.Do(document.TransformModel("Transform model", t)); err != nil {
		fmt.Fprintf(stderr, "ms3dtool transform: %s: refused: %v\n", in, err)
		return 1
	}
	return export("transform", d, out, document.ExportOptions{}, stdout, stderr)
}

// transformOf builds the transform the flags ask for, in the documented
// order: units, scale, mirror, rotate, up; centring, which depends on the
// model, is returned as a mode for the caller to add.
func transformOf(units, mirror, rotate, center string, place func() (transform.Transform, transform.Transform, error)) (transform.Transform, transform.CenterMode, error) {
	t := transform.Identity
	if units != "" {
		u, err := transform.ParseUnits(units)
		if err != nil {
			return t, 0, err
		}
		t = t.Then(u)
	}
	scale, up, err := place()
	if err != nil {
		return t, 0, err
	}
	t = t.Then(scale)
	if mirror != "" {
		a, err := transform.ParseAxis(mirror)
		if err != nil || a.Neg {
			return t, 0, fmt.Errorf("--mirror %q: want x, y or z", mirror)
		}
		t = t.Then(transform.Mirror(a.Index))
	}
	if rotate != "" {
		deg, err := transform.ParseVec(rotate)
		if err != nil {
			return t, 0, err
		}
		t = t.Then(transform.Rotate(deg))
	}
	t = t.Then(up)
	var mode transform.CenterMode
	if center != "" {
		if mode, err = transform.ParseCenter(center); err != nil {
			return t, 0, err
		}
	}
	return t, mode, nil
}
