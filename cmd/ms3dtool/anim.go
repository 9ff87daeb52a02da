package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"ms3dstudio/cmd/ms3dtool/internal/animverb"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
	"ms3dstudio/model/animedit"
)

const animUsage = "anim COMMAND IN [OUT] [--in-place] [--dry-run] [--json] …  (COMMAND: list, clips, set, delete, shift, scale, fps, resample)"

func init() {
	register("anim", animUsage,
		"list or edit keyframes and named clips: list IN; clips IN [--add \"NAME FIRST-LAST\"] [--remove NAME] [--clear]; set --joint NAME --frame F [--rot X,Y,Z (degrees)] [--pos X,Y,Z]; delete --frame F [--to F2] [--joint NAME,…]; shift --by N [--from F --to F2] [--joint …]; scale --factor K [--from F --to F2] [--joint …]; fps --fps N [--keep seconds|frames]; resample --fps N. Frames are MilkShape frames (time = frame/fps); rotations relative to the rest pose. Writes OUT atomically (--in-place keeps IN.bak); exit 0 on success, 1 when the edit is refused or cannot be written, 2 on usage errors or unreadable input",
		runAnim)
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
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprintf(stdout, "usage: ms3dtool %s\n", animUsage)
		return 0
	}
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
	c, ok := animverb.Verbs[name]
	if !ok {
		fmt.Fprintf(stderr, "ms3dtool anim: unknown command %q: list, set, delete, shift, scale, fps or resample\n", name)
		return 2
	}
	usage := c.Usage + " [--in-place] [--dry-run] [--json]"
	fs := newFlagSet("anim "+name, usage, stderr)
	inPlace := fs.Bool("in-place", false, "overwrite IN, keeping the original as IN.bak")
	dryRun := fs.Bool("dry-run", false, "print what would change and write nothing")
	asJSON := fs.Bool("json", false, "print one JSON document")
	edit := c.Flags(fs)
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
		var u animverb.UsageError
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
