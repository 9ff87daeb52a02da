package model

import (
	"strings"
	"testing"
	"unicode/utf8"
)

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

// TestEncodeText stores text in Windows-1252 when it spells it whole and
// as UTF-8 otherwise, and reads every case back unchanged.
func TestEncodeText(t *testing.T) {
	cases := []struct {
		in   string
		want Str
	}{
		{"Hips", "Hips"},
		{"", ""},
		{"café", "caf\xe9"},
		{"€5 – “q”", "\x805 \x96 \x93q\x94"},
		{"名前", "名前"},         // not in Windows-1252: UTF-8
		{"é名", "é名"},         // mixed: UTF-8 as a whole
		{"\u0081", "\x81"},   // an undefined code point Display shows as itself
		{"Ã©", "Ã©"},         // cp1252 bytes C3 A9 would read back as "é"
		{"\u0080", "\u0080"}, // U+0080 is not Windows-1252
	}
	for _, c := range cases {
		got := EncodeText(c.in)
		if got != c.want {
			t.Errorf("EncodeText(%q) = %q, want %q", c.in, got, c.want)
		}
		if got.Display() != c.in {
			t.Errorf("EncodeText(%q).Display() = %q", c.in, got.Display())
		}
	}
}

// FuzzEncodeText checks that any text without NUL reads back unchanged
// through Str.Display, whatever encoding EncodeText picked.
func FuzzEncodeText(f *testing.F) {
	for _, s := range []string{"Hips", "café", "€5 – “q”", "名前", "é名", "\u0081", "Ã©", "\u0080", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.IndexByte(s, 0) >= 0 {
			return
		}
		if got := EncodeText(s).Display(); got != s {
			t.Fatalf("EncodeText(%q).Display() = %q", s, got)
		}
	})
}
