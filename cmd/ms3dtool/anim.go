package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
	"ms3dstudio/model/animedit"
	"ms3dstudio/model/num"
)

const animUsage = "anim COMMAND IN [OUT] [--in-place] [--dry-run] [--json] …  (COMMAND: list, clips, set, delete, shift, scale, fps, resample)"

func init() {
	register("anim", animUsage,
		"list or edit keyframes and named clips: list IN; clips IN [--add \"NAME FIRST-LAST\"] [--remove NAME] [--clear]; set --joint NAME --frame F [--rot X,Y,Z (degrees)] [--pos X,Y,Z]; delete --frame F [--to F2] [--joint NAME,…]; shift --by N [--from F --to F2] [--joint …]; scale --factor K [--from F --to F2] [--joint …]; fps --fps N [--keep seconds|frames]; resample --fps N. Frames are MilkShape frames (time = frame/fps); rotations relative to the rest pose. Writes OUT atomically (--in-place keeps IN.bak); exit 0 on success, 1 when the edit is refused or cannot be written, 2 on usage errors or unreadable input",
		runAnim)
}

// animCommand is one "ms3dtool anim" subcommand.
type animCommand struct {
	usage string
	// flags declares the subcommand's own flags and returns the edit to run
	// once they are parsed.
	flags func(fs *flag.FlagSet) func(m *model.Model) (*animedit.Edit, error)
}

var animCommands = map[string]animCommand{
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
	"shift": {"shift IN [OUT] --by FRAMES [--from F] [--to F2] [--joint NAME,…] [--kind rot|pos]", func(fs *flag.FlagSet) func(m *model.Model) (*animedit.Edit, error) {
		by := fs.Float64("by", math.NaN(), "move the keys by `FRAMES` (negative: earlier; fractions allowed)")
		sel := selectionFlags(fs, false)
		return func(m *model.Model) (*animedit.Edit, error) {
			if math.IsNaN(*by) {
				return nil, usageErr("give --by")
			}
			refs, err := sel.refs(m)
			if err != nil || len(refs) == 0 {
				return &animedit.Edit{Summary: "no keys " + sel.where()}, err
			}
			return animedit.MoveKeys(m, refs, *by)
		}
	}},
	"scale": {"scale IN [OUT] --factor K [--from F] [--to F2] [--joint NAME,…] [--kind rot|pos]", func(fs *flag.FlagSet) func(m *model.Model) (*animedit.Edit, error) {
		k := fs.Float64("factor", math.NaN(), "scale key times about the earliest selected key by `K` (> 0)")
		sel := selectionFlags(fs, false)
		return func(m *model.Model) (*animedit.Edit, error) {
			if math.IsNaN(*k) {
				return nil, usageErr("give --factor")
			}
			refs, err := sel.refs(m)
			if err != nil || len(refs) == 0 {
				return &animedit.Edit{Summary: "no keys " + sel.where()}, err
			}
			return animedit.ScaleKeys(m, refs, *k)
		}
	}},
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

// usageErrorMsg is an argument the flags accept but the command does not.
type usageErrorMsg string

func (u usageErrorMsg) Error() string { return string(u) }

func usageErr(format string, a ...any) error { return usageErrorMsg(fmt.Sprintf(format, a...)) }

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

// AnimReport is the document the editing subcommands print with --json.
type AnimReport struct {
	File string `json:"file"`
	// Command is the subcommand ("set").
	Command string `json:"command"`
	// Output is the file written, or that would be written without
	// --dry-run; empty for a dry run without OUT.
	Output  string `json:"output,omitempty"`
	Written bool   `json:"written"`
	// Changed lists the parts of the model changed ("keys|meta"), "none"
	// when nothing changed.
	Changed string   `json:"changed"`
	Summary string   `json:"summary"`
	Details []string `json:"details"`
}

func runAnim(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintf(stderr, "ms3dtool anim: give a command: list, set, delete, shift, scale, fps or resample\nusage: ms3dtool %s\n", animUsage)
		return 2
	}
	name := args[0]
	if name == "list" {
		return runAnimList(args[1:], stdout, stderr)
	}
	if name == "clips" {
		return runAnimClips(args[1:], stdout, stderr)
	}
	c, ok := animCommands[name]
	if !ok {
		fmt.Fprintf(stderr, "ms3dtool anim: unknown command %q: list, set, delete, shift, scale, fps or resample\n", name)
		return 2
	}
	usage := c.usage + " [--in-place] [--dry-run] [--json]"
	fs := newFlagSet("anim "+name, usage, stderr)
	inPlace := fs.Bool("in-place", false, "overwrite IN, keeping the original as IN.bak")
	dryRun := fs.Bool("dry-run", false, "print what would change and write nothing")
	asJSON := fs.Bool("json", false, "print one JSON document")
	edit := c.flags(fs)
	files, err := parseInterleaved(fs, args[1:])
	if err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	in, out, code := inOut(fs, stderr, files, *inPlace, *dryRun)
	if code != 0 {
		return code
	}

	m, _, err := ms3d.ReadFile(in)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool anim %s: %s: %v\n", name, in, err)
		return 2
	}
	e, err := edit(m)
	if err != nil {
		var u usageErrorMsg
		if errors.As(err, &u) {
			return usageError(fs, stderr, "%v", err)
		}
		fmt.Fprintf(stderr, "ms3dtool anim %s: %s: %v\n", name, in, err)
		return 1
	}
	report := AnimReport{File: in, Command: name, Output: out, Changed: e.Changed.String(), Summary: e.Summary, Details: e.Details}
	if report.Details == nil {
		report.Details = []string{}
	}
	var note string
	switch {
	case *dryRun:
		note = "dry run: nothing written"
	case e.Changed == 0 && *inPlace:
		note = fmt.Sprintf("nothing changed: %s is unchanged", in)
	default:
		encoded, err := ms3d.Encode(m)
		if err != nil {
			fmt.Fprintf(stderr, "ms3dtool anim %s: %s: the edited model cannot be written: %v\n", name, in, err)
			return 1
		}
		if note, err = writeModel(stderr, "ms3dtool anim", in, out, m, encoded, *inPlace); err != nil {
			fmt.Fprintf(stderr, "ms3dtool anim %s: %v\n", name, err)
			return 1
		}
		report.Written = true
	}
	if *asJSON {
		return writeJSON(stdout, stderr, report)
	}
	fmt.Fprintf(stdout, "%s: %s\n", in, e.Summary)
	for _, d := range e.Details {
		fmt.Fprintf(stdout, "  %s\n", d)
	}
	fmt.Fprintln(stdout, note)
	return 0
}

