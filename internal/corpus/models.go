package corpus

import (
	"io/fs"
	"path/filepath"
	"testing"
)

// Files returns the paths, relative to the corpus folder (Dir) and with
// slashes, of every corpus file keep accepts (given its path), in
// lexical order. It fails the test when keep accepts none.
func Files(tb testing.TB, keep func(path string) bool) []string {
	tb.Helper()
	dir := Dir(tb)
	var files []string
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && keep(p) {
			rel, err := filepath.Rel(dir, p)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	if len(files) == 0 {
		tb.Fatalf("no corpus file at %s is of the kind asked for", dir)
	}
	return files
}

// NothingToDraw lists the corpus models without a triangle that covers any
// area (assimp's invalid InvalidMaterialIndex.ms3d: one triangle with all
// three corners at the origin), which get no picture.
var NothingToDraw = map[string]bool{
	"ms3d/assimp/test/models/MS3D/invalid/InvalidMaterialIndex.ms3d": true,
}

// Unreadable lists the corpus files, of a format the app opens, that are
// kept broken on purpose and that no reader can make sense of, with the
// words of the error document.Open refuses them with (assimp's
// malformed_zero_numvertices.md2: a triangle over a frame of no vertices).
var Unreadable = map[string]string{
	"md2/assimp/test/models/MD2/malformed_zero_numvertices.md2": "triangle 0 names vertex 0, the frames have 0",
}
