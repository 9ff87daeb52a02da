// Package animverb holds the editing verbs of "ms3dtool anim" (set,
// delete, shift, scale, fps, resample): each declares its flags and turns
// them, once parsed, into the model/animedit edit it stands for. Frames
// are MilkShape frames (time = frame/fps, docs/ms3d-format.md) and
// rotations are Euler angles in degrees relative to the rest pose.
package animverb

import (
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/animedit"
	"ms3dstudio/model/num"
)

// Verb is one editing subcommand of "ms3dtool anim".
type Verb struct {
	// Usage is the subcommand's usage line, without the flags every
	// editing subcommand shares (--in-place, --dry-run, --json).
	Usage string
	// Flags declares the subcommand's own flags and returns the edit to
	// run once they are parsed.
	Flags func(fs *flag.FlagSet) func(m *model.Model) (*animedit.Edit, error)
}

// Verbs are the editing subcommands by name.
var Verbs = map[string]Verb{
	"set": {"set IN [OUT] --joint NAME --frame F [--rot X,Y,Z] [--pos X,Y,Z]", flagsSet},
	"delete": {"delete IN [OUT] --frame F [--to F2] [--joint NAME,…] [--kind rot|pos]", func(fs *flag.FlagSet) func(m *model.Model) (*animedit.Edit, error) {
		sel := selectionFlags(fs, true)
		return func(m *model.Model) (*animedit.Edit, error) {
			refs, err := sel.refs(m)
			if err != nil {
				return nil, err
			}
			if len(refs) == 0 {
				return &animedit.Edit{Summary: "no keys " + sel.where()}, nil
			}
			return animedit.DeleteKeys(m, refs)
		}
	}},
	"shift": {"shift IN [OUT] --by FRAMES [--from F] [--to F2] [--joint NAME,…] [--kind rot|pos]",
		keysBy("by", "move the keys by `FRAMES` (negative: earlier; fractions allowed)", animedit.MoveKeys)},
	"scale": {"scale IN [OUT] --factor K [--from F] [--to F2] [--joint NAME,…] [--kind rot|pos]",
		keysBy("factor", "scale key times about the earliest selected key by `K` (> 0)", animedit.ScaleKeys)},
	"fps": {"fps IN [OUT] --fps N [--keep seconds|frames]", func(fs *flag.FlagSet) func(m *model.Model) (*animedit.Edit, error) {
		fps := fs.Float64("fps", math.NaN(), "the new frame rate `N`")
		keep := fs.String("keep", "seconds", "keep the keys' `seconds` (same motion, other frame numbers) or their frames (faster or slower motion)")
		return func(m *model.Model) (*animedit.Edit, error) {
			if math.IsNaN(*fps) {
				return nil, usageErr("give --fps")
			}
			var k animedit.Keep
			switch *keep {
			case "seconds":
				k = animedit.KeepSeconds
			case "frames":
				k = animedit.KeepFrames
			default:
				return nil, usageErr("--keep is seconds or frames, got %q", *keep)
			}
			return animedit.SetFPS(m, float32(*fps), k)
		}
	}},
	"resample": {"resample IN [OUT] --fps N", func(fs *flag.FlagSet) func(m *model.Model) (*animedit.Edit, error) {
		fps := fs.Float64("fps", math.NaN(), "bake keys at every frame of `N` fps")
		return func(m *model.Model) (*animedit.Edit, error) {
			if math.IsNaN(*fps) {
				return nil, usageErr("give --fps")
			}
			return animedit.Resample(m, float32(*fps))
		}
	}},
}

// keysBy is the Flags of a verb that edits the keys a selection picks
// (--from, --to, --joint, --kind) by the number its flag name gives.
func keysBy(name, usage string, edit func(m *model.Model, refs []animedit.KeyRef, x float64) (*animedit.Edit, error)) func(fs *flag.FlagSet) func(m *model.Model) (*animedit.Edit, error) {
	return func(fs *flag.FlagSet) func(m *model.Model) (*animedit.Edit, error) {
		x := fs.Float64(name, math.NaN(), usage)
		sel := selectionFlags(fs, false)
		return func(m *model.Model) (*animedit.Edit, error) {
			if math.IsNaN(*x) {
				return nil, usageErr("give --%s", name)
			}
			refs, err := sel.refs(m)
			if err != nil || len(refs) == 0 {
				return &animedit.Edit{Summary: "no keys " + sel.where()}, err
			}
			return edit(m, refs, *x)
		}
	}
}

// UsageError is an argument the flags accept but the verb does not (a
// missing --joint, --from after --to): the command prints its usage for
// it, where other errors of an edit are refusals of the model.
type UsageError string

func (u UsageError) Error() string { return string(u) }

func usageErr(format string, a ...any) error { return UsageError(fmt.Sprintf(format, a...)) }

// vecFlag is an "X,Y,Z" flag.
type vecFlag struct {
	v   [3]float32
	set bool
}

func (f *vecFlag) String() string { return "" }

