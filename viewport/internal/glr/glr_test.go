package glr_test

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/teximage"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/sample"
	"ms3dstudio/viewport/internal/glr"
	"ms3dstudio/viewport/internal/gltest"
	"ms3dstudio/viewport/internal/scene"
	"ms3dstudio/viewport/internal/testmodel"
)

func TestMain(m *testing.M) { gltest.Main(m) }

// newRenderer creates a hidden window on the main thread, attaches its
// context to the test goroutine (locking its thread) and returns a
// renderer that is released when the test ends.
func newRenderer(tb testing.TB) *glr.Renderer {
	tb.Helper()
	gltest.Require(tb)
	var ctx *glr.Context
	var err error
	gltest.OnMain(func() { ctx, err = glr.CreateContext() })
	if err != nil {
		tb.Fatal(err)
	}
	runtime.LockOSThread()
	if err := ctx.Attach(); err != nil {
		ctx.Detach()
		gltest.OnMain(ctx.Destroy)
		tb.Fatal(err)
	}
	r, err := glr.New()
	if err != nil {
		ctx.Detach()
		gltest.OnMain(ctx.Destroy)
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		r.Release()
		ctx.Detach()
		gltest.OnMain(ctx.Destroy)
	})
	return r
}

// frameFor returns a w×h front-view frame framing box (lo, hi).
func frameFor(w, h int, lo, hi [3]float32) *scene.Frame {
	f := &scene.Frame{Width: w, Height: h, Camera: scene.DefaultCamera(), HeatJoint: -1, HighlightGroup: -1, HighlightJoint: -1}
	f.Overlays.TwoSided = true
	f.Camera.Frame(lo, hi, f.Aspect())
	return f
}

func render(tb testing.TB, r *glr.Renderer, f *scene.Frame) *image.RGBA {
	tb.Helper()
	img := image.NewRGBA(image.Rect(0, 0, f.Width, f.Height))
	if err := r.Render(f, img); err != nil {
		tb.Fatal(err)
	}
	gltest.Dump(tb, img)
	return img
}

// rectOf returns the pixel rectangle of the model-space rectangle
// (x0, y0)–(x1, y1) at depth z, shrunk by inset pixels on each side.
func rectOf(f *scene.Frame, mesh *scene.Mesh, x0, y0, x1, y1, z float32, inset int) image.Rectangle {
	ax, ay := pixelOf(f, mesh, mgl32.Vec3{x0, y1, z})
	bx, by := pixelOf(f, mesh, mgl32.Vec3{x1, y0, z})
	return image.Rect(ax+inset, ay+inset, bx-inset, by-inset)
}

// pixelOf projects a model-space point to image pixel coordinates.
func pixelOf(f *scene.Frame, mesh *scene.Mesh, p mgl32.Vec3) (int, int) {
	view, proj := f.Matrices(mesh)
	x, y, ok := scene.Project(p, proj.Mul4(view), float32(f.Width), float32(f.Height))
	if !ok {
		return -1, -1
	}
	return int(x), int(y)
}

func setModel(r *glr.Renderer, m *model.Model, textures ...image.Image) *scene.Mesh {
	mesh := scene.Build(m)
	r.SetMesh(mesh)
	r.SetTextures(textures)
	return mesh
}

func expectClass(t *testing.T, img image.Image, x, y int, want gltest.Class, what string) {
	t.Helper()
	got, share := gltest.Dominant(img, gltest.Around(x, y, 2))
	if got != want || share < 0.8 {
		t.Errorf("%s at (%d, %d): %v (%.0f%%), want %v; pixel %v", what, x, y, got, share*100, want, img.At(x, y))
	}
}

