package model

import "testing"

func TestCountSeverities(t *testing.T) {
	fs := []Finding{{Severity: Error}, {Severity: Info}, {Severity: Warning}, {Severity: Error}, {Severity: Info}, {Severity: Info}}
	if e, w, i := CountSeverities(fs); e != 2 || w != 1 || i != 3 {
		t.Errorf("CountSeverities = %d, %d, %d; want 2, 1, 3", e, w, i)
	}
	if e, w, i := CountSeverities(nil); e+w+i != 0 {
		t.Errorf("CountSeverities(nil) = %d, %d, %d", e, w, i)
	}
}
