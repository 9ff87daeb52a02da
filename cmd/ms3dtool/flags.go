package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"ms3dstudio/document"
	"ms3dstudio/document/exporter"
	"ms3dstudio/formats/max3ds"
	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model/transform"
)

// newFlagSet returns a flag set for a subcommand that reports errors instead
// of exiting, printing usage to stderr.
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: ms3dtool %s\n", usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseInterleaved parses flags that may come before, between or after the
// positional arguments ("info FILE --json" as well as "info --json FILE").
// A lone "--" ends flag parsing. When fs writes to an *argProbe (the batch
// layer learning a command's flags, see runBatch), it parses nothing: it
// hands fs and args to the probe and returns errProbed, and the command
// returns at once.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	if p, ok := fs.Output().(*argProbe); ok {
		p.fs, p.args = fs, args
		return nil, errProbed
	}
	var positional []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		// fs.Parse stops at the first positional argument, or after "--".
		consumed := len(args) - len(rest)
		if consumed > 0 && args[consumed-1] == "--" {
			positional = append(positional, rest...)
			break
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
	return positional, nil
}

// argProbe is the stderr of a command run only to learn its flag set and
// the arguments it parses (parseInterleaved fills it in); what the command
// writes to it is dropped.
type argProbe struct {
	fs   *flag.FlagSet
	args []string
}

func (*argProbe) Write(b []byte) (int, error) { return len(b), nil }

// errProbed stops a command run with an argProbe.
var errProbed = errors.New("ms3dtool: arguments probed, not parsed")

// usageError prints msg and the command's usage and returns exit status 2.
func usageError(fs *flag.FlagSet, stderr io.Writer, format string, a ...any) int {
	fmt.Fprintf(stderr, "ms3dtool %s: %s\n", fs.Name(), strings.TrimSpace(fmt.Sprintf(format, a...)))
	fs.Usage()
	return 2
}

// openFlags adds the import options (--pivot, --keep-axes, --anim for 3DS
// and SMD files; --fps for glTF, MD2 and MD3; --key-frame for MD2 and MD3;
// --up and --scale to place any model) to fs; the returned function reads
// them after parsing.
func openFlags(fs *flag.FlagSet) func() (document.OpenOptions, error) {
	pivot := fs.String("pivot", "auto", "3DS pivot rule: `auto`, apply or ignore")
	keep := fs.Bool("keep-axes", false, "keep a 3DS scene's Z-up axes instead of converting to MilkShape's Y up")
	var anims stringList
	fs.Var(&anims, "anim", "add an animation SMD `FILE` to an SMD reference as a clip (repeatable)")
	fps := fs.Float64("fps", 0, "the timeline's frame rate `N`: a glTF is sampled at it (channels between frames, cubic splines; default 30), a B3D writes it in its ANIM chunk (default the model's), an MD2 or MD3 export is sampled at it (Quake 2 plays 10) and an import plays at it (default 10, or animation.cfg's)")
	keyFrame := fs.Int("key-frame", 0, "MD2, MD3: open the vertices of MilkShape frame `N` alone (1 is the file's first key frame); by default the whole animation opens, carried by joints fitted to it (MS3D has no vertex animation)")
	place := placeFlags(fs)
	return func() (document.OpenOptions, error) {
		rule, err := max3ds.ParsePivotRule(*pivot)
		if err != nil {
			return document.OpenOptions{}, err
		}
		if *fps != 0 && !(*fps >= 1 && *fps <= 1000) {
			return document.OpenOptions{}, fmt.Errorf("--fps %g: want a frame rate from 1 to 1000", *fps)
		}
		if *keyFrame < 0 {
			return document.OpenOptions{}, fmt.Errorf("--key-frame %d: want 1 or more", *keyFrame)
		}
		scale, up, err := place()
		if err != nil {
			return document.OpenOptions{}, err
		}
		opt := document.OpenOptions{Pivot: rule, KeepAxes: *keep, Anims: anims, FPS: float32(*fps), Frame: *keyFrame}
		if t := scale.Then(up); !t.IsIdentity() {
			opt.Place = &t
		}
		return opt, nil
	}
}

