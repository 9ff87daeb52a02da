package timeline

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/ui/playback"
	"ms3dstudio/ui/widgets"
)

// TickRate is how often the timeline's own ticker advances playback.
const TickRate = 60

// PacerStall is how long playback paced by a viewport (see FramePacer) may
// go without a frame before the timeline's ticker advances it instead, and
// restarts the pacing: a viewport that is hidden or has failed shows no
// frames.
const PacerStall = 500 * time.Millisecond

// FramePacer is a viewport that paces playback to the frames it shows
// (viewport.View): while pacing, it calls next on the UI goroutine whenever
// it can draw a new frame, and shown just before that frame goes to the
// screen. The timeline advances the clock and poses the model in next and
// moves its play head and labels in shown, so that one repaint shows the
// picture and the time it belongs to, and the window is repainted once per
// frame. PaceFrames(nil, nil) stops pacing.
type FramePacer interface {
	PaceFrames(next, shown func())
}

// Timeline is the bottom strip: a ruler in MilkShape frames with a tick for
// every key of the selected joint (or of all joints), a scrubber, play and
// pause, loop, speed, first / previous key / previous frame / next frame /
// next key / last buttons and a frame entry. The logic is a
// playback.Player; the widget draws it.
//
// While playing, only the ruler's play head, the time label, OnTime and
// OnShow run each frame. By default a ticker goroutine advances the clock TickRate
// times a second through fyne.Do; with ExternalClock set the app calls Tick
// itself (from its render loop, or a test with made-up times). With a
// Pacer, playback advances at the pace the viewport shows frames instead,
// and the ticker only steps in when the viewport stalls (PacerStall).
type Timeline struct {
	// OnTime is called with the current time in seconds whenever it
	// changes (scrubbing, stepping, playback), so the app can pose the
	// model and redraw the viewport.
	OnTime func(t float32)
	// OnShow is called when the time shown changes, after the play head
	// and the labels moved, so that other time displays follow in the same
	// repaint. During paced playback it runs when the frame posed by
	// OnTime goes to the screen; otherwise right after OnTime.
	OnShow func()
	// Pacer, when set, paces playback to the frames it shows.
	Pacer FramePacer
	// OnPlaying is called when playback starts (true) and stops (false),
	// so the app can keep the viewport rendering while it plays.
	OnPlaying func(playing bool)
	// ExternalClock stops the timeline from starting its own ticker.
	ExternalClock bool
	// Player is the playback state.
	Player *playback.Player

	// axis, when set (SetAxis), places the ruler's frames.
	axis TimeAxis

	obj                       fyne.CanvasObject
	ruler                     *ruler
	play                      *widget.Button
	first, prevKey, prevFrame *widget.Button
	nextFrame, nextKey, last  *widget.Button
	loop                      *widgets.KeyCheck
	speed                     *widget.Select
	frame                     *frameField
	label                     *widgets.LiveText
	keyTimes                  []float32
	clock                     playback.Clock
	stop                      chan struct{}
	pending                   atomic.Bool
	// post runs a function on Fyne's goroutine (fyne.Do; tests replace it
	// with a queue they drain, since the test driver has no such
	// goroutine).
	post func(func())
	// sent is the time last passed to OnTime (NaN: none yet), so that
	// changes of the key ticks or of the selection do not re-pose the model.
	sent float64
	// rewind makes the next SetAnimation start at its first frame (see
	// Resend).
	rewind bool
	// shownAt is the time OnShow was last called for (NaN: none yet).
	shownAt float64
	// showPending says the time changed since the last frame was shown.
	showPending bool
	// stalled is set while the ticker advances paced playback because
	// the Pacer has asked for no frame for PacerStall.
	stalled bool
	// pacedMono is, while the Pacer paces playback, when it last asked for
	// a frame, as 1 + nanoseconds since monoEpoch; 0 while not paced (see
	// pacedAt). It is an atomic for the ticker goroutine, which posts no
	// tick while paced playback keeps going: a tick posted every 60th of a
	// second that then does nothing kept a function waiting in Fyne's
	// queue all the time, and anything else posted to the UI goroutine
	// waited behind it (Fyne's loop, when every paint outlasts its tick,
	// runs about one queued function a frame).
	pacedMono atomic.Int64
}

