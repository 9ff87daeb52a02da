package scene

import (
	"github.com/go-gl/mathgl/mgl32"
)

// Overlays selects what the renderer draws besides the surfaces.
type Overlays struct {
	Wireframe bool
	Skeleton  bool
	Normals   bool
	Bounds    bool
	Grid      bool
	Axes      bool
	// TwoSided lights back faces with their flipped normal; off, back faces
	// keep the file's normal and come out dark, which shows wrong winding.
	TwoSided bool
	// CullBackFaces hides triangles seen from behind.
	CullBackFaces bool
	// Textures off draws material colours only.
	NoTextures bool
	// HeatMap colours surfaces by the weight of joint HeatJoint.
	HeatMap bool
}

// Frame is everything the renderer needs to draw one image, snapshotted
// from the UI state so the render goroutine never reads shared memory while
// drawing.
type Frame struct {
	// Width and Height are the image size in pixels.
	Width, Height int
	Camera        Camera
	Overlays      Overlays
	// HeatJoint, HighlightGroup and HighlightJoint are indices or −1.
	HeatJoint      int
	HighlightGroup int
	HighlightJoint int
	// Skin holds the joint skinning matrices G_anim·G_rest⁻¹, joint-indexed;
	// empty means the bind pose. Missing joints use the identity.
	Skin []mgl32.Mat4
	// Global holds the joint global matrices for the skeleton overlay;
	// empty means the rest pose.
	Global []mgl32.Mat4
}

// CopyFrom makes f a deep copy of src, reusing f's slices.
func (f *Frame) CopyFrom(src *Frame) {
	skin, global := f.Skin, f.Global
	*f = *src
	f.Skin = append(skin[:0], src.Skin...)
	f.Global = append(global[:0], src.Global...)
}

// Aspect returns Width/Height (1 for an empty frame).
func (f *Frame) Aspect() float32 {
	if f.Width <= 0 || f.Height <= 0 {
		return 1
	}
	return float32(f.Width) / float32(f.Height)
}

// Sphere returns the bounding sphere of the mesh's bind pose, or a unit
// sphere at the origin for an empty mesh.
func (mesh *Mesh) Sphere() (centre mgl32.Vec3, radius float32) {
	if mesh == nil || !mesh.HasBounds {
		return mgl32.Vec3{}, 1
	}
	return SphereOf(mesh.Lo, mesh.Hi)
}

// SphereOf returns the sphere through the corners of the box (lo, hi), with
// a radius of at least 0.001.
func SphereOf(lo, hi mgl32.Vec3) (centre mgl32.Vec3, radius float32) {
	return lo.Add(hi).Mul(0.5), max(hi.Sub(lo).Len()/2, 1e-3)
}

// PosedBounds returns the box around the drawn vertices as skin poses them
// (the bind pose when skin is empty), skinned on the CPU exactly as the
// vertex shader does; ok is false when no vertex has a finite position. It
// costs a few matrix products per vertex and allocates nothing, cheap
// enough for every frame.
func (mesh *Mesh) PosedBounds(skin []mgl32.Mat4) (lo, hi mgl32.Vec3, ok bool) {
	for i := range mesh.Points {
		v := &mesh.Points[i]
		p := v.Pos
		if len(skin) > 0 && v.Weights != ([4]float32{}) {
			var acc [3]float32
			for k := 0; k < 4; k++ {
				w := v.Weights[k]
				if w == 0 {
					continue
				}
				q := v.Pos
				if j := int(v.Joints[k]); j < len(skin) {
					q = transform(&skin[j], v.Pos)
				}
				acc[0] += w * q[0]
				acc[1] += w * q[1]
				acc[2] += w * q[2]
			}
			p = acc
		}
		if !isFinite(p[0]) || !isFinite(p[1]) || !isFinite(p[2]) {
			continue
		}
		if !ok {
			lo, hi, ok = p, p, true
			continue
		}
		for k := 0; k < 3; k++ {
			lo[k] = min(lo[k], p[k])
			hi[k] = max(hi[k], p[k])
		}
	}
	return lo, hi, ok
}

// transform applies the column-major matrix m to the point p.
func transform(m *mgl32.Mat4, p [3]float32) [3]float32 {
	return [3]float32{
		m[0]*p[0] + m[4]*p[1] + m[8]*p[2] + m[12],
		m[1]*p[0] + m[5]*p[1] + m[9]*p[2] + m[13],
		m[2]*p[0] + m[6]*p[1] + m[10]*p[2] + m[14],
	}
}

// Matrices returns the view and projection matrices for f over mesh, with
// clipping planes around the mesh's bind pose. Projected x and y do not
// depend on the clipping planes.
func (f *Frame) Matrices(mesh *Mesh) (view, proj mgl32.Mat4) {
	c, r := mesh.Sphere()
	return f.Camera.View(), f.Camera.Proj(f.Aspect(), c, r)
}

// JointGlobal returns the global matrix joint j is drawn with: the
// frame's pose where it has one, the mesh's rest pose otherwise.
func (f *Frame) JointGlobal(mesh *Mesh, j int) mgl32.Mat4 {
	if j < len(f.Global) {
		return f.Global[j]
	}
	if j < len(mesh.Rest) {
		return mesh.Rest[j]
	}
	return mgl32.Ident4()
}
