package field

import (
	"strings"
	"testing"
)

// TestFields reads, checks and writes names of a 8-byte field.
func TestFields(t *testing.T) {
	for _, c := range []struct {
		field      string
		name       string
		terminated bool
	}{{"run01\x00\x00\x00", "run01", true}, {"\x00abcdefg", "", true}, {"abcdefgh", "abcdefgh", false}} {
		if name, ok := Read([]byte(c.field)); name != c.name || ok != c.terminated {
			t.Errorf("Read(%q) = %q, %v; want %q, %v", c.field, name, ok, c.name, c.terminated)
		}
	}
	if got := string(Append([]byte("x"), "run01", 8)); got != "xrun01\x00\x00\x00" {
		t.Errorf("Append gives %q", got)
	}
	for s, want := range map[string]string{"seven77": "", "eight888": "the field holds 7 and a NUL", "a\x00b": "holds a NUL byte"} {
		err := Check(s, 8)
		if (want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), want) {
			t.Errorf("Check(%q) = %v, want %q", s, err, want)
		}
	}
}
