// Package glr is the viewport's OpenGL 3.3 core renderer. It draws a
// scene.Mesh as described by a scene.Frame into an offscreen framebuffer and
// reads the pixels back into an *image.RGBA, top row first.
//
// Threading: a Context is created and destroyed on the main thread; a
// Renderer lives on the one goroutine that attached the context (its OS
// thread locked) and must only be used there. Nothing here touches the UI
// toolkit.
//
// The image is produced top row first without a CPU flip: the projection is
// scaled by (1, −1, 1), so the top of the scene lands in framebuffer row 0,
// which glReadPixels returns first; the flip mirrors the winding, so the
// front face is clockwise.
package glr

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"unsafe"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/viewport/internal/scene"
)

// Background is the clear colour of the viewport.
var Background = color.RGBA{R: 40, G: 43, B: 48, A: 255}

// Overlay colours, exported so tests can classify pixels.
var (
	GridColor      = [4]float32{0.36, 0.38, 0.42, 1}
	BoundsColor    = [4]float32{0.95, 0.85, 0.25, 1}
	NormalColor    = [4]float32{0.2, 0.85, 1, 1}
	WireColor      = [4]float32{0.02, 0.02, 0.02, 0.6}
	HighlightColor = [4]float32{1, 0.55, 0.1, 1}
	BoneColor      = [4]float32{0.95, 0.95, 0.55, 1}
	JointColor     = [4]float32{0.35, 0.65, 1, 1}
	SelectedJoint  = [4]float32{1, 0.3, 0.15, 1}
)

// highlightTint is mixed into the surfaces of the highlighted group.
var highlightTint = [4]float32{1, 0.55, 0.1, 0.3}

// Renderer holds the GL objects of one context. Create it with New on the
// goroutine that attached the context.
type Renderer struct {
	mesh *scene.Mesh

	// progs holds the mesh program's variants compiled so far
	// (variants.go); meshProg is the one bound, cur its variant.
	progs    map[variant]*program
	meshProg *program
	cur      variant
	lineProg *program
	// alphaRef is the alpha reference of the surfaces being drawn, set by
	// drawSurfaces for each pass (0 for the opaque one) and on every mesh
	// program bound.
	alphaRef float32
	// culled is the face that facePasses culls for the range being drawn
	// (cullFor) when the frame culls none, 0 otherwise; use keeps it
	// through variant switches.
	culled uint32
	// pickRanges lists every range for Pick's facePasses.
	pickRanges []int
	// err is the first error met while drawing a frame (a variant that did
	// not compile), returned by the frame.
	err                     error
	meshVAO, normalVAO, vbo uint32
	// cornerEBO holds Mesh.Index, bound in meshVAO: every surface is drawn
	// through it. sortVAO reads the same vertices through ebo.
	cornerEBO, sortVAO uint32
	lineVAO, lineVBO   uint32
	// posedVBO holds the positions and normals of the mesh's distinct
	// corners in the frame's pose (vbo the rest of their attributes),
	// copied from posed; posedSkin holds the skinning matrices it was
	// posed with, none for the bind pose. blendMats is the frame's matrix
	// of each blend.
	posedVBO                 uint32
	posed                    []scene.Posed
	posedSkin                []mgl32.Mat4
	blendMats                []float32
	white, checker           uint32
	matTex                   []uint32
	matTranslucent           []bool
	owned                    []uint32
	fbo, colorRB, depthRB    uint32
	fbW, fbH                 int
	maxTexture, maxRenderbuf int32
	lines, points            []lineVertex
	opaque, transparent      []int
	depth                    []float32
	// Per-triangle sorting (scene.TransparencySortedTriangles): the
	// element buffer of the translucent triangles' vertices back to front,
	// each drawn triangle's range and bind-pose centroid, and the reused
	// sort buffers.
	ebo        uint32
	triRange   []int32
	triFirst   []int32 // first corner of each triangle in Mesh.Vertices
	rangeTrans []bool
	triCentre  [][3]float32
	tris       []int32
	triDepth   []float32
	triIndices []uint32
	// view, proj and viewProj hold the current matrices; GL reads them
	// through pointers, so they live here rather than escape per call.
	view, proj, viewProj mgl32.Mat4
	// poseLo and poseHi bound the current pose (poseOK false when there is
	// nothing to draw).
	poseLo, poseHi mgl32.Vec3
	poseOK         bool
}

