package viewport

import (
	"time"

	"ms3dstudio/viewport/internal/scene"
)

// Options are the display toggles of the viewport.
type Options struct {
	// Wireframe draws every triangle's edges over the surfaces.
	Wireframe bool
	// Skeleton draws joints as points and bones as lines from each joint
	// to its parent, over the model, from the pose given to SetPose (the
	// rest pose before any). The highlighted joint is larger and red, and
	// clicking near a joint picks it.
	Skeleton bool
	// Normals draws each corner's normal as a short line (3 % of the
	// model's bounding-box diagonal), skinned with the pose.
	Normals bool
	// Bounds draws the bounding box of the model in its current pose.
	Bounds bool
	// Grid draws a floor grid sized to the model, on the plane y = 0 or at
	// the model's lowest point when it reaches below.
	Grid bool
	// Axes draws the X (red), Y (green) and Z (blue) axes at the origin.
	Axes bool
	// TwoSided lights back faces with their flipped normal. Off, back faces
	// keep the file's normal and come out dark, which shows triangles
	// wound the wrong way.
	TwoSided bool
	// CullBackFaces hides triangles seen from behind.
	CullBackFaces bool
	// NoTextures draws material colours only.
	NoTextures bool
	// HeatMap colours the surfaces by the skinning weight of the
	// highlighted joint (HighlightJoint): blue for 0 through green and
	// yellow to red for 1. With no joint highlighted everything is blue.
	HeatMap bool
}

// DefaultOptions returns the options a new View starts with: grid, axes and
// two-sided lighting on.
func DefaultOptions() Options {
	return Options{Grid: true, Axes: true, TwoSided: true}
}

func (o Options) overlays() scene.Overlays {
	return scene.Overlays{
		Wireframe: o.Wireframe, Skeleton: o.Skeleton, Normals: o.Normals, Bounds: o.Bounds,
		Grid: o.Grid, Axes: o.Axes, TwoSided: o.TwoSided, CullBackFaces: o.CullBackFaces,
		NoTextures: o.NoTextures, HeatMap: o.HeatMap,
	}
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
