package corpus

import (
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