// monoEpoch is the origin of Timeline.pacedMono: times kept as offsets
// from it keep the monotonic clock, so a change of the wall clock does not
// make a stall look like paced playback.
var monoEpoch = time.Now()

// pacedAt returns when the Pacer last asked for a frame and whether it
// paces playback.
func (tl *Timeline) pacedAt() (time.Time, bool) {
	n := tl.pacedMono.Load()
	return monoEpoch.Add(time.Duration(n - 1)), n != 0
}

// setPacedAt records that the Pacer asked for a frame at.
func (tl *Timeline) setPacedAt(at time.Time) { tl.pacedMono.Store(int64(at.Sub(monoEpoch)) + 1) }

// pacingGoesOn reports whether the Pacer paces playback and asked for a
// frame less than PacerStall before now.
func (tl *Timeline) pacingGoesOn(now time.Time) bool {
	at, paced := tl.pacedAt()
	return paced && now.Sub(at) < PacerStall
}

// New returns a stopped timeline for a one-frame animation.
func New() *Timeline {
	tl := &Timeline{Player: playback.New(), post: fyne.Do, sent: math.NaN(), shownAt: math.NaN()}
	tl.ruler = newRuler(tl)
	step := func(f func()) func() {
		return func() {
			tl.Pause()
			f()
			tl.Changed()
		}
	}
	tl.first = widget.NewButtonWithIcon("", theme.MediaSkipPreviousIcon(), step(tl.Player.First))
	tl.prevKey = widget.NewButtonWithIcon("", theme.MediaFastRewindIcon(), step(func() { tl.Player.PrevKey() }))
	tl.prevFrame = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), step(tl.Player.PrevFrame))
	tl.play = widget.NewButtonWithIcon("", theme.MediaPlayIcon(), tl.TogglePlay)
	tl.nextFrame = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), step(tl.Player.NextFrame))
	tl.nextKey = widget.NewButtonWithIcon("", theme.MediaFastForwardIcon(), step(func() { tl.Player.NextKey() }))
	tl.last = widget.NewButtonWithIcon("", theme.MediaSkipNextIcon(), step(tl.Player.Last))
	loop := widgets.NewKeyCheck("Loop", func(on bool) { tl.Player.SetLoop(on) })
	tl.loop = loop
	tl.loop.SetChecked(tl.Player.Loop())
	speeds := make([]string, len(playback.Speeds))
	for i, s := range playback.Speeds {
		speeds[i] = speedText(s)
	}
	speed := widgets.NewKeySelect(speeds, func(s string) {
		v, err := strconv.ParseFloat(strings.TrimSuffix(s, "×"), 64)
		if err == nil {
			tl.Player.SetSpeed(v)
		}
	})
	tl.speed = &speed.Select
	tl.speed.SetSelected(speedText(1))
	tl.frame = newFrameField()
	tl.frame.entry.OnSubmitted = func(s string) {
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsNaN(v) {
			tl.showFrame()
			return
		}
		tl.Pause()
		tl.Player.SeekFrame(v)
		tl.Changed()
	}
	tl.label = widgets.NewLiveText("9999.99 / 99999 · 9999.999 s")
	frameBox := container.NewGridWrap(fyne.NewSize(90, tl.frame.entry.MinSize().Height), tl.frame)
	controls := container.NewHBox(tl.first, tl.prevKey, tl.prevFrame, tl.play, tl.nextFrame, tl.nextKey, tl.last,
		widget.NewLabel("Frame"), frameBox, loop, speed, tl.label)
	tl.obj = container.NewBorder(nil, controls, nil, nil, tl.ruler)
	tl.showFrame()
	return tl
}

func speedText(s float64) string { return strconv.FormatFloat(s, 'g', -1, 64) + "×" }