// TestFrontViewOrientation: in the default front view +X is right and +Y
// is up. A red quad in the +X+Y quadrant must appear in the image's top
// right and a blue one in −X−Y at the bottom left; any mirroring moves
// them.
func TestFrontViewOrientation(t *testing.T) {
	r := newRenderer(t)
	m := testmodel.Quads(
		testmodel.Quad{X0: 0.3, Y0: 0.3, X1: 1, Y1: 1, Diffuse: [3]float32{1, 0, 0}},
		testmodel.Quad{X0: -1, Y0: -1, X1: -0.3, Y1: -0.3, Diffuse: [3]float32{0, 0, 1}},
	)
	mesh := setModel(r, m)
	f := frameFor(200, 200, [3]float32{-1, -1, 0}, [3]float32{1, 1, 0})
	img := render(t, r, f)
	// Absolute image quadrants, independent of the projection helper.
	counts := func(rect image.Rectangle) map[gltest.Class]int { return gltest.Count(img, rect) }
	tr, bl := counts(image.Rect(100, 0, 200, 100)), counts(image.Rect(0, 100, 100, 200))
	tl, br := counts(image.Rect(0, 0, 100, 100)), counts(image.Rect(100, 100, 200, 200))
	if tr[gltest.Red] < 1000 || bl[gltest.Blue] < 1000 {
		t.Errorf("red in top right = %d px, blue in bottom left = %d px; want both ≥ 1000", tr[gltest.Red], bl[gltest.Blue])
	}
	if tl[gltest.Red]+tl[gltest.Blue]+br[gltest.Red]+br[gltest.Blue] != 0 {
		t.Errorf("colour in the empty quadrants: top left %v, bottom right %v", tl, br)
	}
	x, y := pixelOf(f, mesh, mgl32.Vec3{0.65, 0.65, 0})
	expectClass(t, img, x, y, gltest.Red, "projected red quad centre")
	if x < 100 || y > 100 {
		t.Errorf("red quad centre projects to (%d, %d), want top right", x, y)
	}
}

// TestTextureOrientation: a quad textured with a 2×2 image shows the
// image's top-left texel at its top-left corner (MS3D T has a top-left
// origin), and so on for each corner.
func TestTextureOrientation(t *testing.T) {
	r := newRenderer(t)
	tex := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	tex.Set(0, 0, color.NRGBA{255, 0, 0, 255})   // top left: red
	tex.Set(1, 0, color.NRGBA{0, 255, 0, 255})   // top right: green
	tex.Set(0, 1, color.NRGBA{0, 0, 255, 255})   // bottom left: blue
	tex.Set(1, 1, color.NRGBA{255, 255, 0, 255}) // bottom right: yellow
	m := testmodel.Quads(testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{1, 1, 1}, Textured: true})
	mesh := setModel(r, m, tex)
	if k := r.MaterialTexture(0); k != glr.TextureImage {
		t.Fatalf("material 0 drawn with %v, want the image", k)
	}
	f := frameFor(240, 240, [3]float32{-1, -1, 0}, [3]float32{1, 1, 0})
	img := render(t, r, f)
	for _, c := range []struct {
		x, y float32
		want gltest.Class
		name string
	}{
		{-0.5, 0.5, gltest.Red, "top left"},
		{0.5, 0.5, gltest.Green, "top right"},
		{-0.5, -0.5, gltest.Blue, "bottom left"},
		{0.5, -0.5, gltest.Yellow, "bottom right"},
	} {
		x, y := pixelOf(f, mesh, mgl32.Vec3{c.x, c.y, 0})
		expectClass(t, img, x, y, c.want, c.name+" of the textured quad")
	}
	// Independently of the projection: the top-left image quadrant holds
	// the red texel.
	if got, _ := gltest.Dominant(img, image.Rect(70, 70, 110, 110)); got != gltest.Red {
		t.Errorf("image top-left area is %v, want red", got)
	}
}

// TestMissingTexturePlaceholder: a material naming a texture with no image
// shows the magenta/grey checker, never black; a material without a
// texture shows its colour.
func TestMissingTexturePlaceholder(t *testing.T) {
	r := newRenderer(t)
	m := testmodel.Quads(
		testmodel.Quad{X0: -1, Y0: -1, X1: -0.1, Y1: 1, Diffuse: [3]float32{1, 1, 1}, Textured: true},
		testmodel.Quad{X0: 0.1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{0, 1, 0}},
	)
	mesh := setModel(r, m, nil, nil)
	if k := r.MaterialTexture(0); k != glr.TexturePlaceholder {
		t.Errorf("material 0 drawn with %v, want the placeholder", k)
	}
	if k := r.MaterialTexture(1); k != glr.TextureNone {
		t.Errorf("material 1 drawn with %v, want none", k)
	}
	f := frameFor(240, 240, [3]float32{-1, -1, 0}, [3]float32{1, 1, 0})
	img := render(t, r, f)
	left := gltest.Count(img, rectOf(f, mesh, -1, -1, -0.1, 1, 0, 2))
	if left[gltest.Magenta] < 500 || left[gltest.Grey] < 500 || left[gltest.Dark] > 0 {
		t.Errorf("placeholder quad classes %v: want a magenta and grey checker, nothing dark", left)
	}
	if got, share := gltest.Dominant(img, rectOf(f, mesh, 0.1, -1, 1, 1, 0, 2)); got != gltest.Green || share < 0.95 {
		t.Errorf("untextured green quad is %v (%.0f%%)", got, share*100)
	}
	// An image that is too big or empty falls back to the placeholder too.
	r.SetTextures([]image.Image{image.NewNRGBA(image.Rect(0, 0, 0, 0))})
	if k := r.MaterialTexture(0); k != glr.TexturePlaceholder {
		t.Errorf("empty image: material 0 drawn with %v, want the placeholder", k)
	}
}

