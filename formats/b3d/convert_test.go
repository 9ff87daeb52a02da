package b3d_test

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ms3dstudio/formats/b3d"
	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
	"ms3dstudio/model/texpath"
)

// TestExportLayout checks the small model's export: mirrored coordinates,
// reversed corners, the rest rotation's quaternion mirrored, keys on their
// frames as absolute values, the ANIM chunk.
func TestExportLayout(t *testing.T) {
	m := small()
	f, found, err := b3d.Export(m, b3d.ExportOptions{Name: "Guy"})
	if err != nil || len(found) != 0 {
		t.Fatalf("Export: %v %v", err, found)
	}
	root := f.Nodes[0]
	if root.Name != "Guy" || root.Anim == nil || root.Anim.Frames != 10 || root.Anim.FPS != 24 {
		t.Fatalf("root %q, anim %+v", root.Name, root.Anim)
	}
	v := root.Mesh.Vertices
	if v.Position[2] != [3]float32{0, 1, -1} || v.Normal[0] != [3]float32{0, 0, -1} {
		t.Errorf("vertex 2 at %v, normal %v; want (0, 1, −1) and (0, 0, −1)", v.Position[2], v.Normal[0])
	}
	if tri := root.Mesh.Tris[0].Triangles[0]; tri != [3]int32{2, 1, 0} {
		t.Errorf("triangle %v, want the corners reversed", tri)
	}
	if uv := v.UV(2); uv != [2]float32{0, 1} {
		t.Errorf("uv %v", uv)
	}
	joint := root.Children[0]
	// A turn of 0.3 rad about y, mirrored in z: about y by −0.3, stored
	// as its conjugate (w, x, y, −z) = (cos 0.15, 0, sin 0.15, 0).
	if q := joint.Rotation; math.Abs(float64(q[0])-math.Cos(0.15)) > 1e-6 || math.Abs(float64(q[2])-math.Sin(0.15)) > 1e-6 || q[1] != 0 || q[3] != 0 {
		t.Errorf("root joint rotation %v", q)
	}
	keys := joint.Keys[0].Keys
	if len(keys) != 2 || keys[0].Frame != 1 || keys[1].Frame != 10 {
		t.Fatalf("root joint keys %+v, want frames 1 and 10", keys)
	}
	arm := joint.Children[0]
	if k := arm.Keys[0].Keys; len(k) != 1 || k[0].Frame != 5 || arm.Position != [3]float32{1, 0, 0} {
		t.Errorf("arm at %v, keys %+v", arm.Position, k)
	}
	// The arm's key moves it by (0, 1, 0) in its rest frame: absolute
	// (1, 1, 0), mirrored (1, 1, −0).
	if p := arm.Keys[0].Keys[0].Position; p[0] != 1 || p[1] != 1 || p[2] != 0 {
		t.Errorf("arm key position %v, want (1, 1, 0)", p)
	}
	if len(arm.Bone) != 2 || len(joint.Bone) != 1 {
		t.Errorf("weights %v on the root, %v on the arm", joint.Bone, arm.Bone)
	}
	if f.Brushes[0].Name != "skin" || f.Brushes[0].Textures[0] != 0 || f.Textures[0].Name != "skin.png" {
		t.Errorf("brush %+v, textures %+v", f.Brushes, f.Textures)
	}
}

// TestExportClip exports one clip: its frames renumbered from 1, every
// animated joint keyed at the clip's ends, at the rate asked for.
func TestExportClip(t *testing.T) {
	m := small()
	if err := clips.Write(m, []clips.Clip{{Name: "wave", First: 3, Last: 7}}); err != nil {
		t.Fatal(err)
	}
	f, _, err := b3d.Export(m, b3d.ExportOptions{Clip: "Wave", FPS: 12})
	if err != nil {
		t.Fatal(err)
	}
	if a := f.Nodes[0].Anim; a.Frames != 5 || a.FPS != 12 {
		t.Errorf("anim %+v, want 5 frames at 12 fps", a)
	}
	root := f.Nodes[0].Children[0]
	var frames []int32
	for _, k := range root.Keys[0].Keys {
		frames = append(frames, k.Frame)
	}
	// The clip's ends, and the frames between: a turn of 0.44 rad over
	// them is one Irrlicht would blend linearly.
	if len(frames) != 5 || frames[0] != 1 || frames[4] != 5 {
		t.Errorf("root keyed at %v, want 1 to 5 (MilkShape frames 3 to 7)", frames)
	}
	if _, _, err := b3d.Export(m, b3d.ExportOptions{Clip: "run"}); err == nil || !strings.Contains(err.Error(), "wave") {
		t.Errorf("an unknown clip: %v, want an error naming the clips", err)
	}
}

