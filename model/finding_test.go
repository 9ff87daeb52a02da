package model

import (
	"slices"
	"testing"
)

func TestCountSeverities(t *testing.T) {
	fs := []Finding{{Severity: Error}, {Severity: Info}, {Severity: Warning}, {Severity: Error}, {Severity: Info}, {Severity: Info}}
	if e, w, i := CountSeverities(fs); e != 2 || w != 1 || i != 3 {
		t.Errorf("CountSeverities = %d, %d, %d; want 2, 1, 3", e, w, i)
	}
	if e, w, i := CountSeverities(nil); e+w+i != 0 {
		t.Errorf("CountSeverities(nil) = %d, %d, %d", e, w, i)
	}
}

// TestWithCodeAndCodesOf: the findings of a code keep their order, and the
// codes come out once each in the order they first appear.
func TestWithCodeAndCodesOf(t *testing.T) {
	fs := []Finding{{Code: "b", Message: "1"}, {Code: "a", Message: "2"}, {Code: "b", Message: "3"}, {Code: "c", Message: "4"}, {Code: "a", Message: "5"}}
	got := WithCode(fs, "b")
	if len(got) != 2 || got[0].Message != "1" || got[1].Message != "3" {
		t.Errorf("WithCode(b) = %v", got)
	}
	if got := WithCode(fs, "z"); got != nil {
		t.Errorf("WithCode(z) = %v, want nil", got)
	}
	if got := CodesOf(fs); !slices.Equal(got, []Code{"b", "a", "c"}) {
		t.Errorf("CodesOf = %v, want [b a c]", got)
	}
	if got := CodesOf(nil); got != nil {
		t.Errorf("CodesOf(nil) = %v, want nil", got)
	}
}
