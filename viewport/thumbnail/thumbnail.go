// Package thumbnail draws a model's picture without a display, a GPU or
// cgo: a software rasteriser that draws what the viewport's OpenGL renderer
// (viewport/internal/glr) draws, from the thumbnail camera both share
// (scene.Mesh.ThumbnailFrame), for file-manager thumbnails (ms3dtool
// thumbnail), reports and batch work.
//
// It reuses the viewport's scene building (scene.Build: groups,
// materials, per-corner normals and texture coordinates, the first group
// claiming a triangle, the model's transparency mode), its CPU posing
// (PoseCorners) and its lights, and follows the GL renderer's rules:
// opaque groups first, front faces before back faces (which then must be
// strictly nearer, so a two-sided card shows its front), lit on both
// sides; then the translucent groups — a material's opacity below 1 or a
// texture with any transparent texel — blended back to front by group, by
// triangle in the sorted-triangles mode, with depth writes and the
// model's alpha reference in the depth-buffered mode, fragments below
// alpha 1/255 discarded. Textures repeat and are sampled trilinearly from
// a box-filtered mipmap chain, perspective-correct; a material whose
// texture is missing shows the viewport's magenta and grey checker. The
// picture is drawn at twice its size (up to 512 pixels) and averaged
// down, so edges are smooth.
//
// Render allocates all its memory per call and only reads its inputs, so
// any number of goroutines may call it at once, on one model too.
package thumbnail

import (
	"cmp"
	"errors"
	"fmt"
	"image"
	"image/color"
	"slices"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/viewport/internal/scene"
)

// DefaultSize is the side of a thumbnail in pixels when Options gives none
// (freedesktop's "large" thumbnail).
const DefaultSize = 256

// MaxSize is the largest side Render draws.
const MaxSize = 4096

// supersampleUpTo is the largest side drawn at twice its size and averaged
// down; larger pictures are drawn at their size.
const supersampleUpTo = 512

// Options say what picture Render draws.
type Options struct {
	// Size is the picture's width and height in pixels, 1 to MaxSize;
	// 0 means DefaultSize.
	Size int
	// Frame is the MilkShape frame (1-based, frame = time × fps) the model
	// is posed at; 0 means frame 1, where the app opens a model.
	Frame float32
	// Background fills the picture behind the model; the zero value
	// leaves it transparent.
	Background color.NRGBA
	// PlainMissing draws a material whose texture is missing in its own
	// colours instead of the viewport's magenta and grey checker: a file
	// manager's thumbnailer runs in a sandbox that shows it only the model
	// file, never the textures beside it, and a checker there would say
	// the model is broken when it is not.
	PlainMissing bool
}

// ErrNothingToDraw is returned for a model with no triangle that covers
// any area (none at all, or every one collapsed to a line or a point).
var ErrNothingToDraw = errors.New("thumbnail: the model has no triangle to draw")

