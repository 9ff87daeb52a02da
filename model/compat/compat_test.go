package compat_test

import (
	"maps"
	"reflect"
	"strings"
	"testing"

	"ms3dstudio/model"
	"ms3dstudio/model/compat"
)

func TestParseProfile(t *testing.T) {
	tests := []struct {
		name    string
		want    compat.Profile
		wantErr bool
	}{
		{"assimp", compat.Assimp, false},
		{"Blender", compat.Blender, false},
		{" irrlicht ", compat.Irrlicht, false},
		{"MILKSHAPE", compat.MilkShape, false},
		{"", 0, true},
		{"maya", 0, true},
	}
	for _, tt := range tests {
		got, err := compat.ParseProfile(tt.name)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseProfile(%q) = %v, %v; want %v, error %v", tt.name, got, err, tt.want, tt.wantErr)
		}
	}
	for _, p := range compat.Profiles() {
		if got, err := compat.ParseProfile(p.Name); err != nil || got != p.Profile || p.Profile.String() != p.Name || p.Summary == "" {
			t.Errorf("profile %q: ParseProfile = %v, %v; String %q; summary %q", p.Name, got, err, p.Profile.String(), p.Summary)
		}
	}
}

// TestRulesDeclared checks that every rule's code is declared in the code
// table, once per profile, and that every reader.* code has a rule.
func TestRulesDeclared(t *testing.T) {
	seen := map[model.Code]bool{}
	for _, p := range compat.Profiles() {
		rules := compat.Rules(p.Profile)
		if len(rules) == 0 {
			t.Errorf("%s: no rules", p.Name)
		}
		for _, r := range rules {
			if _, ok := model.LookupCode(r.Code); !ok {
				t.Errorf("%s: code %s is not declared", p.Name, r.Code)
			}
			if seen[r.Code] {
				t.Errorf("code %s has two rules", r.Code)
			}
			seen[r.Code] = true
			if r.Profile != p.Profile || r.Does == "" || r.Fixable == strings.HasPrefix(r.Does, "no fix") {
				t.Errorf("%s: rule %+v", p.Name, r)
			}
		}
	}
	for _, c := range model.Codes() {
		if strings.HasPrefix(string(c.Code), "reader.") && !seen[c.Code] {
			t.Errorf("code %s has no rule", c.Code)
		}
	}
}

// TestClean checks that a plain model, valid by the format, has nothing
// for any reader and that Fix leaves it alone. (Blender misreads every
// opacity but 0.5, so its warning about the opaque material is expected.)
func TestClean(t *testing.T) {
	for _, p := range compat.Profiles() {
		m := tri(2)
		want := tri(2)
		fs := compat.Check(m, p.Profile)
		if p.Profile == compat.Blender && len(fs) == 1 && fs[0].Code == model.CodeBlenderTransparency {
			fs = nil
		}
		if len(fs) != 0 {
			t.Errorf("%s: Check = %v", p.Name, fs)
		}
		if ch := compat.Fix(m, p.Profile); len(ch) != 0 || !reflect.DeepEqual(m, want) {
			t.Errorf("%s: Fix = %v", p.Name, ch)
		}
	}
}

// ruleCase is one table entry: a model, the findings Check reports for
// the profile, whether Fix changes it and the findings left after Fix.
type ruleCase struct {
	name    string
	profile compat.Profile
	model   func() *model.Model
	want    map[model.Code]int
	// noFix says that the findings are quirks Fix has no answer to: they
	// are all still there after Fix, which changes nothing.
	noFix bool
	// check, when set, looks at the fixed model.
	check func(t *testing.T, m *model.Model)
}

func runRules(t *testing.T, tests []ruleCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.model()
			before := tt.model()
			if got := codes(compat.Check(m, tt.profile)); !maps.Equal(got, tt.want) {
				t.Fatalf("Check = %v, want %v\n%v", got, tt.want, compat.Check(m, tt.profile))
			}
			for _, f := range compat.Check(m, tt.profile) {
				if f.Message == "" || f.Where.Offset != -1 {
					t.Errorf("finding %+v", f)
				}
			}
			changes := compat.Fix(m, tt.profile)
			fixable := len(tt.want) > 0 && !tt.noFix
			if fixable != (len(changes) > 0) {
				t.Errorf("Fix made %d changes: %v", len(changes), changes)
			}
			for _, c := range changes {
				if c.Message == "" {
					t.Errorf("change %+v has no message", c)
				}
			}
			after := map[model.Code]int{}
			if tt.noFix {
				after = tt.want
			}
			if got := codes(compat.Check(m, tt.profile)); !maps.Equal(got, after) {
				t.Errorf("after Fix, Check = %v, want %v", got, after)
			}
			if again := compat.Fix(m, tt.profile); len(again) != 0 {
				t.Errorf("second Fix changed again: %v", again)
			}
			if tt.check != nil {
				tt.check(t, m)
			}
			// Every fix keeps the animation as model/anim plays it.
			if len(m.Vertices) == len(before.Vertices) {
				if d, at := poseDiff(before, m); d > 1e-5 {
					t.Errorf("after Fix, a vertex is %.3g of the model's size off its pose at %g s", d, at)
				}
			}
		})
	}
}