// SetAxis makes the ruler show its frames where axis shows them (nil: the
// whole animation across the ruler). Call AxisChanged when the axis zooms
// or pans.
func (tl *Timeline) SetAxis(axis TimeAxis) {
	tl.axis = axis
	tl.AxisChanged()
}

// AxisChanged redraws the ruler after its axis moved.
func (tl *Timeline) AxisChanged() {
	tl.ruler.Refresh()
	tl.ruler.moveHead()
}

// Object returns the timeline's canvas object.
func (tl *Timeline) Object() fyne.CanvasObject { return tl.obj }

// SetAnimation sets the frame rate and the number of frames (after a new
// document or an edit of fps or total frames).
func (tl *Timeline) SetAnimation(fps float32, totalFrames int) {
	tl.Player.SetAnimation(fps, totalFrames)
	if tl.rewind {
		// Frame 1 is 1/fps seconds: the time kept from the previous
		// model (or the default 24 fps) would be frame 1.04 at 25 fps.
		tl.rewind = false
		tl.Player.First()
	}
	tl.Player.SetKeys(tl.keyTimes)
	tl.ruler.Refresh()
	tl.Changed()
}

// SetKeys sets the key times shown as ticks and visited by the key buttons.
func (tl *Timeline) SetKeys(times []float32) {
	tl.keyTimes = times
	tl.Player.SetKeys(times)
	tl.ruler.Refresh()
}

// Resend prepares for a new model: the next SetAnimation starts at the
// model's first frame at its own frame rate, and the next time change calls
// OnTime even when the time is the same (the new model must be posed at it).
func (tl *Timeline) Resend() { tl.sent, tl.shownAt, tl.rewind = math.NaN(), math.NaN(), true }

// Time returns the current time in seconds.
func (tl *Timeline) Time() float64 { return tl.Player.Time() }

// Playing reports whether playback runs.
func (tl *Timeline) Playing() bool { return tl.Player.Playing() }

// TogglePlay plays when paused and pauses when playing (the Space key).
func (tl *Timeline) TogglePlay() {
	if tl.Player.Playing() {
		tl.Pause()
	} else {
		tl.Play()
	}
}

// Play starts playback.
func (tl *Timeline) Play() {
	if tl.Player.Playing() {
		return
	}
	old := tl.Player.Time()
	tl.Player.Play()
	tl.clock.Reset()
	tl.play.SetIcon(theme.MediaPauseIcon())
	if tl.Player.Time() != old {
		tl.Changed()
	}
	tl.startTicker()
	tl.startPacing()
	if tl.OnPlaying != nil {
		tl.OnPlaying(true)
	}
}

// startPacing hands the clock to the Pacer (again, after a stall).
func (tl *Timeline) startPacing() {
	if tl.Pacer == nil {
		return
	}
	tl.setPacedAt(time.Now())
	tl.stalled = false
	tl.Pacer.PaceFrames(tl.pacedNext, tl.pacedShown)
}

// pacedNext is the Pacer's next: advance the clock and pose the model, and
// leave the play head and labels for pacedShown.
func (tl *Timeline) pacedNext() {
	if _, paced := tl.pacedAt(); !paced {
		return
	}
	now := time.Now()
	tl.setPacedAt(now)
	tl.stalled = false
	tl.advance(now, false)
}

// pacedShown is the Pacer's shown: the frame posed by pacedNext is going
// to the screen.
func (tl *Timeline) pacedShown() {
	if tl.showPending {
		tl.showPending = false
		tl.display()
	}
}

// Pause stops playback.
func (tl *Timeline) Pause() {
	if !tl.Player.Playing() {
		return
	}
	tl.Player.Pause()
	tl.stopped()
}

func (tl *Timeline) stopped() {
	tl.stopTicker()
	if _, paced := tl.pacedAt(); paced {
		tl.pacedMono.Store(0)
		tl.Pacer.PaceFrames(nil, nil)
	}
	tl.pacedShown() // a time still waiting for its frame
	tl.play.SetIcon(theme.MediaPlayIcon())
	tl.showFrame()
	if tl.OnPlaying != nil {
		tl.OnPlaying(false)
	}
}

