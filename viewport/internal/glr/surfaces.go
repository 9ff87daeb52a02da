package glr

import (
	"slices"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/viewport/internal/scene"
)

// Surfaces: the groups drawn with their materials, opaque first, then the
// translucent ones sorted as the model's transparency mode asks.

func (r *Renderer) material(i int) *scene.Material {
	if i >= 0 && i < len(r.mesh.Materials) {
		return &r.mesh.Materials[i]
	}
	return &r.mesh.Default
}

func (r *Renderer) translucent(rg *scene.Range, f *scene.Frame) bool {
	if f.Overlays.HeatMap {
		return false
	}
	mt := r.material(rg.Material)
	if mt.Opacity < 1 {
		return true
	}
	return !f.Overlays.NoTextures && rg.Material >= 0 && rg.Material < len(r.matTranslucent) && r.matTranslucent[rg.Material]
}

// drawSurfaces draws the opaque groups, then the translucent ones back to
// front with depth writes off.
func (r *Renderer) drawSurfaces(f *scene.Frame) {
	r.pose(f.Skin)
	gl.BindVertexArray(r.meshVAO)
	shade := shadeLit
	if f.Overlays.HeatMap {
		shade = shadeHeat
	}

	r.opaque, r.transparent = r.opaque[:0], r.transparent[:0]
	for i := range r.mesh.Ranges {
		if r.translucent(&r.mesh.Ranges[i], f) {
			r.transparent = append(r.transparent, i)
		} else {
			r.opaque = append(r.opaque, i)
		}
	}
	// Opaque surfaces: the variant without the alpha test, so depth is
	// tested before shading.
	r.alphaRef = 0
	r.facePasses(f, r.opaque, func() { r.use(f, variant{shading: shade, opaque: true}) }, func(i int) { r.drawRange(f, i) })
	if len(r.transparent) == 0 {
		return
	}
	if r.mesh.Transparency == scene.TransparencyAlphaRef {
		// Depth-buffered: what passes the alpha reference hides what lies
		// behind it, like an opaque surface.
		r.alphaRef = r.mesh.AlphaRef
	}
	r.use(f, variant{shading: shade})
	if r.mesh.Transparency == scene.TransparencySortedTriangles {
		r.drawSortedTriangles(f)
		return
	}
	r.depth = slices.Grow(r.depth[:0], len(r.mesh.Ranges))[:len(r.mesh.Ranges)]
	for _, i := range r.transparent {
		c := r.mesh.Ranges[i].Centroid
		r.depth[i] = r.view.Mul4x1(mgl32.Vec4{c[0], c[1], c[2], 1})[2]
	}
	// View space looks down −Z: the most negative z is the farthest.
	slices.SortStableFunc(r.transparent, func(a, b int) int {
		switch {
		case r.depth[a] < r.depth[b]:
			return -1
		case r.depth[a] > r.depth[b]:
			return 1
		}
		return 0
	})
	gl.Enable(gl.BLEND)
	if r.mesh.Transparency != scene.TransparencyAlphaRef {
		gl.DepthMask(false)
	}
	for _, i := range r.transparent {
		r.drawRange(f, i)
	}
	gl.DepthMask(true)
	gl.Disable(gl.BLEND)
}

// drawSortedTriangles draws the triangles of the translucent ranges back
// to front one by one (by their bind-pose centroids), without depth
// writes, switching materials only where consecutive triangles come from
// different ranges.
func (r *Renderer) drawSortedTriangles(f *scene.Frame) {
	r.rangeTrans = slices.Grow(r.rangeTrans[:0], len(r.mesh.Ranges))[:len(r.mesh.Ranges)]
	clear(r.rangeTrans)
	for _, i := range r.transparent {
		r.rangeTrans[i] = true
	}
	r.tris, r.triDepth = r.tris[:0], slices.Grow(r.triDepth[:0], len(r.triRange))[:len(r.triRange)]
	v := r.view
	for t, ri := range r.triRange {
		if !r.rangeTrans[ri] {
			continue
		}
		c := r.triCentre[t]
		r.triDepth[t] = v[2]*c[0] + v[6]*c[1] + v[10]*c[2] + v[14]
		r.tris = append(r.tris, int32(t))
	}
	// View space looks down −Z: the most negative z is the farthest.
	slices.SortStableFunc(r.tris, func(a, b int32) int {
		switch da, db := r.triDepth[a], r.triDepth[b]; {
		case da < db:
			return -1
		case da > db:
			return 1
		}
		return 0
	})
	r.triIndices = r.triIndices[:0]
	for _, t := range r.tris {
		first := r.triFirst[t]
		r.triIndices = append(r.triIndices, r.mesh.Index[first:first+3]...)
	}
	gl.BindVertexArray(r.sortVAO)
	gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, 4*len(r.triIndices), gl.Ptr(r.triIndices), gl.STREAM_DRAW)
	gl.Enable(gl.BLEND)
	gl.DepthMask(false)
	for start := 0; start < len(r.tris); {
		ri := r.triRange[r.tris[start]]
		end := start + 1
		for end < len(r.tris) && r.triRange[r.tris[end]] == ri {
			end++
		}
		tinted := r.bindRange(f, int(ri))
		gl.DrawElementsWithOffset(gl.TRIANGLES, int32(3*(end-start)), gl.UNSIGNED_INT, uintptr(12*start))
		if tinted {
			gl.Uniform4f(r.meshProg.loc("uTint"), 0, 0, 0, 0)
		}
		start = end
	}
	gl.BindVertexArray(r.meshVAO)
	gl.DepthMask(true)
	gl.Disable(gl.BLEND)
}