func barFrame() *scene.Frame {
	return frameFor(240, 180, [3]float32{-0.3, -0.5, 0}, [3]float32{2.3, 1.3, 0})
}

// TestSkinningBendsBar: the bar's outer half, bound to the tip joint, is
// rotated 90° about the tip by the skinning matrix; the root half stays.
func TestSkinningBendsBar(t *testing.T) {
	r := newRenderer(t)
	mesh := setModel(r, testmodel.Bar())
	if !mesh.Skinned {
		t.Fatal("bar mesh not skinned")
	}
	f := barFrame()
	rest := render(t, r, f)
	skin, global := testmodel.BarBent()
	f.Skin, f.Global = skin, global
	bent := render(t, r, f)

	probe := func(img image.Image, p mgl32.Vec3) gltest.Class {
		x, y := pixelOf(f, mesh, p)
		c, _ := gltest.Dominant(img, gltest.Around(x, y, 1))
		return c
	}
	inner, outer, up := mgl32.Vec3{0.5, 0, 0}, mgl32.Vec3{1.75, 0, 0}, mgl32.Vec3{1, 0.75, 0}
	if c := probe(rest, inner); c == gltest.Dark {
		t.Errorf("rest pose: inner half missing")
	}
	if c := probe(rest, outer); c == gltest.Dark {
		t.Errorf("rest pose: outer half missing")
	}
	if c := probe(rest, up); c != gltest.Dark {
		t.Errorf("rest pose: %v above the tip joint, want background", c)
	}
	if c := probe(bent, inner); c == gltest.Dark {
		t.Errorf("bent: inner half moved away")
	}
	if c := probe(bent, outer); c != gltest.Dark {
		t.Errorf("bent: %v where the outer half was, want background", c)
	}
	if c := probe(bent, up); c == gltest.Dark {
		t.Errorf("bent: outer half not found above the tip joint")
	}
	// Shorter skin slices leave missing joints at the identity.
	f.Skin = skin[:1]
	partial := render(t, r, f)
	if c := probe(partial, outer); c == gltest.Dark {
		t.Errorf("skin for the root only: outer half should stay in place")
	}
}

// TestPoseFollowsSkinChangedInPlace: the renderer poses again when the
// caller changes its skin slice in place (as the viewport's pose does every
// frame), and not only when it passes a new slice: the bent bar goes back
// to its rest picture when its matrices are reset in the same slice.
func TestPoseFollowsSkinChangedInPlace(t *testing.T) {
	r := newRenderer(t)
	setModel(r, testmodel.Bar())
	f := barFrame()
	rest := render(t, r, f)
	bent, global := testmodel.BarBent()
	skin := append([]mgl32.Mat4(nil), bent...)
	f.Skin, f.Global = skin, global
	first := render(t, r, f)
	if n := gltest.Changed(rest, first, 8); n < 200 {
		t.Fatalf("bending the bar changed %d pixels", n)
	}
	if n := gltest.Changed(first, render(t, r, f), 0); n != 0 {
		t.Errorf("the same pose drawn twice: %d pixels differ", n)
	}
	for j := range skin {
		skin[j] = mgl32.Ident4()
	}
	if n := gltest.Changed(rest, render(t, r, f), 8); n != 0 {
		t.Errorf("the skin reset in place: %d pixels differ from the rest pose", n)
	}
}

