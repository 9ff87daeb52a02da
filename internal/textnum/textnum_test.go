package textnum

import (
	"strconv"
	"testing"
)

// TestParseFloat reads what strconv reads, on the fast path and off it,
// and refuses what is not a number.
func TestParseFloat(t *testing.T) {
	for _, s := range []string{"0", "-0.5", "1.000000", "123.456789", "0.000001", "-1234567.890123", "1e5", "-2.5E-3", ".5", "5.", "+3", "12345678901234567890", "0.1234567890123456789", "1e400"} {
		want, _ := strconv.ParseFloat(s, 64)
		got, ok := ParseFloat([]byte(s))
		if !ok || got != want {
			t.Errorf("ParseFloat(%q) = %v %v, want %v", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "-", ".", "1.2.3", "abc", "1e"} {
		if _, ok := ParseFloat([]byte(s)); ok {
			t.Errorf("ParseFloat(%q) accepted", s)
		}
	}
}

// TestNonFinite knows the C runtimes' spellings.
func TestNonFinite(t *testing.T) {
	for s, want := range map[string]bool{"nan": true, "-NaN": true, "inf": true, "-1.#IND": true, "1.#QNAN": true, "1.5": false, "in": false} {
		if got := NonFinite([]byte(s)); got != want {
			t.Errorf("NonFinite(%q) = %v", s, got)
		}
	}
}
