// Command stressgen writes the stress model (package stress) and its
// textures into a folder: stressgen DIR → DIR/stress.ms3d, DIR/stress-NN.png.
package main

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/stress"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: stressgen DIR")
		os.Exit(2)
	}
	dir := os.Args[1]
	if err := write(dir); err != nil {
		fmt.Fprintln(os.Stderr, "stressgen:", err)
		os.Exit(1)
	}
	fmt.Println(filepath.Join(dir, "stress.ms3d"))
}

func write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	data, err := ms3d.Encode(stress.Model())
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "stress.ms3d"), data, 0o644); err != nil {
		return err
	}
	for g := 0; g < stress.Groups; g++ {
		var buf bytes.Buffer
		if err := png.Encode(&buf, stress.Texture(g)); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, stress.TextureName(g)), buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}
