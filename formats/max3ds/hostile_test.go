package max3ds

import (
	"fmt"
	"testing"

	"ms3dstudio/internal/hostile"
	"ms3dstudio/model"
)

// BenchmarkImportSameNamedNodes decodes and imports a keyframer of 2,500
// and 10,000 nodes that all have the same name (issue 29, item 7).
func BenchmarkImportSameNamedNodes(b *testing.B) {
	for _, n := range []int{2500, 10000} {
		data := hostile.SameNamed3DS(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s, _, err := Decode(data)
				if err != nil {
					b.Fatal(err)
				}
				if m, _, _ := Import(s, Options{}); len(m.Joints) != n {
					b.Fatalf("%d joints, want %d", len(m.Joints), n)
				}
			}
		})
	}
}

// TestSameNamedNodesAreLinear imports keyframers of 1,000 and 4,000 nodes
// named alike: each joint gets the next free number ("Box", "Box.2", …),
// and the work, counted in allocations (one per name tried), grows with
// the node count, not with its square as when each name counted from 2.
func TestSameNamedNodesAreLinear(t *testing.T) {
	work := func(n int) uint64 {
		data := hostile.SameNamed3DS(n)
		allocs, _ := hostile.Allocated(func() {
			s, _, err := Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			m, _, _ := Import(s, Options{})
			if len(m.Joints) != n || m.Joints[0].Name != "Box" || m.Joints[n-1].Name != model.Str(fmt.Sprintf("Box.%d", n)) {
				t.Fatalf("%d joints from %q to %q, want %d from \"Box\" to \"Box.%d\"", len(m.Joints), m.Joints[0].Name, m.Joints[len(m.Joints)-1].Name, n, n)
			}
		})
		return allocs
	}
	small, large := work(1000), work(4000)
	if large > 6*small {
		t.Errorf("%d allocations for 1,000 nodes, %d for 4,000: more than 6 times as many for 4 times the nodes", small, large)
	}
}

// TestDeepNodeChainIsLinear imports chains of 500 and 2,000 nodes (node
// i's parent is node i−1), of dummies and of cameras: the node frames
// evaluated grow with the node count. Each camera used to be evaluated
// from the root down at each of its sampled frames, and its target and
// roll looked up by scanning every camera: 2,000 took minutes.
func TestDeepNodeChainIsLinear(t *testing.T) {
	for _, c := range []struct {
		kind  string
		build func(int) []byte
	}{{"dummy", hostile.Chain3DS}, {"camera", hostile.CameraChain3DS}} {
		work := func(n int) int {
			s, _, err := Decode(c.build(n))
			if err != nil {
				t.Fatal(err)
			}
			im := importer{s: s, opt: Options{FPS: DefaultFPS}}
			m := im.run()
			if len(m.Joints) != n || m.Joints[n-1].Parent != m.Joints[n-2].Name {
				t.Fatalf("%s chain of %d: %d joints, the last under %q", c.kind, n, len(m.Joints), m.Joints[len(m.Joints)-1].Parent)
			}
			return im.evals
		}
		small, large := work(500), work(2000)
		if large > 5*small {
			t.Errorf("%s chain: %d node frames evaluated for 500 nodes, %d for 2,000: more than 5 times as many for 4 times the nodes", c.kind, small, large)
		}
	}
}

// TestCameraSamplesBounded imports 1,000 cameras over a 100,001-frame
// segment: each would be sampled at 2,000 frames, two million samples in
// all; they share maxSampled instead, and a finding says so.
func TestCameraSamplesBounded(t *testing.T) {
	const n = 1000
	s := &Scene{Keyframer: Keyframer{Present: true, HasSegment: true, Start: 0, End: 100000}}
	for i := range n + 1 {
		nd := Node{Kind: NodeCamera, ID: uint16(i), Name: fmt.Sprintf("cam%d", i), Parent: uint16(i - 1)}
		if i == 0 {
			nd.Parent = NoParent
		}
		if i == n {
			nd.Kind, nd.Name, nd.Instance = NodeObject, DummyName, "end"
		}
		s.Keyframer.Nodes = append(s.Keyframer.Nodes, nd)
	}
	m, _, fs := Import(s, Options{})
	keys := 0
	for _, j := range m.Joints[:n] {
		if len(j.RotationKeys) < 2 {
			t.Fatalf("camera %q has %d rotation keys, want it sampled", j.Name, len(j.RotationKeys))
		}
		keys += len(j.RotationKeys)
	}
	if keys > maxSampled || !model.HasCode(fs, model.Code3DSSampled) {
		t.Errorf("%d rotation keys sampled for %d cameras, want at most %d and a %s finding", keys, n, maxSampled, model.Code3DSSampled)
	}
}

