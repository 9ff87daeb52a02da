package gltf

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// localTR returns the translation and rotation quaternion (x, y, z, w) of
// parent⁻¹ · g for rigid matrices, in float64 before rounding; a nil parent
// is the identity. Element (row r, column c) of a matrix is m[4c+r].
func localTR(parent, g *mgl32.Mat4) ([3]float32, [4]float32) {
	var r [3][3]float64
	var t [3]float64
	if parent == nil {
		for i := range 3 {
			for c := range 3 {
				r[i][c] = float64(g[4*c+i])
			}
			t[i] = float64(g[12+i])
		}
	} else {
		// [Rp | tp]⁻¹ · [Rg | tg] = [Rpᵀ·Rg | Rpᵀ·(tg − tp)].
		var d [3]float64
		for k := range 3 {
			d[k] = float64(g[12+k]) - float64(parent[12+k])
		}
		for i := range 3 {
			for c := range 3 {
				var s float64
				for k := range 3 {
					s += float64(parent[4*i+k]) * float64(g[4*c+k])
				}
				r[i][c] = s
			}
			var s float64
			for k := range 3 {
				s += float64(parent[4*i+k]) * d[k]
			}
			t[i] = s
		}
	}
	q := quatFromMat(&r)
	return [3]float32{float32(t[0]), float32(t[1]), float32(t[2])}, q
}

// quatFromMat converts a rotation matrix into a unit quaternion (x, y, z, w),
// choosing the largest of the four terms to divide by (Shepperd's method),
// so that it stays accurate near 180° turns.
func quatFromMat(r *[3][3]float64) [4]float32 {
	var x, y, z, w float64
	switch tr := r[0][0] + r[1][1] + r[2][2]; {
	case tr > 0:
		s := 2 * math.Sqrt(tr+1)
		w, x, y, z = s/4, (r[2][1]-r[1][2])/s, (r[0][2]-r[2][0])/s, (r[1][0]-r[0][1])/s
	case r[0][0] > r[1][1] && r[0][0] > r[2][2]:
		s := 2 * math.Sqrt(1+r[0][0]-r[1][1]-r[2][2])
		w, x, y, z = (r[2][1]-r[1][2])/s, s/4, (r[0][1]+r[1][0])/s, (r[0][2]+r[2][0])/s
	case r[1][1] > r[2][2]:
		s := 2 * math.Sqrt(1+r[1][1]-r[0][0]-r[2][2])
		w, x, y, z = (r[0][2]-r[2][0])/s, (r[0][1]+r[1][0])/s, s/4, (r[1][2]+r[2][1])/s
	default:
		s := 2 * math.Sqrt(1+r[2][2]-r[0][0]-r[1][1])
		w, x, y, z = (r[1][0]-r[0][1])/s, (r[0][2]+r[2][0])/s, (r[1][2]+r[2][1])/s, s/4
	}
	l := math.Sqrt(x*x + y*y + z*z + w*w)
	return [4]float32{float32(x / l), float32(y / l), float32(z / l), float32(w / l)}
}

func dot4(a, b [4]float32) float64 {
	var s float64
	for i := range 4 {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

// finite32 reports whether x is neither NaN nor infinite.
func finite32(x float32) bool {
	return !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0)
}

func finite3(v [3]float32) bool {
	return finite32(v[0]) && finite32(v[1]) && finite32(v[2])
}
