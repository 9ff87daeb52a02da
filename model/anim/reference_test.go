package anim

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
)

// The reference implementations below follow ms3d-format.md §4 with
// mgl32's own matrices and quaternions, a linear key search and recursion
// through the parents: they share no code with the package. They assume a
// clean model (finite, increasing keys; no cycles).

// refEuler is Rz·Ry·Rx as a 4×4 matrix.
func refEuler(r [3]float32) mgl32.Mat4 {
	return mgl32.HomogRotate3DZ(r[2]).Mul4(mgl32.HomogRotate3DY(r[1])).Mul4(mgl32.HomogRotate3DX(r[0]))
}

// refKeys finds the keys around t by a linear scan: i, the blend towards
// i+1, or hold when t is outside the range.
func refKeys(ks []model.Key, t float32) (i int, u float32, hold bool) {
	if t <= ks[0].Time {
		return 0, 0, true
	}
	last := len(ks) - 1
	if t >= ks[last].Time {
		return last, 0, true
	}
	for i = 0; ks[i+1].Time <= t; i++ {
	}
	return i, (t - ks[i].Time) / (ks[i+1].Time - ks[i].Time), false
}

func refLocal(j *model.Joint, t float32) mgl32.Mat4 {
	rest := mgl32.Translate3D(j.Position[0], j.Position[1], j.Position[2]).Mul4(refEuler(j.Rotation))
	key := mgl32.Ident4()
	if len(j.RotationKeys) > 0 {
		i, u, hold := refKeys(j.RotationKeys, t)
		q0 := mgl32.Mat4ToQuat(refEuler(j.RotationKeys[i].Value))
		q := q0
		if !hold {
			q1 := mgl32.Mat4ToQuat(refEuler(j.RotationKeys[i+1].Value))
			if q0.Dot(q1) < 0 {
				q1 = q1.Scale(-1)
			}
			q = mgl32.QuatSlerp(q0, q1, u)
		}
		key = q.Normalize().Mat4()
	}
	if len(j.PositionKeys) > 0 {
		i, u, hold := refKeys(j.PositionKeys, t)
		v := mgl32.Vec3(j.PositionKeys[i].Value)
		if !hold {
			v = v.Add(mgl32.Vec3(j.PositionKeys[i+1].Value).Sub(v).Mul(u))
		}
		key = mgl32.Translate3D(v[0], v[1], v[2]).Mul4(key)
	}
	return rest.Mul4(key)
}

// refPose returns the global matrices at t, or at rest when rest is set.
func refPose(m *model.Model, t float32, rest bool) []mgl32.Mat4 {
	h := m.ResolveHierarchy()
	g := make([]mgl32.Mat4, len(m.Joints))
	done := make([]bool, len(m.Joints))
	var eval func(int) mgl32.Mat4
	eval = func(i int) mgl32.Mat4 {
		if done[i] {
			return g[i]
		}
		j := m.Joints[i]
		if rest {
			j.RotationKeys, j.PositionKeys = nil, nil
		}
		l := refLocal(&j, t)
		if p := h.Parent[i]; p >= 0 {
			l = eval(p).Mul4(l)
		}
		g[i], done[i] = l, true
		return l
	}
	for i := range g {
		eval(i)
	}
	return g
}

// refSkin skins by transforming each vertex by each of its influences'
// matrices S = G·G_rest⁻¹ (general 4×4 inverse) and summing.
func refSkin(m *model.Model, global, rest []mgl32.Mat4) (pos, normals [][3]float32) {
	skin := make([]mgl32.Mat4, len(global))
	for i := range global {
		skin[i] = global[i].Mul4(rest[i].Inv())
	}
	pos = make([][3]float32, len(m.Vertices))
	var inf [4]model.Influence
	for v := range m.Vertices {
		p := mgl32.Vec3(m.Vertices[v].Position)
		n := m.Influences(v, &inf)
		if n == 0 {
			pos[v] = p
			continue
		}
		var acc mgl32.Vec3
		for k := 0; k < n; k++ {
			acc = acc.Add(skin[inf[k].Joint].Mul4x1(p.Vec4(1)).Vec3().Mul(inf[k].Weight))
		}
		pos[v] = acc
	}
	for _, t := range m.Triangles {
		for c := 0; c < 3; c++ {
			nv := mgl32.Vec3(t.Normals[c])
			v := int(t.Vertices[c])
			if v >= len(m.Vertices) {
				normals = append(normals, nv)
				continue
			}
			k := m.Influences(v, &inf)
			if k == 0 {
				normals = append(normals, nv)
				continue
			}
			var acc mgl32.Vec3
			for i := 0; i < k; i++ {
				acc = acc.Add(skin[inf[i].Joint].Mat3().Mul3x1(nv).Mul(inf[i].Weight))
			}
			normals = append(normals, acc)
		}
	}
	return pos, normals
}

// maxDiff returns the largest difference between a and b relative to
// 1 + |b|.
func maxDiff(a, b []float32) float64 {
	d := 0.0
	for i := range a {
		d = max(d, math.Abs(float64(a[i])-float64(b[i]))/(1+math.Abs(float64(b[i]))))
	}
	return d
}

func flatM(ms []mgl32.Mat4) []float32 {
	var f []float32
	for _, m := range ms {
		f = append(f, m[:]...)
	}
	return f
}

func flatV(vs [][3]float32) []float32 {
	var f []float32
	for _, v := range vs {
		f = append(f, v[:]...)
	}
	return f
}