// TestSkinningPastByteJoints: the bar's tip joint moved to index 299,
// past what a bone byte names (a 3DS import with that many nodes): the
// 16-bit joint indices still bend the outer half.
func TestSkinningPastByteJoints(t *testing.T) {
	const tip = 299
	m := testmodel.Bar()
	tipJoint := m.Joints[1]
	m.Joints = m.Joints[:1]
	for i := 1; i < tip; i++ {
		m.Joints = append(m.Joints, model.Joint{Name: model.Str(fmt.Sprintf("pad%d", i)), Parent: m.Joints[0].Name})
	}
	m.Joints = append(m.Joints, tipJoint)
	for i := range m.Vertices {
		if m.Vertices[i].Bones[0] == 1 {
			m.Vertices[i].Bones[0] = tip
		}
	}
	r := newRenderer(t)
	mesh := setModel(r, m)
	if !mesh.Skinned || mesh.Joints != tip+1 {
		t.Fatalf("mesh skinned %v with %d joints, want %d", mesh.Skinned, mesh.Joints, tip+1)
	}
	two, twoGlobal := testmodel.BarBent()
	skin, global := make([]mgl32.Mat4, tip+1), make([]mgl32.Mat4, tip+1)
	for i := range skin {
		skin[i], global[i] = mgl32.Ident4(), mgl32.Ident4()
	}
	skin[tip], global[tip] = two[1], twoGlobal[1]
	f := barFrame()
	f.Skin, f.Global = skin, global
	bent := render(t, r, f)
	probe := func(p mgl32.Vec3) gltest.Class {
		x, y := pixelOf(f, mesh, p)
		c, _ := gltest.Dominant(bent, gltest.Around(x, y, 1))
		return c
	}
	if c := probe(mgl32.Vec3{0.5, 0, 0}); c == gltest.Dark {
		t.Errorf("inner half moved away")
	}
	if c := probe(mgl32.Vec3{1.75, 0, 0}); c != gltest.Dark {
		t.Errorf("%v where the outer half was, want background: joint %d did not skin", c, tip)
	}
	if c := probe(mgl32.Vec3{1, 0.75, 0}); c == gltest.Dark {
		t.Errorf("outer half not found above the tip joint")
	}
}

// TestHeatMap: with the heat map of the tip joint the outer half (weight
// 1) is red and the inner half (weight 0) blue; for the root it swaps.
func TestHeatMap(t *testing.T) {
	r := newRenderer(t)
	mesh := setModel(r, testmodel.Bar())
	f := barFrame()
	f.Overlays.HeatMap = true
	inner, outer := mgl32.Vec3{0.5, 0, 0}, mgl32.Vec3{1.75, 0, 0}
	for _, c := range []struct {
		joint        int
		inner, outer gltest.Class
	}{{1, gltest.Blue, gltest.Red}, {0, gltest.Red, gltest.Blue}, {-1, gltest.Blue, gltest.Blue}} {
		f.HeatJoint = c.joint
		img := render(t, r, f)
		x, y := pixelOf(f, mesh, inner)
		expectClass(t, img, x, y, c.inner, "heat inner half")
		x, y = pixelOf(f, mesh, outer)
		expectClass(t, img, x, y, c.outer, "heat outer half")
	}
}

// TestPick returns the group under a pixel, −1 over the background.
func TestPick(t *testing.T) {
	r := newRenderer(t)
	m := testmodel.Quads(
		testmodel.Quad{X0: -1, Y0: -1, X1: -0.1, Y1: 1, Diffuse: [3]float32{1, 0, 0}},
		testmodel.Quad{X0: 0.1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{0, 0, 1}},
		testmodel.Quad{X0: 0.2, Y0: -0.5, X1: 0.8, Y1: 0.5, Z: 0.2, Diffuse: [3]float32{0, 1, 0}},
	)
	mesh := setModel(r, m)
	f := frameFor(200, 150, [3]float32{-1, -1, 0}, [3]float32{1, 1, 0})
	f.Overlays.CullBackFaces = true
	for _, c := range []struct {
		p    mgl32.Vec3
		want int
	}{
		{mgl32.Vec3{-0.5, 0.5, 0}, 0},
		{mgl32.Vec3{0.15, 0.8, 0}, 1},
		{mgl32.Vec3{0.5, 0, 0.2}, 2}, // in front of group 1
		{mgl32.Vec3{0, 0, 0}, -1},    // the gap
	} {
		x, y := pixelOf(f, mesh, c.p)
		got, err := r.Pick(f, x, y)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("pick at %v (pixel %d,%d) = %d, want %d", c.p, x, y, got, c.want)
		}
	}
	if got, err := r.Pick(f, 2, 2); err != nil || got != -1 {
		t.Errorf("pick at the corner = %d, %v; want -1", got, err)
	}
	if got, err := r.Pick(f, -5, 400); err != nil || got != -1 {
		t.Errorf("pick outside the frame = %d, %v; want -1", got, err)
	}
}

