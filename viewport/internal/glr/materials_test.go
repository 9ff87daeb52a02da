package glr_test

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/texture"
	"ms3dstudio/viewport/internal/gltest"
	"ms3dstudio/viewport/internal/testmodel"
)

func solid(w, h int, c color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

func rgbAt(img *image.RGBA, x, y int) [3]int {
	c := img.RGBAAt(x, y)
	return [3]int{int(c.R), int(c.G), int(c.B)}
}

// TestAlphaMapCutsOut: a texture whose alpha map is black on the left half
// (texture.WithAlpha, as texture.Load combines them) shows the red quad
// behind it there and its own blue on the right.
func TestAlphaMapCutsOut(t *testing.T) {
	r := newRenderer(t)
	alpha := image.NewGray(image.Rect(0, 0, 8, 8))
	for y := 0; y < 8; y++ {
		for x := 4; x < 8; x++ {
			alpha.SetGray(x, y, color.Gray{Y: 255})
		}
	}
	tex := texture.WithAlpha(solid(8, 8, color.NRGBA{0, 0, 255, 255}), alpha)
	m := testmodel.Quads(
		testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Z: 0.3, Diffuse: [3]float32{1, 1, 1}, Textured: true},
		testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{1, 0, 0}},
	)
	m.Materials[0].AlphaMap = "alpha.png"
	mesh := setModel(r, m, tex, nil)
	f := frameFor(200, 200, [3]float32{-1, -1, 0}, [3]float32{1, 1, 0})
	img := render(t, r, f)
	x, y := pixelOf(f, mesh, mgl32.Vec3{-0.5, 0, 0.3})
	expectClass(t, img, x, y, gltest.Red, "cut out by the alpha map")
	x, y = pixelOf(f, mesh, mgl32.Vec3{0.5, 0, 0.3})
	expectClass(t, img, x, y, gltest.Blue, "kept by the alpha map")
}

// TestSphereMap: with the sphere-map flag the texture is looked up by the
// reflected view direction, so a quad facing the camera shows the middle
// of the map (red) even at its corners, where its own texture coordinates
// point at the blue border.
func TestSphereMap(t *testing.T) {
	r := newRenderer(t)
	env := solid(9, 9, color.NRGBA{0, 0, 255, 255})
	for y := 2; y < 7; y++ {
		for x := 2; x < 7; x++ {
			env.SetNRGBA(x, y, color.NRGBA{255, 0, 0, 255})
		}
	}
	for _, sphere := range []bool{false, true} {
		m := testmodel.Quads(testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{1, 1, 1}, Textured: true})
		if sphere {
			m.Materials[0].Mode |= model.MaterialSphereMap
		}
		mesh := setModel(r, m, env)
		f := frameFor(200, 200, [3]float32{-1, -1, 0}, [3]float32{1, 1, 0})
		img := render(t, r, f)
		want := gltest.Blue
		if sphere {
			want = gltest.Red
		}
		x, y := pixelOf(f, mesh, mgl32.Vec3{0.85, 0.85, 0})
		expectClass(t, img, x, y, want, "corner of the quad")
		x, y = pixelOf(f, mesh, mgl32.Vec3{0, 0, 0})
		expectClass(t, img, x, y, gltest.Red, "centre of the quad")
	}
}

// TestAlphaRefMode: in the depth-buffered mode fragments below the alpha
// reference are discarded, so where the front texture's alpha is 0.3 the
// red quad behind shows exactly as without it; in the simple mode they
// blend and the pixel changes.
func TestAlphaRefMode(t *testing.T) {
	r := newRenderer(t)
	f := frameFor(200, 200, [3]float32{-1, -1, 0}, [3]float32{1, 1, 0})
	back := testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{1, 0, 0}}
	mesh := setModel(r, testmodel.Quads(back))
	x, y := pixelOf(f, mesh, mgl32.Vec3{0, 0, 0})
	alone := rgbAt(render(t, r, f), x, y)
	tex := solid(4, 4, color.NRGBA{0, 0, 255, 77}) // alpha 0.3
	for _, c := range []struct {
		mode    int32
		changes bool
	}{{0, true}, {1, false}} {
		m := testmodel.Quads(testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Z: 0.3, Diffuse: [3]float32{1, 1, 1}, Textured: true}, back)
		m.Extra = model.ModelExtra{SubVersion: 1, TransparencyMode: c.mode, AlphaRef: 0.5}
		mesh := setModel(r, m, tex, nil)
		x, y := pixelOf(f, mesh, mgl32.Vec3{0, 0, 0.3})
		got := rgbAt(render(t, r, f), x, y)
		t.Logf("mode %d: %v (red alone %v)", c.mode, got, alone)
		if changed := got != alone; changed != c.changes {
			t.Errorf("mode %d: pixel %v, red alone %v", c.mode, got, alone)
		}
	}
}

