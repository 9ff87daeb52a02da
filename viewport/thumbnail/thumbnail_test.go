package thumbnail_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"math"
	"path/filepath"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/document"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/viewport/internal/scene"
	"ms3dstudio/viewport/internal/testmodel"
	"ms3dstudio/viewport/thumbnail"
)

// plane returns a square of side 2 centred on the origin, thin along axis
// (0 X, 1 Y, 2 Z), its front face towards +axis or −axis (sign), one grey
// material.
func plane(axis int, sign float32) *model.Model {
	m := testmodel.Quads(testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{0.8, 0.8, 0.8}, Back: sign < 0})
	// The quad lies in z = 0 facing ±Z: turn Z onto the wanted axis.
	swap := func(v *[3]float32) {
		switch axis {
		case 0:
			v[0], v[2] = v[2], -v[0]
		case 1:
			v[1], v[2] = v[2], -v[1]
		}
	}
	for i := range m.Vertices {
		swap(&m.Vertices[i].Position)
	}
	for i := range m.Triangles {
		for c := range m.Triangles[i].Normals {
			swap(&m.Triangles[i].Normals[c])
		}
	}
	return m
}

// TestFlatModelsSeenSquarely: a plane lying flat, or standing facing any
// of ±X and ±Z, is seen from its front side at more than 55° from its
// edge, and fills a good share of the picture. A plane seen edge-on would
// be a line.
func TestFlatModelsSeenSquarely(t *testing.T) {
	for _, c := range []struct {
		name  string
		axis  int
		sign  float32
		front bool // the view must come from the face's side
	}{
		{"lying, facing up", 1, 1, true},
		{"lying, facing down", 1, -1, false}, // seen from above all the same
		{"standing, facing +Z", 2, 1, true},
		{"standing, facing -Z", 2, -1, true},
		{"standing, facing +X", 0, 1, true},
		{"standing, facing -X", 0, -1, true},
	} {
		m := plane(c.axis, c.sign)
		mesh := scene.Build(m)
		cam := mesh.ThumbnailCamera(nil, 1, 0)
		dir := cam.Eye().Sub(cam.Target).Normalize()
		var normal mgl32.Vec3
		normal[c.axis] = c.sign
		cos := float64(dir.Dot(normal))
		if c.axis == 1 {
			cos = float64(dir[1]) // from above, whichever way it faces
		}
		angle := 90 - math.Acos(cos)*180/math.Pi
		if angle < 55 {
			t.Errorf("%s: seen %.0f° from its edge (from the %s side), want at least 55° from its front", c.name, angle, side(cos))
		}
		img, err := thumbnail.Render(m, nil, thumbnail.Options{Size: 64})
		if err != nil {
			t.Fatal(err)
		}
		if cov := coverage(img); cov < 0.4 {
			t.Errorf("%s: the plane covers %.0f %% of the picture, want at least 40 %%", c.name, 100*cov)
		}
	}
}

func side(cos float64) string {
	if cos < 0 {
		return "back"
	}
	return "front"
}

// coverage returns the share of img's pixels the model covers.
func coverage(img *image.NRGBA) float64 {
	n := 0
	for i := 3; i < len(img.Pix); i += 4 {
		if img.Pix[i] > 0 {
			n++
		}
	}
	return float64(n) / float64(len(img.Pix)/4)
}

// TestShadesAsTheShader: a quad facing the camera, lit from the front,
// has the colour the viewport's shader gives it: emissive + ambient·0.45 +
// diffuse·(key + fill), its normal along the view axis.
func TestShadesAsTheShader(t *testing.T) {
	m := testmodel.Quads(testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{0.5, 0.25, 0.75}})
	m.Materials[0].Ambient = [4]float32{0.2, 0.2, 0.2, 1}
	mesh := scene.Build(m)
	cam := mesh.ThumbnailCamera(nil, 1, 0)
	// The quad's normal +Z in view space.
	n := mgl32.Mat3FromCols(cam.View().Col(0).Vec3(), cam.View().Col(1).Vec3(), cam.View().Col(2).Vec3()).Mul3x1(mgl32.Vec3{0, 0, 1})
	key := max(float64(n.Dot(mgl32.Vec3(scene.KeyLight).Normalize())), 0)
	fill := scene.FillStrength * max(float64(n.Dot(mgl32.Vec3(scene.FillLight).Normalize())), 0)
	img, err := thumbnail.Render(m, nil, thumbnail.Options{Size: 32})
	if err != nil {
		t.Fatal(err)
	}
	got := img.NRGBAAt(16, 16)
	for k, v := range []uint8{got.R, got.G, got.B} {
		want := 0.2*scene.AmbientLight + float64(m.Materials[0].Diffuse[k])*(key+fill)
		if math.Abs(float64(v)-255*want) > 1.5 {
			t.Errorf("channel %d: %d, want %.1f", k, v, 255*want)
		}
	}
	if got.A != 255 {
		t.Errorf("alpha %d inside the quad, want 255", got.A)
	}
	if c := img.NRGBAAt(0, 0); c.A != 0 {
		t.Errorf("corner %v, want transparent", c)
	}
}