// TestExportResamplesKeysBetweenFrames keys a joint between whole frames.
func TestExportResamplesKeysBetweenFrames(t *testing.T) {
	m := small()
	m.Joints[1].PositionKeys[0].Time = 5.5 / 24
	f, found, err := b3d.Export(m, b3d.ExportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 1 || found[0].Code != model.CodeB3DResampled {
		t.Errorf("findings %v, want one %s", found, model.CodeB3DResampled)
	}
	arm := f.Nodes[0].Children[0].Children[0]
	if k := arm.Keys[0].Keys; len(k) != 2 || k[0].Frame != 5 || k[1].Frame != 6 {
		t.Errorf("arm keys %+v, want frames 5 and 6", k)
	}
}

// TestExportTexturePaths writes a texture found beside the model relative to
// the export's folder, with forward slashes.
func TestExportTexturePaths(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "src", "tex"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "tex", "skin.png"), []byte("png"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := texpath.NewOS(filepath.Join(dir, "src", "guy.ms3d"))
	if err != nil {
		t.Fatal(err)
	}
	m := small()
	m.Materials[0].Texture = `tex\skin.png`
	m.Materials = append(m.Materials, model.Material{Name: "lost", Texture: "gone.png", Transparency: 1})
	out := filepath.Join(dir, "out", "guy.b3d")
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	found, err := b3d.WriteFile(out, m, b3d.ExportOptions{Resolver: res})
	if err != nil {
		t.Fatal(err)
	}
	f, _, err := b3d.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if f.Textures[0].Name != "../src/tex/skin.png" || f.Textures[1].Name != "gone.png" {
		t.Errorf("textures %q, %q", f.Textures[0].Name, f.Textures[1].Name)
	}
	if len(found) != 1 || found[0].Code != model.CodeTextureMissing {
		t.Errorf("findings %v, want the missing texture", found)
	}
}

// TestImportFindings imports files with what MS3D cannot hold.
func TestImportFindings(t *testing.T) {
	mesh := func() *b3d.Mesh {
		return &b3d.Mesh{Brush: -1, Vertices: b3d.Vertices{Position: [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}},
			Tris: []b3d.Tris{{Brush: 3, Triangles: [][3]int32{{0, 1, 2}}}}}
	}
	node := func(name string) *b3d.Node {
		return &b3d.Node{Name: name, Scale: [3]float32{1, 1, 1}, Rotation: [4]float32{1, 0, 0, 0}, IsBone: true}
	}
	top := node("top")
	top.IsBone = false
	top.Mesh = mesh()
	var bones []*b3d.Node
	for i := range 5 {
		b := node(string(rune('a' + i)))
		b.Bone = []b3d.Weight{{Vertex: 0, Weight: float32(i + 1)}}
		bones = append(bones, b)
	}
	bones[0].Bone = append(bones[0].Bone, b3d.Weight{Vertex: 9, Weight: 1})
	bones[1].Scale = [3]float32{2, 2, 2}
	bones[2].Keys = []b3d.Keys{{Flags: b3d.KeyScale | b3d.KeyRotation, Keys: []b3d.Key{
		{Frame: 1, Scale: [3]float32{1, 1, 1}, Rotation: [4]float32{1, 0, 0, 0}},
		{Frame: 1, Scale: [3]float32{1, 1, 1}, Rotation: [4]float32{0, 1, 0, 0}},
		{Frame: 2, Scale: [3]float32{1.5, 1, 1}, Rotation: [4]float32{1, 0, 0, 0}},
	}}}
	top.Children = bones
	f := &b3d.File{Version: 1, Nodes: []*b3d.Node{top}}
	m, found := b3d.Import(f)
	codes := map[model.Code]int{}
	for _, x := range found {
		codes[x.Code]++
		t.Log(x)
	}
	want := map[model.Code]int{model.CodeB3DIndex: 1, model.CodeB3DBoneVertex: 1, model.CodeB3DScale: 2, model.CodeB3DKeys: 1, model.CodeB3DWeights: 1}
	for c, n := range want {
		if codes[c] != n {
			t.Errorf("%d findings %s, want %d", codes[c], c, n)
		}
	}
	if len(m.Joints) != 5 || len(m.Joints[2].RotationKeys) != 2 {
		t.Fatalf("%d joints, %d keys on c", len(m.Joints), len(m.Joints[2].RotationKeys))
	}
	var inf [4]model.Influence
	if n := m.Influences(0, &inf); n != 4 || inf[0].Joint != 4 || inf[3].Joint != 1 {
		t.Errorf("vertex 0: %v, want the four heaviest (e, d, c, b)", inf[:n])
	}
	if !strings.Contains(found[len(found)-1].Message, "four heaviest") {
		t.Errorf("last finding %q", found[len(found)-1].Message)
	}
}

// TestValidateFor checks the engine profiles on models made to show each
// finding.
func TestValidateFor(t *testing.T) {
	codes := func(fs []model.Finding) map[model.Code]int {
		out := map[model.Code]int{}
		for _, f := range fs {
			out[f.Code]++
		}
		return out
	}
	if fs := b3d.ValidateFor(small(), b3d.Irrlicht); len(fs) != 0 {
		t.Errorf("the small model for Irrlicht: %v", fs)
	}
	fs := b3d.ValidateFor(small(), b3d.Luanti)
	if len(fs) != 1 || fs[0].Code != model.CodeB3DLuantiTextures || !strings.Contains(fs[0].Message, `1: group "g", material "skin", texture "skin.png"`) {
		t.Errorf("the small model for Luanti: %v", fs)
	}

	// Keys one frame apart, 30° apart, far from the joint: Irrlicht's
	// lerp shows, and no whole frame lies between.
	fast := small()
	fast.Vertices[2].Position = [3]float32{0, 40, 1}
	fast.Joints[0].RotationKeys = []model.Key{{Time: 1.0 / 24}, {Time: 2.0 / 24, Value: [3]float32{0, 0, 0.52}}}
	if got := codes(b3d.ValidateFor(fast, b3d.Irrlicht)); got[model.CodeB3DLerp] != 1 {
		t.Errorf("fast keys: %v, want %s", got, model.CodeB3DLerp)
	}

	big := small()
	big.Groups[0].Triangles = nil
	big.Triangles = nil
	for i := range 21846 {
		v := uint32(len(big.Vertices))
		for k := range 3 {
			big.Vertices = append(big.Vertices, model.Vertex{Position: [3]float32{float32(i), float32(k), 0}, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}})
		}
		big.Groups[0].Triangles = append(big.Groups[0].Triangles, uint32(len(big.Triangles)))
		big.Triangles = append(big.Triangles, model.Triangle{Vertices: [3]uint32{v, v + 1, v + 2}})
	}
	if got := codes(b3d.ValidateFor(big, b3d.Irrlicht)); got[model.CodeB3DBufferVertices] != 1 {
		t.Errorf("65538 vertices in a group: %v, want %s", got, model.CodeB3DBufferVertices)
	}
}

// TestWriteFileLeavesOthersAlone: a file of that name that is not a B3D
// model (another program's, or notes) is left as it is, with the reason;
// a B3D file is replaced.
func TestWriteFileLeavesOthersAlone(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.b3d")
	if err := os.WriteFile(notes, []byte("my notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := b3d.WriteFile(notes, small(), b3d.ExportOptions{})
	var foreign *atomicfile.ForeignError
	if !errors.As(err, &foreign) {
		t.Errorf("writing over notes: error %v, want a ForeignError", err)
	}
	if got, _ := os.ReadFile(notes); string(got) != "my notes" {
		t.Fatalf("the notes now hold %q", got)
	}
	out := filepath.Join(dir, "guy.b3d")
	for range 2 {
		if _, err := b3d.WriteFile(out, small(), b3d.ExportOptions{}); err != nil {
			t.Fatalf("writing and replacing a B3D file: %v", err)
		}
	}
}
