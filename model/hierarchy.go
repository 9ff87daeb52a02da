package model

import "fmt"

// Hierarchy is the joint tree resolved from parent names.
type Hierarchy struct {
	// Parent holds each joint's parent index, or −1 for a root (including
	// joints whose parent is missing or that were on a cycle).
	Parent []int
	// Order lists every joint index once, parents before children; among
	// siblings the file order is kept.
	Order []int
	// Children lists each joint's children in file order.
	Children [][]int
	// Findings reports duplicate names, unresolved parents and broken cycles.
	Findings []Finding
}

// Roots returns the joints without a parent, in file order.
func (h *Hierarchy) Roots() []int {
	var r []int
	for i, p := range h.Parent {
		if p < 0 {
			r = append(r, i)
		}
	}
	return r
}

// ResolveHierarchy finds each joint's parent by name: an exact match of the
// meaningful bytes first, then an ASCII case-insensitive match; when names
// repeat, the first joint with the name wins. A missing parent or a cycle
// makes the joint a root, and each is reported. Joints are then ordered
// topologically, whatever their order in the file.
func (m *Model) ResolveHierarchy() Hierarchy {
	n := len(m.Joints)
	h := Hierarchy{Parent: make([]int, n), Children: make([][]int, n), Order: make([]int, 0, n)}
	byName := make(map[Str]int, n)
	for i := range m.Joints {
		name := m.Joints[i].Name.Text()
		if first, dup := byName[name]; dup {
			h.Findings = append(h.Findings, Finding{Code: CodeDuplicateName, Severity: Error, Where: At(PartJoint, i),
				Message: fmt.Sprintf("joint %d has the same name %q as joint %d; children find the first one", i, name.Display(), first),
				Fix:     "rename the later joint"})
			continue
		}
		byName[name] = i
	}
	var byFold map[string]int // folded name → first joint, see below
	for i := range m.Joints {
		h.Parent[i] = -1
		parent := m.Joints[i].Parent.Text()
		if parent == "" {
			continue
		}
		if p, ok := byName[parent]; ok {
			h.Parent[i] = p
			continue
		}
		// The case-insensitive index is built only when an exact lookup
		// fails: a linear scan per joint would make a file with thousands
		// of unresolved parents take minutes.
		if byFold == nil {
			byFold = make(map[string]int, n)
			for j := range m.Joints {
				k := m.Joints[j].Name.Fold()
				if _, seen := byFold[k]; !seen {
					byFold[k] = j
				}
			}
		}
		if found, ok := byFold[parent.Fold()]; ok {
			h.Parent[i] = found
			h.Findings = append(h.Findings, Finding{Code: CodeParentCase, Severity: Warning, Where: At(PartJoint, i),
				Message: fmt.Sprintf("joint %q names parent %q, found only by ignoring case as %q", m.Joints[i].Name.Display(), parent.Display(), m.Joints[found].Name.Display()),
				Fix:     "write the parent name exactly"})
			continue
		}
		h.Findings = append(h.Findings, Finding{Code: CodeParentMissing, Severity: Error, Where: At(PartJoint, i),
			Message: fmt.Sprintf("joint %q names parent %q, which does not exist; it is treated as a root", m.Joints[i].Name.Display(), parent.Display()),
			Fix:     "make the joint a root"})
	}
	for _, cut := range CutCycles(n, func(i int) int { return h.Parent[i] }) {
		h.Findings = append(h.Findings, Finding{Code: CodeParentCycle, Severity: Error, Where: At(PartJoint, cut),
			Message: fmt.Sprintf("joint %q is on a parent cycle; it is treated as a root", m.Joints[cut].Name.Display()),
			Fix:     "make the joint a root"})
		h.Parent[cut] = -1
	}
	for i, p := range h.Parent {
		if p >= 0 {
			h.Children[p] = append(h.Children[p], i)
		}
	}
	var visit func(int)
	visit = func(i int) {
		h.Order = append(h.Order, i)
		for _, c := range h.Children[i] {
			visit(c)
		}
	}
	for i, p := range h.Parent {
		if p < 0 {
			visit(i)
		}
	}
	return h
}

// CutCycles returns the nodes to make roots so that no node of a tree is
// its own ancestor: parent gives each of the n nodes' parent (0 to n−1, or
// −1 for a root). Walking up from nodes 0, 1, … in turn, a walk that comes
// back to a node on its own path has found a cycle, which is cut at its
// lowest-index node; the cuts are returned in the order they are found.
// Every node is walked through once, whatever the depth of the tree:
// parent is called at most once per node.
func CutCycles(n int, parent func(int) int) []int {
	state := make([]uint8, n) // 0 unvisited, 1 on the current path, 2 done
	var cuts, path []int
	for i := range n {
		path = path[:0]
		j := i
		for j >= 0 && state[j] == 0 {
			state[j] = 1
			path = append(path, j)
			j = parent(j)
		}
		if j >= 0 && state[j] == 1 {
			// The cycle is the end of the path, from j on.
			cut := j
			for k := len(path) - 1; path[k] != j; k-- {
				cut = min(cut, path[k])
			}
			cuts = append(cuts, cut)
		}
		for _, k := range path {
			state[k] = 2
		}
	}
	return cuts
}
