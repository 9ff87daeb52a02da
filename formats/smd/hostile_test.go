package smd

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"ms3dstudio/internal/hostile"
	"ms3dstudio/model"
)

// BenchmarkReadDeepBoneChain reads and imports a reference whose 4,000 and
// 16,000 bones form one chain (issue 29, item 8).
func BenchmarkReadDeepBoneChain(b *testing.B) {
	for _, n := range []int{4000, 16000} {
		data := hostile.ChainSMD(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				f, _, err := Read(bytes.NewReader(data), "chain.smd")
				if err != nil {
					b.Fatal(err)
				}
				if m, _, err := Import(f, nil, ImportOptions{}); err != nil || len(m.Joints) != n {
					b.Fatalf("%v, want %d joints", err, n)
				}
			}
		})
	}
}

// TestLongBoneNamesAreLinear imports references of 1,000 and 4,000 bones
// whose names differ only past MilkShape's 31 bytes, so that every joint
// needs a number: the work, counted in allocations, grows with the bone
// count and every joint name is unique.
func TestLongBoneNamesAreLinear(t *testing.T) {
	work := func(n int) uint64 {
		var b strings.Builder
		b.WriteString("version 1\nnodes\n")
		for i := range n {
			fmt.Fprintf(&b, "%d \"%s%06d\" -1\n", i, strings.Repeat("x", 31), i)
		}
		b.WriteString("end\nskeleton\ntime 0\nend\n")
		data := []byte(b.String())
		allocs, _ := hostile.Allocated(func() {
			f, _, err := Read(bytes.NewReader(data), "long.smd")
			if err != nil {
				t.Fatal(err)
			}
			m, _, err := Import(f, nil, ImportOptions{})
			if err != nil || len(m.Joints) != n {
				t.Fatalf("%v, %d joints, want %d", err, len(m.Joints), n)
			}
			seen := map[model.Str]bool{}
			for _, j := range m.Joints {
				if seen[j.Name] || len(j.Name) > 31 {
					t.Fatalf("joint name %q repeats or is longer than 31 bytes", j.Name)
				}
				seen[j.Name] = true
			}
		})
		return allocs
	}
	small, large := work(1000), work(4000)
	if large > 6*small {
		t.Errorf("%d allocations for 1,000 bones, %d for 4,000: more than 6 times as many for 4 times the bones", small, large)
	}
}

// TestDeepBoneChainIsLinear reads references whose 4,000 and 16,000 bones
// form one chain (bone i's parent is bone i−1): the parent check looks up
// each bone's parent once, where walking every bone to the root took
// n²/2 lookups (9 s for 16,000 bones), and the chain is kept whole.
func TestDeepBoneChainIsLinear(t *testing.T) {
	defer func(f func(int, func(int) int) []int) { cutCycles = f }(cutCycles)
	lookups := 0
	cutCycles = func(n int, parent func(int) int) []int {
		return model.CutCycles(n, func(i int) int { lookups++; return parent(i) })
	}
	for _, n := range []int{4000, 16000} {
		lookups = 0
		f, fs, err := Read(bytes.NewReader(hostile.ChainSMD(n)), "chain.smd")
		if err != nil {
			t.Fatal(err)
		}
		if lookups == 0 || lookups > n {
			t.Errorf("%d bones: %d parent lookups, want at most one a bone", n, lookups)
		}
		for _, fd := range fs {
			t.Errorf("%d bones: %s", n, fd)
		}
		if last := f.Nodes[n-1]; last.Parent != n-2 {
			t.Errorf("%d bones: the last bone's parent is %d, want %d", n, last.Parent, n-2)
		}
		m, _, err := Import(f, nil, ImportOptions{})
		if err != nil || len(m.Joints) != n || m.Joints[n-1].Parent != model.Str(fmt.Sprintf("b%d", n-2)) {
			t.Errorf("%d bones: import %v, %d joints, want a chain of %d", n, err, len(m.Joints), n)
		}
	}
}

// TestParentCycleCut cuts each parent cycle at the first of its bones in
// the file and keeps the bones that only lead into it.
func TestParentCycleCut(t *testing.T) {
	src := "version 1\nnodes\n0 \"tail\" 2\n1 \"a\" 2\n2 \"b\" 1\n3 \"self\" 3\nend\n"
	f, fs, err := Read(strings.NewReader(src), "cycle.smd")
	if err != nil {
		t.Fatal(err)
	}
	var parents []int
	for _, n := range f.Nodes {
		parents = append(parents, n.Parent)
	}
	if fmt.Sprint(parents) != "[2 -1 1 -1]" || len(fs) != 2 {
		t.Errorf("parents %v, findings %v; want [2 -1 1 -1]: a becomes a root, self too, tail stays below b", parents, fs)
	}
}