// TestPickPosed: picking sees the pose drawn. With the bar's outer half
// bent up about the tip joint, the pixel above the tip hits the bar and the
// pixel where the outer half lay at rest is background.
func TestPickPosed(t *testing.T) {
	r := newRenderer(t)
	mesh := setModel(r, testmodel.Bar())
	f := barFrame()
	f.Overlays.CullBackFaces = false
	pick := func(p mgl32.Vec3) int {
		x, y := pixelOf(f, mesh, p)
		g, err := r.Pick(f, x, y)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	outer, up := mgl32.Vec3{1.75, 0, 0}, mgl32.Vec3{1, 0.75, 0}
	if g, h := pick(outer), pick(up); g != 0 || h != -1 {
		t.Fatalf("rest pose: picked %d at the outer half and %d above the tip, want 0 and -1", g, h)
	}
	f.Skin, f.Global = testmodel.BarBent()
	if g, h := pick(outer), pick(up); g != -1 || h != 0 {
		t.Errorf("bent: picked %d where the outer half lay and %d above the tip, want -1 and 0", g, h)
	}
}

// TestTransparencySortedAfterOpaque: a half-opaque blue quad in front of an
// opaque red one blends to magenta even though the file lists it first
// (drawn in file order with depth writes the red quad would be rejected).
func TestTransparencySortedAfterOpaque(t *testing.T) {
	r := newRenderer(t)
	m := testmodel.Quads(
		testmodel.Quad{X0: -0.5, Y0: -0.5, X1: 0.5, Y1: 0.5, Z: 0.3, Diffuse: [3]float32{0, 0, 1}, Opacity: 0.5},
		testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{1, 0, 0}},
	)
	mesh := setModel(r, m)
	f := frameFor(200, 200, [3]float32{-1, -1, 0}, [3]float32{1, 1, 0})
	img := render(t, r, f)
	x, y := pixelOf(f, mesh, mgl32.Vec3{0, 0, 0.3})
	expectClass(t, img, x, y, gltest.Magenta, "blue at 50% over red")
	x, y = pixelOf(f, mesh, mgl32.Vec3{0.8, 0.8, 0})
	expectClass(t, img, x, y, gltest.Red, "red outside the overlap")
}

// TestTwoSidedLighting: a quad seen from behind is lit with two-sided
// lighting and dark without it.
func TestTwoSidedLighting(t *testing.T) {
	r := newRenderer(t)
	mesh := setModel(r, testmodel.Quads(testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{0, 1, 0}, Back: true}))
	f := frameFor(100, 100, [3]float32{-1, -1, 0}, [3]float32{1, 1, 0})
	x, y := pixelOf(f, mesh, mgl32.Vec3{0, 0, 0})
	f.Overlays.TwoSided = true
	expectClass(t, render(t, r, f), x, y, gltest.Green, "back face, two-sided")
	f.Overlays.TwoSided = false
	expectClass(t, render(t, r, f), x, y, gltest.Dark, "back face, one-sided")
	f.Overlays.CullBackFaces = true
	f.Overlays.TwoSided = true
	img := render(t, r, f)
	if !gltest.Near(img.At(x, y), bg(), 2) {
		t.Errorf("culled back face: %v, want the background", img.At(x, y))
	}
}

func bg() [4]float32 {
	c := glr.Background
	return [4]float32{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, 1}
}

// TestOverlays: each overlay draws its own pixels.
func TestOverlays(t *testing.T) {
	r := newRenderer(t)
	mesh := setModel(r, testmodel.Bar())
	f := barFrame()
	f.Camera.Orbit(0.5, 0.3) // so that normals and the grid are not edge-on
	base := render(t, r, f)
	all := base.Bounds()

	f.Overlays.Normals = true
	side := *f
	side.Camera.Orbit(0.8, 0)
	if n := gltest.CountNear(base, all, glr.NormalColor, 30); n != 0 {
		t.Errorf("no normals: %d normal-coloured pixels", n)
	}
	if n := gltest.CountNear(render(t, r, &side), all, glr.NormalColor, 30); n < 15 {
		t.Errorf("normals: %d normal-coloured pixels", n)
	}
	f.Overlays.Normals = false

	f.Overlays.Bounds = true
	if n := gltest.CountNear(render(t, r, f), all, glr.BoundsColor, 30); n < 100 {
		t.Errorf("bounds: %d box-coloured pixels", n)
	}
	f.Overlays.Bounds = false

	f.Overlays.Grid, f.Overlays.Axes = true, true
	if n := gltest.CountNear(render(t, r, f), all, glr.GridColor, 12); n < 200 {
		t.Errorf("grid: %d grid-coloured pixels", n)
	}
	f.Overlays.Grid, f.Overlays.Axes = false, false

	f.Overlays.Wireframe = true
	if n := gltest.Changed(base, render(t, r, f), 40); n < 100 {
		t.Errorf("wireframe changed %d pixels", n)
	}
	f.Overlays.Wireframe = false

	f.HighlightGroup = 0
	if n := gltest.Changed(base, render(t, r, f), 20); n < 1000 {
		t.Errorf("highlighted group changed %d pixels", n)
	}
	f.HighlightGroup = -1

	f.Overlays.Skeleton = true
	f.HighlightJoint = 1
	img := render(t, r, f)
	x0, y0 := pixelOf(f, mesh, mgl32.Vec3{0, 0, 0})
	x1, y1 := pixelOf(f, mesh, mgl32.Vec3{1, 0, 0})
	if n := gltest.CountNear(img, gltest.Around(x0, y0, 4), glr.JointColor, 30); n < 9 {
		t.Errorf("root joint point: %d joint-coloured pixels near (%d, %d)", n, x0, y0)
	}
	if c, _ := gltest.Dominant(img, gltest.Around(x1, y1, 2)); c != gltest.Red {
		t.Errorf("selected joint at (%d, %d) is %v, want the red selection colour", x1, y1, c)
	}
	// The skeleton follows the pose's global matrices.
	skin, global := testmodel.BarBent()
	f.Skin, f.Global = skin, global
	img = render(t, r, f)
	if c, _ := gltest.Dominant(img, gltest.Around(x1, y1, 2)); c != gltest.Red {
		t.Errorf("bent: the tip joint stays at (%d, %d) but is %v there", x1, y1, c)
	}
}

