// Package playback is the animation clock behind the timeline: the current
// time, play/pause, loop, speed, and stepping by frames and keys. It has no
// Fyne dependency so that it is tested without a window; the timeline widget
// (ui/timeline) only draws it and forwards buttons to it.
//
// Times are in seconds, as MS3D key times are. Frames follow MilkShape
// (ms3d-format.md §4): frame = time × fps and frames are 1-based, so the
// animation runs from frame 1 (time 1/fps) to frame totalFrames (time
// totalFrames/fps). The frame rate is the model's effective one (stored
// values below 1 count as 1).
package playback

import (
	"math"
	"slices"
	"time"
)

// Speeds are the playback speeds the timeline offers.
var Speeds = []float64{0.25, 0.5, 1, 2, 4}

// MinSpeed and MaxSpeed bound SetSpeed.
const (
	MinSpeed = 0.25
	MaxSpeed = 4
)

// frameEps is how close, in frames, two positions must be to count as the
// same frame when stepping (float32 key times are not exact multiples of
// 1/fps).
const frameEps = 1e-3

// Player is the timeline's clock. The zero value is not usable; call New.
type Player struct {
	fps     float64
	frames  int
	t       float64
	playing bool
	loop    bool
	speed   float64
	keys    []float64 // sorted, unique, finite key times within the range
	// in and out are the playback range in frames (0, 0: the whole
	// animation).
	in, out float64
}

// New returns a stopped player at frame 1 of a one-frame animation at
// 24 fps, looping at normal speed.
func New() *Player {
	p := &Player{loop: true, speed: 1}
	p.SetAnimation(24, 1)
	return p
}

// SetAnimation sets the frame rate and length (in MilkShape frames). An fps
// below 1 or not finite counts as 1, and fewer than one frame as one, the
// way players treat them. The time is clamped into the new range.
func (p *Player) SetAnimation(fps float32, totalFrames int) {
	f := float64(fps)
	if !(f >= 1) || math.IsInf(f, 0) {
		f = 1
	}
	p.fps = f
	p.frames = max(totalFrames, 1)
	p.t = p.clamp(p.t)
	p.keys = p.filterKeys(p.keys)
	p.SetRange(p.in, p.out)
}

// SetRange sets the playback range: looping playback runs from frame in to
// frame out. Values are clamped into the animation; in ≥ out, or a value
// that is not finite, clears the range (the whole animation plays).
func (p *Player) SetRange(in, out float64) {
	in, out = max(in, 1), min(out, float64(p.frames))
	if !(in < out) || math.IsInf(in, 0) || math.IsInf(out, 0) {
		in, out = 0, 0
	}
	p.in, p.out = in, out
}

// Range returns the playback range in frames: the whole animation (1 to
// TotalFrames) unless SetRange narrowed it.
func (p *Player) Range() (in, out float64) {
	if p.out > 0 {
		return p.in, p.out
	}
	return 1, float64(p.frames)
}

// bounds returns the playback range in seconds.
func (p *Player) bounds() (start, end float64) {
	in, out := p.Range()
	return in / p.fps, out / p.fps
}

// SetKeys sets the key times the key-stepping buttons visit (those of the
// selected joint, or of all joints), in any order. Times that are not finite
// or fall outside the animation are ignored.
func (p *Player) SetKeys(times []float32) {
	k := make([]float64, 0, len(times))
	for _, t := range times {
		k = append(k, float64(t))
	}
	p.keys = p.filterKeys(k)
}

