package vertexanim_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"ms3dstudio/formats/vertexanim"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
)

// TestCoordinates checks that ToFile is a rotation (a quarter turn about
// x: it keeps lengths and the handedness of a frame) and FromFile its
// inverse.
func TestCoordinates(t *testing.T) {
	x, y, z := vertexanim.ToFile([3]float32{1, 0, 0}), vertexanim.ToFile([3]float32{0, 1, 0}), vertexanim.ToFile([3]float32{0, 0, 1})
	if x != [3]float32{1, 0, 0} || y != [3]float32{0, 0, 1} || z != [3]float32{0, -1, 0} {
		t.Fatalf("axes go to %v %v %v", x, y, z)
	}
	// x × y = z is kept.
	cross := [3]float32{x[1]*y[2] - x[2]*y[1], x[2]*y[0] - x[0]*y[2], x[0]*y[1] - x[1]*y[0]}
	if cross != z {
		t.Errorf("x × y = %v, z is %v: the map mirrors", cross, z)
	}
	p := [3]float32{1.5, -2, 3.25}
	if back := vertexanim.FromFile(vertexanim.ToFile(p)); back != p {
		t.Errorf("round trip gives %v", back)
	}
}

func quake2Names() []string {
	var names []string
	add := func(stem string, n int) {
		for i := 1; i <= n; i++ {
			names = append(names, fmt.Sprintf("%s%02d", stem, i))
		}
	}
	add("stand", 40)
	add("run", 6)
	add("pain1", 4)
	add("pain2", 4)
	add("pain3", 4)
	add("death1", 6)
	return names
}

// TestClipsFromNames reads clips from frame names as Quake 2's models
// write them, and from odder lists.
func TestClipsFromNames(t *testing.T) {
	seq := func(stem string, from, to int) []string {
		var out []string
		for i := from; i <= to; i++ {
			out = append(out, fmt.Sprintf("%s%d", stem, i))
		}
		return out
	}
	cases := []struct {
		name  string
		names []string
		want  string
	}{
		{"quake 2", quake2Names(), "stand 1-40, run 41-46, pain1 47-50, pain2 51-54, pain3 55-58, death1 59-64"},
		// sydney.md2 counts without zeros: pain1 … pain12 is one clip.
		{"unpadded", append(seq("pain", 1, 12), seq("death", 1, 20)...), "pain 1-12, death 13-32"},
		{"no digits", []string{"idle", "idle", "walk"}, "idle 1-2, walk 3-3"},
		{"a stem twice", []string{"run01", "run02", "jump01", "run01"}, "run 1-2, jump 3-3, run_2 4-4"},
		{"no stem", []string{"001", "002", "x1"}, "x 3-3"},
		{"bytes a clip cannot hold", []string{"big run01", "a/b01"}, "big_run 1-1, a_b 2-2"},
		{"numbers that do not count", []string{"walk5", "walk9", "walk2"}, "walk 1-3"},
		{"three-digit counters", append(seq("atk1", 1, 1), "atk1001", "atk1002", "atk2001"), "atk 1-4"},
		{"empty", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, cl := range vertexanim.ClipsFromNames(c.names) {
				got = append(got, cl.String())
			}
			if s := strings.Join(got, ", "); s != c.want {
				t.Errorf("clips %q, want %q", s, c.want)
			}
		})
	}
}

// animated is a model of one joint keyed over 30 frames at 30 fps.
func animated() *model.Model {
	return &model.Model{Version: 4, FPS: 30, TotalFrames: 30,
		Vertices: []model.Vertex{{Position: [3]float32{1, 0, 0}, Bones: [4]uint16{0, model.NoBone, model.NoBone, model.NoBone}}},
		Joints:   []model.Joint{{Name: "j", RotationKeys: []model.Key{{Time: 1.0 / 30}, {Time: 1, Value: [3]float32{0, 1, 0}}}}},
	}
}

func withClips(m *model.Model, list ...clips.Clip) *model.Model {
	if err := clips.Write(m, list); err != nil {
		panic(err)
	}
	return m
}

