package main

import (
	"flag"
	"io"
	"path/filepath"
	"strings"

	"ms3dstudio/cmd/ms3dtool/internal/animverb"
	"ms3dstudio/cmd/ms3dtool/internal/batchcmd"
	"ms3dstudio/document"
)

// Batch work: every command that works on files also takes folders and
// several files at once. The layer sits in front of the commands, which
// stay written for one file: runBatch learns a command's flags (an
// argProbe run), and internal/batchcmd adds the batch's flags, expands
// the folders and runs the command once per file.

// isMS3D matches the files the commands that read only MS3D take.
func isMS3D(path string) bool { return strings.EqualFold(filepath.Ext(path), ".ms3d") }

// batchShapes are the commands that work in batch, by name ("anim set"
// for anim's subcommands).
var batchShapes = func() map[string]batchcmd.Shape {
	convert := batchcmd.Shape{Out: batchcmd.OutRequired, ToExts: document.ExportFormats, Match: document.CanOpen}
	edit := batchcmd.Shape{Out: batchcmd.OutOptional, Ext: ".ms3d", NoOut: []string{"in-place", "dry-run"}, Match: isMS3D}
	shapes := map[string]batchcmd.Shape{
		"info":       {Match: document.CanOpen},
		"pose":       {Match: document.CanOpen},
		"validate":   {Multi: true, Match: document.CanOpen},
		"textures":   {Multi: true, Match: isMS3D},
		"convert":    convert,
		"transform":  convert,
		"fix":        edit,
		"thumbnail":  {Out: batchcmd.OutRequired, Ext: ".png", Match: document.CanOpen},
		"anim list":  {Match: isMS3D},
		"anim clips": {Out: batchcmd.OutOptional, Ext: ".ms3d", Match: isMS3D},
	}
	for name := range animverb.Verbs {
		shapes["anim "+name] = edit
	}
	return shapes
}()

// batchCommands are the commands with a batch shape (anim for its
// subcommands'); only they are probed.
var batchCommands = func() map[string]bool {
	names := map[string]bool{}
	for key := range batchShapes {
		name, _, _ := strings.Cut(key, " ")
		names[name] = true
	}
	return names
}()

// runBatch runs c with args as a batch when they ask for one (see
// batchcmd.Flags.NewCall). It reports false when they do not (or c does
// not work on files), and the command runs as it always has.
func runBatch(c command, args []string, stdout, stderr io.Writer) (int, bool) {
	if !batchCommands[c.name] {
		return 0, false
	}
	probe := &argProbe{}
	c.run(args, io.Discard, probe)
	if probe.fs == nil || len(probe.args) > len(args) {
		return 0, false
	}
	prefix := args[:len(args)-len(probe.args)]
	key := strings.Join(append([]string{c.name}, prefix...), " ")
	shape, ok := batchShapes[key]
	if !ok {
		return 0, false
	}
	fs := probe.fs
	fs.SetOutput(stderr)
	flags := batchcmd.AddFlags(fs, shape)
	files, err := parseInterleaved(fs, probe.args)
	if err == flag.ErrHelp {
		return 0, true
	}
	if err != nil {
		return 2, true
	}
	b, err := flags.NewCall(fs, batchcmd.Command{Key: key, Prefix: prefix, Run: c.run}, probe.args, files)
	if err != nil {
		return usageError(fs, stderr, "%v", err), true
	}
	if b == nil {
		return 0, false
	}
	return b.Run(files, stdout, stderr), true
}
