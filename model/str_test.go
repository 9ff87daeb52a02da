package model

import "testing"

// TestEncodeLike keeps a path in the encoding of the one it replaces.
func TestEncodeLike(t *testing.T) {
	for _, tc := range []struct {
		orig Str
		s    string
		want Str
	}{
		{Str("tex/café.png"), "tex/thé.bmp", Str("tex/thé.bmp")},       // UTF-8 stays UTF-8
		{Str("tex/caf\xe9.png"), "tex/thé.bmp", Str("tex/th\xe9.bmp")}, // Windows-1252 stays so
		{Str("tex/caf\xe9.png"), "tex/日本.bmp", Str("tex/日本.bmp")},      // no byte for it: UTF-8
	} {
		if got := EncodeLike(tc.orig, tc.s); got != tc.want {
			t.Errorf("EncodeLike(%q, %q) = %q, want %q", tc.orig, tc.s, got, tc.want)
		}
	}
}