// TestPlan checks the frames a plan chooses and their names.
func TestPlan(t *testing.T) {
	cases := []struct {
		name     string
		m        *model.Model
		opt      vertexanim.Options
		frames   int
		first    string
		last     string
		findings int
	}{
		{"every frame, no clips", animated(), vertexanim.Options{}, 30, "frame01", "frame30", 0},
		{"clips", withClips(animated(), clips.Clip{Name: "walk", First: 1, Last: 10}, clips.Clip{Name: "run", First: 21, Last: 30}), vertexanim.Options{}, 30, "walk01", "run10", 0},
		{"one clip", withClips(animated(), clips.Clip{Name: "walk", First: 1, Last: 10}, clips.Clip{Name: "run", First: 21, Last: 30}), vertexanim.Options{Clip: "Run"}, 10, "run01", "run10", 0},
		// 29 frames after the first at 30 fps are 29/30 s: 9 samples at
		// 10 fps after the first.
		{"10 fps", animated(), vertexanim.Options{FPS: 10}, 10, "frame01", "frame10", 0},
		{"a long name", withClips(animated(), clips.Clip{Name: "averyveryverylongname", First: 1, Last: 30}), vertexanim.Options{}, 30, "averyveryvery01", "averyveryvery30", 1},
		{"overlapping clips", withClips(animated(), clips.Clip{Name: "all", First: 1, Last: 30}, clips.Clip{Name: "part", First: 5, Last: 9}), vertexanim.Options{}, 30, "all01", "all30", 1},
		{"static", &model.Model{TotalFrames: 30, FPS: 24}, vertexanim.Options{}, 1, "frame01", "frame01", 0},
		{"100 frames", func() *model.Model { m := animated(); m.TotalFrames = 100; return m }(), vertexanim.Options{}, 100, "frame001", "frame100", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := vertexanim.NewPlan(c.m, c.opt, 16)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Frames) != c.frames || p.Frames[0].Name != c.first || p.Frames[len(p.Frames)-1].Name != c.last {
				t.Fatalf("%d frames %q … %q, want %d %q … %q", len(p.Frames), p.Frames[0].Name, p.Frames[len(p.Frames)-1].Name, c.frames, c.first, c.last)
			}
			if len(p.Findings) != c.findings {
				t.Errorf("findings %v, want %d", p.Findings, c.findings)
			}
			for _, f := range p.Frames {
				if len(f.Name) > 15 {
					t.Errorf("frame name %q is over 15 bytes", f.Name)
				}
			}
		})
	}
	// Key frame k is at time (First + k)/fps.
	p, _ := vertexanim.NewPlan(withClips(animated(), clips.Clip{Name: "run", First: 21, Last: 30}), vertexanim.Options{Clip: "run"}, 16)
	if p.First != 21 || p.Frames[0].Time != 21.0/30 || p.Frames[9].Time != 1 {
		t.Errorf("first frame %d, times %g … %g", p.First, p.Frames[0].Time, p.Frames[9].Time)
	}
	if _, err := vertexanim.NewPlan(animated(), vertexanim.Options{Clip: "fly"}, 16); err == nil || !strings.Contains(err.Error(), `no clip "fly" (it has none)`) {
		t.Errorf("error %v", err)
	}
}

// TestPlanNamesReadBack checks that the clips of a plan's frame names are
// the model's clips, as Quake 2 names them.
func TestPlanNamesReadBack(t *testing.T) {
	list := []clips.Clip{{Name: "stand", First: 1, Last: 12}, {Name: "pain1", First: 13, Last: 16}, {Name: "pain2", First: 17, Last: 20}, {Name: "run", First: 21, Last: 30}}
	p, err := vertexanim.NewPlan(withClips(animated(), list...), vertexanim.Options{}, 16)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range p.Frames {
		names = append(names, f.Name)
	}
	if got := vertexanim.ClipsFromNames(names); !slices.Equal(got, list) {
		t.Errorf("clips %v from %v, want %v", got, names, list)
	}
}
