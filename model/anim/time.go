package anim

import "ms3dstudio/model"

// effectiveFPS clamps fps as model.Model.EffectiveFPS does: values below 1,
// NaN and infinities become 1.
func effectiveFPS(fps float32) float32 {
	m := model.Model{FPS: fps}
	return m.EffectiveFPS()
}

// FrameToTime converts a MilkShape frame number to a time in seconds:
// frame / fps, with fps clamped like model.Model.EffectiveFPS (below 1 → 1).
// MilkShape frames are 1-based: frame 1 is at 1/fps, the first key of a file
// MilkShape wrote, and frame TotalFrames at TotalFrames/fps, the last.
func FrameToTime(frame, fps float32) float32 { return frame / effectiveFPS(fps) }

// TimeToFrame converts a time in seconds to a (fractional) MilkShape frame
// number: time × fps, with fps clamped like FrameToTime.
func TimeToFrame(t, fps float32) float32 { return t * effectiveFPS(fps) }
