package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
)

const clipsUsage = `anim clips IN [--json] | anim clips IN [OUT] [--in-place] [--add "NAME FIRST-LAST"]... [--remove NAME]... [--clear]`

// ClipsReport is the document "ms3dtool anim clips --json" prints.
type ClipsReport struct {
	File     string          `json:"file"`
	Clips    []clips.Clip    `json:"clips"`
	Findings []model.Finding `json:"findings"`
	Written  bool            `json:"written"`
}

// runAnimClips lists a model's named clips, or adds and removes some and
// writes the model (atomically; --in-place keeps IN.bak).
func runAnimClips(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("anim clips", clipsUsage, stderr)
	asJSON := fs.Bool("json", false, "print one JSON document")
	inPlace := fs.Bool("in-place", false, "overwrite IN, keeping the original as IN.bak")
	clear := fs.Bool("clear", false, "remove every clip first")
	var add, remove stringList
	fs.Var(&add, "add", "add the clip `\"NAME FIRST-LAST\"` (MilkShape frames, inclusive; repeatable)")
	fs.Var(&remove, "remove", "remove the clip called `NAME` (repeatable)")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if len(files) == 0 || len(files) > 2 {
		return usageError(fs, stderr, "want IN and optionally OUT, got %d arguments", len(files))
	}
	in := files[0]
	m, _, err := ms3d.ReadFile(in)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool anim clips: %v\n", err)
		return 2
	}
	list, found := clips.Read(m)
	edit := *clear || len(add) > 0 || len(remove) > 0
	out := ""
	switch {
	case len(files) == 2:
		out = files[1]
	case *inPlace:
		out = in
	}
	if edit {
		if out == "" {
			return usageError(fs, stderr, "an edit needs OUT or --in-place")
		}
		if !strings.EqualFold(filepath.Ext(out), ".ms3d") {
			return usageError(fs, stderr, "OUT must end in .ms3d")
		}
		if *clear {
			list = nil
		}
		for _, name := range remove {
			n := len(list)
			list = filterClips(list, name)
			if len(list) == n {
				fmt.Fprintf(stderr, "ms3dtool anim clips: %s has no clip %q\n", in, name)
				return 1
			}
		}
		for _, a := range add {
			more, err := clips.ParseList(a)
			if err != nil || len(more) != 1 {
				return usageError(fs, stderr, "--add %q: want \"NAME FIRST-LAST\" (%v)", a, err)
			}
			list = append(filterClips(list, more[0].Name), more[0])
		}
		if err := clips.Write(m, list); err != nil {
			fmt.Fprintf(stderr, "ms3dtool anim clips: %s: %v\n", in, err)
			return 1
		}
		data, err := ms3d.Encode(m)
		if err != nil {
			fmt.Fprintf(stderr, "ms3dtool anim clips: %v\n", err)
			return 1
		}
		if err := atomicfile.WriteFile(out, data, 0o644, atomicfile.SameFile(in, out)); err != nil {
			fmt.Fprintf(stderr, "ms3dtool anim clips: %v\n", err)
			return 1
		}
		list, found = clips.Read(m)
	}
	if *asJSON {
		r := ClipsReport{File: in, Clips: list, Findings: found, Written: edit}
		if r.Clips == nil {
			r.Clips = []clips.Clip{}
		}
		if r.Findings == nil {
			r.Findings = []model.Finding{}
		}
		return writeJSON(stdout, stderr, r)
	}
	fmt.Fprintf(stdout, "%s: %d clips\n", in, len(list))
	for _, c := range list {
		fmt.Fprintf(stdout, "  %s (%d frames)\n", c, c.Frames())
	}
	for _, f := range found {
		fmt.Fprintf(stdout, "  %s\n", f)
	}
	if edit {
		fmt.Fprintf(stdout, "wrote %s\n", out)
	}
	return 0
}

func filterClips(list []clips.Clip, name string) []clips.Clip {
	var out []clips.Clip
	for _, c := range list {
		if !strings.EqualFold(c.Name, name) {
			out = append(out, c)
		}
	}
	return out
}
