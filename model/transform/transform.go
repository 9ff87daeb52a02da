package transform

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"ms3dstudio/model/xform"
)

// Transform is the affine map x ↦ A·x + B of model space.
type Transform struct {
	A xform.Mat3
	B [3]float64
}

// Identity changes nothing.
var Identity = Transform{A: xform.Identity3}

// Scale scales by k about the origin.
func Scale(k float64) Transform { return ScaleXYZ([3]float64{k, k, k}) }

// ScaleXYZ scales each axis by its own factor about the origin.
func ScaleXYZ(k [3]float64) Transform {
	return Transform{A: xform.Mat3{{k[0], 0, 0}, {0, k[1], 0}, {0, 0, k[2]}}}
}

// Rotate turns about the origin by MS3D Euler angles in degrees: about X
// first, then Y, then Z.
func Rotate(deg [3]float64) Transform {
	r := [3]float32{}
	for k := range 3 {
		r[k] = float32(deg[k] * math.Pi / 180)
	}
	a := xform.EulerMat(r)
	// Quarter turns are exact: float32 angles give cos(π/2) ≈ −4e-8.
	for i := range 3 {
		for j := range 3 {
			if math.Abs(a[i][j]) < 1e-7 {
				a[i][j] = 0
			} else if math.Abs(math.Abs(a[i][j])-1) < 1e-7 {
				a[i][j] = math.Copysign(1, a[i][j])
			}
		}
	}
	return Transform{A: a}
}

// Mirror reflects across the plane through the origin normal to axis
// (0 X, 1 Y, 2 Z).
func Mirror(axis int) Transform {
	k := [3]float64{1, 1, 1}
	k[axis] = -1
	return ScaleXYZ(k)
}

// Translate moves by d.
func Translate(d [3]float64) Transform { return Transform{A: xform.Identity3, B: d} }

// Then returns the map that applies t, then u.
func (t Transform) Then(u Transform) Transform {
	return Transform{A: u.A.Mul(t.A), B: add(u.A.Apply(t.B), u.B)}
}

// Apply maps a point.
func (t Transform) Apply(p [3]float64) [3]float64 { return add(t.A.Apply(p), t.B) }

// IsIdentity reports whether t changes nothing.
func (t Transform) IsIdentity() bool { return t == Identity }

// Similarity returns the scale s and the orthogonal Q with A = s·Q, and
// whether A is one (to a relative 1e-6): a uniform scale times a rotation,
// or times a mirror when det Q < 0.
func (t Transform) Similarity() (s float64, q xform.Mat3, ok bool) {
	det := determinant(t.A)
	if det == 0 || math.IsNaN(det) || math.IsInf(det, 0) {
		return 0, q, false
	}
	s = math.Cbrt(math.Abs(det))
	for i := range 3 {
		for j := range 3 {
			q[i][j] = t.A[i][j] / s
		}
	}
	qqt := q.Mul(q.Transpose())
	for i := range 3 {
		for j := range 3 {
			if math.Abs(qqt[i][j]-xform.Identity3[i][j]) > 1e-6 {
				return s, q, false
			}
		}
	}
	return s, q, true
}

// Mirrors reports whether t reflects (det A < 0), which flips the winding
// of faces.
func (t Transform) Mirrors() bool { return determinant(t.A) < 0 }

func determinant(a xform.Mat3) float64 {
	return a[0][0]*(a[1][1]*a[2][2]-a[1][2]*a[2][1]) - a[0][1]*(a[1][0]*a[2][2]-a[1][2]*a[2][0]) + a[0][2]*(a[1][0]*a[2][1]-a[1][1]*a[2][0])
}

