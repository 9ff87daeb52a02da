// Package vertexanim turns a model's skeletal animation into the key frames
// of vertex positions that the Quake model formats store (formats/md2,
// formats/md3), and back: it chooses the frames and names them after the
// clips (NewPlan), poses the model at each (Baker), converts coordinates
// (ToFile, FromFile), reads clips back from frame names (ClipsFromNames),
// and carries a file's vertex animation into a model, which has none, by
// rigid joints fitted to its frames (Fit, Animate).
//
// Conventions (issue 32, judged by Irrlicht 1.8.5): key frame k holds
// MilkShape frame First + k, at time (First + k)/fps, where First is 1, or
// the first frame of the clip exported; sampled at another rate N, key
// frame k is at time First/fps + k/N. Frame names follow Quake 2's
// convention, an animation name and a counter from 1 of at least two
// digits ("run01" … "run06").
package vertexanim

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/clips"
	"ms3dstudio/model/num"
)

// ToFile maps a point or direction from our coordinates (MilkShape's, y
// up) to the Quake formats' (z up): (x, y, z) → (x, −z, y). Irrlicht's
// MD2 and MD3 loaders map a file's (a, b, c) to its (a, c, b), which is
// where its MS3D loader shows our (x, y, −z): the file shows where the
// MS3D file shows. The map is a rotation (a quarter turn about x), so
// windings and handedness are kept.
func ToFile(v [3]float32) [3]float32 { return [3]float32{v[0], -v[2], v[1]} }

// FromFile is the inverse of ToFile: (a, b, c) → (a, c, −b).
func FromFile(v [3]float32) [3]float32 { return [3]float32{v[0], v[2], -v[1]} }

// Options choose the frames of a plan.
type Options struct {
	// Clip, when not empty, takes the frames of the clip of that name
	// (model/clips, ignoring case) instead of the whole timeline.
	Clip string
	// FPS, when above 0, samples the animation that many times a second
	// instead of at every MilkShape frame (Quake 2 plays 10 frames a
	// second, whatever the model's rate).
	FPS float32
}

// Frame is one key frame of a plan.
type Frame struct {
	// Time is the time in seconds at which the model is posed.
	Time float32
	// Name is the frame's name, at most the plan's name size minus one
	// bytes.
	Name string
	// Clip is the index in Plan.Clips of the clip the frame is named
	// after, −1 for none.
	Clip int
}

// Plan is the list of key frames an export writes.
type Plan struct {
	Frames []Frame
	// Clips are the model's valid clips (only the one chosen with
	// Options.Clip), in comment order.
	Clips []clips.Clip
	// FPS is the rate the frames are sampled at: Options.FPS, or the
	// model's.
	FPS float32
	// First is the MilkShape frame of key frame 0.
	First int
	// Findings say which clip names were changed to name frames.
	Findings []model.Finding
}

// KeyFrame returns the key frame nearest MilkShape frame f of the model's
// timeline.
func (p *Plan) KeyFrame(f int, modelFPS float32) int {
	k := int(math.Round(float64(f-p.First) * float64(p.FPS) / float64(modelFPS)))
	return min(max(k, 0), max(len(p.Frames)-1, 0))
}

// NewPlan chooses the frames of m to export and names them, each name at
// most nameSize−1 bytes (the formats' fields hold a NUL). Without a clip
// it takes every frame of the timeline, 1 to TotalFrames, or a single
// frame at time 1/fps when the model has neither keys nor clips (there is
// nothing to animate). A frame is named after the first clip, in comment
// order, that holds its MilkShape frame, and numbered within it; a frame
// of no clip is named "frame" and numbered in the timeline. The error is
// for a clip that does not exist.
func NewPlan(m *model.Model, opt Options, nameSize int) (*Plan, error) {
	fps := m.EffectiveFPS()
	p := &Plan{FPS: fps, First: 1}
	if opt.FPS > 0 && num.Finite(opt.FPS) {
		p.FPS = opt.FPS
	}
	list, _ := clips.Read(m)
	valid := list[:0:0]
	for _, c := range list {
		if c.First >= 1 && c.Last >= c.First && c.Last <= int(m.TotalFrames) {
			valid = append(valid, c)
		}
	}
	last := int(m.TotalFrames)
	if opt.Clip != "" {
		c, err := clips.Find(list, opt.Clip)
		if err != nil {
			return nil, err
		}
		p.First, last = c.First, c.Last
		valid = []clips.Clip{c}
	} else if len(valid) == 0 && !hasKeys(m) {
		last = 1
	}
	last = max(last, p.First)
	p.Clips = valid
	n := int(math.Floor(float64(last-p.First)*float64(p.FPS)/float64(fps)+1e-6)) + 1
	start := float64(p.First) / float64(fps)
	clipOf := make([]int, n)
	counts := make([]int, len(valid)+1) // the last counts frames of no clip
	for k := range n {
		t := start + float64(k)/float64(p.FPS)
		f := int(math.Round(t * float64(fps)))
		clipOf[k] = slices.IndexFunc(valid, func(c clips.Clip) bool { return f >= c.First && f <= c.Last })
		counts[index(clipOf[k], len(valid))]++
		p.Frames = append(p.Frames, Frame{Time: float32(t), Clip: clipOf[k]})
	}
	stems := make([]string, len(valid)+1)
	for i := range stems {
		name := "frame"
		if i < len(valid) {
			name = valid[i].Name
		}
		stems[i] = p.stem(name, nameSize-1-digits(counts[i]), nameSize-1)
	}
	seen := make([]int, len(valid)+1)
	for k := range p.Frames {
		i := index(clipOf[k], len(valid))
		seen[i]++
		p.Frames[k].Name = fmt.Sprintf("%s%0*d", stems[i], digits(counts[i]), seen[i])
	}
	p.noteOverlaps(valid)
	return p, nil
}

