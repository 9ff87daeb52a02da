package playback

import (
	"math"
	"testing"
	"time"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestRangeAndFrames(t *testing.T) {
	p := New()
	p.SetAnimation(24, 48)
	if !near(p.Start(), 1.0/24) || !near(p.End(), 2) || p.TotalFrames() != 48 {
		t.Fatalf("range %v–%v frames %d", p.Start(), p.End(), p.TotalFrames())
	}
	if !near(p.Time(), 1.0/24) || !near(p.Frame(), 1) {
		t.Fatalf("starts at %v (frame %v)", p.Time(), p.Frame())
	}
	p.SeekFrame(12)
	if !near(p.Time(), 0.5) {
		t.Fatalf("frame 12 at %v s", p.Time())
	}
	for _, c := range []struct{ seek, want float64 }{{-3, 1.0 / 24}, {100, 2}, {math.NaN(), 1.0 / 24}, {1, 1}} {
		p.Seek(c.seek)
		if !near(p.Time(), c.want) {
			t.Errorf("Seek(%v) = %v, want %v", c.seek, p.Time(), c.want)
		}
	}
	// Shrinking the animation clamps the time.
	p.SetAnimation(24, 10)
	if !near(p.Time(), 10.0/24) {
		t.Errorf("after shrinking: %v", p.Time())
	}
}

func TestDegenerateAnimation(t *testing.T) {
	p := New()
	for _, c := range []struct {
		fps    float32
		frames int
		fpsOut float64
		end    float64
	}{
		{0, 0, 1, 1},
		{float32(math.NaN()), 5, 1, 5},
		{float32(math.Inf(1)), 5, 1, 5},
		{0.5, 2, 1, 2},
		{15, -4, 15, 1.0 / 15},
	} {
		p.SetAnimation(c.fps, c.frames)
		if p.FPS() != c.fpsOut || !near(p.End(), c.end) {
			t.Errorf("SetAnimation(%v, %d): fps %v end %v", c.fps, c.frames, p.FPS(), p.End())
		}
	}
	// A one-frame animation cannot loop: playing stays on frame 1.
	p.SetAnimation(24, 1)
	p.Play()
	if p.Advance(time.Second) || !near(p.Frame(), 1) {
		t.Errorf("one-frame playback moved to frame %v", p.Frame())
	}
}

func TestAdvanceLoopClampSpeed(t *testing.T) {
	p := New()
	p.SetAnimation(10, 11) // frames 1–11: 0.1 s to 1.1 s, one second long
	if p.Advance(time.Second) {
		t.Fatal("advanced while paused")
	}
	p.Play()
	p.Advance(250 * time.Millisecond)
	if !near(p.Time(), 0.35) {
		t.Fatalf("after 0.25 s: %v", p.Time())
	}
	p.SetSpeed(2)
	p.Advance(250 * time.Millisecond)
	if !near(p.Time(), 0.85) {
		t.Fatalf("after 0.25 s at 2×: %v", p.Time())
	}
	p.Advance(250 * time.Millisecond) // 0.85 + 0.5 = 1.35 → wraps to 0.35
	if !near(p.Time(), 0.35) || !p.Playing() {
		t.Fatalf("loop: %v playing %v", p.Time(), p.Playing())
	}
	p.Advance(10*time.Second + 100*time.Millisecond) // 20.2 s of animation: 20 loops + 0.2
	if math.Abs(p.Time()-0.55) > 1e-6 {
		t.Fatalf("long loop: %v", p.Time())
	}
	p.SetLoop(false)
	p.Advance(time.Second)
	if !near(p.Time(), 1.1) || p.Playing() {
		t.Fatalf("clamp: %v playing %v", p.Time(), p.Playing())
	}
	// Playing again from the end restarts.
	p.Play()
	if !near(p.Time(), 0.1) || !p.Playing() {
		t.Fatalf("replay from end: %v", p.Time())
	}
	p.Toggle()
	if p.Playing() {
		t.Fatal("toggle did not pause")
	}
	for _, c := range []struct{ in, want float64 }{{0.1, 0.25}, {8, 4}, {0.5, 0.5}, {math.NaN(), 1}} {
		p.SetSpeed(c.in)
		if p.Speed() != c.want {
			t.Errorf("SetSpeed(%v) = %v", c.in, p.Speed())
		}
	}
	if p.Advance(-time.Second) {
		t.Error("negative elapsed time moved the clock")
	}
}

func TestFrameStepping(t *testing.T) {
	p := New()
	p.SetAnimation(24, 30)
	p.NextFrame()
	if !near(p.Frame(), 2) {
		t.Fatalf("next from 1: %v", p.Frame())
	}
	p.SeekFrame(5.4)
	p.NextFrame()
	if !near(p.Frame(), 6) {
		t.Fatalf("next from 5.4: %v", p.Frame())
	}
	p.SeekFrame(5.4)
	p.PrevFrame()
	if !near(p.Frame(), 5) {
		t.Fatalf("prev from 5.4: %v", p.Frame())
	}
	// A float32 key time slightly off a whole frame still counts as on it.
	p.Seek(float64(float32(7.0 / 24)))
	p.NextFrame()
	if !near(p.Frame(), 8) {
		t.Fatalf("next from ~7: %v", p.Frame())
	}
	p.Last()
	p.NextFrame()
	if !near(p.Frame(), 30) {
		t.Fatalf("next past the end: %v", p.Frame())
	}
	p.First()
	p.PrevFrame()
	if !near(p.Frame(), 1) {
		t.Fatalf("prev before the start: %v", p.Frame())
	}
}

func TestKeyStepping(t *testing.T) {
	p := New()
	p.SetAnimation(24, 24)
	nan := float32(math.NaN())
	// Unsorted, duplicated, outside the range, not finite: only 3 stay.
	p.SetKeys([]float32{1, 1.0 / 24, 1 / 3.0, 1 / 3.0, 5, nan, -1})
	if len(p.Keys()) != 3 {
		t.Fatalf("keys %v", p.Keys())
	}
	var visited []float64
	for p.NextKey() {
		visited = append(visited, p.Frame())
	}
	if len(visited) != 2 || math.Abs(visited[0]-8) > 1e-4 || math.Abs(visited[1]-24) > 1e-4 {
		t.Fatalf("next keys visited frames %v", visited)
	}
	visited = nil
	for p.PrevKey() {
		visited = append(visited, p.Frame())
	}
	if len(visited) != 2 || math.Abs(visited[0]-8) > 1e-4 || math.Abs(visited[1]-1) > 1e-4 {
		t.Fatalf("prev keys visited frames %v", visited)
	}
	p.SetKeys(nil)
	if p.NextKey() || p.PrevKey() {
		t.Fatal("stepped without keys")
	}
}

// TestCorpusKeys steps through every key of the NeHe model (a MilkShape file
// whose keys sit on whole frames 1, 8 and 24) and of Woman4, whose key list
// holds unsorted and non-finite times.
func TestCorpusKeys(t *testing.T) {
	for _, e := range corpus.MS3D(t) {
		if e.RotationKeys <= 0 {
			continue
		}
		t.Run(e.String(), func(t *testing.T) {
			m, _, err := ms3d.ReadFile(e.Path)
			if err != nil {
				t.Fatal(err)
			}
			p := New()
			p.SetAnimation(m.EffectiveFPS(), int(m.TotalFrames))
			var times []float32
			for _, j := range m.Joints {
				for _, k := range j.RotationKeys {
					times = append(times, k.Time)
				}
				for _, k := range j.PositionKeys {
					times = append(times, k.Time)
				}
			}
			p.SetKeys(times)
			n := len(p.Keys())
			if n == 0 {
				t.Fatal("no key in range")
			}
			p.First()
			steps := 0
			if p.Keys()[0] > p.Time()+p.eps() {
				steps-- // the first key is not at frame 1: one more step
			}
			for p.NextKey() {
				steps++
				if steps > n {
					t.Fatal("key stepping does not end")
				}
			}
			if steps != n-1 {
				t.Errorf("visited %d keys after the first, want %d", steps, n-1)
			}
		})
	}
}

func TestClock(t *testing.T) {
	var c Clock
	t0 := time.Unix(100, 0)
	if c.Elapsed(t0) != 0 {
		t.Fatal("first tick is not zero")
	}
	if d := c.Elapsed(t0.Add(16 * time.Millisecond)); d != 16*time.Millisecond {
		t.Fatalf("elapsed %v", d)
	}
	if d := c.Elapsed(t0); d != 0 {
		t.Fatalf("clock going back gave %v", d)
	}
	c.Reset()
	if c.Elapsed(t0.Add(time.Hour)) != 0 {
		t.Fatal("tick after reset is not zero")
	}
}

// FuzzPlayer runs random operation sequences and checks that the time
// always stays within the animation and stepping never gets stuck.
func FuzzPlayer(f *testing.F) {
	f.Add(float32(24), 30, []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(float32(0), 0, []byte{9, 9, 9, 3})
	f.Add(float32(15), 2133, []byte{1, 1, 1, 7, 2, 8})
	f.Fuzz(func(t *testing.T, fps float32, frames int, ops []byte) {
		if frames > 1<<20 || frames < -1<<20 {
			return
		}
		p := New()
		p.SetAnimation(fps, frames)
		p.SetKeys([]float32{fps / 3, 1, 0.5, float32(frames) / 2})
		for _, op := range ops {
			switch op % 11 {
			case 0:
				p.NextFrame()
			case 1:
				p.PrevFrame()
			case 2:
				p.NextKey()
			case 3:
				p.PrevKey()
			case 4:
				p.Toggle()
			case 5:
				p.Advance(time.Duration(op) * 7 * time.Millisecond)
			case 6:
				p.SetLoop(!p.Loop())
			case 7:
				p.SeekFrame(float64(op) - 20)
			case 8:
				p.SetSpeed(float64(op) / 16)
			case 9:
				p.First()
			case 10:
				p.Last()
			}
			if t0 := p.Time(); t0 < p.Start()-1e-9 || t0 > p.End()+1e-9 || math.IsNaN(t0) {
				t.Fatalf("time %v outside %v–%v after op %d", t0, p.Start(), p.End(), op%11)
			}
		}
	})
}

// TestRange: looping playback stays within the in/out range; play starts
// at the in point from outside it; a bad range plays everything.
func TestRange(t *testing.T) {
	p := New()
	p.SetAnimation(10, 30)
	p.SetRange(5, 10)
	if in, out := p.Range(); in != 5 || out != 10 {
		t.Fatalf("range %g–%g", in, out)
	}
	p.SeekFrame(20)
	p.Play()
	if f := p.Frame(); math.Abs(f-5) > 1e-9 {
		t.Fatalf("play from outside the range started at frame %g, want 5", f)
	}
	p.Advance(700 * time.Millisecond) // 7 frames: 5 + 7 = 12 → 7 after looping over 5 frames
	if f := p.Frame(); math.Abs(f-7) > 1e-6 {
		t.Errorf("frame %g after looping, want 7", f)
	}
	p.SetRange(10, 5)
	if in, out := p.Range(); in != 1 || out != 30 {
		t.Errorf("reversed range gives %g–%g, want the whole animation", in, out)
	}
	p.SetRange(math.NaN(), 8)
	if in, out := p.Range(); in != 1 || out != 30 {
		t.Errorf("NaN in point: %g–%g, want the whole animation", in, out)
	}
}
