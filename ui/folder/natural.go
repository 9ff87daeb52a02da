package folder

import (
	"cmp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Compare orders file names as a person reads them: runs of digits
// compare as the numbers they spell (walk2 before walk10, 007 equal to 7
// until the rest differs), letters compare without case (Box before
// chair), and names that are equal so far are ordered byte by byte
// (walk02 before walk2, Box before box), so that the order is total. It
// returns −1, 0 or +1 as strings.Compare does; 0 only for equal names.
func Compare(a, b string) int {
	if c := compareNatural(a, b); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// compareNatural compares a and b by numbers and case-folded letters.
func compareNatural(a, b string) int {
	for a != "" && b != "" {
		if isDigit(a[0]) && isDigit(b[0]) {
			na, ra := digits(a)
			nb, rb := digits(b)
			if c := compareNumbers(na, nb); c != 0 {
				return c
			}
			a, b = ra, rb
			continue
		}
		ca, sa := utf8.DecodeRuneInString(a)
		cb, sb := utf8.DecodeRuneInString(b)
		if c := cmp.Compare(unicode.ToLower(ca), unicode.ToLower(cb)); c != 0 {
			return c
		}
		a, b = a[sa:], b[sb:]
	}
	return cmp.Compare(len(a), len(b))
}

// compareNumbers compares two runs of decimal digits by value, whatever
// their length (no integer overflows).
func compareNumbers(a, b string) int {
	a, b = strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
	if c := cmp.Compare(len(a), len(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// digits splits s after its leading run of ASCII digits.
func digits(s string) (run, rest string) {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return s[:i], s[i:]
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