// New compiles the shaders and creates the fixed GL objects. The context
// must be current on the calling thread.
func New() (*Renderer, error) {
	r := &Renderer{}
	var err error
	vs, fs := variant{}.sources()
	base, err := newProgram(vs, fs, meshUniforms...)
	if err != nil {
		return nil, err
	}
	r.progs = map[variant]*program{{}: base}
	r.lineProg, err = newProgram(lineVertexShader, lineFragmentShader, "uViewProj", "uPoints")
	if err != nil {
		base.delete()
		return nil, err
	}
	gl.GetIntegerv(gl.MAX_TEXTURE_SIZE, &r.maxTexture)
	gl.GetIntegerv(gl.MAX_RENDERBUFFER_SIZE, &r.maxRenderbuf)

	gl.GenBuffers(1, &r.vbo)
	gl.GenBuffers(1, &r.posedVBO)
	gl.GenVertexArrays(1, &r.meshVAO)
	gl.GenVertexArrays(1, &r.normalVAO)
	gl.GenVertexArrays(1, &r.sortVAO)
	r.meshAttributes(r.meshVAO, 0)
	r.meshAttributes(r.sortVAO, 0)
	gl.GenBuffers(1, &r.cornerEBO)
	gl.GenBuffers(1, &r.ebo)
	// The element buffer binding is part of a VAO's state.
	gl.BindVertexArray(r.meshVAO)
	gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, r.cornerEBO)
	gl.BindVertexArray(r.sortVAO)
	gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, r.ebo)
	gl.BindVertexArray(0)
	// The normal lines read the same vertices once per instance: each
	// instance is a two-vertex line and the shader moves vertex 1 along
	// the normal.
	r.meshAttributes(r.normalVAO, 1)

	gl.GenBuffers(1, &r.lineVBO)
	gl.GenVertexArrays(1, &r.lineVAO)
	gl.BindVertexArray(r.lineVAO)
	gl.BindBuffer(gl.ARRAY_BUFFER, r.lineVBO)
	var lv lineVertex
	stride := int32(unsafe.Sizeof(lv))
	gl.EnableVertexAttribArray(0)
	gl.VertexAttribPointerWithOffset(0, 3, gl.FLOAT, false, stride, unsafe.Offsetof(lv.Pos))
	gl.EnableVertexAttribArray(1)
	gl.VertexAttribPointerWithOffset(1, 4, gl.FLOAT, false, stride, unsafe.Offsetof(lv.Color))
	gl.EnableVertexAttribArray(2)
	gl.VertexAttribPointerWithOffset(2, 1, gl.FLOAT, false, stride, unsafe.Offsetof(lv.Size))
	gl.BindVertexArray(0)

	white := &image.NRGBA{Pix: []uint8{255, 255, 255, 255}, Stride: 4, Rect: image.Rect(0, 0, 1, 1)}
	r.white = uploadTexture(white, true)
	r.checker = uploadTexture(scene.PlaceholderImage(), false)

	gl.Disable(gl.DITHER)
	gl.Enable(gl.PROGRAM_POINT_SIZE)
	gl.PixelStorei(gl.PACK_ALIGNMENT, 1)
	if e := gl.GetError(); e != gl.NO_ERROR {
		r.Release()
		return nil, fmt.Errorf("glr: setting up the renderer: GL error 0x%x", e)
	}
	return r, nil
}

func (r *Renderer) meshAttributes(vao uint32, divisor uint32) {
	gl.BindVertexArray(vao)
	gl.BindBuffer(gl.ARRAY_BUFFER, r.posedVBO)
	var pv scene.Posed
	stride := int32(unsafe.Sizeof(pv))
	gl.EnableVertexAttribArray(0)
	gl.VertexAttribPointerWithOffset(0, 3, gl.FLOAT, false, stride, unsafe.Offsetof(pv.Pos))
	gl.EnableVertexAttribArray(1)
	gl.VertexAttribPointerWithOffset(1, 3, gl.FLOAT, false, stride, unsafe.Offsetof(pv.Normal))
	gl.BindBuffer(gl.ARRAY_BUFFER, r.vbo)
	var v scene.Vertex
	stride = int32(unsafe.Sizeof(v))
	gl.EnableVertexAttribArray(2)
	gl.VertexAttribPointerWithOffset(2, 2, gl.FLOAT, false, stride, unsafe.Offsetof(v.UV))
	gl.EnableVertexAttribArray(3)
	gl.VertexAttribIPointerWithOffset(3, 4, gl.UNSIGNED_SHORT, stride, unsafe.Offsetof(v.Joints))
	gl.EnableVertexAttribArray(4)
	gl.VertexAttribPointerWithOffset(4, 4, gl.FLOAT, false, stride, unsafe.Offsetof(v.Weights))
	for i := uint32(0); i < 5; i++ {
		gl.VertexAttribDivisor(i, divisor)
	}
	gl.BindVertexArray(0)
}