// BenchmarkImportDeepNodeChain decodes and imports chains of 16,000 nodes
// (node i's parent is node i−1) of dummies and of cameras.
func BenchmarkImportDeepNodeChain(b *testing.B) {
	for _, c := range []struct {
		kind  string
		build func(int) []byte
	}{{"dummy", hostile.Chain3DS}, {"camera", hostile.CameraChain3DS}} {
		data := c.build(16000)
		b.Run(c.kind, func(b *testing.B) { benchImport(b, data) })
	}
}

// scaledChain returns a scene of n dummies in one chain, each scaled from
// 1 to 2 between frame 0 and frame 10, or frame i+1 for node i when
// distinct is set.
func scaledChain(n int, distinct bool) *Scene {
	s := &Scene{Keyframer: Keyframer{Present: true, HasSegment: true, Start: 0, End: 100}}
	for i := range n {
		nd := Node{Kind: NodeObject, ID: uint16(i), Name: DummyName, Instance: fmt.Sprintf("b%d", i), Parent: uint16(i - 1)}
		if i == 0 {
			nd.Parent = NoParent
		}
		f := int32(10)
		if distinct {
			f = int32(i + 1)
		}
		nd.Scale.Keys = []VecKey{{Key: Key{Frame: 0}, Value: [3]float32{1, 1, 1}}, {Key: Key{Frame: f}, Value: [3]float32{2, 2, 2}}}
		s.Keyframer.Nodes = append(s.Keyframer.Nodes, nd)
	}
	return s
}

// TestScaledChainIsBounded imports chains whose every node's scale
// changes: each joint is keyed where a scale above it changes. Scaled at
// the same frames, the node frames evaluated grow with the chain (the
// scale changes were gathered by walking each node to the root, and the
// keys evaluated the chain above each: 0.8 s for 4,000 nodes); scaled at
// a frame of its own, node i would be keyed at i frames, n²/2 in all (16
// million keys and two minutes for 4,000), and the keys are moved onto a
// grid that keeps them within maxSampled, with a finding.
func TestScaledChainIsBounded(t *testing.T) {
	work := func(n int, distinct bool) (int, int, []model.Finding) {
		im := importer{s: scaledChain(n, distinct), opt: Options{FPS: DefaultFPS}}
		m := im.run()
		keys := 0
		for _, j := range m.Joints {
			keys += len(j.RotationKeys)
		}
		return im.evals, keys, im.findings
	}
	small, _, _ := work(1000, false)
	large, keys, _ := work(4000, false)
	if large > 5*small || keys != 2*4000 {
		t.Errorf("scaled alike: %d node frames evaluated for 1,000 nodes, %d for 4,000 (%d rotation keys, want 8000)", small, large, keys)
	}
	_, keys, fs := work(4000, true)
	if keys > maxSampled+2*4000 || !model.HasCode(fs, model.Code3DSSampled) {
		t.Errorf("scaled at frames of their own: %d rotation keys, want at most %d and a %s finding", keys, maxSampled+2*4000, model.Code3DSSampled)
	}
}

// TestAnimatedChainIsBounded imports a chain of 4,000 nodes in which node
// i turns between frame 0 and frame i+1: each key needs the chain above it
// evaluated at its own frame, n²/2 node frames (40 s for 16,000), so the
// frames are moved onto a grid that keeps the work within maxEvals, with
// a finding.
func TestAnimatedChainIsBounded(t *testing.T) {
	const n = 4000
	s := &Scene{Keyframer: Keyframer{Present: true, HasSegment: true, Start: 0, End: 100}}
	for i := range n {
		nd := Node{Kind: NodeObject, ID: uint16(i), Name: DummyName, Instance: fmt.Sprintf("b%d", i), Parent: uint16(i - 1)}
		if i == 0 {
			nd.Parent = NoParent
		}
		nd.Rotation.Keys = []RotKey{{Key: Key{Frame: 0}, Axis: [3]float32{0, 0, 1}}, {Key: Key{Frame: int32(i + 1)}, Angle: 0.1, Axis: [3]float32{0, 0, 1}}}
		s.Keyframer.Nodes = append(s.Keyframer.Nodes, nd)
	}
	im := importer{s: s, opt: Options{FPS: DefaultFPS}}
	m := im.run()
	if im.evals > maxEvals+2*n || !model.HasCode(im.findings, model.Code3DSSampled) {
		t.Errorf("%d node frames evaluated, want at most %d and a %s finding", im.evals, maxEvals+2*n, model.Code3DSSampled)
	}
	if k := m.Joints[n-1].RotationKeys; len(k) != 2 || k[1].Time <= k[0].Time {
		t.Errorf("the last joint's keys %v, want two", k)
	}
}