func TestRenderErrors(t *testing.T) {
	r := newRenderer(t)
	setModel(r, testmodel.Bar())
	f := barFrame()
	if err := r.Render(f, image.NewRGBA(image.Rect(0, 0, 10, 10))); err == nil {
		t.Error("mismatched destination accepted")
	}
	f.Width, f.Height = 0, 0
	if err := r.Render(f, image.NewRGBA(image.Rect(0, 0, 0, 0))); err == nil {
		t.Error("empty frame accepted")
	}
	// An empty model renders the background.
	r.SetMesh(scene.Build(&model.Model{}))
	f = barFrame()
	img := render(t, r, f)
	if n := gltest.CountNear(img, img.Bounds(), bg(), 1); n != f.Width*f.Height {
		t.Errorf("empty model: %d of %d pixels are background", n, f.Width*f.Height)
	}
}

func loadWoman(tb testing.TB) *model.Model {
	tb.Helper()
	path := corpus.Dir(tb) + "/ms3d/GLScene/Samples/media/Woman4.ms3d"
	if _, err := os.Stat(path); err != nil {
		tb.Fatal(err)
	}
	m, _, err := ms3d.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// TestCorpusWoman4: the real model is drawn, framed, and its missing .tga
// textures show the placeholder, not black.
func TestCorpusWoman4(t *testing.T) {
	r := newRenderer(t)
	m := loadWoman(t)
	mesh := setModel(r, m)
	if mesh.Skipped != 0 || len(mesh.Vertices) != 3*len(m.Triangles) {
		t.Errorf("woman: %d corners for %d triangles, %d skipped", len(mesh.Vertices), len(m.Triangles), mesh.Skipped)
	}
	f := frameFor(400, 300, mesh.Lo, mesh.Hi)
	img := render(t, r, f)
	counts := gltest.Count(img, img.Bounds())
	drawn := f.Width*f.Height - counts[gltest.Dark]
	if drawn < f.Width*f.Height/30 { // a thin figure in a T-pose
		t.Errorf("woman covers %d px: %v", drawn, counts)
	}
	if counts[gltest.Magenta] < 200 {
		t.Errorf("woman: %d magenta placeholder pixels, want many", counts[gltest.Magenta])
	}
	// Nothing outside the projected bounds.
	view, proj := f.Matrices(mesh)
	vp := proj.Mul4(view)
	minX, minY, maxX, maxY := float32(1e9), float32(1e9), float32(-1e9), float32(-1e9)
	for i := 0; i < 8; i++ {
		p := mgl32.Vec3{mesh.Lo[0], mesh.Lo[1], mesh.Lo[2]}
		for k := 0; k < 3; k++ {
			if i&(1<<k) != 0 {
				p[k] = mesh.Hi[k]
			}
		}
		x, y, _ := scene.Project(p, vp, float32(f.Width), float32(f.Height))
		minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
	}
	box := image.Rect(int(minX)-2, int(minY)-2, int(maxX)+3, int(maxY)+3)
	outside := 0
	for y := 0; y < f.Height; y++ {
		for x := 0; x < f.Width; x++ {
			if !(image.Point{x, y}).In(box) && !gltest.Near(img.At(x, y), bg(), 1) {
				outside++
			}
		}
	}
	if outside != 0 {
		t.Errorf("%d pixels drawn outside the projected bounds %v", outside, box)
	}
}

func benchmarkWoman(b *testing.B, w, h int, animate bool) {
	r := newRenderer(b)
	m := loadWoman(b)
	mesh := setModel(r, m)
	f := frameFor(w, h, mesh.Lo, mesh.Hi)
	f.Overlays.Grid = true
	var pose func(int)
	if animate {
		pose = turnJoints(f, len(m.Joints))
	}
	renderFrames(b, r, f, pose)
}

// turnJoints returns a per-frame step that gives f a different pose each
// frame: every one of n joints turned a little.
func turnJoints(f *scene.Frame, n int) func(i int) {
	skin := make([]mgl32.Mat4, n)
	return func(i int) {
		a := float32(i%60) / 60
		for j := range skin {
			skin[j] = mgl32.HomogRotate3DY(a * 0.1)
		}
		f.Skin = skin
	}
}

// renderFrames renders f b.N times, turning the camera a little each frame
// after step (when non-nil) changed what it needs, and reports the frame
// rate.
func renderFrames(b *testing.B, r *glr.Renderer, f *scene.Frame, step func(i int)) {
	img := image.NewRGBA(image.Rect(0, 0, f.Width, f.Height))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if step != nil {
			step(i)
		}
		f.Camera.Orbit(0.01, 0)
		if err := r.Render(f, img); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "fps")
}

