package viewport

import (
	"errors"
	"image"
	"image/color"
	"math"
	"path/filepath"
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/viewport/internal/glr"
	"ms3dstudio/viewport/internal/gltest"
	"ms3dstudio/viewport/internal/testmodel"
	"ms3dstudio/viewport/thumbnail"
)

// glThumbnails shows models in the GL viewport and draws their thumbnail
// view through it (SnapshotThumbnail), as the app's --thumbnail-view does.
type glThumbnails struct {
	t *testing.T
	v *View
	q *uiQueue
}

func newGLThumbnails(t *testing.T) *glThumbnails {
	v, w, q := newGLTestView(t)
	settleGL(t, v, w, q)
	return &glThumbnails{t: t, v: v, q: q}
}

// draw shows m with its textures, posed at frame 1 as the app opens a
// model, and returns the viewport's picture of the thumbnail view turned
// by turn radians.
func (g *glThumbnails) draw(m *model.Model, textures []image.Image, side int, turn float32) *image.RGBA {
	g.t.Helper()
	g.v.SetModel(m, textures)
	g.v.SetPose(thumbnail.Pose(m, 1))
	var img *image.RGBA
	var err error
	done := false
	g.v.SnapshotThumbnail(side, side, turn, func(i *image.RGBA, e error) { img, err, done = i, e, true })
	eventually(g.t, "the thumbnail snapshot", func() bool { g.q.drain(); return done })
	if err != nil {
		g.t.Fatal(err)
	}
	return img
}

// TestThumbnailMatchesViewport: for every corpus model, the software
// thumbnail (viewport/thumbnail) and the GL viewport's picture of the same
// view (SnapshotThumbnail) differ by less than thumbnail.MaxDifference
// (the mean difference of their 64×64 grey versions, over the viewport's
// background). The measure of each file is logged.
func TestThumbnailMatchesViewport(t *testing.T) {
	g := newGLThumbnails(t)
	dir, files := corpus.Dir(t), corpus.Files(t, document.CanOpen)
	worst, worstFile := 0.0, ""
	for _, rel := range files {
		if corpus.Unreadable[rel] != "" {
			continue // cmd/ms3dtool's thumbnail test checks its error
		}
		d, err := document.Open(filepath.Join(dir, rel))
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		soft, err := thumbnail.Render(d.Model(), d.Textures().Images, thumbnail.Options{Size: 256})
		if corpus.NothingToDraw[rel] {
			if !errors.Is(err, thumbnail.ErrNothingToDraw) {
				t.Errorf("%s: has nothing to draw, got error %v", rel, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		gl := g.draw(d.Model(), d.Textures().Images, 256, 0)
		diff, err := thumbnail.Difference(soft, gl, glr.Background)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-80s difference %5.2f", rel, diff)
		if diff > worst {
			worst, worstFile = diff, rel
		}
		if diff >= thumbnail.MaxDifference {
			gltest.Dump(t, soft)
			gltest.Dump(t, gl)
			t.Errorf("%s: the thumbnail differs from the viewport's picture by %.2f, want below %.1f", rel, diff, thumbnail.MaxDifference)
		}
	}
	t.Logf("largest difference %.2f (%s)", worst, worstFile)
}

// TestThumbnailDifferenceCatchesMistakes shows that the measure fails what
// it must: a picture from another view (the viewport's front view, or the
// thumbnail camera turned by 90° or looking from below), one without its
// texture (the checker instead), and a blank picture all differ from the
// viewport's picture by more than thumbnail.MaxDifference.
func TestThumbnailDifferenceCatchesMistakes(t *testing.T) {
	g := newGLThumbnails(t)
	dir := corpus.Dir(t)
	for _, c := range []struct {
		rel  string
		mean string
	}{
		{"ms3d/assimp/test/models/MS3D/jeep1.ms3d", "a textured car"},
		{"ms3d/blitz3d/_release/samples/zenith/scare/models/level/level.ms3d", "a textured room, a box from outside"},
		{"3ds/assimp-uvtransform/UVTransform_Normal.3DS", "a textured plane"},
		{"ms3d/blitz3d/_release/samples/zenith/scare/models/player/guy.ms3d", "a skinned textured character"},
	} {
		d, err := document.Open(filepath.Join(dir, c.rel))
		if err != nil {
			t.Fatal(err)
		}
		m, images := d.Model(), d.Textures().Images
		gl := g.draw(m, images, 256, 0)
		check := func(what string, img image.Image) {
			t.Helper()
			diff, err := thumbnail.Difference(img, gl, glr.Background)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s (%s), %s: difference %.2f", c.rel, c.mean, what, diff)
			if diff <= thumbnail.MaxDifference {
				gltest.Dump(t, img)
				t.Errorf("%s, %s: difference %.2f, want above %.1f", c.rel, what, diff, thumbnail.MaxDifference)
			}
		}
		check("turned by 90°", g.draw(m, images, 256, math.Pi/2))
		front := make(chan *image.RGBA, 1)
		g.v.SetPresetView(Front)
		g.v.Snapshot(256, 256, 0, func(img *image.RGBA, err error) {
			if err != nil {
				t.Error(err)
			}
			front <- img
		})
		var img *image.RGBA
		eventually(t, "the front view", func() bool {
			g.q.drain()
			select {
			case img = <-front:
				return true
			default:
				return false
			}
		})
		check("the viewport's front view with grid and axes", img)
		none := make([]image.Image, len(images))
		untextured, err := thumbnail.Render(m, none, thumbnail.Options{Size: 256})
		if err != nil {
			t.Fatal(err)
		}
		check("without its textures", untextured)
		check("blank", image.NewNRGBA(image.Rect(0, 0, 256, 256)))
	}
}

// stackedQuads returns three overlapping quads one behind the other (red
// at the back, green, blue at the front), listed middle, back, front so
// that drawing in list order is not back to front, each of the given
// opacity and, when textured, naming a texture.
func stackedQuads(opacity float32, textured bool) *model.Model {
	return testmodel.Quads(
		testmodel.Quad{X0: -0.6, Y0: -0.6, X1: 0.8, Y1: 0.8, Z: 0.4, Diffuse: [3]float32{0.1, 1, 0.1}, Opacity: opacity, Textured: textured},
		testmodel.Quad{X0: -1, Y0: -1, X1: 0.4, Y1: 0.4, Z: 0, Diffuse: [3]float32{1, 0.1, 0.1}, Opacity: opacity, Textured: textured},
		testmodel.Quad{X0: -0.2, Y0: -0.2, X1: 1.2, Y1: 1.2, Z: 0.8, Diffuse: [3]float32{0.1, 0.1, 1}, Opacity: opacity, Textured: textured},
	)
}

// alphaRamp is a 64×64 white texture whose alpha grows from 0 on the left
// to 1 on the right.
func alphaRamp() image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			img.SetNRGBA(x, y, color.NRGBA{R: 255, G: 255, B: 255, A: uint8(x * 255 / 63)})
		}
	}
	return img
}

