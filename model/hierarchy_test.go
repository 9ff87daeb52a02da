package model

import (
	"fmt"
	"reflect"
	"testing"
	"time"
)

func jointsNamed(pairs ...string) *Model {
	m := &Model{}
	for i := 0; i < len(pairs); i += 2 {
		m.Joints = append(m.Joints, Joint{Name: Str(pairs[i]), Parent: Str(pairs[i+1])})
	}
	return m
}

func codes(fs []Finding) []string {
	var c []string
	for _, f := range fs {
		c = append(c, fmt.Sprintf("%s@%d", f.Code, f.Where.Index))
	}
	return c
}

func TestResolveHierarchy(t *testing.T) {
	tests := []struct {
		name   string
		m      *Model
		parent []int
		order  []int
		codes  []string
	}{
		{"children before parents in the file", jointsNamed("hand", "arm", "arm", "root", "root", ""),
			[]int{1, 2, -1}, []int{2, 1, 0}, nil},
		{"exact match wins over case-folded", jointsNamed("Arm", "", "arm", "", "x", "arm"),
			[]int{-1, -1, 1}, []int{0, 1, 2}, nil},
		{"case-folded match", jointsNamed("Arm", "", "x", "ARM"),
			[]int{-1, 0}, []int{0, 1}, []string{"joint.parent-case@1"}},
		{"missing parent", jointsNamed("a", "", "b", "nobody"),
			[]int{-1, -1}, []int{0, 1}, []string{"joint.parent-missing@1"}},
		{"self parent", jointsNamed("a", "a"),
			[]int{-1}, []int{0}, []string{"joint.parent-cycle@0"}},
		{"three-joint cycle cut at its lowest index", jointsNamed("r", "", "a", "c", "b", "a", "c", "b"),
			[]int{-1, -1, 1, 2}, []int{0, 1, 2, 3}, []string{"joint.parent-cycle@1"}},
		{"duplicate names: the first wins", jointsNamed("a", "", "a", "", "c", "a"),
			[]int{-1, -1, 0}, []int{0, 2, 1}, []string{"joint.duplicate-name@1"}},
		{"names compared up to the first NUL", jointsNamed("a\x00junk", "", "b", "a"),
			[]int{-1, 0}, []int{0, 1}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := tc.m.ResolveHierarchy()
			if !reflect.DeepEqual(h.Parent, tc.parent) {
				t.Errorf("Parent = %v, want %v", h.Parent, tc.parent)
			}
			if !reflect.DeepEqual(h.Order, tc.order) {
				t.Errorf("Order = %v, want %v", h.Order, tc.order)
			}
			if got := codes(h.Findings); !reflect.DeepEqual(got, tc.codes) {
				t.Errorf("findings = %v, want %v", got, tc.codes)
			}
		})
	}
}

// TestResolveHierarchyManyMissingParents is the regression test for a
// quadratic case-insensitive parent search: 65535 joints (the format's
// maximum) whose parents all miss took minutes.
func TestResolveHierarchyManyMissingParents(t *testing.T) {
	const n = 65535
	m := &Model{Joints: make([]Joint, n)}
	for i := range m.Joints {
		m.Joints[i].Name = Str(fmt.Sprintf("j%05d", i))
		m.Joints[i].Parent = Str(fmt.Sprintf("x%05d", i))
	}
	start := time.Now()
	h := m.ResolveHierarchy()
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("ResolveHierarchy took %v for %d joints", d, n)
	}
	if len(h.Findings) != n || len(h.Order) != n {
		t.Fatalf("%d findings, %d ordered joints; want %d each", len(h.Findings), len(h.Order), n)
	}
}

// TestResolveHierarchyDeepChain orders a single chain of the format's
// maximum joint count, stored children first.
func TestResolveHierarchyDeepChain(t *testing.T) {
	const n = 65535
	m := &Model{Joints: make([]Joint, n)}
	for i := range m.Joints {
		m.Joints[i].Name = Str(fmt.Sprintf("j%05d", i))
		if i < n-1 {
			m.Joints[i].Parent = Str(fmt.Sprintf("j%05d", i+1))
		}
	}
	h := m.ResolveHierarchy()
	if len(h.Findings) != 0 || len(h.Order) != n {
		t.Fatalf("%d findings, %d ordered joints", len(h.Findings), len(h.Order))
	}
	for k, j := range h.Order {
		if j != n-1-k {
			t.Fatalf("Order[%d] = %d, want %d", k, j, n-1-k)
		}
	}
}

func TestLastKey(t *testing.T) {
	m := &Model{FPS: 24, Joints: []Joint{
		{RotationKeys: []Key{{Time: 0.5}, {Time: 1.0}}},
		{PositionKeys: []Key{{Time: 0.5}, {Time: 9}, {Time: 3}}}, // not increasing: ignored
		{PositionKeys: []Key{{Time: 1.25}}},
	}}
	if last, j := m.LastKey(); last != 1.25 || j != 2 {
		t.Fatalf("LastKey = %v, %d", last, j)
	}
	if got := m.FramesNeeded(1.25); got != 30 {
		t.Fatalf("FramesNeeded(1.25) = %v", got)
	}
	if got := m.FramesNeeded(30.0001 / 24); got != 30 {
		t.Fatalf("rounding tolerance: %v", got)
	}
	if _, j := (&Model{}).LastKey(); j != -1 {
		t.Fatal("a model without keys has a last key")
	}
}

func TestCutCycles(t *testing.T) {
	tests := []struct {
		name   string
		parent []int
		want   []int
	}{
		{"forest", []int{-1, 0, 0, 1, -1}, nil},
		{"two-cycle", []int{1, 0}, []int{0}},
		{"cycle with a tail", []int{2, 3, 3, 1}, []int{1}},
		{"self", []int{-1, 1}, []int{1}},
		{"two cycles", []int{3, 2, 1, 0}, []int{0, 1}},
	}
	for _, tc := range tests {
		got := CutCycles(len(tc.parent), func(i int) int { return tc.parent[i] })
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: cuts %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestCutCyclesDeepChainIsLinear walks a 16,000-joint chain (joint i's
// parent is joint i−1) and a 16,000-joint cycle: CutCycles looks up each
// parent once (TestResolveHierarchyDeepChain checks the order).
func TestCutCyclesDeepChainIsLinear(t *testing.T) {
	const n = 16000
	for _, cycle := range []bool{false, true} {
		parent := func(i int) int {
			if i == 0 && cycle {
				return n - 1
			}
			return i - 1
		}
		lookups := 0
		cuts := CutCycles(n, func(i int) int { lookups++; return parent(i) })
		if lookups > n || (cycle && fmt.Sprint(cuts) != "[0]") || (!cycle && cuts != nil) {
			t.Errorf("cycle %v: %d lookups for %d joints, cuts %v", cycle, lookups, n, cuts)
		}
	}
}
