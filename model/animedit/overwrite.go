package animedit

import (
	"math"
	"slices"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
)

// RetimePreview tells, while keys are being dragged or scaled, which keys
// that are not moved a move or scale would replace (MoveKeys and ScaleKeys
// replace a key that a moved key lands on). Build it once when the drag
// starts; each question then costs O(k log n) for k moved keys, cheap
// enough for every pointer move on a dense motion-capture track.
type RetimePreview struct {
	fps    float32
	first  float64 // the earliest moved key's frame, ScaleKeys' pivot
	tracks []previewTrack
}

type previewTrack struct {
	tr    track
	moved []movedKey
	rest  []model.Key // the other keys, sorted by time
}

type movedKey struct {
	frame float64 // snapped as retime does
	value [3]float32
}

// NewRetimePreview returns the preview of moving the referenced keys.
// References to keys that do not exist are ignored (MoveKeys refuses them).
func NewRetimePreview(m *model.Model, refs []KeyRef) *RetimePreview {
	p := &RetimePreview{fps: m.FPS, first: math.Inf(1)}
	byTr := map[track][]float32{}
	var order []track
	for _, r := range refs {
		if r.Joint < 0 || r.Joint >= len(m.Joints) || r.Kind > Position || !num.Finite(r.Time) {
			continue
		}
		tr := track{r.Joint, r.Kind}
		if _, ok := byTr[tr]; !ok {
			order = append(order, tr)
		}
		byTr[tr] = append(byTr[tr], r.Time)
	}
	for _, tr := range order {
		sel := byTr[tr]
		slices.Sort(sel)
		pt := previewTrack{tr: tr}
		for _, k := range *keysOf(&m.Joints[tr.joint], tr.kind) {
			if nearestTime(sel, k.Time, p.fps) >= 0 {
				f := snapFrame(FrameOf(m, k.Time))
				pt.moved = append(pt.moved, movedKey{f, k.Value})
				p.first = min(p.first, f)
			} else {
				pt.rest = append(pt.rest, k)
			}
		}
		model.SortKeys(pt.rest)
		if len(pt.moved) > 0 {
			p.tracks = append(p.tracks, pt)
		}
	}
	return p
}

// Move returns the keys a move by frames frames would replace.
func (p *RetimePreview) Move(frames float64) []KeyRef {
	return p.overwrites(func(f float64) float64 { return f + frames })
}

// Scale returns the keys a scale of the times by factor about the earliest
// moved key would replace.
func (p *RetimePreview) Scale(factor float64) []KeyRef {
	return p.overwrites(func(f float64) float64 { return p.first + (f-p.first)*factor })
}

func (p *RetimePreview) overwrites(to func(float64) float64) []KeyRef {
	var out []KeyRef
	for _, pt := range p.tracks {
		for _, mk := range pt.moved {
			f := to(mk.frame)
			if math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
				continue // MoveKeys refuses it
			}
			if i := nearestKey(pt.rest, timeOf(f, p.fps), p.fps); i >= 0 && pt.rest[i].Value != mk.value {
				out = append(out, KeyRef{Joint: pt.tr.joint, Kind: pt.tr.kind, Time: pt.rest[i].Time})
			}
		}
	}
	return compactRefs(out)
}

// MoveOverwrites returns the keys, not among refs, that MoveKeys(m, refs,
// frames) would replace.
func MoveOverwrites(m *model.Model, refs []KeyRef, frames float64) []KeyRef {
	return NewRetimePreview(m, refs).Move(frames)
}

// ScaleOverwrites returns the keys, not among refs, that ScaleKeys(m, refs,
// factor) would replace.
func ScaleOverwrites(m *model.Model, refs []KeyRef, factor float64) []KeyRef {
	return NewRetimePreview(m, refs).Scale(factor)
}

// PasteOverwrites returns the keys that Paste(m, c, frame, onto) would
// replace with another value. Keys Paste would refuse (a joint name the
// model lacks) are left out.
func PasteOverwrites(m *model.Model, c *Clip, frame float64, onto int) []KeyRef {
	if c == nil {
		return nil
	}
	sorted := map[track][]model.Key{}
	var out []KeyRef
	for _, k := range c.Keys {
		j := onto
		if onto == ByName {
			j = findJoint(m, k.Joint)
		}
		if j < 0 || j >= len(m.Joints) || k.Kind > Position {
			continue
		}
		tr := track{j, k.Kind}
		keys, ok := sorted[tr]
		if !ok {
			keys = slices.Clone(*keysOf(&m.Joints[j], k.Kind))
			model.SortKeys(keys)
			sorted[tr] = keys
		}
		f := frame + k.Frame
		if math.IsNaN(f) || f < 0 {
			continue
		}
		if i := nearestKey(keys, timeOf(f, m.FPS), m.FPS); i >= 0 && keys[i].Value != k.Value {
			out = append(out, KeyRef{Joint: j, Kind: k.Kind, Time: keys[i].Time})
		}
	}
	return compactRefs(out)
}

// nearestTime returns the index in the sorted times of a time that is the
// same key time as t at fps (sameTime), or −1.
func nearestTime(times []float32, t, fps float32) int {
	return nearestBy(times, t, fps, func(x float32) float32 { return x })
}

// nearestKey is nearestTime over keys sorted by time.
func nearestKey(keys []model.Key, t, fps float32) int {
	return nearestBy(keys, t, fps, func(k model.Key) float32 { return k.Time })
}

func nearestBy[E any](s []E, t, fps float32, time func(E) float32) int {
	tol := frameTolerance / float64(effFPS(fps))
	i, _ := slices.BinarySearchFunc(s, float64(t)-tol, func(e E, x float64) int {
		switch a := float64(time(e)); {
		case a < x:
			return -1
		case a > x:
			return 1
		}
		return 0
	})
	for ; i < len(s) && float64(time(s[i])) <= float64(t)+tol; i++ {
		if sameTime(time(s[i]), t, fps) {
			return i
		}
	}
	return -1
}

// compactRefs sorts refs and drops repeats (two moved keys landing on one
// key name it once).
func compactRefs(refs []KeyRef) []KeyRef {
	slices.SortFunc(refs, CompareKeyRefs)
	return slices.Compact(refs)
}

// DescribeKeys names keys for a message: "joint4 rotation key at frame 24",
// at most max of them, then how many more.
func DescribeKeys(m *model.Model, refs []KeyRef, max int) []string {
	var out []string
	for i, r := range refs {
		if i == max {
			out = append(out, "and "+plural(len(refs)-max, "more key"))
			break
		}
		name := "?"
		if r.Joint >= 0 && r.Joint < len(m.Joints) {
			name = m.Joints[r.Joint].Name.Display()
		}
		out = append(out, name+" "+r.Kind.String()+" key at frame "+fmtFrame(FrameOf(m, r.Time)))
	}
	return out
}