// TestThumbnailMatchesViewportOnEveryRule holds the software thumbnail to
// the viewport's picture on what the corpus lacks: translucent groups
// sorted back to front, the depth-buffered mode with an alpha reference,
// triangles sorted one by one, textures with alpha, a specular highlight,
// a sphere map, and a two-sided card (front and back triangles at one
// depth: the front one shows).
func TestThumbnailMatchesViewportOnEveryRule(t *testing.T) {
	g := newGLThumbnails(t)
	ramp := alphaRamp()
	withMode := func(m *model.Model, mode int32, ref float32) *model.Model {
		m.Extra = model.ModelExtra{SubVersion: 1, TransparencyMode: mode, AlphaRef: ref}
		return m
	}
	images := func(n int, img image.Image) []image.Image {
		out := make([]image.Image, n)
		for i := range out {
			out[i] = img
		}
		return out
	}
	torus, torusTex := testmodel.Torus(48, 24)
	shiny := func(sphere bool) *model.Model {
		m, _ := testmodel.Torus(48, 24)
		mt := &m.Materials[0]
		mt.Specular, mt.Shininess = [4]float32{0.9, 0.9, 0.9, 1}, 20
		if sphere {
			mt.Mode |= model.MaterialSphereMap
		}
		return m
	}
	card := testmodel.Quads(
		testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{1, 0.2, 0.2}},
		testmodel.Quad{X0: -1, Y0: -1, X1: 1, Y1: 1, Diffuse: [3]float32{0.2, 0.2, 1}, Back: true},
	)
	for _, c := range []struct {
		name     string
		m        *model.Model
		textures []image.Image
	}{
		{"translucent groups, by group", stackedQuads(0.5, false), nil},
		{"translucent textures, by group", stackedQuads(1, true), images(3, ramp)},
		{"alpha reference 0.5, depth-buffered", withMode(stackedQuads(1, true), 1, 0.5), images(3, ramp)},
		{"sorted triangles", withMode(stackedQuads(0.6, false), 2, 0), nil},
		{"textured torus", torus, []image.Image{torusTex}},
		{"specular highlight", shiny(false), []image.Image{torusTex}},
		{"sphere map", shiny(true), []image.Image{torusTex}},
		{"two-sided card", card, nil},
	} {
		soft, err := thumbnail.Render(c.m, c.textures, thumbnail.Options{Size: 256})
		if err != nil {
			t.Fatal(err)
		}
		gl := g.draw(c.m, c.textures, 256, 0)
		diff, err := thumbnail.Difference(soft, gl, glr.Background)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-40s difference %5.2f", c.name, diff)
		if diff >= thumbnail.MaxDifference {
			gltest.Dump(t, soft)
			gltest.Dump(t, gl)
			t.Errorf("%s: the thumbnail differs from the viewport's picture by %.2f, want below %.1f", c.name, diff, thumbnail.MaxDifference)
		}
	}
}