// TestBackground: Options.Background fills the picture behind the model.
func TestBackground(t *testing.T) {
	m := testmodel.Quads(testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{1, 1, 1}})
	bg := color.NRGBA{R: 10, G: 200, B: 30, A: 255}
	img, err := thumbnail.Render(m, nil, thumbnail.Options{Size: 16, Background: bg})
	if err != nil {
		t.Fatal(err)
	}
	bare, transparent := 0, 0
	for y := 0; y < 16; y++ {
		for x := 0; x < 16; x++ {
			switch c := img.NRGBAAt(x, y); {
			case c == bg:
				bare++
			case c.A != 255:
				transparent++
			}
		}
	}
	if bare < 16 || transparent > 0 {
		t.Errorf("%d pixels show the background, %d are not opaque; want some, and none", bare, transparent)
	}
}

// TestTranslucentOverOpaque: a half-transparent red quad in front of an
// opaque blue one shows both, blended as GL blends (red·a + blue·(1−a)).
func TestTranslucentOverOpaque(t *testing.T) {
	m := testmodel.Quads(
		testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Z: 0, Diffuse: [3]float32{0, 0, 1}},
		testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Z: 0.5, Diffuse: [3]float32{1, 0, 0}, Opacity: 0.5},
	)
	for i := range m.Materials {
		m.Materials[i].Emissive = m.Materials[i].Diffuse // full colour whatever the light
		m.Materials[i].Diffuse = [4]float32{0, 0, 0, 1}
	}
	img, err := thumbnail.Render(m, nil, thumbnail.Options{Size: 32})
	if err != nil {
		t.Fatal(err)
	}
	c := img.NRGBAAt(16, 16)
	if c.R < 120 || c.R > 135 || c.B < 120 || c.B > 135 || c.G != 0 || c.A != 255 {
		t.Errorf("centre %v, want half red, half blue, opaque", c)
	}
}

// TestMissingTextureShowsPlaceholder: a material naming a texture that
// was not found shows the viewport's magenta and grey checker, or, with
// PlainMissing (the file manager's thumbnailer, whose sandbox hides every
// texture), its own white.
func TestMissingTextureShowsPlaceholder(t *testing.T) {
	m := testmodel.Quads(testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{1, 1, 1}, Textured: true})
	magenta := func(opt thumbnail.Options) (n, lit int) {
		img, err := thumbnail.Render(m, nil, opt)
		if err != nil {
			t.Fatal(err)
		}
		for y := 0; y < 128; y++ {
			for x := 0; x < 128; x++ {
				c := img.NRGBAAt(x, y)
				if c.A == 255 && c.R > 150 && c.B > 150 && c.G < 40 {
					n++
				}
				if c.A == 255 && c.R > 100 && c.G > 100 && c.B > 100 {
					lit++
				}
			}
		}
		return n, lit
	}
	if n, _ := magenta(thumbnail.Options{Size: 128}); n < 128*128/10 {
		t.Errorf("%d magenta pixels, want the checker", n)
	}
	if n, lit := magenta(thumbnail.Options{Size: 128, PlainMissing: true}); n != 0 || lit < 128*128/10 {
		t.Errorf("PlainMissing: %d magenta and %d light pixels, want none and the white quad", n, lit)
	}
}

// TestNothingToDraw: a model without triangles, or whose triangles have
// no area, has no thumbnail; sizes outside 1…MaxSize are refused.
func TestNothingToDraw(t *testing.T) {
	collapsed := testmodel.Quads(testmodel.Quad{X0: 1, Y0: 1, X1: 1, Y1: 1})
	for _, m := range []*model.Model{{}, collapsed} {
		if _, err := thumbnail.Render(m, nil, thumbnail.Options{}); !errors.Is(err, thumbnail.ErrNothingToDraw) {
			t.Errorf("error %v, want ErrNothingToDraw", err)
		}
	}
	box := testmodel.Quads(testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1})
	for _, size := range []int{-1, thumbnail.MaxSize + 1} {
		if _, err := thumbnail.Render(box, nil, thumbnail.Options{Size: size}); err == nil {
			t.Errorf("size %d accepted", size)
		}
	}
	img, err := thumbnail.Render(box, nil, thumbnail.Options{})
	if err != nil || img.Rect.Dx() != thumbnail.DefaultSize {
		t.Errorf("default size: %v, %v", img.Rect, err)
	}
}

// TestConcurrentRenders: goroutines drawing the same and other models at
// once get the pictures one goroutine alone gets (run with -race too).
func TestConcurrentRenders(t *testing.T) {
	dir := corpus.Dir(t)
	var docs []*document.Document
	for _, rel := range []string{"ms3d/assimp/test/models/MS3D/jeep1.ms3d", "ms3d/blitz3d/_release/samples/zenith/scare/models/player/guy.ms3d", "3ds/blitz3d/hearse/hearse.3ds"} {
		d, err := document.Open(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		d.Textures() // decoded once, before the goroutines share the document
		docs = append(docs, d)
	}
	want := make([][]byte, len(docs))
	for i, d := range docs {
		img, err := thumbnail.Render(d.Model(), d.Textures().Images, thumbnail.Options{Size: 96})
		if err != nil {
			t.Fatal(err)
		}
		want[i] = img.Pix
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(docs))
	for range 4 {
		for i, d := range docs {
			wg.Go(func() {
				img, err := thumbnail.Render(d.Model(), d.Textures().Images, thumbnail.Options{Size: 96})
				if err == nil && !bytes.Equal(img.Pix, want[i]) {
					err = errors.New(d.Name() + ": another picture when drawn alongside others")
				}
				if err != nil {
					errs <- err
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
