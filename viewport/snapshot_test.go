package viewport

import (
	"image"
	"math"
	"testing"

	"ms3dstudio/model/sample"
	"ms3dstudio/viewport/internal/gltest"
	"ms3dstudio/viewport/internal/testmodel"
)

// TestSnapshotGL draws the sample offscreen at sizes the window does not
// have (4096×4096 among them) through the real renderer: each picture has
// the size asked for and shows the model (a good share of it is not the
// dark background), the turned camera shows another picture, and the
// viewport's own frames keep their size, and the selection's highlight is
// not in the picture.
func TestSnapshotGL(t *testing.T) {
	v, w, q := newGLTestView(t)
	v.SetModel(sample.Model(), nil)
	settleGL(t, v, w, q)
	snap := func(w, h int, yaw float32) *image.RGBA {
		t.Helper()
		var img *image.RGBA
		var err error
		done := false
		v.Snapshot(w, h, yaw, func(i *image.RGBA, e error) { img, err, done = i, e, true })
		eventually(t, "the snapshot", func() bool { q.drain(); return done })
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	shows := func(img *image.RGBA) float64 {
		n := 0
		for c, k := range gltest.Count(img, img.Bounds()) {
			if c != gltest.Dark {
				n += k
			}
		}
		return float64(n) / float64(img.Rect.Dx()*img.Rect.Dy())
	}
	big := snap(4096, 4096, 0)
	if big.Rect != image.Rect(0, 0, 4096, 4096) {
		t.Fatalf("4096×4096 snapshot is %v", big.Rect)
	}
	if s := shows(big); s < 0.03 {
		t.Errorf("4096×4096: %.1f %% of the pixels show the model, want at least 3 %%", 100*s)
	}
	// The sample stands straight at rest, the same from every side; the
	// bar along X does not.
	v.SetModel(testmodel.Bar(), nil)
	a, b := snap(640, 480, 0), snap(640, 480, math.Pi/2)
	if a.Rect.Dx() != 640 || a.Rect.Dy() != 480 || shows(a) < 0.01 || shows(b) < 0.01 {
		t.Errorf("640×480: %v, %.1f %% and %.1f %% model", a.Rect, 100*shows(a), 100*shows(b))
	}
	if n := gltest.Changed(a, b, 24); n < 640*480/200 {
		t.Errorf("turning the camera by 90° changed %d pixels", n)
	}
	// The selection's highlight is editing state, not part of a picture
	// (Save Image baked the orange wireframe into it).
	plain := snap(320, 240, 0)
	v.HighlightGroup(0)
	if n := gltest.Changed(plain, snap(320, 240, 0), 8); n != 0 {
		t.Errorf("with group 0 highlighted the picture has %d other pixels", n)
	}
	v.HighlightGroup(-1)
	if st := v.Stats(); st.Size != [2]int{200, 150} {
		t.Errorf("the viewport's frames are %v after the snapshots, want 200×150", st.Size)
	}
	if _, err := func() (*image.RGBA, error) {
		var err error
		v.Snapshot(0, 10, 0, func(_ *image.RGBA, e error) { err = e })
		return nil, err
	}(); err == nil {
		t.Error("a 0×10 snapshot was accepted")
	}
}