// AnimList is the document "ms3dtool anim list --json" prints.
type AnimList struct {
	File        string      `json:"file"`
	FPS         jsonFloat   `json:"fps"`
	TotalFrames int32       `json:"totalFrames"`
	Joints      []AnimJoint `json:"joints"`
}

// AnimJoint is one joint's rest pose and keys. Rotations are in degrees,
// as Euler angles applied X, then Y, then Z; keys are relative to the rest
// pose.
type AnimJoint struct {
	Index               int          `json:"index"`
	Name                string       `json:"name"`
	Parent              string       `json:"parent"`
	RestRotationDegrees [3]jsonFloat `json:"restRotationDegrees"`
	RestPosition        [3]jsonFloat `json:"restPosition"`
	RotationKeys        []AnimKey    `json:"rotationKeys"`
	PositionKeys        []AnimKey    `json:"positionKeys"`
}

// AnimKey is one key: its time in seconds, its MilkShape frame (time ×
// fps) and its value (degrees for rotations).
type AnimKey struct {
	Time  jsonFloat    `json:"time"`
	Frame jsonFloat    `json:"frame"`
	Value [3]jsonFloat `json:"value"`
}

func runAnimList(args []string, stdout, stderr io.Writer) int {
	const usage = "anim list IN [--json]"
	fs := newFlagSet("anim list", usage, stderr)
	asJSON := fs.Bool("json", false, "print one JSON document")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if len(files) != 1 {
		return usageError(fs, stderr, "want exactly one IN, got %d", len(files))
	}
	m, _, err := ms3d.ReadFile(files[0])
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool anim list: %s: %v\n", files[0], err)
		return 2
	}
	l := AnimList{File: files[0], FPS: jsonFloat(m.FPS), TotalFrames: m.TotalFrames, Joints: []AnimJoint{}}
	keys := func(ks []model.Key, rot bool) []AnimKey {
		out := make([]AnimKey, len(ks))
		for i, k := range ks {
			v := k.Value
			if rot {
				v = animedit.Degrees(v)
			}
			out[i] = AnimKey{Time: jsonFloat(k.Time), Frame: jsonFloat(float32(animedit.FrameOf(m, k.Time))), Value: vec3(v)}
		}
		return out
	}
	for i := range m.Joints {
		j := &m.Joints[i]
		l.Joints = append(l.Joints, AnimJoint{Index: i, Name: j.Name.Display(), Parent: j.Parent.Display(),
			RestRotationDegrees: vec3(animedit.Degrees(j.Rotation)), RestPosition: vec3(j.Position),
			RotationKeys: keys(j.RotationKeys, true), PositionKeys: keys(j.PositionKeys, false)})
	}
	if *asJSON {
		return writeJSON(stdout, stderr, l)
	}
	fmt.Fprintf(stdout, "%s: %g fps, %d frames, %s\n", l.File, m.FPS, m.TotalFrames, countNoun(len(m.Joints), "joint"))
	for _, j := range l.Joints {
		parent := "root"
		if j.Parent != "" {
			parent = "parent " + strconv.Quote(j.Parent)
		}
		fmt.Fprintf(stdout, "  joint %d %q (%s): %s, %s\n", j.Index, j.Name, parent,
			countNoun(len(j.RotationKeys), "rotation key"), countNoun(len(j.PositionKeys), "position key"))
		for _, k := range j.RotationKeys {
			fmt.Fprintf(stdout, "    rot frame %-8s %s°\n", fmtNum(k.Frame), fmtVec(k.Value))
		}
		for _, k := range j.PositionKeys {
			fmt.Fprintf(stdout, "    pos frame %-8s %s\n", fmtNum(k.Frame), fmtVec(k.Value))
		}
	}
	return 0
}

func vec3(v [3]float32) [3]jsonFloat {
	return [3]jsonFloat{jsonFloat(v[0]), jsonFloat(v[1]), jsonFloat(v[2])}
}

func fmtNum(f jsonFloat) string {
	if f == 0 {
		f = 0 // no "-0"
	}
	return strconv.FormatFloat(float64(f), 'g', 6, 32)
}

func fmtVec(v [3]jsonFloat) string {
	return fmt.Sprintf("(%s, %s, %s)", fmtNum(v[0]), fmtNum(v[1]), fmtNum(v[2]))
}