// Tick advances playback to the wall-clock time now. The first tick after
// Play only starts the clock. While a Pacer paces playback, Tick does
// nothing unless the Pacer has not asked for a frame for PacerStall (its
// view is hidden, or has failed); then Tick advances playback itself until
// the Pacer asks again, and asks it once to pace again.
func (tl *Timeline) Tick(now time.Time) {
	if _, paced := tl.pacedAt(); paced {
		if tl.pacingGoesOn(now) {
			return
		}
		if !tl.stalled {
			tl.stalled = true
			tl.Pacer.PaceFrames(tl.pacedNext, tl.pacedShown)
		}
	}
	tl.advance(now, true)
}

// advance moves playback to the wall-clock time now and poses the model;
// with show it also moves the play head and the labels, else it leaves
// that for pacedShown.
func (tl *Timeline) advance(now time.Time, show bool) {
	if !tl.Player.Playing() {
		return
	}
	if tl.Player.Advance(tl.clock.Elapsed(now)) {
		if show {
			tl.changedPlaying()
		} else {
			tl.sendTime()
			tl.showPending = true
		}
	}
	if !tl.Player.Playing() {
		tl.stopped()
	}
}

// Stop ends the ticker goroutine (when the window closes).
func (tl *Timeline) Stop() {
	tl.Player.Pause()
	tl.stopTicker()
}

func (tl *Timeline) startTicker() {
	if tl.ExternalClock || tl.stop != nil {
		return
	}
	stop := make(chan struct{})
	tl.stop = stop
	post := tl.post
	go func() {
		tk := time.NewTicker(time.Second / TickRate)
		defer tk.Stop()
		for {
			select {
			case <-stop:
				return
			case now := <-tk.C:
				if tl.pacingGoesOn(now) {
					continue // Tick would do nothing
				}
				// At most one tick waits on Fyne's goroutine: a slow
				// frame skips ticks instead of queueing them.
				if tl.pending.CompareAndSwap(false, true) {
					post(func() {
						tl.pending.Store(false)
						tl.Tick(time.Now())
					})
				}
			}
		}
	}()
}

func (tl *Timeline) stopTicker() {
	if tl.stop != nil {
		close(tl.stop)
		tl.stop = nil
	}
}

// seekX scrubs to the frame under x on the ruler.
func (tl *Timeline) seekX(x float32) {
	tl.Pause()
	tl.Player.SeekFrame(tl.ruler.frameAt(x))
	tl.Changed()
}

// Changed shows a new time after a user action.
func (tl *Timeline) Changed() {
	tl.showFrame()
	tl.changedPlaying()
}

// changedPlaying shows a new time during playback: OnTime, the play head,
// the label, the frame entry (unless the user is typing in it) and OnShow
// only.
func (tl *Timeline) changedPlaying() {
	tl.sendTime()
	tl.display()
}

// sendTime passes a changed time to OnTime.
func (tl *Timeline) sendTime() {
	if t := tl.Player.Time(); tl.OnTime != nil && t != tl.sent {
		tl.sent = t
		tl.OnTime(float32(t))
	}
}

// display moves the play head, the label and the frame entry (unless the
// user is typing in it) to the current time, and calls OnShow when it
// changed.
func (tl *Timeline) display() {
	tl.ruler.moveHead()
	p := tl.Player
	tl.label.Set(fmt.Sprintf("%s / %d · %.3f s", widgets.FrameText(p.Frame()), p.TotalFrames(), p.Time()))
	if !tl.typing() {
		tl.showFrame()
	}
	if t := p.Time(); tl.OnShow != nil && t != tl.shownAt {
		tl.shownAt = t
		tl.OnShow()
	}
}

// typing reports whether the frame entry has the keyboard focus.
func (tl *Timeline) typing() bool { return tl.frame.focused() }

func (tl *Timeline) showFrame() { tl.frame.show(widgets.FrameText(tl.Player.Frame()), tl.Playing()) }