// drawCorners draws rg's triangles through the corner index (meshVAO
// bound).
func drawCorners(rg *scene.Range) {
	gl.DrawElementsWithOffset(gl.TRIANGLES, rg.Count, gl.UNSIGNED_INT, uintptr(4*rg.First))
}

// facePassPixels is how many pixels of the frame a triangle must have on
// average for facePasses to draw front and back faces in two passes: below
// it, the triangles' own cost (set up twice, their vertices shaded twice)
// outweighs the pixels saved (the stress model at 704×395, 4 pixels a
// triangle, took 11 % longer in two passes).
const facePassPixels = 16

// facePasses draws ranges: begin binds a mesh program variant (use) and
// each draws range i. Unless the frame culls back faces or has too many
// triangles for its size (facePassPixels), it does so in two passes, each
// drawing one side of every range: its front faces first, then its back
// faces, or the other way round for a range that is inside out
// (scene.Range.InsideOut). What is hidden then mostly fails the depth test
// instead of being shaded and painted over: a closed mesh has a back face
// behind nearly every covered pixel, and a room seen from outside has its
// far wall's front faces behind the near wall's back faces (the sample's
// frame at 1064×675 takes a seventh less time). Where a front and a back
// face lie at the same depth (a two-sided card made of two triangles), the
// front one shows, seen from either side. Picking goes through the same
// passes, so that it finds the surface shown.
func (r *Renderer) facePasses(f *scene.Frame, ranges []int, begin func(), each func(i int)) {
	triangles := 0
	for _, i := range ranges {
		triangles += int(r.mesh.Ranges[i].Count) / 3
	}
	if f.Overlays.CullBackFaces || triangles*facePassPixels > f.Width*f.Height {
		begin()
		for _, i := range ranges {
			each(i)
		}
		return
	}
	for pass := range 2 {
		begin()
		for _, i := range ranges {
			r.cullFor(pass, &r.mesh.Ranges[i])
			each(i)
		}
	}
	r.culled = 0
	gl.Disable(gl.CULL_FACE)
	gl.DepthFunc(gl.LEQUAL)
}

// cullFor sets the face culled and the depth test for drawing rg in face
// pass 0 or 1. Back faces drawn after the front ones pass only where
// strictly nearer, so that the front faces win ties.
func (r *Renderer) cullFor(pass int, rg *scene.Range) {
	culled, depth := uint32(gl.BACK), uint32(gl.LEQUAL)
	if (pass == 0) == rg.InsideOut { // this pass draws rg's back faces
		culled = gl.FRONT
		if pass == 1 {
			depth = gl.LESS
		}
	}
	if r.culled == 0 {
		gl.Enable(gl.CULL_FACE)
	}
	if culled != r.culled {
		gl.CullFace(culled)
		r.culled = culled
	}
	gl.DepthFunc(depth)
}

// drawRange draws range i with its material.
func (r *Renderer) drawRange(f *scene.Frame, i int) {
	rg := &r.mesh.Ranges[i]
	tinted := r.bindRange(f, i)
	drawCorners(rg)
	if tinted {
		gl.Uniform4f(r.meshProg.loc("uTint"), 0, 0, 0, 0)
	}
}

// bindRange sets the material uniforms and texture of range i, binding
// the variant of the current one that the material needs (sphere-mapped or
// not, with a specular highlight or not), and reports whether it set the
// highlight tint (which the caller clears after drawing).
func (r *Renderer) bindRange(f *scene.Frame, i int) bool {
	rg := &r.mesh.Ranges[i]
	mt := r.material(rg.Material)
	tex := r.white
	if !f.Overlays.NoTextures && rg.Material >= 0 && rg.Material < len(r.matTex) {
		tex = r.matTex[rg.Material]
	}
	if v := r.cur; v.shading == shadeLit {
		v.sphereMap = mt.SphereMap && tex != r.white && tex != r.checker
		v.specular = mt.Specular[0] != 0 || mt.Specular[1] != 0 || mt.Specular[2] != 0
		if v != r.cur {
			r.use(f, v)
		}
	}
	p := r.meshProg
	gl.Uniform4fv(p.loc("uAmbient"), 1, &mt.Ambient[0])
	gl.Uniform4fv(p.loc("uDiffuse"), 1, &mt.Diffuse[0])
	gl.Uniform4fv(p.loc("uSpecular"), 1, &mt.Specular[0])
	gl.Uniform4fv(p.loc("uEmissive"), 1, &mt.Emissive[0])
	gl.Uniform1f(p.loc("uShininess"), mt.Shininess)
	gl.Uniform1f(p.loc("uOpacity"), mt.Opacity)
	gl.BindTexture(gl.TEXTURE_2D, tex)
	if rg.Group == f.HighlightGroup {
		gl.Uniform4fv(p.loc("uTint"), 1, &highlightTint[0])
		return true
	}
	return false
}