// TestSortedTrianglesMode: group 0 has a near quad and a far one that pulls
// its centroid behind group 1's quad, so sorting by group draws group 1
// (red) last, over group 0's near blue quad, which is wrong; sorting each
// triangle draws the near blue quad last.
func TestSortedTrianglesMode(t *testing.T) {
	r := newRenderer(t)
	build := func(mode int32) *model.Model {
		m := testmodel.Quads(
			testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Z: 0.5, Diffuse: [3]float32{0, 0, 1}, Opacity: 0.5},
			testmodel.Quad{X0: 3, Y0: 3, X1: 3.2, Y1: 3.2, Z: -6, Diffuse: [3]float32{0, 0, 1}, Opacity: 0.5},
			testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{1, 0, 0}, Opacity: 0.5},
		)
		// Merge group 1 into group 0.
		for _, ti := range m.Groups[1].Triangles {
			m.Triangles[ti].Group = 0
		}
		m.Groups[0].Triangles = append(m.Groups[0].Triangles, m.Groups[1].Triangles...)
		m.Groups = slices.Delete(m.Groups, 1, 2)
		for _, ti := range m.Groups[1].Triangles {
			m.Triangles[ti].Group = 1
		}
		m.Extra = model.ModelExtra{SubVersion: 1, TransparencyMode: mode}
		return m
	}
	f := frameFor(200, 200, [3]float32{-1, -1, 0}, [3]float32{1, 1, 0.5})
	var px [3][3]int
	for _, mode := range []int32{0, 2} {
		mesh := setModel(r, build(mode))
		x, y := pixelOf(f, mesh, mgl32.Vec3{0, 0, 0.5})
		px[mode] = rgbAt(render(t, r, f), x, y)
	}
	t.Logf("overlap pixel sorted by group %v, by triangle %v", px[0], px[2])
	if simple := px[0]; simple[0] <= simple[2] {
		t.Errorf("sorted by group: %v, want red drawn last (more red than blue)", simple)
	}
	if sorted := px[2]; sorted[2] <= sorted[0] {
		t.Errorf("sorted by triangle: %v, want the near blue drawn last", sorted)
	}
}

// TestEveryVariantCompiles compiles each variant of the mesh program (lit
// with and without sphere map, specular highlight and alpha test, heat map,
// flat with and without normal lines), which the renderer otherwise
// compiles only when a frame first needs it.
func TestEveryVariantCompiles(t *testing.T) {
	r := newRenderer(t)
	n, err := r.CompileEveryVariant()
	if err != nil {
		t.Fatal(err)
	}
	if n != 11 {
		t.Errorf("%d programs, want 11 (the base variant and 10 more)", n)
	}
}

// TestSortedTrianglesSwitchVariants: three translucent quads side by side,
// the middle one sphere-mapped, drawn triangle by triangle. Between them
// the renderer switches program variants; the triangles drawn must still
// be the sorted ones, so without overlaps the picture equals the one
// sorted by group.
func TestSortedTrianglesSwitchVariants(t *testing.T) {
	r := newRenderer(t)
	env := solid(4, 4, color.NRGBA{0, 255, 0, 255})
	build := func(mode int32) *model.Model {
		m := testmodel.Quads(
			testmodel.Quad{X0: -3, Y0: -1, X1: -1.2, Y1: 1, Z: 0.4, Diffuse: [3]float32{0, 0, 1}, Opacity: 0.5},
			testmodel.Quad{X0: -0.9, Y0: -1, X1: 0.9, Y1: 1, Z: 0.2, Diffuse: [3]float32{1, 1, 1}, Opacity: 0.5, Textured: true},
			testmodel.Quad{X0: 1.2, Y0: -1, X1: 3, Y1: 1, Diffuse: [3]float32{1, 0, 0}, Opacity: 0.5},
		)
		m.Materials[1].Mode |= model.MaterialSphereMap
		m.Extra = model.ModelExtra{SubVersion: 1, TransparencyMode: mode}
		return m
	}
	f := frameFor(300, 120, [3]float32{-3, -1, 0}, [3]float32{3, 1, 0.4})
	var imgs [3]*image.RGBA
	for _, mode := range []int32{0, 2} {
		setModel(r, build(mode), nil, env)
		imgs[mode] = render(t, r, f)
	}
	if n := gltest.Changed(imgs[0], imgs[2], 2); n > 0 {
		t.Errorf("%d pixels differ between sorting by group and by triangle", n)
	}
	mesh := setModel(r, build(2), nil, env)
	for _, c := range []struct {
		p    mgl32.Vec3
		want gltest.Class
	}{{mgl32.Vec3{-2, 0, 0.4}, gltest.Blue}, {mgl32.Vec3{0, 0, 0.2}, gltest.Green}, {mgl32.Vec3{2, 0, 0}, gltest.Red}} {
		x, y := pixelOf(f, mesh, c.p)
		expectClass(t, imgs[2], x, y, c.want, fmt.Sprintf("quad at %v", c.p))
	}
}

// TestSpecularOnlyWhereTheMaterialHasIt: a material with a black specular
// colour is drawn by the variant without the highlight, and must look
// exactly like the same material drawn by the one with it (a specular
// colour too faint to show selects it); a white specular colour must
// brighten the quad, so the highlight is not left out where it shows.
func TestSpecularOnlyWhereTheMaterialHasIt(t *testing.T) {
	r := newRenderer(t)
	draw := func(spec float32) *image.RGBA {
		m := testmodel.Quads(testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{0.5, 0.5, 0.5}})
		m.Materials[0].Specular = [4]float32{spec, spec, spec, 1}
		m.Materials[0].Shininess = 4
		setModel(r, m)
		f := frameFor(160, 160, [3]float32{-1, -1, 0}, [3]float32{1, 1, 0})
		f.Camera.Orbit(0.3, 0.2)
		return render(t, r, f)
	}
	black, faint, white := draw(0), draw(1e-20), draw(1)
	drawn := 160*160 - gltest.Count(black, black.Bounds())[gltest.Dark]
	if drawn < 5000 {
		t.Fatalf("only %d pixels drawn", drawn)
	}
	if n := gltest.Changed(black, faint, 0); n != 0 {
		t.Errorf("%d of %d pixels differ between the variants without and with the highlight for a black specular colour", n, drawn)
	}
	if n := gltest.Changed(black, white, 8); n < drawn/2 {
		t.Errorf("a white specular colour changed %d of %d pixels, want at least half", n, drawn)
	}
}
