package model

import (
	"strings"
	"unicode/utf8"
)

// Str is text exactly as a file stores it: raw bytes, not necessarily UTF-8
// (authors typed paths and names in Windows code pages). For fixed-size
// fields the trailing NUL padding is removed but anything after an embedded
// NUL is kept, because real files carry leftover bytes there and saving must
// reproduce them. Use Text for the meaningful part and Display to show it.
type Str string

// Text returns the meaningful part of s: everything before the first NUL.
func (s Str) Text() Str {
	if i := strings.IndexByte(string(s), 0); i >= 0 {
		return s[:i]
	}
	return s
}

// Cut returns the meaningful part of s (see Text) shortened to at most n
// bytes. Text that is valid UTF-8 is cut at a character boundary, so a
// multi-byte character is never split; other text (a Windows code page,
// one byte a character) is cut at any byte.
func (s Str) Cut(n int) Str {
	t := s.Text()
	if len(t) <= n {
		return t
	}
	cut := max(n, 0)
	if utf8.ValidString(string(t)) {
		for cut > 0 && !utf8.RuneStart(t[cut]) {
			cut--
		}
	}
	return t[:cut]
}

// Display returns the meaningful part of s as UTF-8 for showing to a user:
// valid UTF-8 is kept, anything else is read as Windows-1252, the code page
// most MilkShape users wrote in.
func (s Str) Display() string {
	t := string(s.Text())
	if utf8.ValidString(t) {
		return t
	}
	var b strings.Builder
	b.Grow(len(t) + len(t)/2)
	for i := 0; i < len(t); i++ {
		b.WriteRune(cp1252(t[i]))
	}
	return b.String()
}

// cp1252 maps one Windows-1252 byte to its rune. The five bytes the code page
// leaves undefined map to themselves, like Windows does.
func cp1252(c byte) rune {
	if c < 0x80 || c >= 0xA0 {
		return rune(c)
	}
	return cp1252High[c-0x80]
}

// EncodeWindows1252 returns the Windows-1252 bytes of s and true, or false
// when s has a character the code page cannot spell. The five bytes the code
// page leaves undefined stand for themselves, as in Display, so that
// Str.Display of the result gives s back.
func EncodeWindows1252(s string) (Str, bool) {
	out := make([]byte, 0, len(s))
	for _, r := range s {
		b, ok := cp1252Byte(r)
		if !ok {
			return "", false
		}
		out = append(out, b)
	}
	return Str(out), true
}

// EncodeText returns the bytes to store for text a user typed. MilkShape
// files hold Windows code-page bytes, so text that Windows-1252 can spell is
// stored in it (what MilkShape itself would write); anything else is stored
// as UTF-8. Either way Str.Display of the result gives the text back.
func EncodeText(text string) Str {
	ascii := true
	for i := 0; i < len(text); i++ {
		if text[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return Str(text)
	}
	b, ok := EncodeWindows1252(text)
	if !ok {
		return Str(text)
	}
	if b.Display() == text {
		return b
	}
	return Str(text)
}

func cp1252Byte(r rune) (byte, bool) {
	if r < 0x80 || (r >= 0xA0 && r <= 0xFF) {
		return byte(r), true
	}
	for i, c := range cp1252High {
		if c == r {
			return byte(0x80 + i), true
		}
	}
	return 0, false
}

var cp1252High = [32]rune{
	'€', 0x81, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0x8D, 'Ž', 0x8F,
	0x90, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0x9D, 'ž', 0x9F,
}

// EqualFold reports whether the meaningful parts of a and b are equal under
// ASCII case folding (names in MS3D files are code-page bytes, so only ASCII
// letters are folded).
func EqualFold(a, b Str) bool {
	x, y := a.Text(), b.Text()
	if len(x) != len(y) {
		return false
	}
	for i := 0; i < len(x); i++ {
		c, d := x[i], y[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if 'A' <= d && d <= 'Z' {
			d += 'a' - 'A'
		}
		if c != d {
			return false
		}
	}
	return true
}

// Fold returns the meaningful part of s with ASCII letters lowered: two
// names are equal under EqualFold exactly when their folds are equal, so
// a fold is the key of a set or map of names compared that way.
func (s Str) Fold() string {
	b := []byte(s.Text())
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// EncodeLike encodes s (UTF-8 text) for a field that held orig, so that an
// edited path keeps the file's spelling: as UTF-8 when orig's text was
// UTF-8, otherwise in Windows-1252 (the code page MilkShape users wrote in,
// which Display reads such bytes in) when every character has a byte there,
// and as UTF-8 when not.
func EncodeLike(orig Str, s string) Str {
	if utf8.ValidString(string(orig.Text())) {
		return Str(s)
	}
	if out, ok := EncodeWindows1252(s); ok {
		return out
	}
	return Str(s)
}
