package viewport

import (
	"time"

	"ms3dstudio/viewport/internal/scene"
)

// Options are the display toggles of the viewport (see scene.Overlays for
// each field). They are the renderer's overlay switches themselves, so
// nothing is copied field by field between the two.
type Options = scene.Overlays

// DefaultOptions returns the options a new View starts with: grid, axes and
// two-sided lighting on.
func DefaultOptions() Options {
	return Options{Grid: true, Axes: true, TwoSided: true}
}

// PickKind tells what a click in the viewport hit.
type PickKind int

// The kinds of pick results.
const (
	// PickNone: the click hit the background; the index is −1.
	PickNone PickKind = iota
	// PickGroup: the index is a group of the model.
	PickGroup
	// PickJoint: the index is a joint (only while the skeleton is shown).
	PickJoint
)

// String names the kind.
func (k PickKind) String() string {
	switch k {
	case PickGroup:
		return "group"
	case PickJoint:
		return "joint"
	}
	return "none"
}

// Preset is a standard view direction for SetPresetView.
type Preset = scene.Preset

// The preset views. Front looks from +Z towards −Z with +X right and +Y up
// (the initial view); Right looks from +X; Top looks down from +Y with −Z
// up the screen.
const (
	Front  = scene.Front
	Back   = scene.Back
	Left   = scene.Left
	Right  = scene.Right
	Top    = scene.Top
	Bottom = scene.Bottom
)

// Stats are the renderer's counters since the View was created or
// ResetStats was called, for the application's benchmark mode.
type Stats struct {
	// FramesRendered counts frames the render goroutine finished.
	FramesRendered int
	// FramesShown counts frames the raster actually took for display.
	FramesShown int
	// MeanRender is the mean GL time per rendered frame, measured on the
	// render goroutine from the start of drawing until glReadPixels
	// returned the pixels.
	MeanRender time.Duration
	// MeanLatency is the mean time from a change request (a setter, a
	// camera move, a resize) to the raster taking the frame that shows it.
	MeanLatency time.Duration
	// Size is the pixel size of the last rendered frame.
	Size [2]int
}
