package model

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

func TestUniqueNames(t *testing.T) {
	tests := []struct {
		name  string
		names UniqueNames
		in    []string
		want  []string
	}{
		{"numbers from 2", UniqueNames{Sep: "."}, []string{"Box", "Box", "Box", "Lid"}, []string{"Box", "Box.2", "Box.3", "Lid"}},
		{"a taken number is skipped", UniqueNames{Sep: "_"}, []string{"a_2", "a", "a", "a"}, []string{"a_2", "a", "a_3", "a_4"}},
		{"case counts", UniqueNames{Sep: "_"}, []string{"Arm", "arm"}, []string{"Arm", "arm"}},
		{"case folded", UniqueNames{Sep: "_", Fold: true}, []string{"Arm", "arm", "ARM"}, []string{"Arm", "arm_2", "ARM_3"}},
		{"cut to the limit", UniqueNames{Sep: "_", Limit: 4}, []string{"abcdef", "abcdef", "abcd"}, []string{"abcd", "ab_2", "ab_3"}},
		{"the base makes room for longer numbers", UniqueNames{Sep: "_", Limit: 4},
			strings.Fields(strings.Repeat("xy ", 12)),
			[]string{"xy", "xy_2", "xy_3", "xy_4", "xy_5", "xy_6", "xy_7", "xy_8", "xy_9", "x_10", "x_11", "x_12"}},
		{"names cut alike share their numbers", UniqueNames{Sep: "_", Limit: 3}, []string{"abcX", "abcY", "abcZ"}, []string{"abc", "a_2", "a_3"}},
		{"empty", UniqueNames{Sep: "."}, []string{"", ""}, []string{"", ".2"}},
	}
	for _, tc := range tests {
		u := tc.names
		var got []string
		for _, n := range tc.in {
			got = append(got, u.Take(n))
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	u := UniqueNames{Sep: "_"}
	u.Reserve("default")
	if got := u.Take("default"); got != "default_2" {
		t.Errorf("after Reserve: %q, want default_2", got)
	}
}

// TestUniqueNamesAreLinear hands out 2,000 and 8,000 copies of one name:
// the allocations (one candidate string per number tried) must grow with
// the count, not with its square as when every name counted from 2.
func TestUniqueNamesAreLinear(t *testing.T) {
	allocs := func(n int) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		u := UniqueNames{Sep: ".", Fold: true}
		for range n {
			u.Take("Box")
		}
		runtime.ReadMemStats(&after)
		return after.Mallocs - before.Mallocs
	}
	small, large := allocs(2000), allocs(8000)
	if large > 6*small {
		t.Errorf("%d allocations for 2,000 names, %d for 8,000: more than 6 times as many for 4 times the names", small, large)
	}
}
