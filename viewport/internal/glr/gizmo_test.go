package glr_test

import (
	"image"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model/anim"
	"ms3dstudio/model/animedit"
	"ms3dstudio/viewport/internal/gltest"
	"ms3dstudio/viewport/internal/scene"
	"ms3dstudio/viewport/internal/testmodel"
)

// TestPoseEditMovesPixels: keying the bar's tip joint 90° about Z at a
// frame (animedit.SetKeys, what a gizmo drag commits) and posing it
// through model/anim as the app does moves the pixels of the tip's
// vertices; the unkeyed preview (animedit.Preview) draws the same picture
// before the key exists; the gizmo's rings are drawn at the joint.
func TestPoseEditMovesPixels(t *testing.T) {
	r := newRenderer(t)
	m := testmodel.Bar()
	m.TotalFrames = 24
	mesh := setModel(r, m)
	f := barFrame()
	sk, _ := anim.NewSkeleton(m)
	global := make([]mgl32.Mat4, sk.Len())
	skin := make([]mgl32.Mat4, sk.Len())
	pose := func() *image.RGBA {
		f.Global = append(f.Global[:0], global...)
		sk.SkinMatrices(global, skin)
		f.Skin = append(f.Skin[:0], skin...)
		return render(t, r, f)
	}
	probe := func(img image.Image, p mgl32.Vec3) gltest.Class {
		x, y := pixelOf(f, mesh, p)
		c, _ := gltest.Dominant(img, gltest.Around(x, y, 1))
		return c
	}
	outer, up := mgl32.Vec3{1.75, 0, 0}, mgl32.Vec3{1, 0.75, 0}
	const frame = 8
	tm := anim.FrameToTime(frame, m.FPS)
	sk.Pose(tm, global)
	rest := pose()
	if probe(rest, outer) == gltest.Dark || probe(rest, up) != gltest.Dark {
		t.Fatal("rest pose: the tip is not where it should be")
	}

	turn := animedit.JointPose{Joint: 1, Rotation: animedit.Radians([3]float32{0, 0, 90}), KeyRotation: true}
	// The preview, before any key.
	animedit.NewPreview(sk).Apply(m, global, turn)
	preview := pose()
	// The key.
	if _, err := animedit.SetKeys(m, frame, []animedit.JointPose{turn}); err != nil {
		t.Fatal(err)
	}
	sk.Rebuild(m)
	sk.Pose(tm, global)
	keyed := pose()
	for name, img := range map[string]*image.RGBA{"preview": preview, "keyed": keyed} {
		if c := probe(img, outer); c != gltest.Dark {
			t.Errorf("%s: %v where the tip was, want background", name, c)
		}
		if c := probe(img, up); c == gltest.Dark {
			t.Errorf("%s: the tip is not above its joint", name)
		}
	}

	// The gizmo at the tip joint: its Z ring, face-on, crosses the
	// background right of the joint at the ring's radius.
	g := scene.Gizmo{Centre: mgl32.Vec3{1, 0, 0}, Axes: [3]mgl32.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, Radius: 0.5, ToViewer: mgl32.Vec3{0, 0, 1}}
	f.Marks = scene.Marks{}
	g.AppendMarks(&f.Marks, scene.HandleNone)
	withGizmo := pose()
	x, y := pixelOf(f, mesh, mgl32.Vec3{1.5, 0, 0})
	found := false
	for dx := -2; dx <= 2 && !found; dx++ {
		for dy := -2; dy <= 2; dy++ {
			c := withGizmo.RGBAAt(x+dx, y+dy)
			if c.B > 150 && c.R < 150 {
				found = true
				break
			}
		}
	}
	if !found {
		t.Errorf("no blue Z ring at (%d, %d)", x, y)
	}
}
