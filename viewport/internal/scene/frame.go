package scene

import (
	"ms3dstudio/model"

	"github.com/go-gl/mathgl/mgl32"
)

// Overlays are the display toggles of the viewport: what the renderer
// draws besides the surfaces (viewport.Options).
type Overlays struct {
	// Wireframe draws every triangle's edges over the surfaces.
	Wireframe bool
	// Skeleton draws joints as points and bones as lines from each joint
	// to its parent, over the model, from the pose given to SetPose (the
	// rest pose before any). The highlighted joint is larger and red, and
	// clicking near a joint picks it.
	Skeleton bool
	// Normals draws each corner's normal as a short line (3 % of the
	// model's bounding-box diagonal), skinned with the pose.
	Normals bool
	// Bounds draws the bounding box of the model in its current pose.
	Bounds bool
	// Grid draws a floor grid sized to the model, on the plane y = 0 or at
	// the model's lowest point when it reaches below.
	Grid bool
	// Axes draws the X (red), Y (green) and Z (blue) axes at the origin.
	Axes bool
	// TwoSided lights back faces with their flipped normal. Off, back faces
	// keep the file's normal and come out dark, which shows triangles
	// wound the wrong way.
	TwoSided bool
	// CullBackFaces hides triangles seen from behind.
	CullBackFaces bool
	// NoTextures draws material colours only.
	NoTextures bool
	// HeatMap colours the surfaces by the skinning weight of the
	// highlighted joint (HighlightJoint): blue for 0 through green and
	// yellow to red for 1. With no joint highlighted everything is blue.
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
	// Marks are the application's extra lines and points (pose gizmo,
	// selected joints, motion path), drawn last.
	Marks Marks
}

// CopyFrom makes f a deep copy of src, reusing f's slices.
func (f *Frame) CopyFrom(src *Frame) {
	skin, global, marks := f.Skin, f.Global, f.Marks
	*f = *src
	f.Skin = append(skin[:0], src.Skin...)
	f.Global = append(global[:0], src.Global...)
	f.Marks = marks
	f.Marks.copyFrom(&src.Marks)
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
	var box model.Box
	for i := range mesh.Points {
		box.Add(mesh.posedPoint(i, skin))
	}
	return box.Lo, box.Hi, box.OK
}

// posedPoint returns mesh.Points[i] as skin poses it (unmoved when skin is
// empty or the point has no influences).
func (mesh *Mesh) posedPoint(i int, skin []mgl32.Mat4) [3]float32 {
	v := &mesh.Points[i]
	if len(skin) == 0 || v.Weights == ([4]float32{}) {
		return v.Pos
	}
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
	return acc
}

// DrawBounds returns the box a renderer sets the clipping planes of f
// around: the bind pose's box for an unskinned mesh or a frame without a
// pose, else the posed box, exact (PosedBounds) when the frame shows the
// bounding box and bounded cheaply (ClipBounds) otherwise; ok is false
// when there is nothing to draw.
func (mesh *Mesh) DrawBounds(f *Frame) (lo, hi mgl32.Vec3, ok bool) {
	if mesh == nil || !mesh.HasBounds {
		return mgl32.Vec3{}, mgl32.Vec3{}, false
	}
	switch {
	case !mesh.Skinned || len(f.Skin) == 0:
		return mesh.Lo, mesh.Hi, true
	case f.Overlays.Bounds:
		return mesh.PosedBounds(f.Skin)
	}
	return mesh.ClipBounds(f.Skin)
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
