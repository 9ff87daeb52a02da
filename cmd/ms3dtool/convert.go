package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
)

func init() {
	register("convert", "convert IN OUT.ms3d", "re-encode IN as OUT (identical bytes when nothing needed changing); the write is atomic", runConvert)
}

func runConvert(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("convert", "convert IN OUT.ms3d", stderr)
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if len(files) != 2 {
		return usageError(fs, stderr, "want IN and OUT, got %d arguments", len(files))
	}
	in, out := files[0], files[1]
	if !strings.EqualFold(filepath.Ext(out), ".ms3d") {
		return usageError(fs, stderr, "OUT must end in .ms3d (other formats are not written yet)")
	}
	m, findings, err := ms3d.ReadFile(in)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool convert: %v\n", err)
		return 2
	}
	for _, f := range findings {
		if f.Code == model.CodeTruncated {
			fmt.Fprintf(stderr, "ms3dtool convert: %s: %s\n  writing what could be read\n", in, f)
		}
	}
	data, err := ms3d.Encode(m)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool convert: %v\n", err)
		return 1
	}
	if err := atomicfile.WriteFile(out, data, 0o644, false); err != nil {
		fmt.Fprintf(stderr, "ms3dtool convert: %v\n", err)
		return 1
	}
	if model.HasErrors(findings) {
		return 1
	}
	return 0
}
