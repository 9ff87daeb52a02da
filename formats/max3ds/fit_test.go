package max3ds

import (
	"fmt"
	"math"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/ms3d/ms3dtest"
	"ms3dstudio/internal/posetest"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/fit"
	"ms3dstudio/model/validate"
)

// demoScene builds a 3DS scene of n quad objects, as demo-scene archives
// hold: object i sits at x = 2i, uses one of three materials, and has a
// node of its own; every 50th node turns and moves between frames 0 and
// 20, the others hold still.
func demoScene(n int) []byte {
	editor := [][]byte{ck(chunkMeshVersion, u32b(3))}
	for k := range 3 {
		editor = append(editor, ck(chunkMaterial, ck(chunkMatName, cstrb(fmt.Sprintf("M%d", k))),
			ck(chunkMatDiffuse, ck(chunkColor24, []byte{byte(80 * k), 100, 200}))))
	}
	track := func(id uint16, keys ...[]byte) []byte {
		return ck(id, append([][]byte{u16b(0), u32b(0, 0, uint32(len(keys)))}, keys...)...)
	}
	key := func(frame int32, value ...float32) []byte {
		return append(append(u32b(uint32(frame)), u16b(0)...), f32b(value...)...)
	}
	kf := [][]byte{ck(chunkKFHeader, u16b(5), cstrb("DEMO"), u32b(20)), ck(chunkKFSegment, u32b(0, 20)), ck(chunkKFCurTime, u32b(0))}
	for i := range n {
		x := float32(2 * i)
		name := fmt.Sprintf("Obj%d", i)
		editor = append(editor, ck(chunkObject, cstrb(name), ck(chunkTriMesh,
			ck(chunkVertices, u16b(4), f32b(x, 0, 0, x+1, 0, 0, x+1, 1, 0, x, 1, 0)),
			ck(chunkFaces, u16b(2), u16b(0, 1, 2, 7), u16b(0, 2, 3, 7), ck(chunkFaceMat, cstrb(fmt.Sprintf("M%d", i%3)), u16b(2, 0, 1))),
			ck(chunkMeshMatrix, f32b(1, 0, 0, 0, 1, 0, 0, 0, 1, x, 0, 0)))))
		pos := [][]byte{key(0, x, 0, 0)}
		rot := [][]byte{key(0, 0, 0, 0, 1)}
		if i%50 == 0 {
			pos = append(pos, key(20, x, 3, 1))
			rot = append(rot, key(20, float32(math.Pi/3), 0, 1, 0))
		}
		kf = append(kf, ck(0xB002, ck(chunkNodeID, u16b(uint16(i))), ck(chunkNodeHeader, cstrb(name), u16b(0, 0), u16b(NoParent)),
			track(chunkPosTrack, pos...), track(chunkRotTrack, rot...), track(chunkScaleTrack, key(0, 1, 1, 1))))
	}
	return ck(ChunkMain, ck(chunkVersion, u32b(3)), ck(chunkEditor, editor...), ck(chunkKeyframer, kf...))
}

// TestDemoSceneConvertsToMS3D imports a 305-object scene (305 groups and
// 305 joints, past the 255 an MS3D file holds), fits it, and checks that
// the MS3D file encodes, reads back without errors and plays as the scene
// did.
func TestDemoSceneConvertsToMS3D(t *testing.T) {
	s, found, err := Decode(demoScene(305))
	if err != nil || len(found) > 0 {
		t.Fatalf("decode: %v %v", err, found)
	}
	m, _, _ := Import(s, Options{})
	if len(m.Groups) != 305 || len(m.Joints) != 305 {
		t.Fatalf("imported %d groups and %d joints, want 305 of each", len(m.Groups), len(m.Joints))
	}
	if _, err := ms3d.Encode(m); err == nil {
		t.Fatal("the import encodes as it is: the test does not test the fit")
	}
	frames := []float32{1, 5, 11, 21}
	var before [][][3]float32
	for _, f := range frames {
		pos, _ := posetest.Posed(m, anim.FrameToTime(f, m.FPS))
		before = append(before, pos)
	}
	r := fit.Fit(m, fit.Options{})
	if !r.Fits {
		t.Fatalf("does not fit: %v", r.Findings)
	}
	back, _ := ms3dtest.RoundTrip(t, m)
	for _, f := range validate.Check(back, validate.Options{}) {
		if f.Severity == model.Error {
			t.Errorf("the MS3D file: %v", f)
		}
	}
	if len(back.Groups) > 255 || len(back.Groups) < 3 || len(back.Joints) != 255 {
		t.Errorf("%d groups and %d joints in the file", len(back.Groups), len(back.Joints))
	}
	size := posetest.Size(m)
	for k, f := range frames {
		after, _ := posetest.Posed(back, anim.FrameToTime(f, back.FPS))
		if worst := posetest.MaxDistance(after, before[k]); worst > 1e-6*size {
			t.Errorf("frame %g: a vertex is %g off (%.2g of the scene's size)", f, worst, worst/size)
		}
	}
}