// placeFlags adds --scale and --up to fs; the returned function reads them
// (the identity for a flag not given).
func placeFlags(fs *flag.FlagSet) func() (scale, up transform.Transform, err error) {
	upFlag := fs.String("up", "", "the model's up `AXIS` (x, y, z, -x, -y, -z), turned to MilkShape's Y up, or FROM:TO")
	scaleFlag := fs.String("scale", "", "scale by `K` (or X,Y,Z: per axis, refused for animated models)")
	return func() (scale, up transform.Transform, err error) {
		scale, up = transform.Identity, transform.Identity
		if *scaleFlag != "" {
			k, err := transform.ParseVec(*scaleFlag)
			if err != nil {
				return scale, up, err
			}
			scale = transform.ScaleXYZ(k)
		}
		if *upFlag != "" {
			if up, err = transform.ParseUp(*upFlag); err != nil {
				return scale, up, err
			}
		}
		return scale, up, nil
	}
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// inOut reads the IN [OUT] arguments of a command that rewrites an .ms3d
// file (fix, anim): OUT, or IN itself with inPlace, or none for a dry run.
// code is not 0 (the usage error was printed) when they do not fit.
func inOut(fs *flag.FlagSet, stderr io.Writer, files []string, inPlace, dryRun bool) (in, out string, code int) {
	if len(files) == 0 || len(files) > 2 {
		return "", "", usageError(fs, stderr, "want IN and optionally OUT, got %d arguments", len(files))
	}
	in = files[0]
	if len(files) == 2 {
		out = files[1]
	}
	switch {
	case inPlace && out != "" && !atomicfile.SameFile(in, out):
		return "", "", usageError(fs, stderr, "--in-place overwrites IN: give no OUT")
	case inPlace:
		out = in
	case out == "" && !dryRun:
		return "", "", usageError(fs, stderr, "want OUT, --in-place or --dry-run")
	case out != "" && atomicfile.SameFile(in, out):
		return "", "", usageError(fs, stderr, "OUT is IN: use --in-place to overwrite it (IN.bak keeps the original)")
	}
	if out != "" && !strings.EqualFold(filepath.Ext(out), ".ms3d") {
		return "", "", usageError(fs, stderr, "OUT must end in .ms3d")
	}
	return in, out, 0
}

// modelInOut parses args, the IN OUT arguments and flags of a command
// that reads a model in any format document opens and writes OUT
// (convert, transform) in a format it exports. code is not 0 (the usage
// error was printed, or the flags did not parse) when they do not fit.
func modelInOut(fs *flag.FlagSet, stderr io.Writer, args []string) (in, out string, code int) {
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return "", "", 2
	}
	if len(files) != 2 {
		return "", "", usageError(fs, stderr, "want IN and OUT, got %d arguments", len(files))
	}
	if !document.CanOpen(files[0]) {
		return "", "", usageError(fs, stderr, "IN must be one of %s", strings.Join(document.Formats, ", "))
	}
	if !slices.ContainsFunc(exporter.Formats, func(ext string) bool { return strings.HasSuffix(strings.ToLower(files[1]), ext) }) {
		return "", "", usageError(fs, stderr, "OUT must end in one of %s", strings.Join(exporter.Formats, ", "))
	}
	return files[0], files[1], 0
}

// notOtherFile refuses an OUT that exists and does not start with head,
// the start of every file the command writes (what names such a file):
// the file replaces an earlier one of its kind, never a user's other file.
func notOtherFile(out string, head []byte, what string) error {
	err := atomicfile.CheckOver(out, what, func(h []byte) bool { return bytes.HasPrefix(h, head) })
	var foreign *atomicfile.ForeignError
	if errors.As(err, &foreign) {
		return fmt.Errorf("%s exists and is not %s: not overwritten", out, what)
	}
	return err
}
