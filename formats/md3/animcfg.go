package md3

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"ms3dstudio/formats/vertexanim"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
)

// ConfigName is the name of a Quake 3 player model's animation file, in
// the folder of its lower.md3, upper.md3 and head.md3.
const ConfigName = "animation.cfg"

// Animations are the player animations of Quake 3's animation.cfg, in the
// order the file lists them (ioquake3's animNumber_t). The first
// RequiredAnimations must all be there or Quake 3 refuses the file; the
// rest are Team Arena's, which default to TORSO_GESTURE.
var Animations = []string{
	"BOTH_DEATH1", "BOTH_DEAD1", "BOTH_DEATH2", "BOTH_DEAD2", "BOTH_DEATH3", "BOTH_DEAD3",
	"TORSO_GESTURE", "TORSO_ATTACK", "TORSO_ATTACK2", "TORSO_DROP", "TORSO_RAISE", "TORSO_STAND", "TORSO_STAND2",
	"LEGS_WALKCR", "LEGS_WALK", "LEGS_RUN", "LEGS_BACK", "LEGS_SWIM", "LEGS_JUMP", "LEGS_LAND", "LEGS_JUMPB", "LEGS_LANDB", "LEGS_IDLE", "LEGS_IDLECR", "LEGS_TURN",
	"TORSO_GETFLAG", "TORSO_GUARDBASE", "TORSO_PATROL", "TORSO_FOLLOWME", "TORSO_AFFIRMATIVE", "TORSO_NEGATIVE",
}

// RequiredAnimations is how many of Animations Quake 3 requires.
const RequiredAnimations = 25

// Indices in Animations that the numbering of legs frames depends on.
const (
	animTorsoGesture = 6
	animLegsWalkCr   = 13
)

// loops are the animations that cycle: their looping frames are all their
// frames (the others play once: loopFrames 0), as Quake 3's own models
// have them.
var loops = map[string]bool{
	"TORSO_STAND": true, "TORSO_STAND2": true, "LEGS_WALKCR": true, "LEGS_WALK": true, "LEGS_RUN": true, "LEGS_BACK": true,
	"LEGS_SWIM": true, "LEGS_IDLE": true, "LEGS_IDLECR": true, "LEGS_TURN": true,
}

// Animation is one line of animation.cfg.
type Animation struct {
	Name string
	// First is the first frame as the file gives it (Quake 3 subtracts
	// LegsSkip from a LEGS_ animation's when it plays lower.md3); Frames
	// is the count, negative for an animation played backwards.
	First, Frames, Loop int
	FPS                 float64
}

// configMarker starts an animation.cfg MS3D Studio writes; WriteFile
// replaces only such a file.
const configMarker = "// animation.cfg written by MS3D Studio"

func isOurConfig(head []byte) bool { return strings.HasPrefix(string(head), configMarker) }

// AnimationConfig returns Quake 3's animation.cfg for m's export with
// opt: a line for each of Animations that a clip is named for (ignoring
// case: a clip "legs_run" is LEGS_RUN), with its first key frame in the
// export, its frame count, its looping frames (all of them for the
// animations that cycle, none for the rest) and the export's frame rate.
// A required animation without a clip gets a one-frame line (the first
// frame of its part) and a finding. ok is false, with a finding, when no
// clip is named for one, or the export is of one clip.
func AnimationConfig(m *model.Model, opt ExportOptions) (cfg string, found []model.Finding, ok bool) {
	if opt.Clip != "" {
		return "", nil, false
	}
	plan, err := vertexanim.NewPlan(m, vertexanim.Options{FPS: opt.FPS}, FrameNameSize)
	if err != nil {
		return "", nil, false
	}
	list, _ := clips.Read(m)
	byName := map[string]clips.Clip{}
	for _, c := range list {
		byName[strings.ToUpper(c.Name)] = c
	}
	fps := plan.FPS
	lines := make([]Animation, 0, len(Animations))
	var missing []string
	have := 0
	for i, name := range Animations {
		c, ok := byName[name]
		if !ok {
			if i < RequiredAnimations {
				missing = append(missing, name)
				lines = append(lines, Animation{Name: name, First: -1, Frames: 1, FPS: float64(fps)})
			}
			continue
		}
		have++
		first, last := plan.KeyFrame(c.First, m.EffectiveFPS()), plan.KeyFrame(c.Last, m.EffectiveFPS())
		a := Animation{Name: name, First: first, Frames: last - first + 1, FPS: float64(fps)}
		if loops[name] {
			a.Loop = a.Frames
		}
		lines = append(lines, a)
	}
	note := func(sev model.Severity, format string, args ...any) {
		found = append(found, model.Finding{Code: model.CodeMD3AnimationConfig, Severity: sev, Where: model.At(model.PartClip, -1), Message: fmt.Sprintf(format, args...)})
	}
	if have == 0 {
		if len(list) > 0 {
			note(model.Info, "no clip is named for one of Quake 3's player animations (%s … %s): no %s is written", Animations[0], Animations[RequiredAnimations-1], ConfigName)
		}
		return "", found, false
	}
	// A missing required animation holds the first frame of its part: 0
	// for BOTH_ and TORSO_, and for LEGS_ the first frame of lower.md3,
	// that is LegsSkip once Quake 3 subtracts it (a missing LEGS_WALKCR
	// is put at TORSO_GESTURE's first frame, which makes the skip 0).
	if lines[animTorsoGesture].First < 0 {
		lines[animTorsoGesture].First = 0
	}
	gesture := lines[animTorsoGesture].First
	if lines[animLegsWalkCr].First < 0 {
		lines[animLegsWalkCr].First = gesture
	}
	skip := lines[animLegsWalkCr].First - gesture
	for i := range lines {
		if lines[i].First < 0 {
			if IsLegs(i) {
				lines[i].First = skip
			} else {
				lines[i].First = 0
			}
		}
	}
	if len(missing) > 0 {
		note(model.Warning, "%s lists Quake 3's %d player animations; no clip is named for %s: each holds one frame", ConfigName, RequiredAnimations, strings.Join(missing, ", "))
	}
	note(model.Info, "Quake 3 plays the BOTH_ and TORSO_ animations from upper.md3 and the BOTH_ and LEGS_ ones from lower.md3, where it counts the LEGS_ frames %d earlier (LEGS_WALKCR − TORSO_GESTURE): this file holds every frame, as upper.md3 does", skip)
	var b strings.Builder
	fmt.Fprintf(&b, "%s from the model's clips\r\n", configMarker)
	fmt.Fprintf(&b, "// first frame, frames, looping frames, frames per second\r\n\r\n")
	for _, a := range lines {
		fmt.Fprintf(&b, "%d\t%d\t%d\t%s\t// %s\r\n", a.First, a.Frames, a.Loop, strconv.FormatFloat(float64(float32(a.FPS)), 'g', -1, 32), a.Name)
	}
	return b.String(), found, true
}