func BenchmarkRenderWoman4_800x600(b *testing.B)         { benchmarkWoman(b, 800, 600, false) }
func BenchmarkRenderWoman4_1280x800(b *testing.B)        { benchmarkWoman(b, 1280, 800, false) }
func BenchmarkRenderWoman4Skinned_800x600(b *testing.B)  { benchmarkWoman(b, 800, 600, true) }
func BenchmarkRenderWoman4Skinned_1280x800(b *testing.B) { benchmarkWoman(b, 1280, 800, true) }

// TestUnboundVerticesStayPut: in a skinned model, a quad whose vertices
// have no bone does not move whatever the skinning matrices.
func TestUnboundVerticesStayPut(t *testing.T) {
	r := newRenderer(t)
	m := testmodel.Bar()
	q := testmodel.Quads(testmodel.Quad{X0: 0, Y0: 0.6, X1: 0.4, Y1: 1, Diffuse: [3]float32{0, 1, 0}})
	base := uint32(len(m.Vertices))
	m.Vertices = append(m.Vertices, q.Vertices...)
	for _, tri := range q.Triangles {
		for c := range tri.Vertices {
			tri.Vertices[c] += base
		}
		m.Groups[0].Triangles = append(m.Groups[0].Triangles, uint32(len(m.Triangles)))
		m.Triangles = append(m.Triangles, tri)
	}
	mesh := setModel(r, m)
	f := barFrame()
	// Every joint turned far away: only unbound vertices can stay.
	away := mgl32.Translate3D(0, -50, 0)
	f.Skin = []mgl32.Mat4{away, away}
	img := render(t, r, f)
	x, y := pixelOf(f, mesh, mgl32.Vec3{0.2, 0.8, 0})
	if c, _ := gltest.Dominant(img, gltest.Around(x, y, 1)); c == gltest.Dark {
		t.Errorf("the unbound quad moved")
	}
	x, y = pixelOf(f, mesh, mgl32.Vec3{1.75, 0, 0})
	if c, _ := gltest.Dominant(img, gltest.Around(x, y, 1)); c != gltest.Dark {
		t.Errorf("the bound bar stayed: %v", c)
	}
}

// TestJointColors: the skeleton uses the file's joint colours, except ones
// too dark to see on the background.
func TestJointColors(t *testing.T) {
	r := newRenderer(t)
	m := testmodel.Bar()
	m.JointExtraSubVersion = 1
	m.Joints[0].Color = [3]float32{0, 0, 0}
	m.Joints[1].Color = [3]float32{0, 1, 0}
	mesh := setModel(r, m)
	f := barFrame()
	f.Overlays.Skeleton = true
	img := render(t, r, f)
	x0, y0 := pixelOf(f, mesh, mgl32.Vec3{0, 0, 0})
	x1, y1 := pixelOf(f, mesh, mgl32.Vec3{1, 0, 0})
	if n := gltest.CountNear(img, gltest.Around(x0, y0, 3), glr.JointColor, 30); n < 9 {
		t.Errorf("black joint: %d default-coloured pixels, want the default colour", n)
	}
	if c, _ := gltest.Dominant(img, gltest.Around(x1, y1, 1)); c != gltest.Green {
		t.Errorf("green joint drawn %v", c)
	}
}

