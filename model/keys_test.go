package model

import (
	"math"
	"slices"
	"testing"
)

// TestSortKeys sorts by time and keeps the order of keys at one time.
func TestSortKeys(t *testing.T) {
	keys := []Key{{Time: 2, Value: [3]float32{1}}, {Time: 1}, {Time: 2, Value: [3]float32{2}}, {Time: 0.5}}
	SortKeys(keys)
	want := []Key{{Time: 0.5}, {Time: 1}, {Time: 2, Value: [3]float32{1}}, {Time: 2, Value: [3]float32{2}}}
	if !slices.Equal(keys, want) {
		t.Errorf("SortKeys = %v, want %v", keys, want)
	}
	nan := float32(math.NaN())
	for _, c := range []struct {
		a, b float32
		want int
	}{{1, 2, -1}, {2, 1, 1}, {1, 1, 0}, {nan, 1, 0}, {1, nan, 0}} {
		if got := CompareTimes(c.a, c.b); got != c.want {
			t.Errorf("CompareTimes(%g, %g) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