func (p *Player) filterKeys(k []float64) []float64 {
	out := k[:0]
	for _, t := range k {
		if !math.IsNaN(t) && !math.IsInf(t, 0) && t >= p.Start()-p.eps() && t <= p.End()+p.eps() {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Keys returns the key times SetKeys kept, sorted.
func (p *Player) Keys() []float64 { return p.keys }

// FPS returns the effective frame rate.
func (p *Player) FPS() float64 { return p.fps }

// TotalFrames returns the animation length in frames (at least 1).
func (p *Player) TotalFrames() int { return p.frames }

// Start returns the time of frame 1.
func (p *Player) Start() float64 { return 1 / p.fps }

// End returns the time of the last frame.
func (p *Player) End() float64 { return float64(p.frames) / p.fps }

func (p *Player) eps() float64 { return frameEps / p.fps }

func (p *Player) clamp(t float64) float64 {
	if math.IsNaN(t) {
		return p.Start()
	}
	return min(max(t, p.Start()), p.End())
}

// Time returns the current time in seconds.
func (p *Player) Time() float64 { return p.t }

// Frame returns the current frame (fractional during playback).
func (p *Player) Frame() float64 { return p.t * p.fps }

// Seek moves to time t, clamped into the animation.
func (p *Player) Seek(t float64) { p.t = p.clamp(t) }

// SeekFrame moves to frame f, clamped into the animation.
func (p *Player) SeekFrame(f float64) { p.Seek(f / p.fps) }

// Playing reports whether the clock is running.
func (p *Player) Playing() bool { return p.playing }

// Play starts the clock. Without looping, playing from the last frame
// starts again from the first.
func (p *Player) Play() {
	start, end := p.bounds()
	if !p.loop && p.t >= end-p.eps() || p.t < start-p.eps() || p.t > end+p.eps() {
		p.t = start
	}
	p.playing = true
}

// Pause stops the clock.
func (p *Player) Pause() { p.playing = false }

// Toggle plays when paused and pauses when playing.
func (p *Player) Toggle() {
	if p.playing {
		p.Pause()
	} else {
		p.Play()
	}
}

// Loop reports whether playback wraps around at the end.
func (p *Player) Loop() bool { return p.loop }

// SetLoop sets whether playback wraps around at the end or stops there.
func (p *Player) SetLoop(loop bool) { p.loop = loop }

// Speed returns the playback speed factor.
func (p *Player) Speed() float64 { return p.speed }

// SetSpeed sets the playback speed factor, clamped to MinSpeed–MaxSpeed.
func (p *Player) SetSpeed(s float64) {
	if math.IsNaN(s) {
		s = 1
	}
	p.speed = min(max(s, MinSpeed), MaxSpeed)
}

// Advance moves the clock on by elapsed real time times the speed, when
// playing. At the end it wraps to the start when looping, otherwise it
// stops on the last frame. It reports whether the time changed.
func (p *Player) Advance(elapsed time.Duration) bool {
	if !p.playing || elapsed <= 0 {
		return false
	}
	old := p.t
	t := p.t + elapsed.Seconds()*p.speed
	if start, end := p.bounds(); t > end {
		if length := end - start; p.loop && length > 0 {
			t = start + math.Mod(t-start, length)
		} else {
			t = end
			p.playing = false
		}
	}
	p.t = t
	return p.t != old
}

// First moves to frame 1.
func (p *Player) First() { p.t = p.Start() }

// Last moves to the last frame.
func (p *Player) Last() { p.t = p.End() }

// NextFrame moves to the next whole frame.
func (p *Player) NextFrame() { p.SeekFrame(math.Floor(p.Frame()+frameEps) + 1) }

// PrevFrame moves to the previous whole frame.
func (p *Player) PrevFrame() { p.SeekFrame(math.Ceil(p.Frame()-frameEps) - 1) }

// NextKey moves to the first key after the current time and reports
// whether there was one.
func (p *Player) NextKey() bool {
	i, _ := slices.BinarySearch(p.keys, p.t+p.eps())
	if i >= len(p.keys) {
		return false
	}
	p.t = p.clamp(p.keys[i])
	return true
}

// PrevKey moves to the last key before the current time and reports
// whether there was one.
func (p *Player) PrevKey() bool {
	i, _ := slices.BinarySearch(p.keys, p.t-p.eps())
	if i == 0 {
		return false
	}
	p.t = p.clamp(p.keys[i-1])
	return true
}

// Clock turns wall-clock ticks into elapsed times for Advance: the first
// tick after Reset gives zero, so a pause is never played back as a jump.
type Clock struct {
	last time.Time
}

// Reset forgets the last tick; call it when playback starts.
func (c *Clock) Reset() { c.last = time.Time{} }

// Elapsed returns the time since the previous tick and remembers now.
func (c *Clock) Elapsed(now time.Time) time.Duration {
	if c.last.IsZero() {
		c.last = now
		return 0
	}
	d := now.Sub(c.last)
	c.last = now
	if d < 0 {
		return 0
	}
	return d
}