func index(clip, none int) int {
	if clip < 0 {
		return none
	}
	return clip
}

// digits is the width of a frame counter up to n: at least two digits.
func digits(n int) int { return max(2, len(strconv.Itoa(n))) }

// stem returns name made fit to name frames in room bytes (of size a
// name): spaces and control characters become "_", and the name is cut at
// a character boundary. A change is a finding.
func (p *Plan) stem(name string, room, size int) string {
	var b strings.Builder
	for _, r := range name {
		if r <= ' ' || r == 0x7f || r == utf8.RuneError {
			r = '_'
		}
		if b.Len()+utf8.RuneLen(r) > room {
			break
		}
		b.WriteRune(r)
	}
	s := b.String()
	if s == "" {
		s = "f"
	}
	if s != name {
		p.Findings = append(p.Findings, model.Finding{Code: model.CodeQuakeFrameNames, Severity: model.Info, Where: model.At(model.PartClip, -1),
			Message: fmt.Sprintf("clip %q names its frames %q and a counter: a frame name holds %d bytes", name, s, size)})
	}
	return s
}

// noteOverlaps reports clips that share frames with an earlier clip: a
// frame has one name, so a reader sees them cut short.
func (p *Plan) noteOverlaps(list []clips.Clip) {
	for i, c := range list {
		for _, o := range list[:i] {
			if c.First <= o.Last && o.First <= c.Last {
				p.Findings = append(p.Findings, model.Finding{Code: model.CodeQuakeFrameNames, Severity: model.Info, Where: model.At(model.PartClip, i),
					Message: fmt.Sprintf("clip %q (frames %d-%d) overlaps clip %q (%d-%d): the frames they share are named after %q, so a reader of the file sees %q cut short", c.Name, c.First, c.Last, o.Name, o.First, o.Last, o.Name, c.Name)})
				break
			}
		}
	}
}

func hasKeys(m *model.Model) bool {
	for _, j := range m.Joints {
		if len(j.RotationKeys) > 0 || len(j.PositionKeys) > 0 {
			return true
		}
	}
	return false
}

// Baker poses one model at any time with model/anim, into buffers it
// reuses.
type Baker struct {
	sk      *anim.Skeleton
	sn      *anim.Skinner
	global  []mgl32.Mat4
	skin    []mgl32.Mat4
	pos     [][3]float32
	corners [][3]float32
	normals [][3]float32
	// NonFinite counts the positions and normals that came out NaN or
	// infinite and were written as 0.
	NonFinite int
}

// NewBaker prepares m for posing (the skeleton's and skinner's findings
// are model/validate's to report).
func NewBaker(m *model.Model) *Baker {
	sk, _ := anim.NewSkeleton(m)
	sn, _ := anim.NewSkinner(m)
	b := &Baker{sk: sk, sn: sn, global: make([]mgl32.Mat4, sk.Len()), skin: make([]mgl32.Mat4, sk.Len()),
		pos: make([][3]float32, sn.Len()), corners: make([][3]float32, sn.Corners()), normals: make([][3]float32, sn.Len())}
	sk.RestPose(b.global)
	return b
}

// Pose returns, at time t in seconds, every vertex's skinned position, the
// skinned normal of every triangle corner (index 3·triangle + corner) and
// one normal a vertex (the normalised sum of its corners'; see
// anim.Skinner.VertexNormals), in our coordinates. Values that are not
// finite are 0. The slices are reused by the next call.
func (b *Baker) Pose(t float32) (pos, corners, normals [][3]float32) {
	b.sk.Pose(t, b.global)
	b.sk.SkinMatrices(b.global, b.skin)
	b.sn.Skin(b.skin, b.pos, b.corners)
	for _, s := range [][][3]float32{b.pos, b.corners} {
		for i, v := range s {
			if !num.Finite3(v) {
				s[i] = num.Or0x3(v)
				b.NonFinite++
			}
		}
	}
	b.sn.VertexNormals(b.corners, b.normals)
	return b.pos, b.corners, b.normals
}

