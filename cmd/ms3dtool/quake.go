package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"ms3dstudio/formats/md2"
	"ms3dstudio/formats/md3"
	"ms3dstudio/formats/vertexanim"
)

// skinFlag adds convert's --skin option (an MD2 export's skin size) to
// fs; the returned function reads it after parsing, as width and height
// (0, 0 when it is not given: the size is read from the texture file).
func skinFlag(fs *flag.FlagSet) func() (w, h int, err error) {
	s := fs.String("skin", "", "MD2: count texture coordinates in pixels of a `WxH` skin (default: the texture file's size, else 256x256)")
	return func() (int, int, error) {
		if *s == "" {
			return 0, 0, nil
		}
		a, b, ok := strings.Cut(strings.ToLower(*s), "x")
		w, errW := strconv.Atoi(a)
		h, errH := strconv.Atoi(b)
		if !ok || errW != nil || errH != nil || w < 1 || h < 1 || w > 32767 || h > 32767 {
			return 0, 0, fmt.Errorf("--skin %q: want WxH, two sizes from 1 to 32767 (256x256)", *s)
		}
		return w, h, nil
	}
}

// printKeyFrames prints, after an .md2 or .md3 export, how its key frames
// divide into animations: the clips its frame names give
// (vertexanim.ClipsFromNames), by key frame, as Quake 2's game code and
// Irrlicht's IAnimatedMeshMD2::getFrameLoop address them.
func printKeyFrames(stdout io.Writer, out string) {
	var names []string
	if strings.EqualFold(filepath.Ext(out), ".md2") {
		f, _, err := md2.ReadFile(out)
		if err != nil {
			return
		}
		for _, fr := range f.Frames {
			names = append(names, fr.Name)
		}
	} else {
		f, _, err := md3.ReadFile(out)
		if err != nil {
			return
		}
		for _, fr := range f.Frames {
			names = append(names, fr.Name)
		}
	}
	fmt.Fprintf(stdout, "%d key frames\n", len(names))
	for _, c := range vertexanim.ClipsFromNames(names) {
		fmt.Fprintf(stdout, "key frames %d-%d: %s … %s\n", c.First-1, c.Last-1, names[c.First-1], names[c.Last-1])
	}
}

// isQuake reports whether path names an .md2 or .md3 file.
func isQuake(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".md2" || ext == ".md3"
}
