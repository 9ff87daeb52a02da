package texture

import (
	"testing"
	"testing/fstest"

	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// TestStatuses looks paths up in a model folder held in memory: found as
// written, found by a rule, missing, empty; without a resolver nothing is
// looked up; answers are kept until Reset, and the resolver is asked
// again after it.
func TestStatuses(t *testing.T) {
	fsys := fstest.MapFS{"models/skin.png": {Data: []byte("png")}, "models/tex/eye.png": {}}
	res := texpath.New(fsys, "models")
	calls := 0
	st := NewStatuses(func() *texpath.Resolver { calls++; return res })
	for _, c := range []struct {
		tex  model.Str
		want Status
		text string
	}{
		{"skin.png", Status{Checked: true, Found: true, Rule: texpath.RuleExact, Path: "models/skin.png"}, "found: models/skin.png"},
		{`C:\art\tex\eye.png`, Status{Checked: true, Found: true, Rule: texpath.RuleSuffix, Path: "models/tex/eye.png"}, "found by suffix: models/tex/eye.png"},
		{"gone.png", Status{Checked: true}, "missing"},
		{"", Status{Empty: true, Checked: true}, "none"},
	} {
		got := st.Lookup(c.tex)
		if got != c.want || got.String() != c.text {
			t.Errorf("%q: %+v (%q), want %+v (%q)", c.tex, got, got, c.want, c.text)
		}
	}
	// Cached: the file going away changes nothing until Reset.
	delete(fsys, "models/skin.png")
	n := calls
	if got := st.Lookup("skin.png"); !got.Found || calls != n {
		t.Errorf("cached lookup: %+v, %d more resolver calls", got, calls-n)
	}
	st.Reset()
	if got := st.Lookup("skin.png"); got.Found || calls != n+1 {
		t.Errorf("after Reset: %+v, %d more resolver calls", got, calls-n)
	}
	// A document with no folder has no resolver: nothing is looked up.
	none := NewStatuses(func() *texpath.Resolver { return nil })
	if got := none.Lookup("skin.png"); got.Checked || got.String() != "not looked up (the model has no folder)" {
		t.Errorf("without a resolver: %+v (%q)", got, got)
	}
}