// TestCorpusConvertsPlaced converts every corpus 3DS file to MS3D (the fit,
// the encoder and the decoder) and checks the file against the scene: at
// the saved frame its posed vertices are the stored ones, and at every
// frame of the segment they are where the independent 3DS reference
// (refWorld) places them.
func TestCorpusConvertsPlaced(t *testing.T) {
	for _, e := range manifest(t) {
		t.Run(e.file, func(t *testing.T) {
			s, _, err := ReadFile(e.path)
			if err != nil {
				t.Fatal(err)
			}
			m, info, _ := Import(s, Options{})
			if r := fit.Fit(m, fit.Options{}); !r.Fits {
				t.Fatalf("does not fit: %v", r.Findings)
			}
			back, _ := ms3dtest.RoundTrip(t, m)
			saved := poseError(t, s, back, back.CurrentTime, false)
			t.Logf("saved frame: %.2g of the scene size from the stored vertices", saved)
			if saved > 1e-5 {
				t.Errorf("at the saved frame the MS3D file's vertices are %.2g of the scene size from the stored ones", saved)
			}
			kf := s.Keyframer
			if !kf.Present || len(kf.Nodes) == 0 || info.PivotRule == "apply" && anyPivot(s) || underLookAt(s) {
				return // the reference places without pivots, and aims no camera or spot
			}
			size := posetest.Size(back)
			worst, at := 0.0, int32(0)
			for f := kf.Start; f <= kf.End; f++ {
				pos, _ := posetest.Posed(back, float32(float64(f-baseFrame(s)+1)/DefaultFPS))
				want := refVertices(s, float64(f), false)
				for i := range want {
					d := math.Sqrt(sq3(pos[i], want[i]))
					if d/size > worst {
						worst, at = d/size, f
					}
				}
			}
			t.Logf("%d frames, largest error %.2g of the size (frame %d)", kf.End-kf.Start+1, worst, at)
			if worst > 1e-4 {
				t.Errorf("frame %d: a vertex is %.3g of the scene size from the reference", at, worst)
			}
		})
	}
}

// baseFrame is the 3DS frame the import puts at MilkShape frame 1: the
// segment's start, or an earlier key or saved frame.
func baseFrame(s *Scene) int32 {
	kf := &s.Keyframer
	b := kf.Start
	for _, n := range kf.Nodes {
		for _, k := range n.Position.Keys {
			b = min(b, k.Frame)
		}
		for _, k := range n.Rotation.Keys {
			b = min(b, k.Frame)
		}
		for _, k := range n.Scale.Keys {
			b = min(b, k.Frame)
		}
	}
	saved, _ := kf.SavedFrame()
	return min(b, saved)
}

// underLookAt reports whether an object node hangs below a camera or a spot
// light, whose look-at orientation refWorld does not evaluate.
func underLookAt(s *Scene) bool {
	byID := map[uint16]int{}
	for i, n := range s.Keyframer.Nodes {
		byID[n.ID] = i
	}
	for _, n := range s.Keyframer.Nodes {
		for p, depth := n.Parent, 0; p != NoParent && depth < len(s.Keyframer.Nodes); depth++ {
			i, ok := byID[p]
			if !ok {
				break
			}
			if k := s.Keyframer.Nodes[i].Kind; k == NodeCamera || k == NodeSpot {
				return true
			}
			p = s.Keyframer.Nodes[i].Parent
		}
	}
	return false
}

func anyPivot(s *Scene) bool {
	for _, n := range s.Keyframer.Nodes {
		if n.Pivot != [3]float32{} {
			return true
		}
	}
	return false
}

func sq3(a [3]float32, b [3]float64) float64 {
	d := 0.0
	for k := range 3 {
		e := float64(a[k]) - b[k]
		d += e * e
	}
	return d
}
