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

// TestCut never splits a UTF-8 character and drops what follows a NUL.
func TestCut(t *testing.T) {
	for _, tc := range []struct {
		s    Str
		n    int
		want Str
	}{
		{"short", 32, "short"},
		{"abcdef", 3, "abc"},
		{"caf\u00e9s", 4, "caf"},                  // é is 2 bytes: cut before it
		{"caf\xe9s", 4, "caf\xe9"},                // Windows-1252: one byte each
		{"\u65e5\u672c\u8a9e", 7, "\u65e5\u672c"}, // 3-byte characters
		{"ab\x00leftover", 4, "ab"},               // only the meaningful part
		{"abc", 0, ""},
	} {
		if got := tc.s.Cut(tc.n); got != tc.want {
			t.Errorf("Str(%q).Cut(%d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
	}
}