// benchmarkFilling renders GLScene's FreakShip (82 triangles) framed so that
// it covers most of a w×h viewport, turning a little each frame: the cost
// of a frame is then the pixels shaded and read back, not the geometry.
func benchmarkFilling(b *testing.B, w, h int) {
	r := newRenderer(b)
	m, _, err := ms3d.ReadFile(corpus.Dir(b) + "/ms3d/GLScene/Demos/media/models/FreakShip.ms3d")
	if err != nil {
		b.Fatal(err)
	}
	mesh := setModel(r, m)
	f := frameFor(w, h, mesh.Lo, mesh.Hi)
	f.Overlays.Grid = true
	renderFrames(b, r, f, nil)
}

func BenchmarkRenderFilling_704x395(b *testing.B)  { benchmarkFilling(b, 704, 395) }
func BenchmarkRenderFilling_1280x800(b *testing.B) { benchmarkFilling(b, 1280, 800) }
func BenchmarkRenderFilling_64x36(b *testing.B)    { benchmarkFilling(b, 64, 36) }

// BenchmarkRenderJeep_704x395 draws jeep1, the corpus model that costs the
// most per pixel: textured, overlapping parts (1.85 fragments pass the
// depth test per covered pixel), a black specular colour.
func BenchmarkRenderJeep_704x395(b *testing.B) {
	r := newRenderer(b)
	dir := corpus.Dir(b) + "/ms3d/assimp/test/models/MS3D/"
	m, _, err := ms3d.ReadFile(dir + "jeep1.ms3d")
	if err != nil {
		b.Fatal(err)
	}
	img, err := teximage.DecodeFile(dir + "jeep1.jpg")
	if err != nil {
		b.Fatal(err)
	}
	mesh := setModel(r, m, img)
	f := frameFor(704, 395, mesh.Lo, mesh.Hi)
	f.Overlays.Grid = true
	renderFrames(b, r, f, nil)
}

// TestCoincidentFacesShowTheFrontOne: a two-sided card made of two quads
// at the same depth, red facing +Z and blue facing −Z, shows red from the
// front and blue from behind, whichever of the two the file lists first,
// and a click picks the quad shown. Drawn in one pass, the one drawn last
// won the tie from both sides.
func TestCoincidentFacesShowTheFrontOne(t *testing.T) {
	red := testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{1, 0, 0}}
	blue := testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{0, 0, 1}, Back: true}
	r := newRenderer(t)
	for _, order := range [][2]testmodel.Quad{{red, blue}, {blue, red}} {
		mesh := setModel(r, testmodel.Quads(order[0], order[1]))
		for _, view := range []struct {
			preset scene.Preset
			want   gltest.Class
		}{{scene.Front, gltest.Red}, {scene.Back, gltest.Blue}} {
			f := frameFor(100, 100, [3]float32{-1, -1, 0}, [3]float32{1, 1, 0})
			f.Camera.SetPreset(view.preset)
			f.Camera.Frame(mesh.Lo, mesh.Hi, f.Aspect())
			x, y := pixelOf(f, mesh, mgl32.Vec3{0, 0, 0})
			what := fmt.Sprintf("card listed %v first, seen from preset %d", order[0].Diffuse, view.preset)
			expectClass(t, render(t, r, f), x, y, view.want, what)
			shown := 0 // the group of the quad that faces the camera
			if order[1].Back == (view.preset == scene.Back) {
				shown = 1
			}
			if g, err := r.Pick(f, x, y); err != nil || g != shown {
				t.Errorf("%s: picked group %d (%v), want %d", what, g, err, shown)
			}
		}
	}
}

// benchmarkSample renders the embedded sample (a closed, textured, skinned
// tube on a base) with a new pose every frame, as playback does, at w×h:
// the viewport's size in a 1280×800 and a 1920×1080 window.
func benchmarkSample(b *testing.B, w, h int) {
	r := newRenderer(b)
	m := sample.Model()
	mesh := setModel(r, m, sample.Texture())
	f := frameFor(w, h, mesh.Lo, mesh.Hi)
	f.Overlays.Grid = true
	renderFrames(b, r, f, turnJoints(f, len(m.Joints)))
}

func BenchmarkRenderSample_704x395(b *testing.B)  { benchmarkSample(b, 704, 395) }
func BenchmarkRenderSample_1064x675(b *testing.B) { benchmarkSample(b, 1064, 675) }
