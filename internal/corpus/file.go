package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// File returns the corpus MS3D entry whose path ends with suffix
// ("Woman4.ms3d", "nehe-opengl/…/Model.ms3d"); the test fails when there is
// none.
func File(tb testing.TB, suffix string) Entry {
	tb.Helper()
	for _, e := range MS3D(tb) {
		if strings.HasSuffix(e.File, suffix) {
			return e
		}
	}
	tb.Fatalf("no corpus file ends with %s", suffix)
	return Entry{}
}

// EachMS3D runs f, with the file's bytes, in a subtest for every MS3D
// entry (named by Entry.String).
func EachMS3D(t *testing.T, f func(t *testing.T, e Entry, data []byte)) {
	t.Helper()
	for _, e := range MS3D(t) {
		t.Run(e.String(), func(t *testing.T) {
			data, err := os.ReadFile(e.Path)
			if err != nil {
				t.Fatal(err)
			}
			f(t, e, data)
		})
	}
}

// Path returns the path of the corpus file at name, a slash path relative
// to the corpus folder (Dir).
func Path(tb testing.TB, name string) string {
	tb.Helper()
	return filepath.Join(Dir(tb), filepath.FromSlash(name))
}

// Read returns the bytes of the corpus file at name, a slash path relative
// to the corpus folder (Dir); the test fails when it cannot be read.
func Read(tb testing.TB, name string) []byte {
	tb.Helper()
	data, err := os.ReadFile(Path(tb, name))
	if err != nil {
		tb.Fatal(err)
	}
	return data
}
