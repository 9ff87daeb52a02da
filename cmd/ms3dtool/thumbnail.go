package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"math"
	"net/url"
	"strings"

	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/viewport/thumbnail"
)

const thumbnailUsage = "thumbnail IN OUT.png [--size N] [--frame F] [--plain-missing]"

func init() {
	register("thumbnail", thumbnailUsage,
		"draw the model (any format the app opens, with its textures) as a square PNG picture from the app's thumbnail view, without a display or GPU; --size N pixels (default 256, -s N as freedesktop thumbnailers pass it), --frame F the MilkShape frame to pose (default 1), --plain-missing draws a missing texture in its material's colours instead of the viewport's checker (the file manager's thumbnailer does: its sandbox shows it no texture); IN may be a file:// URI; exit 1 when the model has nothing to draw",
		runThumbnail)
}

// pngSignature starts every PNG file.
var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// runThumbnail implements "ms3dtool thumbnail". It prints nothing on
// success: file managers run it for every model they show.
func runThumbnail(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("thumbnail", thumbnailUsage, stderr)
	size := fs.Int("size", thumbnail.DefaultSize, "side of the picture in `N` pixels")
	fs.IntVar(size, "s", thumbnail.DefaultSize, "the same as --size")
	frame := fs.Float64("frame", 1, "MilkShape frame `F` (1-based) to pose the model at")
	plain := fs.Bool("plain-missing", false, "draw a material whose texture is missing in its own colours, not the viewport's magenta checker")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if len(files) != 2 {
		return usageError(fs, stderr, "want IN and OUT, got %d arguments", len(files))
	}
	if *size < 1 || *size > thumbnail.MaxSize {
		return usageError(fs, stderr, "--size %d: want 1 to %d", *size, thumbnail.MaxSize)
	}
	if !(*frame >= 1) || math.IsInf(*frame, 0) {
		return usageError(fs, stderr, "--frame %v: want a frame number from 1", *frame)
	}
	in, err := localPath(files[0])
	if err != nil {
		return usageError(fs, stderr, "%v", err)
	}
	out := files[1]
	if atomicfile.SameFile(in, out) {
		return usageError(fs, stderr, "OUT is IN")
	}
	if err := notOtherFile(out, pngSignature, "a PNG picture"); err != nil {
		fmt.Fprintf(stderr, "ms3dtool thumbnail: %v\n", err)
		return 2
	}
	img, err := thumbnail.File(in, thumbnail.Options{Size: *size, Frame: float32(*frame), PlainMissing: *plain})
	if errors.Is(err, thumbnail.ErrNothingToDraw) {
		fmt.Fprintf(stderr, "ms3dtool thumbnail: %v\n", err)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool thumbnail: %v\n", err)
		return 2
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		fmt.Fprintf(stderr, "ms3dtool thumbnail: encoding %s: %v\n", out, err)
		return 2
	}
	if err := atomicfile.WriteFile(out, buf.Bytes(), 0o644, false); err != nil {
		fmt.Fprintf(stderr, "ms3dtool thumbnail: %v\n", err)
		return 2
	}
	return 0
}

// localPath returns the file a path or a file:// URI names (thumbnailers
// may be given either).
func localPath(arg string) (string, error) {
	if !strings.HasPrefix(arg, "file:") {
		return arg, nil
	}
	u, err := url.Parse(arg)
	if err != nil || u.Path == "" || (u.Host != "" && u.Host != "localhost") {
		return "", fmt.Errorf("IN %q: want a file path or a local file:// URI", arg)
	}
	return u.Path, nil
}