// Joints returns the global matrix of every joint at the time of the last
// Pose (the rest pose before the first), in our coordinates. The slice is
// reused by the next call of Pose.
func (b *Baker) Joints() []mgl32.Mat4 { return b.global }

// ClipsFromNames reads clips from frame names, key frame k being MilkShape
// frame k + 1: a run of frames whose names share a stem (the name without
// its trailing digits) is a clip of that name, as Quake 2's convention
// writes them ("run01" … "run06" is "run"). When the numbers of a run do
// not count from 1 but its names end in a two- or three-digit counter that
// does ("pain101" … "pain104", "pain201" …: clip names that end in a
// digit), the run is split where the counter restarts, each part named
// with the digits before its counter ("pain1", "pain2"). Runs
// without a stem are left out; a stem seen twice gets a number after it
// ("run_2"), as clip names are unique.
func ClipsFromNames(names []string) []clips.Clip {
	var out []clips.Clip
	used := map[string]int{}
	add := func(name string, first, last int) {
		key := strings.ToLower(name)
		if n := used[key]; n > 0 {
			used[key] = n + 1
			name = fmt.Sprintf("%s_%d", name, n+1)
		} else {
			used[key] = 1
		}
		if len(out) < clips.MaxClips {
			out = append(out, clips.Clip{Name: name, First: first + 1, Last: last + 1})
		}
	}
	for start := 0; start < len(names); {
		stem, _ := splitDigits(names[start])
		end := start + 1
		for end < len(names) {
			if s, _ := splitDigits(names[end]); s != stem {
				break
			}
			end++
		}
		if cleanName(stem) != "" {
			for _, part := range splitRun(names[start:end], start) {
				add(cleanName(stem+part.head), part.first, part.last)
			}
		}
		start = end
	}
	return out
}

// part is one clip of a run of frames sharing a stem: the digits before
// its counter and its key frames.
type part struct {
	head        string
	first, last int
}

// splitRun splits a run of names (the first at key frame offset) into
// parts whose counters, of two or three digits, count from 1; a run whose
// numbers count up from 1 as a whole, or that no width splits so, is one
// part.
func splitRun(run []string, offset int) []part {
	nums := make([]string, len(run))
	for i, n := range run {
		_, nums[i] = splitDigits(n)
	}
	if n, _ := strconv.Atoi(nums[0]); n == 1 && counts(nums) {
		return []part{{"", offset, offset + len(run) - 1}}
	}
	for _, w := range []int{2, 3} {
		var parts []part
		ok := true
		for i := 0; i < len(nums) && ok; {
			if len(nums[i]) <= w {
				ok = false
				break
			}
			head := nums[i][:len(nums[i])-w]
			j := i
			var tails []string
			for j < len(nums) && len(nums[j]) > w && nums[j][:len(nums[j])-w] == head {
				tails = append(tails, nums[j][len(nums[j])-w:])
				j++
			}
			if n, _ := strconv.Atoi(tails[0]); n != 1 || !counts(tails) {
				ok = false
				break
			}
			parts = append(parts, part{head, offset + i, offset + j - 1})
			i = j
		}
		if ok {
			return parts
		}
	}
	return []part{{"", offset, offset + len(run) - 1}}
}

// counts reports whether the numbers count up by one.
func counts(nums []string) bool {
	prev := -1
	for i, s := range nums {
		n, err := strconv.Atoi(s)
		if err != nil || (i > 0 && n != prev+1) {
			return false
		}
		prev = n
	}
	return true
}

// splitDigits splits a name into its stem and its trailing digits.
func splitDigits(name string) (stem, digits string) {
	i := len(name)
	for i > 0 && name[i-1] >= '0' && name[i-1] <= '9' {
		i--
	}
	return name[:i], name[i:]
}

// cleanName makes s a valid clip name: bytes a clip name cannot hold
// become "_", and it is cut to clips.MaxName bytes.
func cleanName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "_") {
		if r <= ' ' || r == 0x7f || strings.ContainsRune(`/\:*?"<>|,`, r) {
			r = '_'
		}
		if b.Len()+utf8.RuneLen(r) > clips.MaxName {
			break
		}
		b.WriteRune(r)
	}
	if n := b.String(); n != "." && n != ".." {
		return n
	}
	return "_"
}