// SetMesh uploads the mesh's distinct corners and its index once; each
// frame then uploads their posed positions and normals (pose). Textures
// fall back to the placeholders until SetTextures.
func (r *Renderer) SetMesh(m *scene.Mesh) {
	r.mesh = m
	gl.BindBuffer(gl.ARRAY_BUFFER, r.vbo)
	if len(m.Unique) > 0 {
		size := len(m.Unique) * int(unsafe.Sizeof(m.Unique[0]))
		gl.BufferData(gl.ARRAY_BUFFER, size, gl.Ptr(m.Unique), gl.STATIC_DRAW)
	} else {
		gl.BufferData(gl.ARRAY_BUFFER, 0, nil, gl.STATIC_DRAW)
	}
	r.posed = slices.Grow(r.posed[:0], len(m.Unique))[:len(m.Unique)]
	r.blendMats = slices.Grow(r.blendMats[:0], 16*len(m.Blends))[:16*len(m.Blends)]
	m.BindPose(r.posed)
	r.posedSkin = r.posedSkin[:0]
	gl.BindBuffer(gl.ARRAY_BUFFER, r.posedVBO)
	if len(r.posed) > 0 {
		gl.BufferData(gl.ARRAY_BUFFER, len(r.posed)*int(unsafe.Sizeof(r.posed[0])), gl.Ptr(r.posed), gl.STREAM_DRAW)
	} else {
		gl.BufferData(gl.ARRAY_BUFFER, 0, nil, gl.STREAM_DRAW)
	}
	gl.BindVertexArray(r.meshVAO)
	if len(m.Index) > 0 {
		gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, 4*len(m.Index), gl.Ptr(m.Index), gl.STATIC_DRAW)
	} else {
		gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, 0, nil, gl.STATIC_DRAW)
	}
	gl.BindVertexArray(0)
	r.triRange, r.triFirst, r.triCentre = r.triRange[:0], r.triFirst[:0], r.triCentre[:0]
	for ri, rg := range m.Ranges {
		for c := rg.First; c+2 < rg.First+rg.Count; c += 3 {
			var ctr [3]float32
			for k := int32(0); k < 3; k++ {
				p := m.Vertices[c+k].Pos
				ctr[0], ctr[1], ctr[2] = ctr[0]+p[0]/3, ctr[1]+p[1]/3, ctr[2]+p[2]/3
			}
			r.triRange = append(r.triRange, int32(ri))
			r.triFirst = append(r.triFirst, c)
			r.triCentre = append(r.triCentre, ctr)
		}
	}
	r.SetTextures(nil)
}

// SetTextures uploads one image per material (index for index); nil or
// missing entries get the checker placeholder when the material names a
// texture, and plain white when it does not. Images larger than the GL
// limit get the placeholder too. The images are only read.
func (r *Renderer) SetTextures(imgs []image.Image) {
	if len(r.owned) > 0 {
		gl.DeleteTextures(int32(len(r.owned)), &r.owned[0])
		r.owned = r.owned[:0]
	}
	if r.mesh == nil {
		return
	}
	n := len(r.mesh.Materials)
	r.matTex = slices.Grow(r.matTex[:0], n)[:n]
	r.matTranslucent = slices.Grow(r.matTranslucent[:0], n)[:n]
	for i, mt := range r.mesh.Materials {
		r.matTex[i], r.matTranslucent[i] = r.white, false
		if mt.Textured {
			r.matTex[i] = r.checker
		}
		if i >= len(imgs) || imgs[i] == nil {
			continue
		}
		b := imgs[i].Bounds()
		if b.Empty() || b.Dx() > int(r.maxTexture) || b.Dy() > int(r.maxTexture) {
			continue
		}
		img, translucent := toNRGBA(imgs[i])
		id := uploadTexture(img, true)
		r.owned = append(r.owned, id)
		r.matTex[i], r.matTranslucent[i] = id, translucent
	}
}

// TextureKind tells what material i is drawn with.
type TextureKind int

// The kinds of texture a material can be drawn with.
const (
	TextureNone        TextureKind = iota // plain white: the material names no texture
	TexturePlaceholder                    // the checker: named but no usable image
	TextureImage                          // the caller's image
)

