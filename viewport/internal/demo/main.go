// Command demo opens a window with the viewport on a model file, to look
// at it (and take screenshots under Xvfb) and to measure the frame rate
// the viewport reaches inside a real Fyne application.
//
//	go run ./viewport/internal/demo -model testdata/ms3d/GLScene/Samples/media/Woman4.ms3d
//	xvfb-run -a -s "-screen 0 1280x800x24 -noreset" go run ./viewport/internal/demo -play -bench 10s
//
// Textures are found with model/texpath and decoded with formats/teximage;
// animation comes from model/anim. With -bench the demo plays the
// animation (or orbits a model without one), prints the viewport's
// statistics after the given time and quits.
package main

import (
	"flag"
	"fmt"
	"image"
	"log"
	"math"
	"os"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/teximage"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/texpath"
	"ms3dstudio/viewport"
)

func main() {
	var (
		path     = flag.String("model", "testdata/ms3d/GLScene/Samples/media/Woman4.ms3d", "MS3D file to show")
		width    = flag.Int("width", 1280, "window width")
		height   = flag.Int("height", 800, "window height")
		play     = flag.Bool("play", false, "play the animation")
		playing  = flag.Bool("playing", false, "also call SetPlaying(true) (render continuously) while playing")
		at       = flag.Float64("time", -1, "show the pose at this time in seconds (instead of the bind pose)")
		bench    = flag.Duration("bench", 0, "measure for this long after a 1 s warm-up, print the statistics and quit")
		quit     = flag.Duration("quit-after", 0, "quit after this long (for screenshots)")
		skeleton = flag.Bool("skeleton", false, "show the skeleton")
		wire     = flag.Bool("wire", false, "show the wireframe")
		normals  = flag.Bool("normals", false, "show normals")
		bounds   = flag.Bool("bounds", false, "show the bounding box")
		heat     = flag.Int("heat", -1, "show the weight heat map of this joint")
		group    = flag.Int("group", -1, "highlight this group")
		yaw      = flag.Float64("yaw", 0, "orbit the camera by this many degrees after framing")
		pitch    = flag.Float64("pitch", 0, "tilt the camera by this many degrees after framing")
	)
	flag.Parse()

	m, _, err := ms3d.ReadFile(*path)
	if err != nil {
		log.Fatal(err)
	}
	textures := loadTextures(*path, m)

	a := app.NewWithID("ms3dstudio.viewport.demo")
	w := a.NewWindow("viewport demo — " + *path)
	v := viewport.New()
	v.SetModel(m, textures)
	o := v.Options()
	o.Skeleton, o.Wireframe, o.Normals, o.Bounds = *skeleton, *wire, *normals, *bounds
	o.HeatMap = *heat >= 0
	v.SetOptions(o)
	v.HighlightJoint(*heat)
	v.HighlightGroup(*group)
	w.SetContent(v)
	w.Resize(fyne.NewSize(float32(*width), float32(*height)))
	w.SetPadded(false)
	w.SetCloseIntercept(func() {
		v.Stop()
		w.Close()
	})

	skel, _ := anim.NewSkeleton(m)
	global := make([]mgl32.Mat4, skel.Len())
	skin := make([]mgl32.Mat4, skel.Len())
	pose := func(t float32) {
		skel.Pose(t, global)
		skel.SkinMatrices(global, skin)
		v.SetPose(global, skin)
	}
	if *at >= 0 {
		pose(float32(*at))
	}
	first, last, animated := skel.KeyRange()

	a.Lifecycle().SetOnStarted(func() {
		// Turn, then frame: framing fits the box as seen from the view
		// direction.
		v.Orbit(float32(*yaw*math.Pi/180), float32(*pitch*math.Pi/180))
		v.FrameAll()
		if *play || *bench > 0 {
			v.SetPlaying(*playing)
			go drive(v, pose, first, last, animated)
		}
		if *bench > 0 {
			go measure(a, w, v, *bench)
		} else if *quit > 0 {
			go func() {
				time.Sleep(*quit)
				fyne.Do(func() { v.Stop(); w.Close() })
			}()
		}
	})
	w.ShowAndRun()
}

// drive updates the pose (or orbits the camera when the model has no
// animation) 60 times a second on Fyne's goroutine, as the application's
// timeline does.
func drive(v *viewport.View, pose func(float32), first, last float32, animated bool) {
	start := time.Now()
	tick := time.NewTicker(time.Second / 60)
	defer tick.Stop()
	for range tick.C {
		t := float32(time.Since(start).Seconds())
		fyne.Do(func() {
			if animated && last > first {
				span := last - first
				pose(first + float32(mod(float64(t), float64(span))))
			} else {
				v.Orbit(0.01, 0)
			}
		})
	}
}

func mod(a, b float64) float64 {
	r := a - b*float64(int(a/b))
	if r < 0 {
		r += b
	}
	return r
}

func measure(a fyne.App, w fyne.Window, v *viewport.View, d time.Duration) {
	time.Sleep(time.Second)
	fyne.DoAndWait(v.ResetStats)
	t0 := time.Now()
	time.Sleep(d)
	var st viewport.Stats
	fyne.DoAndWait(func() { st = v.Stats() })
	el := time.Since(t0).Seconds()
	fmt.Printf("size %dx%d px: shown %d frames in %.1f s = %.1f fps; rendered %d (%.1f fps); mean GL render %.2f ms; mean change-to-shown %.1f ms\n",
		st.Size[0], st.Size[1], st.FramesShown, el, float64(st.FramesShown)/el, st.FramesRendered, float64(st.FramesRendered)/el,
		float64(st.MeanRender.Microseconds())/1000, float64(st.MeanLatency.Microseconds())/1000)
	fyne.Do(func() {
		v.Stop()
		w.Close()
		a.Quit()
	})
}

// loadTextures resolves and decodes each material's texture; nil where
// there is none or it cannot be read (the viewport shows a placeholder).
func loadTextures(modelPath string, m *model.Model) []image.Image {
	out := make([]image.Image, len(m.Materials))
	res, err := texpath.NewOS(modelPath)
	if err != nil {
		log.Print(err)
		return out
	}
	for i := range m.Materials {
		r := res.Resolve(m.Materials[i].Texture)
		if r.Empty {
			continue
		}
		if !r.Found || r.OSPath == "" {
			fmt.Fprintf(os.Stderr, "material %d: texture %q not found\n", i, r.Raw.Display())
			continue
		}
		img, err := teximage.DecodeFile(r.OSPath)
		if err != nil {
			fmt.Fprintf(os.Stderr, "material %d: %v\n", i, err)
			continue
		}
		out[i] = img
	}
	return out
}