// ParseAnimationConfig reads an animation.cfg as Quake 3's cgame does
// (ioquake3's CG_ParseAnimationFile): the optional settings (sex,
// footsteps, headoffset, fixedlegs, fixedtorso) and then four numbers an
// animation, in the order of Animations (a comment naming it is not
// needed), at least RequiredAnimations of them. The error says where the
// file stops making sense.
func ParseAnimationConfig(text string) ([]Animation, error) {
	toks := configTokens(text)
	i := 0
	for i < len(toks) {
		t := strings.ToLower(toks[i])
		switch t {
		case "footsteps", "sex":
			i += 2
			continue
		case "headoffset":
			i += 4
			continue
		case "fixedlegs", "fixedtorso":
			i++
			continue
		}
		if t != "" && t[0] >= '0' && t[0] <= '9' || t != "" && t[0] == '-' {
			break
		}
		return nil, fmt.Errorf("md3: %s: unknown setting %q", ConfigName, toks[i])
	}
	var out []Animation
	for len(out) < len(Animations) && i+4 <= len(toks) {
		var v [3]int
		for k := range 3 {
			n, err := strconv.Atoi(toks[i+k])
			if err != nil {
				return nil, fmt.Errorf("md3: %s: %s: %q is not a whole number", ConfigName, Animations[len(out)], toks[i+k])
			}
			v[k] = n
		}
		fps, err := strconv.ParseFloat(toks[i+3], 64)
		if err != nil || math.IsNaN(fps) || math.IsInf(fps, 0) {
			return nil, fmt.Errorf("md3: %s: %s: %q is not a frame rate", ConfigName, Animations[len(out)], toks[i+3])
		}
		if fps == 0 {
			fps = 1 // as Quake 3 takes it
		}
		out = append(out, Animation{Name: Animations[len(out)], First: v[0], Frames: v[1], Loop: v[2], FPS: fps})
		i += 4
	}
	if len(out) < RequiredAnimations {
		return nil, fmt.Errorf("md3: %s lists %d animations; Quake 3 needs %d (%s is missing)", ConfigName, len(out), RequiredAnimations, Animations[len(out)])
	}
	return out, nil
}

// LegsSkip is how many frames earlier Quake 3 numbers the LEGS_
// animations in lower.md3 than the file gives them: LEGS_WALKCR's first
// frame minus TORSO_GESTURE's.
func LegsSkip(list []Animation) int {
	if len(list) <= animLegsWalkCr {
		return 0
	}
	return list[animLegsWalkCr].First - list[animTorsoGesture].First
}

// IsLegs reports whether animation i of Animations is played from
// lower.md3 with LegsSkip subtracted.
func IsLegs(i int) bool { return i >= animLegsWalkCr && i < RequiredAnimations }

// configTokens splits text as Quake 3's COM_Parse does: at white space,
// dropping // and /* */ comments.
func configTokens(text string) []string {
	var out []string
	for len(text) > 0 {
		switch {
		case strings.HasPrefix(text, "//"):
			if i := strings.IndexByte(text, '\n'); i >= 0 {
				text = text[i:]
			} else {
				text = ""
			}
		case strings.HasPrefix(text, "/*"):
			if i := strings.Index(text[2:], "*/"); i >= 0 {
				text = text[i+4:]
			} else {
				text = ""
			}
		case text[0] <= ' ':
			text = text[1:]
		default:
			i := 0
			for i < len(text) && text[i] > ' ' && !strings.HasPrefix(text[i:], "//") {
				i++
			}
			out = append(out, text[:i])
			text = text[i:]
		}
	}
	return out
}

// clipsFromConfig returns the clips of a config's animations for a file
// of frames frames, key frame k being MilkShape frame k + 1; lower says
// the file is lower.md3, whose LEGS_ frames Quake 3 counts LegsSkip
// earlier. Animations outside the file are left out.
func clipsFromConfig(list []Animation, frames int, lower bool) []clips.Clip {
	skip := LegsSkip(list)
	var out []clips.Clip
	for i, a := range list {
		first, n := a.First, a.Frames
		if n < 0 {
			n = -n
		}
		if lower && IsLegs(i) {
			first -= skip
		}
		if first < 0 || n < 1 || first+n > frames || slices.ContainsFunc(out, func(c clips.Clip) bool { return strings.EqualFold(c.Name, a.Name) }) {
			continue
		}
		out = append(out, clips.Clip{Name: a.Name, First: first + 1, Last: first + n})
	}
	return out
}