func add(a, b [3]float64) [3]float64 { return [3]float64{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

// Axis is a signed coordinate axis: 0 X, 1 Y, 2 Z, with Neg for −X, −Y, −Z.
type Axis struct {
	Index int
	Neg   bool
}

// Y is MilkShape's up axis.
var Y = Axis{Index: 1}

// vector returns the axis as a unit vector.
func (a Axis) vector() [3]float64 {
	var v [3]float64
	v[a.Index] = 1
	if a.Neg {
		v[a.Index] = -1
	}
	return v
}

// String spells the axis as ParseAxis reads it ("-z").
func (a Axis) String() string {
	s := string("xyz"[a.Index])
	if a.Neg {
		return "-" + s
	}
	return s
}

// ParseAxis reads "x", "y", "z", "-x", "-y" or "-z" (upper case too).
func ParseAxis(s string) (Axis, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	neg := strings.HasPrefix(t, "-")
	t = strings.TrimPrefix(strings.TrimPrefix(t, "-"), "+")
	if i := strings.Index("xyz", t); len(t) == 1 && i >= 0 {
		return Axis{Index: i, Neg: neg}, nil
	}
	return Axis{}, fmt.Errorf("transform: axis %q: want x, y, z, -x, -y or -z", s)
}

// Up returns the rotation that turns the from axis onto the to axis by
// the smallest turn: a quarter turn about their common normal, or, when
// they are opposite, a half turn about the axis after from (Y for X, Z for
// Y, X for Z). Z up to Y up is
// (x, y, z) ↦ (x, z, −y), as 3D Studio's importers convert.
func Up(from, to Axis) Transform {
	f, t := from.vector(), to.vector()
	c := [3]float64{f[1]*t[2] - f[2]*t[1], f[2]*t[0] - f[0]*t[2], f[0]*t[1] - f[1]*t[0]}
	d := f[0]*t[0] + f[1]*t[1] + f[2]*t[2]
	var a xform.Mat3
	switch {
	case d > 0.5:
		return Identity
	case d < -0.5:
		// A half turn about the next axis.
		k := (from.Index + 1) % 3
		for i := range 3 {
			a[i][i] = -1
		}
		a[k][k] = 1
	default:
		// Rodrigues for a quarter turn about c: I + [c]× + [c]×².
		x := xform.Mat3{{0, -c[2], c[1]}, {c[2], 0, -c[0]}, {-c[1], c[0], 0}}
		x2 := x.Mul(x)
		for i := range 3 {
			for j := range 3 {
				a[i][j] = xform.Identity3[i][j] + x[i][j] + x2[i][j]
			}
		}
	}
	return Transform{A: a}
}

// ParseUp reads an up-axis change: "FROM:TO" (axes as ParseAxis reads
// them), or "FROM" alone for FROM to MilkShape's Y up: "z" is a model
// made Z up (Blender, 3ds Max) stood up for MilkShape.
func ParseUp(s string) (Transform, error) {
	from, to, pair := strings.Cut(s, ":")
	f, err := ParseAxis(from)
	if err != nil {
		return Identity, err
	}
	t := Y
	if pair {
		if t, err = ParseAxis(to); err != nil {
			return Identity, err
		}
	}
	return Up(f, t), nil
}

// unitMetres is each length unit in metres.
var unitMetres = map[string]float64{"m": 1, "cm": 0.01, "mm": 0.001, "inch": 0.0254, "in": 0.0254, "ft": 0.3048, "foot": 0.3048}

// Units returns the scale that turns lengths in unit from into lengths in
// unit to (m, cm, mm, inch or in, ft or foot).
func Units(from, to string) (Transform, error) {
	f, ok1 := unitMetres[strings.ToLower(from)]
	t, ok2 := unitMetres[strings.ToLower(to)]
	if !ok1 || !ok2 {
		return Identity, fmt.Errorf("transform: units %s:%s: want two of m, cm, mm, inch, ft", from, to)
	}
	return Scale(f / t), nil
}

// ParseUnits reads "FROM:TO" units ("m:cm") as Units does.
func ParseUnits(s string) (Transform, error) {
	from, to, ok := strings.Cut(s, ":")
	if !ok {
		return Identity, fmt.Errorf("transform: units %q: want FROM:TO, as m:cm", s)
	}
	return Units(from, to)
}

// ParseVec reads "X,Y,Z" (or one number for all three).
func ParseVec(s string) ([3]float64, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 1 && len(parts) != 3 {
		return [3]float64{}, fmt.Errorf("transform: %q: want X,Y,Z", s)
	}
	var v [3]float64
	for k := range 3 {
		p := parts[min(k, len(parts)-1)]
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return v, fmt.Errorf("transform: %q: %q is not a finite number", s, p)
		}
		v[k] = x
	}
	return v, nil
}
