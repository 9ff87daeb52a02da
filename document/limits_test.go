package document

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/document/exporter"
	"ms3dstudio/formats/max3ds"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/fit"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
)

// TestSceneBeyondMS3DOpensPlaysAndRefusesSave imports a 3DS scene past
// everything an MS3D file can address: 80,900 vertices (the file's indices
// are 16 bits) and 300 nodes (a vertex names its bone with a byte). The
// document opens all of it, the last node's vertices follow its keys, and
// Save names the limit and writes nothing instead of truncating.
func TestSceneBeyondMS3DOpensPlaysAndRefusesSave(t *testing.T) {
	obj := func(name string, n int) max3ds.Object {
		o := max3ds.Object{Name: name, Vertices: make([][3]float32, n), VertexOffset: -1}
		for i := range o.Vertices {
			o.Vertices[i] = [3]float32{float32(i % 100), float32(i / 100), float32(i % 7)}
		}
		for i := 0; i+2 < n; i += 3 {
			o.Faces = append(o.Faces, max3ds.Face{V: [3]uint16{uint16(i), uint16(i + 1), uint16(i + 2)}})
		}
		return o
	}
	const nodes = 300
	s := &max3ds.Scene{Objects: []max3ds.Object{obj("A", 40000), obj("B", 40000)},
		Keyframer: max3ds.Keyframer{Present: true, HasSegment: true, Start: 0, End: 10}}
	for i := range nodes {
		name := fmt.Sprintf("T%d", i)
		s.Objects = append(s.Objects, obj(name, 3))
		s.Objects[len(s.Objects)-1].Vertices = [][3]float32{{float32(i), 0, 0}, {float32(i) + 0.5, 0, 0}, {float32(i), 0.5, 0}}
		nd := max3ds.Node{ID: uint16(i), HasID: true, Name: name, Parent: max3ds.NoParent}
		nd.Position.Keys = []max3ds.VecKey{{Value: [3]float32{float32(i), 0, 0}}}
		if i == nodes-1 {
			// The last node moves 5 units along X by frame 10.
			nd.Position.Keys = append(nd.Position.Keys, max3ds.VecKey{Key: max3ds.Key{Frame: 10}, Value: [3]float32{float32(i) + 5, 0, 0}})
		}
		s.Keyframer.Nodes = append(s.Keyframer.Nodes, nd)
	}
	m, _, found := max3ds.Import(s, max3ds.Options{})
	d := New(m, filepath.Join(t.TempDir(), "big.3ds"), found)
	m = d.Model()
	if len(m.Vertices) != 80000+3*nodes || len(m.Joints) != nodes {
		t.Fatalf("%d vertices and %d joints open, want all %d and %d", len(m.Vertices), len(m.Joints), 80000+3*nodes, nodes)
	}
	for _, f := range found {
		if f.Code == model.Code3DSLimit {
			t.Fatalf("the import left something out: %v", f)
		}
	}
	// The last object's vertex is bound to joint 299 and moves with it.
	last := -1
	for i := range m.Vertices {
		if m.Vertices[i].Bones[0] == nodes-1 {
			last = i
		}
	}
	if last < 0 {
		t.Fatalf("no vertex bound to joint %d", nodes-1)
	}
	sk, _ := anim.NewSkeleton(m)
	skin, _ := anim.NewSkinner(m)
	global := make([]mgl32.Mat4, sk.Len())
	mats := make([]mgl32.Mat4, sk.Len())
	pos := make([][3]float32, skin.Len())
	at := func(frame float32) [3]float32 {
		sk.Pose(anim.FrameToTime(frame, m.FPS), global)
		sk.SkinMatrices(global, mats)
		skin.Skin(mats, pos, nil)
		return pos[last]
	}
	p0, p10 := at(1), at(11)
	if dx := p10[0] - p0[0]; math.Abs(float64(dx-5)) > 1e-3 || p10[1] != p0[1] || p10[2] != p0[2] {
		t.Errorf("joint %d's vertex moves from %v to %v, want +5 along X", nodes-1, p0, p10)
	}
	// The checks say what MS3D cannot hold.
	var counts []string
	for _, f := range d.Findings() {
		if f.Code == model.CodeCount {
			counts = append(counts, f.Message)
		}
	}
	if all := strings.Join(counts, "\n"); !strings.Contains(all, "80900 vertices") || !strings.Contains(all, "joints past 254") {
		t.Errorf("count findings %q, want the vertex count and the bone id past a byte", counts)
	}
	// glTF keeps all of it: every vertex and all 300 joints.
	glb := filepath.Join(t.TempDir(), "big.glb")
	if _, _, err := exporter.Write(m, glb, nil, exporter.Options{}); err != nil {
		t.Fatalf("export glb: %v", err)
	}
	doc, err := gltf.Open(glb)
	if err != nil {
		t.Fatal(err)
	}
	corners, joints := 0, 0
	for _, mesh := range doc.Meshes {
		for _, prim := range mesh.Primitives {
			if i, ok := prim.Attributes[gltf.POSITION]; ok {
				corners += int(doc.Accessors[i].Count)
			}
		}
	}
	for _, sk := range doc.Skins {
		joints = max(joints, len(sk.Joints))
	}
	if corners < 79998+3*nodes || joints < nodes {
		t.Errorf("glb holds %d vertices and %d joints, want at least %d and %d", corners, joints, 79998+3*nodes, nodes)
	}
	out := filepath.Join(t.TempDir(), "big.ms3d")
	err = d.SaveAs(out)
	var tl *fit.TooLargeError
	if !errors.As(err, &tl) || !strings.Contains(err.Error(), "80900 vertices, an MS3D file holds at most 65534") || !strings.Contains(err.Error(), "--split") {
		t.Fatalf("save: %v, want a refusal naming the count, the 65534 limit and the split", err)
	}
	if d.CanRedo() || len(d.History()) != 0 {
		t.Errorf("the refused save left history %v", d.History())
	}
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a file was written: %v", err)
	}
}

// TestImportFindingsHaveNoMS3DOffsets checks that the checks on a model
// imported from a .3ds file give no byte offsets: an MS3D offset would
// point into no file the user has.
func TestImportFindingsHaveNoMS3DOffsets(t *testing.T) {
	d, err := Open(filepath.Join(corpus.Dir(t), "3ds", "blitz3d", "makbot", "mak_robotic.3DS"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range d.Findings() {
		if strings.HasPrefix(string(f.Code), "material.") {
			n++
			if f.Where.Offset >= 0 {
				t.Errorf("%v has an MS3D offset", f)
			}
		}
	}
	if n == 0 {
		t.Fatalf("no material findings to look at: %v", d.Findings())
	}
}