// File opens the model at path as the app does (document.Open, any format
// it reads), loads its textures from beside it and draws it.
func File(path string, opt Options) (*image.NRGBA, error) {
	d, err := document.Open(path)
	if err != nil {
		return nil, err
	}
	img, err := Render(d.Model(), d.Textures().Images, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}

// Pose returns the joints' global and skinning matrices of m at a
// MilkShape frame (1-based), as the app's timeline poses it.
func Pose(m *model.Model, frame float32) (global, skin []mgl32.Mat4) {
	sk, _ := anim.NewSkeleton(m)
	global, skin = make([]mgl32.Mat4, sk.Len()), make([]mgl32.Mat4, sk.Len())
	sk.Pose(anim.FrameToTime(frame, m.EffectiveFPS()), global)
	sk.SkinMatrices(global, skin)
	return global, skin
}

// Render draws m posed at opt.Frame with one texture image per material
// (textures[i] for m.Materials[i]; nil or missing entries for materials
// whose texture is missing, as document.Textures gives them) from the
// thumbnail camera. m and the images are only read.
func Render(m *model.Model, textures []image.Image, opt Options) (*image.NRGBA, error) {
	size := opt.Size
	if size == 0 {
		size = DefaultSize
	}
	if size < 1 || size > MaxSize {
		return nil, fmt.Errorf("thumbnail: size %d outside 1…%d", size, MaxSize)
	}
	frame := opt.Frame
	if frame == 0 {
		frame = 1
	}
	mesh := scene.Build(m)
	if !drawable(mesh) {
		return nil, ErrNothingToDraw
	}
	_, skin := Pose(m, frame)
	f := mesh.ThumbnailFrame(skin, size, size, 0)
	ss := 1
	if size <= supersampleUpTo {
		ss = 2
	}
	r := newRenderer(mesh, &f, textures, size*ss, opt)
	r.clear(opt.Background)
	r.drawSurfaces()
	return r.resolve(ss), nil
}

// drawable reports whether some triangle of mesh has an area.
func drawable(mesh *scene.Mesh) bool {
	if !mesh.HasBounds {
		return false
	}
	for i := 0; i+2 < len(mesh.Vertices); i += 3 {
		p, q, r := mesh.Vertices[i].Pos, mesh.Vertices[i+1].Pos, mesh.Vertices[i+2].Pos
		u, v := mgl32.Vec3(q).Sub(p), mgl32.Vec3(r).Sub(p)
		if u.Cross(v).Len() > 0 {
			return true
		}
	}
	return false
}

// renderer holds one Render call's state.
type renderer struct {
	mesh *scene.Mesh
	f    *scene.Frame
	t    target
	// corners holds mesh.Unique after the vertex stage.
	corners []corner
	view    mgl32.Mat4
	// tex and translucent are each material's texture and whether it
	// makes its groups translucent; defaultMat draws groups without one.
	tex         []*texture
	translucent []bool
	cp          clipPoly
}

func newRenderer(mesh *scene.Mesh, f *scene.Frame, textures []image.Image, side int, opt Options) *renderer {
	r := &renderer{mesh: mesh, f: f}
	r.t = target{w: side, h: side, color: make([]float32, 4*side*side), depth: make([]float32, side*side)}
	var ts textureSet
	r.tex = make([]*texture, len(mesh.Materials))
	r.translucent = make([]bool, len(mesh.Materials))
	for i := range mesh.Materials {
		var img image.Image
		if i < len(textures) {
			img = textures[i]
		}
		r.tex[i] = ts.forMaterial(&mesh.Materials[i], img, opt.PlainMissing)
		r.translucent[i] = r.tex[i] != nil && r.tex[i].translucent
	}
	r.vertexStage()
	return r
}

// vertexStage poses the mesh's distinct corners as the GL renderer does
// (on the CPU) and moves them into view and clip space, with the
// projection's clipping planes around the pose (scene.Mesh.DrawBounds).
func (r *renderer) vertexStage() {
	mesh, f := r.mesh, r.f
	posed := make([]scene.Posed, len(mesh.Unique))
	if mesh.Skinned && len(f.Skin) > 0 {
		mats := make([]float32, 16*len(mesh.Blends))
		mesh.BlendMatrices(f.Skin, mats)
		mesh.PoseCorners(mats, posed)
	} else {
		mesh.BindPose(posed)
	}
	centre, radius := mesh.Sphere()
	if lo, hi, ok := mesh.DrawBounds(f); ok {
		centre, radius = scene.SphereOf(lo, hi)
	}
	r.view = f.Camera.View()
	proj := f.Camera.Proj(f.Aspect(), centre, radius)
	v, p := mat64(r.view), mat64(proj)
	r.corners = make([]corner, len(posed))
	for i, pc := range posed {
		c := &r.corners[i]
		var vp [4]float64
		for row := 0; row < 4; row++ {
			vp[row] = v[row] * float64(pc.Pos[0])
			vp[row] += v[4+row] * float64(pc.Pos[1])
			vp[row] += v[8+row] * float64(pc.Pos[2])
			vp[row] += v[12+row]
		}
		for row := 0; row < 4; row++ {
			c.clip[row] = p[row]*vp[0] + p[4+row]*vp[1] + p[8+row]*vp[2] + p[12+row]*vp[3]
		}
		for k := 0; k < 3; k++ {
			c.attr[attrPos+k] = vp[k]
			n := pc.Normal
			c.attr[attrNormal+k] = v[k]*float64(n[0]) + v[4+k]*float64(n[1]) + v[8+k]*float64(n[2])
		}
		uv := mesh.Unique[i].UV
		c.attr[attrUV], c.attr[attrUV+1] = float64(uv[0]), float64(uv[1])
	}
}

func mat64(m mgl32.Mat4) (d [16]float64) {
	for i, x := range m {
		d[i] = float64(x)
	}
	return d
}

// clear fills the picture with bg (premultiplied) and the depth buffer
// with the far plane.
func (r *renderer) clear(bg color.NRGBA) {
	a := float32(bg.A) / 255
	c := [4]float32{float32(bg.R) / 255 * a, float32(bg.G) / 255 * a, float32(bg.B) / 255 * a, a}
	for i := 0; i < len(r.t.color); i += 4 {
		copy(r.t.color[i:i+4], c[:])
	}
	for i := range r.t.depth {
		r.t.depth[i] = 1
	}
}

func (r *renderer) material(i int) *scene.Material {
	if i >= 0 && i < len(r.mesh.Materials) {
		return &r.mesh.Materials[i]
	}
	return &r.mesh.Default
}

// isTranslucent tells whether range rg is drawn with the translucent ones.
func (r *renderer) isTranslucent(rg *scene.Range) bool {
	if r.material(rg.Material).Opacity < 1 {
		return true
	}
	return rg.Material >= 0 && rg.Material < len(r.translucent) && r.translucent[rg.Material]
}

// stateFor returns the draw state of range rg's material.
func (r *renderer) stateFor(rg *scene.Range) state {
	mt := r.material(rg.Material)
	st := state{faces: bothFaces, depthWrite: true, mat: mt, twoSided: r.f.Overlays.TwoSided}
	if rg.Material >= 0 && rg.Material < len(r.tex) {
		st.tex = r.tex[rg.Material]
	}
	st.sphereMap = mt.SphereMap && st.tex != nil && !st.tex.nearest
	st.specular = mt.Specular[0] != 0 || mt.Specular[1] != 0 || mt.Specular[2] != 0
	return st
}

// drawSurfaces draws the opaque ranges, front faces first, then the
// translucent ones as the model's transparency mode asks (glr's
// drawSurfaces).
func (r *renderer) drawSurfaces() {
	var opaque, transparent []int
	for i := range r.mesh.Ranges {
		if r.isTranslucent(&r.mesh.Ranges[i]) {
			transparent = append(transparent, i)
		} else {
			opaque = append(opaque, i)
		}
	}
	// Two face passes: each range's front faces (its back faces for a
	// range that is inside out), then the other side, back faces only
	// where strictly nearer, so that the front wins a tie.
	for pass := 0; pass < 2; pass++ {
		for _, i := range opaque {
			rg := &r.mesh.Ranges[i]
			st := r.stateFor(rg)
			back := (pass == 0) == rg.InsideOut
			st.faces = frontFaces
			if back {
				st.faces = backFaces
				if pass == 1 {
					st.depth = depthLess
				}
			}
			r.drawRange(rg, &st)
		}
	}
	if len(transparent) == 0 {
		return
	}
	alphaRef := 0.0
	if r.mesh.Transparency == scene.TransparencyAlphaRef {
		// Depth-buffered: what passes the alpha reference hides what lies
		// behind it.
		alphaRef = float64(r.mesh.AlphaRef)
	}
	translucentState := func(rg *scene.Range) state {
		st := r.stateFor(rg)
		st.blend, st.alphaTest, st.alphaRef = true, true, alphaRef
		st.depthWrite = r.mesh.Transparency == scene.TransparencyAlphaRef
		return st
	}
	if r.mesh.Transparency == scene.TransparencySortedTriangles {
		r.drawSortedTriangles(transparent, translucentState)
		return
	}
	depth := make([]float32, len(r.mesh.Ranges))
	for _, i := range transparent {
		c := r.mesh.Ranges[i].Centroid
		depth[i] = r.view.Mul4x1(mgl32.Vec4{c[0], c[1], c[2], 1})[2]
	}
	// View space looks down −Z: the most negative z is the farthest.
	slices.SortStableFunc(transparent, func(a, b int) int { return cmp.Compare(depth[a], depth[b]) })
	for _, i := range transparent {
		rg := &r.mesh.Ranges[i]
		st := translucentState(rg)
		r.drawRange(rg, &st)
	}
}

// drawSortedTriangles draws the triangles of the translucent ranges back
// to front one by one, by their bind-pose centroids, without depth writes.
func (r *renderer) drawSortedTriangles(transparent []int, stateOf func(*scene.Range) state) {
	type tri struct {
		rg    int
		first int32
		depth float32
	}
	var tris []tri
	v := r.view
	for _, ri := range transparent {
		rg := &r.mesh.Ranges[ri]
		for c := rg.First; c+2 < rg.First+rg.Count; c += 3 {
			var ctr [3]float32
			for k := int32(0); k < 3; k++ {
				p := r.mesh.Vertices[c+k].Pos
				ctr[0], ctr[1], ctr[2] = ctr[0]+p[0]/3, ctr[1]+p[1]/3, ctr[2]+p[2]/3
			}
			tris = append(tris, tri{rg: ri, first: c, depth: v[2]*ctr[0] + v[6]*ctr[1] + v[10]*ctr[2] + v[14]})
		}
	}
	// Ranges in model order first, as glr lists the triangles, then
	// sorted stably by depth.
	slices.SortStableFunc(tris, func(a, b tri) int { return cmp.Compare(a.depth, b.depth) })
	states := map[int]state{}
	for _, t := range tris {
		st, ok := states[t.rg]
		if !ok {
			st = stateOf(&r.mesh.Ranges[t.rg])
			states[t.rg] = st
		}
		r.drawCorners(t.first, 3, &st)
	}
}

// drawRange draws every triangle of rg with st.
func (r *renderer) drawRange(rg *scene.Range, st *state) {
	r.drawCorners(rg.First, rg.Count, st)
}

// drawCorners draws count corners (three a triangle) of the mesh from
// first, through its corner index.
func (r *renderer) drawCorners(first, count int32, st *state) {
	idx := r.mesh.Index[first : first+count]
	for i := 0; i+2 < len(idx); i += 3 {
		r.t.drawTriangle(&r.cp, &r.corners[idx[i]], &r.corners[idx[i+1]], &r.corners[idx[i+2]], st)
	}
}

// resolve averages ss×ss blocks of the picture into the straight-alpha
// result.
func (r *renderer) resolve(ss int) *image.NRGBA {
	side := r.t.w / ss
	out := image.NewNRGBA(image.Rect(0, 0, side, side))
	inv := 1 / float32(ss*ss)
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			var c [4]float32
			for sy := 0; sy < ss; sy++ {
				row := (y*ss + sy) * r.t.w
				for sx := 0; sx < ss; sx++ {
					p := r.t.color[4*(row+x*ss+sx):]
					c[0], c[1], c[2], c[3] = c[0]+p[0], c[1]+p[1], c[2]+p[2], c[3]+p[3]
				}
			}
			o := out.Pix[y*out.Stride+4*x:]
			a := c[3] * inv
			if a <= 0 {
				continue
			}
			// Straight colour: premultiplied divided by the coverage.
			for k := 0; k < 3; k++ {
				o[k] = to8(c[k] / c[3])
			}
			o[3] = to8(a)
		}
	}
	return out
}

func to8(x float32) uint8 {
	return uint8(min(max(x, 0), 1)*255 + 0.5)
}
