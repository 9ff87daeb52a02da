package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"ms3dstudio/document"
	"ms3dstudio/document/exporter"
	"ms3dstudio/formats/smd"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/clips"
)

const convertUsage = "convert IN OUT [--time T | --frame F | --rest] [--profile goldsrc|source] [--clip NAME | --all-clips] [--fps N] [--skin WxH] [--split] [--pivot auto|apply|ignore] [--keep-axes] [--anim FILE.smd]... [--up AXIS] [--scale K] [--key-frame N]"

func init() {
	register("convert", convertUsage, "read IN (.ms3d, .3ds, .smd, .obj, .gltf, .glb, .b3d, .md2, .md3) and write OUT in the format its extension names (.ms3d, .glb, .gltf, .obj, .smd, .b3d, .md2, .md3); .ms3d output is fitted to MS3D's limits (every change reported) and of an unchanged .ms3d byte-identical; a .b3d keeps MilkShape's frame numbers (the clips' frame ranges, printed, are what a Luanti mod's set_animation takes); an .md2 or .md3 holds the model posed at each frame, named after the clips (the key frames of each, printed), and an .md3 with clips named for Quake 3's player animations gets an animation.cfg; writes are atomic", runConvert)
}

func runConvert(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("convert", convertUsage, stderr)
	openOpt := openFlags(fs)
	t := fs.Float64("time", 0, "pose static formats (OBJ) at `T` seconds")
	frame := fs.Float64("frame", 0, "pose static formats at MilkShape frame `F` (1-based; overrides --time)")
	rest := fs.Bool("rest", false, "export static formats in the bind pose")
	profile := fs.String("profile", "source", "SMD engine `profile`: goldsrc or source")
	clip := fs.String("clip", "", "SMD, B3D, MD2, MD3: export this clip only (B3D: renumbered from frame 1)")
	skin := skinFlag(fs)
	allClips := fs.Bool("all-clips", false, "SMD: one animation SMD per clip (the whole timeline when there are none)")
	split := fs.Bool("split", false, "MS3D: write a model too large for one file as OUT-1.ms3d, OUT-2.ms3d, … (each under the limits, with the whole skeleton)")
	in, out, code := modelInOut(fs, stderr, args)
	if code != 0 {
		return code
	}
	opt, err := openOpt()
	if err != nil {
		return usageError(fs, stderr, "%v", err)
	}
	prof, err := smd.ParseProfile(*profile)
	if err != nil {
		return usageError(fs, stderr, "%v", err)
	}
	d, err := document.OpenWith(in, opt)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool convert: %v\n", err)
		return 2
	}
	m := d.Model()
	for _, f := range d.DecodeFindings() {
		switch {
		case f.Code == model.CodeTruncated:
			fmt.Fprintf(stderr, "ms3dtool convert: %s: %s\n  writing what could be read\n", in, f)
		case d.Imported() != nil && f.Severity != model.Error:
			// What the import could not carry over: never lost silently
			// (its errors are listed with the exit status, by export).
			fmt.Fprintf(stderr, "ms3dtool convert: %s: %s\n", in, f)
		}
	}
	// --fps is the timeline's rate: a glTF is sampled at it, a B3D
	// writes it in its ANIM chunk (the frames stay as they are), an MD2
	// or MD3 is sampled at it.
	ex := exporter.Options{Time: float32(*t), Rest: *rest, SMDProfile: prof, Clip: *clip, AllClips: *allClips, Split: *split, FPS: opt.FPS}
	if ex.SkinWidth, ex.SkinHeight, err = skin(); err != nil {
		return usageError(fs, stderr, "%v", err)
	}
	if *frame != 0 {
		ex.Time = anim.FrameToTime(float32(*frame), m.EffectiveFPS())
	}
	code = export("convert", d, out, ex, stdout, stderr)
	if _, err := os.Stat(out); err == nil && strings.EqualFold(filepath.Ext(out), ".b3d") && *clip == "" {
		// The frame ranges a Luanti mod's set_animation takes.
		list, _ := clips.Read(m)
		for _, c := range list {
			fmt.Fprintf(stdout, "clip %s: frames %d-%d\n", c.Name, c.First, c.Last)
		}
	}
	if _, err := os.Stat(out); err == nil && isQuake(out) {
		printKeyFrames(stdout, out)
	}
	return code
}

// export writes the document's model to out (exporter.Write) for command
// cmd, prints what it wrote and what the format could not hold, and
// returns the exit status: 1 when the export failed, the input had errors
// or the output has some, else 0. It says why the status is 1: the errors
// found reading the input, counted and the first listedErrors of them
// listed, and those found writing. Formats that name texture files get the
// images the input embeds (a glTF's) written beside out first.
func export(cmd string, d *document.Document, out string, ex exporter.Options, stdout, stderr io.Writer) int {
	in := d.Path()
	var images []string
	switch strings.ToLower(filepath.Ext(out)) {
	case ".ms3d", ".smd", ".obj", ".md2", ".md3":
		var err error
		if images, err = d.WriteImages(filepath.Dir(out)); err != nil {
			fmt.Fprintf(stderr, "ms3dtool %s: %v\n", cmd, err)
			return 1
		}
	}
	written, found, err := exporter.Write(d.Model(), out, d.TextureResolver(), ex)
	written = append(images, written...)
	read := errorsIn(d.DecodeFindings())
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool %s: %v; nothing was written\n", cmd, err)
		listErrors(stderr, cmd, fmt.Sprintf("%s found reading %s", countNoun(len(read), "error"), in), read)
		return 1
	}
	for _, f := range found {
		fmt.Fprintf(stderr, "ms3dtool %s: %s: %s\n", cmd, out, f)
	}
	for _, w := range written {
		fmt.Fprintf(stdout, "wrote %s\n", w)
	}
	status := 0
	if len(read) > 0 {
		listErrors(stderr, cmd, fmt.Sprintf("exit status 1: %s found reading %s, and what could be read was written", countNoun(len(read), "error"), in), read)
		status = 1
	}
	if n := len(errorsIn(found)); n > 0 {
		fmt.Fprintf(stderr, "ms3dtool %s: exit status 1: %s found writing %s (above); it was written nonetheless\n", cmd, countNoun(n, "error"), out)
		status = 1
	}
	return status
}

// listedErrors is how many of the errors found reading a file export
// lists; validate lists them all.
const listedErrors = 10

// errorsIn returns the findings of error severity.
func errorsIn(fs []model.Finding) []model.Finding {
	var out []model.Finding
	for _, f := range fs {
		if f.Severity == model.Error {
			out = append(out, f)
		}
	}
	return out
}

// listErrors prints the headline and the first listedErrors of errs, and
// how many more there are; nothing when errs is empty.
func listErrors(w io.Writer, cmd, headline string, errs []model.Finding) {
	if len(errs) == 0 {
		return
	}
	fmt.Fprintf(w, "ms3dtool %s: %s:\n", cmd, headline)
	for _, f := range errs[:min(len(errs), listedErrors)] {
		fmt.Fprintf(w, "  %s\n", f)
	}
	if n := len(errs) - listedErrors; n > 0 {
		fmt.Fprintf(w, "  and %s more (ms3dtool validate lists every finding)\n", countNoun(n, "error"))
	}
}