// MaterialTexture reports what material i is drawn with.
func (r *Renderer) MaterialTexture(i int) TextureKind {
	if i < 0 || i >= len(r.matTex) {
		return TextureNone
	}
	switch r.matTex[i] {
	case r.white:
		return TextureNone
	case r.checker:
		return TexturePlaceholder
	}
	return TextureImage
}

func (r *Renderer) ensureTarget(w, h int) error {
	if w <= 0 || h <= 0 || w > int(r.maxRenderbuf) || h > int(r.maxRenderbuf) {
		return fmt.Errorf("glr: frame size %d×%d outside 1…%d", w, h, r.maxRenderbuf)
	}
	if r.fbo == 0 {
		gl.GenFramebuffers(1, &r.fbo)
		gl.GenRenderbuffers(1, &r.colorRB)
		gl.GenRenderbuffers(1, &r.depthRB)
	}
	gl.BindFramebuffer(gl.FRAMEBUFFER, r.fbo)
	if w == r.fbW && h == r.fbH {
		return nil
	}
	gl.BindRenderbuffer(gl.RENDERBUFFER, r.colorRB)
	gl.RenderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, int32(w), int32(h))
	gl.BindRenderbuffer(gl.RENDERBUFFER, r.depthRB)
	gl.RenderbufferStorage(gl.RENDERBUFFER, gl.DEPTH_COMPONENT24, int32(w), int32(h))
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, r.colorRB)
	gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, r.depthRB)
	if s := gl.CheckFramebufferStatus(gl.FRAMEBUFFER); s != gl.FRAMEBUFFER_COMPLETE {
		r.fbW, r.fbH = 0, 0
		return fmt.Errorf("glr: framebuffer %d×%d incomplete: 0x%x", w, h, s)
	}
	r.fbW, r.fbH = w, h
	return nil
}

// Render draws f into dst, which must be f.Width×f.Height with its origin
// at (0, 0); dst's pixels are overwritten, top row first, fully opaque.
func (r *Renderer) Render(f *scene.Frame, dst *image.RGBA) error {
	if dst.Rect != image.Rect(0, 0, f.Width, f.Height) || dst.Stride != 4*f.Width {
		return fmt.Errorf("glr: destination %v (stride %d) does not match the %d×%d frame", dst.Rect, dst.Stride, f.Width, f.Height)
	}
	if err := r.ensureTarget(f.Width, f.Height); err != nil {
		return err
	}
	r.setMatrices(f)

	gl.Viewport(0, 0, int32(f.Width), int32(f.Height))
	bg := Background
	gl.ClearColor(float32(bg.R)/255, float32(bg.G)/255, float32(bg.B)/255, 1)
	gl.DepthMask(true)
	gl.Clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
	gl.Enable(gl.DEPTH_TEST)
	gl.DepthFunc(gl.LEQUAL)
	gl.FrontFace(gl.CW)
	// Alpha is kept at 1 so the image is opaque whatever was blended.
	gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
	gl.Disable(gl.BLEND)

	r.lines = r.lines[:0]
	if f.Overlays.Grid {
		r.appendGrid()
	}
	if f.Overlays.Axes {
		r.appendAxes()
	}
	r.drawLines(r.lines, gl.LINES, true)

	if r.mesh != nil && len(r.mesh.Ranges) > 0 {
		r.drawSurfaces(f)
		r.drawWire(f)
		if f.Overlays.Normals {
			r.drawNormals(f)
		}
	}

	if f.Overlays.Bounds && r.poseOK {
		r.lines = r.lines[:0]
		r.appendBox(r.poseLo, r.poseHi, BoundsColor)
		r.drawLines(r.lines, gl.LINES, true)
	}
	if r.mesh != nil && f.Overlays.Skeleton && r.mesh.Joints > 0 {
		r.drawSkeleton(f)
	}
	r.drawMarks(f)

	gl.ReadPixels(0, 0, int32(f.Width), int32(f.Height), gl.RGBA, gl.UNSIGNED_BYTE, unsafe.Pointer(&dst.Pix[0]))
	if err := r.takeErr(); err != nil {
		return err
	}
	if e := gl.GetError(); e != gl.NO_ERROR {
		return fmt.Errorf("glr: rendering a %d×%d frame: GL error 0x%x", f.Width, f.Height, e)
	}
	return nil
}

