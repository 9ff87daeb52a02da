package model_test

import (
	"math"
	"slices"
	"testing"

	"ms3dstudio/model"
)

// TestSetInfluencesRoundTrips stores weighted bones and reads them back
// with Model.Influences.
func TestSetInfluencesRoundTrips(t *testing.T) {
	tests := []struct {
		name    string
		in      []model.Influence
		want    []model.Influence // as Influences reads them back
		changed bool
	}{
		{"one bone", []model.Influence{{Joint: 3, Weight: 0.2}}, []model.Influence{{Joint: 3, Weight: 1}}, false},
		{"two bones, lighter first", []model.Influence{{Joint: 1, Weight: 0.3}, {Joint: 2, Weight: 0.7}},
			[]model.Influence{{Joint: 2, Weight: 0.7}, {Joint: 1, Weight: 0.3}}, false},
		{"a joint named twice", []model.Influence{{Joint: 1, Weight: 0.25}, {Joint: 2, Weight: 0.5}, {Joint: 1, Weight: 0.25}},
			[]model.Influence{{Joint: 1, Weight: 0.5}, {Joint: 2, Weight: 0.5}}, false},
		{"thirds", []model.Influence{{Joint: 0, Weight: 1}, {Joint: 1, Weight: 1}, {Joint: 2, Weight: 1}},
			[]model.Influence{{Joint: 0, Weight: 1. / 3}, {Joint: 1, Weight: 1. / 3}, {Joint: 2, Weight: 1. / 3}}, false},
		{"five bones", []model.Influence{{Joint: 0, Weight: 0.3}, {Joint: 1, Weight: 0.25}, {Joint: 2, Weight: 0.2}, {Joint: 3, Weight: 0.15}, {Joint: 4, Weight: 0.1}},
			[]model.Influence{{Joint: 0, Weight: 0.3 / 0.9}, {Joint: 1, Weight: 0.25 / 0.9}, {Joint: 2, Weight: 0.2 / 0.9}, {Joint: 3, Weight: 0.15 / 0.9}}, true},
		{"a weight below half a percent", []model.Influence{{Joint: 0, Weight: 0.996}, {Joint: 1, Weight: 0.004}},
			[]model.Influence{{Joint: 0, Weight: 1}}, true},
		{"no positive weight", []model.Influence{{Joint: 0, Weight: -1}}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &model.Model{VertexExtraSubVersion: 2, Joints: make([]model.Joint, 5), Vertices: make([]model.Vertex, 1)}
			changed := m.Vertices[0].SetInfluences(tt.in)
			if changed != tt.changed {
				t.Errorf("changed = %v, want %v", changed, tt.changed)
			}
			var got [4]model.Influence
			n := m.Influences(0, &got)
			if n != len(tt.want) {
				t.Fatalf("read back %v, want %v (bones %v, weights %v)", got[:n], tt.want, m.Vertices[0].Bones, m.Vertices[0].Weights)
			}
			for k, w := range tt.want {
				if got[k].Joint != w.Joint || math.Abs(float64(got[k].Weight-w.Weight)) > 0.005 {
					t.Errorf("influence %d = %+v, want %+v", k, got[k], w)
				}
			}
		})
	}
}

// TestApportion: whole numbers summing to the total, the largest
// remainders rounded up, ties to the first.
func TestApportion(t *testing.T) {
	cases := []struct {
		w     []float64
		total int
		want  []int
	}{
		{[]float64{1}, 100, []int{100}},
		{[]float64{0.5, 0.5}, 100, []int{50, 50}},
		{[]float64{1.0 / 3, 1.0 / 3, 1.0 / 3}, 100, []int{34, 33, 33}},
		{[]float64{0.004, 0.996}, 100, []int{0, 100}},
		{[]float64{0.125, 0.375, 0.5}, 100, []int{13, 37, 50}},
		{[]float64{1.0 / 3, 2.0 / 3}, 99, []int{33, 66}},
	}
	for _, c := range cases {
		if got := model.Apportion(c.w, c.total); !slices.Equal(got, c.want) {
			t.Errorf("Apportion(%v, %d) = %v, want %v", c.w, c.total, got, c.want)
		}
	}
}
