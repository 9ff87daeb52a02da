package thumbnail

import (
	"math"

	"ms3dstudio/viewport/internal/scene"
)

// The fragment stage: the GL renderer's lit mesh shader (glr's
// meshFragmentShader) in Go, with the same lights (scene.KeyLight, …).

var (
	keyDir  = normalized(scene.KeyLight)
	fillDir = normalized(scene.FillLight)
)

func normalized(v [3]float32) [3]float64 {
	x, y, z := float64(v[0]), float64(v[1]), float64(v[2])
	l := math.Sqrt(x*x + y*y + z*z)
	return [3]float64{x / l, y / l, z / l}
}

// shader shades the fragments of one triangle.
type shader struct {
	st    *state
	front bool
	qp    plane
	ap    *[nAttr]plane
}

// attrs returns the perspective-correct attributes at (x, y), with 1/w's
// plane value.
func (s *shader) attrs(x, y float64) (a [nAttr]float64, q float64) {
	q = s.qp.at(x, y)
	inv := 1 / q
	for k := range a {
		a[k] = s.ap[k].at(x, y) * inv
	}
	return a, q
}

// shade returns the straight RGBA colour (each 0–1) of the fragment at
// pixel centre (x, y), or false when the alpha test discards it.
func (s *shader) shade(x, y float64) ([4]float64, bool) {
	st := s.st
	a, q := s.attrs(x, y)
	n := s.normal(&a)
	key := max(dot(n, keyDir), 0)
	fill := scene.FillStrength * max(dot(n, fillDir), 0)

	tex := [4]float64{1, 1, 1, 1}
	if st.tex != nil {
		var u, v, dudx, dvdx, dudy, dvdy float64
		if st.sphereMap {
			u, v = s.sphereUV(a, n)
			// The level of detail from the lookups one pixel across and
			// down, as a GPU's 2×2 quads take it.
			ux, vx := s.sphereUVAt(x+1, y)
			uy, vy := s.sphereUVAt(x, y+1)
			dudx, dvdx, dudy, dvdy = ux-u, vx-v, uy-u, vy-v
		} else {
			u, v = a[attrUV], a[attrUV+1]
			// d(a/q)/dx = (d(aq)/dx − a·dq/dx)/q for the plane values.
			inv := 1 / q
			dudx = (s.ap[attrUV].dx - u*s.qp.dx) * inv
			dudy = (s.ap[attrUV].dy - u*s.qp.dy) * inv
			dvdx = (s.ap[attrUV+1].dx - v*s.qp.dx) * inv
			dvdy = (s.ap[attrUV+1].dy - v*s.qp.dy) * inv
		}
		tex = st.tex.sample(u, v, dudx, dvdx, dudy, dvdy)
	}
	mt := st.mat
	var rgb [3]float64
	for k := 0; k < 3; k++ {
		lit := float64(mt.Ambient[k])*scene.AmbientLight + float64(mt.Diffuse[k])*(key+fill)
		rgb[k] = float64(mt.Emissive[k]) + tex[k]*lit
	}
	if st.specular && key > 0 {
		vp := [3]float64{-a[attrPos], -a[attrPos+1], -a[attrPos+2]}
		vp = unit(vp)
		h := unit([3]float64{keyDir[0] + vp[0], keyDir[1] + vp[1], keyDir[2] + vp[2]})
		p := math.Pow(max(dot(n, h), 0), max(float64(mt.Shininess), 1))
		for k := 0; k < 3; k++ {
			rgb[k] += float64(mt.Specular[k]) * p
		}
	}
	alpha := float64(mt.Opacity) * tex[3]
	if st.alphaTest && alpha < max(st.alphaRef, 1.0/255) {
		return [4]float64{}, false
	}
	// An 8-bit colour buffer keeps 0–1 of what the shader writes.
	return [4]float64{clamp01(rgb[0]), clamp01(rgb[1]), clamp01(rgb[2]), clamp01(alpha)}, true
}

// sphereUV is the sphere-map lookup (OpenGL's GL_SPHERE_MAP) of the
// shader: the reflected view direction picks the texel; T grows downwards
// in MS3D images, so the reflection's +Y is the top row.
func (s *shader) sphereUV(a [nAttr]float64, n [3]float64) (u, v float64) {
	e := unit([3]float64{a[attrPos], a[attrPos+1], a[attrPos+2]})
	d := 2 * dot(n, e)
	rf := [3]float64{e[0] - d*n[0], e[1] - d*n[1], e[2] - d*n[2]}
	m := 2 * math.Sqrt(rf[0]*rf[0]+rf[1]*rf[1]+(rf[2]+1)*(rf[2]+1))
	if !(m > 0) {
		return 0.5, 0.5
	}
	return rf[0]/m + 0.5, 0.5 - rf[1]/m
}

// sphereUVAt is sphereUV at another pixel of the triangle.
func (s *shader) sphereUVAt(x, y float64) (u, v float64) {
	a, _ := s.attrs(x, y)
	return s.sphereUV(a, s.normal(&a))
}

// normal returns the unit normal the fragment is lit with: the
// interpolated one normalised ((0, 0, 1) when it has no length), flipped
// on a back face with two-sided lighting.
func (s *shader) normal(a *[nAttr]float64) [3]float64 {
	n := [3]float64{a[attrNormal], a[attrNormal+1], a[attrNormal+2]}
	if l := math.Sqrt(dot(n, n)); l > 1e-6 {
		n = [3]float64{n[0] / l, n[1] / l, n[2] / l}
	} else {
		n = [3]float64{0, 0, 1}
	}
	if !s.front && s.st.twoSided {
		n = [3]float64{-n[0], -n[1], -n[2]}
	}
	return n
}

func dot(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// unit returns v normalised, or v itself when it has no length.
func unit(v [3]float64) [3]float64 {
	l := math.Sqrt(dot(v, v))
	if !(l > 0) {
		return v
	}
	return [3]float64{v[0] / l, v[1] / l, v[2] / l}
}

func clamp01(x float64) float64 {
	if !(x > 0) {
		return 0
	}
	return min(x, 1)
}