func (f *vecFlag) Set(s string) error {
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return fmt.Errorf("want X,Y,Z, got %q", s)
	}
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 32)
		if err != nil || !num.Finite(x) {
			return fmt.Errorf("%q is not a finite number", p)
		}
		f.v[i] = float32(x)
	}
	f.set = true
	return nil
}

func flagsSet(fs *flag.FlagSet) func(m *model.Model) (*animedit.Edit, error) {
	joint := fs.String("joint", "", "the joint's `NAME`")
	frame := fs.Float64("frame", math.NaN(), "MilkShape frame `F` (1-based, time F/fps; fractions allowed)")
	var rot, pos vecFlag
	fs.Var(&rot, "rot", "rotation `X,Y,Z` in degrees relative to the rest pose (X applied first, then Y, then Z)")
	fs.Var(&pos, "pos", "translation `X,Y,Z` relative to the rest pose, in the joint's rest frame")
	return func(m *model.Model) (*animedit.Edit, error) {
		if *joint == "" {
			return nil, usageErr("give --joint")
		}
		if math.IsNaN(*frame) {
			return nil, usageErr("give --frame")
		}
		if !rot.set && !pos.set {
			return nil, usageErr("give --rot, --pos or both")
		}
		j := animedit.FindJoint(m, *joint)
		if j < 0 {
			return nil, fmt.Errorf("no joint %q (the model has %s)", *joint, jointNames(m))
		}
		return animedit.SetKeys(m, *frame, []animedit.JointPose{{Joint: j,
			Rotation: animedit.Radians(rot.v), KeyRotation: rot.set, Position: pos.v, KeyPosition: pos.set}})
	}
}

func jointNames(m *model.Model) string {
	if len(m.Joints) == 0 {
		return "no joints"
	}
	var names []string
	for i := range m.Joints {
		names = append(names, strconv.Quote(m.Joints[i].Name.Display()))
	}
	if len(names) > 12 {
		names = append(names[:12], "…")
	}
	return strings.Join(names, ", ")
}

// selection is a set of keys given by flags: a frame range, joints, a kind.
type selection struct {
	from, to    *float64
	joints      *string
	kind        *string
	needsFrame  bool
	frameOption string
}

func selectionFlags(fs *flag.FlagSet, needsFrame bool) *selection {
	s := &selection{needsFrame: needsFrame, frameOption: "--from"}
	if needsFrame {
		s.frameOption = "--frame"
		s.from = fs.Float64("frame", math.NaN(), "the keys at frame `F` (or from F with --to)")
	} else {
		s.from = fs.Float64("from", math.NaN(), "only keys from frame `F` (default: the first)")
	}
	s.to = fs.Float64("to", math.NaN(), "… to frame `F2`, included")
	s.joints = fs.String("joint", "", "only keys of these joints (comma-separated `NAMES`; default: all)")
	s.kind = fs.String("kind", "", "only rotation (`rot`) or position (pos) keys; default: both")
	return s
}

func (s *selection) where() string {
	w := ""
	switch from, to := *s.from, *s.to; {
	case !math.IsNaN(from) && !math.IsNaN(to):
		w = fmt.Sprintf("from frame %g to %g", from, to)
	case !math.IsNaN(from) && s.needsFrame:
		w = fmt.Sprintf("at frame %g", from)
	case !math.IsNaN(from):
		w = fmt.Sprintf("from frame %g", from)
	case !math.IsNaN(to):
		w = fmt.Sprintf("up to frame %g", to)
	default:
		w = "in the file"
	}
	if *s.joints != "" {
		w += " on " + *s.joints
	}
	return w
}

func (s *selection) refs(m *model.Model) ([]animedit.KeyRef, error) {
	from, to := *s.from, *s.to
	if math.IsNaN(from) {
		if s.needsFrame {
			return nil, usageErr("give --frame")
		}
		from = 0
	}
	switch {
	case math.IsNaN(to) && s.needsFrame:
		to = from
	case math.IsNaN(to):
		to = math.Inf(1)
	case to < from:
		return nil, usageErr("%s %g is after --to %g", s.frameOption, from, to)
	}
	var joints []int
	if *s.joints != "" {
		for _, name := range strings.Split(*s.joints, ",") {
			j := animedit.FindJoint(m, strings.TrimSpace(name))
			if j < 0 {
				return nil, fmt.Errorf("no joint %q (the model has %s)", name, jointNames(m))
			}
			joints = append(joints, j)
		}
	}
	refs := animedit.KeysInRange(m, joints, from, to)
	if *s.kind == "" {
		return refs, nil
	}
	var want animedit.Kind
	switch *s.kind {
	case "rot", "rotation":
		want = animedit.Rotation
	case "pos", "position":
		want = animedit.Position
	default:
		return nil, usageErr("--kind is rot or pos, got %q", *s.kind)
	}
	var out []animedit.KeyRef
	for _, r := range refs {
		if r.Kind == want {
			out = append(out, r)
		}
	}
	return out, nil
}