// setMatrices finds the bounds of the current pose and computes the view
// matrix, the Y-flipped projection (clipping planes around the pose, so
// animation that wanders off the bind pose is not clipped) and their
// product for f.
func (r *Renderer) setMatrices(f *scene.Frame) {
	r.poseLo, r.poseHi, r.poseOK = r.mesh.DrawBounds(f)
	centre, radius := r.mesh.Sphere()
	if r.poseOK {
		centre, radius = scene.SphereOf(r.poseLo, r.poseHi)
	}
	r.view = f.Camera.View()
	r.proj = mgl32.Scale3D(1, -1, 1).Mul4(f.Camera.Proj(f.Aspect(), centre, radius))
	r.viewProj = r.proj.Mul4(r.view)
}

// use binds the mesh program's variant v and sets its per-frame uniforms. It
// leaves the vertex array bound as it is: drawing switches variants
// between ranges drawn through meshVAO or sortVAO.
func (r *Renderer) use(f *scene.Frame, v variant) {
	v = v.canonical()
	p := r.program(v)
	r.meshProg, r.cur = p, v
	gl.UseProgram(p.id)
	gl.UniformMatrix4fv(p.loc("uView"), 1, false, &r.view[0])
	gl.UniformMatrix4fv(p.loc("uProj"), 1, false, &r.proj[0])
	gl.Uniform1i(p.loc("uTex"), 0)
	gl.Uniform1i(p.loc("uHeatJoint"), int32(f.HeatJoint))
	gl.Uniform1i(p.loc("uTwoSided"), b2i(f.Overlays.TwoSided))
	gl.Uniform4f(p.loc("uTint"), 0, 0, 0, 0)
	gl.Uniform1f(p.loc("uAlphaRef"), r.alphaRef)
	switch {
	case f.Overlays.CullBackFaces:
		gl.Enable(gl.CULL_FACE)
		gl.CullFace(gl.BACK)
	case r.culled != 0:
		gl.Enable(gl.CULL_FACE)
		gl.CullFace(r.culled)
	default:
		gl.Disable(gl.CULL_FACE)
	}
}

// pose uploads the mesh's distinct corners moved by the skinning matrices
// (scene.Mesh.BlendMatrices, PoseCorners), or in the bind pose when there
// are none; joints the caller gave no matrix for keep the identity. The
// bind pose is uploaded only when the buffer holds another, and a pose only
// when its matrices differ from the buffer's (a paused model being orbited
// is posed once).
func (r *Renderer) pose(skin []mgl32.Mat4) {
	if r.mesh == nil || len(r.posed) == 0 {
		return
	}
	if !r.mesh.Skinned {
		skin = nil
	}
	if slices.Equal(skin, r.posedSkin) {
		return
	}
	if len(skin) == 0 {
		r.mesh.BindPose(r.posed)
	} else {
		r.mesh.BlendMatrices(skin, r.blendMats)
		r.mesh.PoseCorners(r.blendMats, r.posed)
	}
	// A copy: callers change their slice in place between frames.
	r.posedSkin = append(r.posedSkin[:0], skin...)
	gl.BindBuffer(gl.ARRAY_BUFFER, r.posedVBO)
	gl.BufferSubData(gl.ARRAY_BUFFER, 0, len(r.posed)*int(unsafe.Sizeof(r.posed[0])), unsafe.Pointer(&r.posed[0]))
}

// Release deletes every GL object. The context must still be current.
func (r *Renderer) Release() {
	if len(r.owned) > 0 {
		gl.DeleteTextures(int32(len(r.owned)), &r.owned[0])
		r.owned = nil
	}
	for _, t := range []*uint32{&r.white, &r.checker} {
		if *t != 0 {
			gl.DeleteTextures(1, t)
			*t = 0
		}
	}
	for _, b := range []*uint32{&r.vbo, &r.posedVBO, &r.lineVBO, &r.ebo, &r.cornerEBO} {
		if *b != 0 {
			gl.DeleteBuffers(1, b)
			*b = 0
		}
	}
	for _, a := range []*uint32{&r.meshVAO, &r.normalVAO, &r.sortVAO, &r.lineVAO} {
		if *a != 0 {
			gl.DeleteVertexArrays(1, a)
			*a = 0
		}
	}
	if r.fbo != 0 {
		gl.DeleteFramebuffers(1, &r.fbo)
		gl.DeleteRenderbuffers(1, &r.colorRB)
		gl.DeleteRenderbuffers(1, &r.depthRB)
		r.fbo, r.colorRB, r.depthRB, r.fbW, r.fbH = 0, 0, 0, 0, 0
	}
	deletePrograms(r.progs)
	r.progs = nil
	r.lineProg.delete()
	r.mesh = nil
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}
