package fit_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/fit"
)

// TestCorpusUnchanged fits every readable corpus MS3D file: each already
// fits, so nothing changes and it encodes to its own bytes.
func TestCorpusUnchanged(t *testing.T) {
	n := 0
	for _, e := range corpus.MS3D(t) {
		m, _, err := ms3d.ReadFile(e.Path)
		if err != nil || m == nil {
			continue
		}
		want, err := ms3d.Encode(m)
		if err != nil {
			continue // a file the encoder refuses as it is (none fit then)
		}
		r := fit.Fit(m, fit.Options{})
		if r.Changed || len(r.Findings) > 0 || !r.Fits {
			t.Errorf("%s: Fit changed it: %v", e, r.Findings)
			continue
		}
		got, err := ms3d.Encode(m)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: encodes differently after Fit (%v)", e, err)
		}
		n++
	}
	t.Logf("%d corpus files fitted unchanged", n)
	if n < 20 {
		t.Fatalf("only %d corpus files checked", n)
	}
}

// TestNamesCutUniquely cuts long names at a character boundary, keeps them
// unique (ignoring ASCII case, as parents are found) and makes children
// follow their parent's new name.
func TestNamesCutUniquely(t *testing.T) {
	long := strings.Repeat("é", 20) // 40 bytes of 2-byte characters
	m := scene(3, 2, func(g int) int { return g % 2 })
	m.Groups[0].Name = model.Str(long + "A")
	m.Groups[1].Name = model.Str(long + "B")
	m.Groups[2].Name = model.Str(strings.Repeat("é", 16)) // exactly 32 bytes: fits
	m.Materials[0].Name = model.Str(strings.Repeat("x", 40))
	m.Materials[0].Texture = model.Str("textures\\" + strings.Repeat("deep\\", 30) + "skin.png")
	m.Materials[1].Texture = model.Str("C:\\Users\\someone\\" + strings.Repeat("deep\\", 30) + "skin.png")
	m.Joints = []model.Joint{
		{Name: model.Str(strings.Repeat("bone", 10))},
		{Name: model.Str(strings.Repeat("bone", 10) + "2"), Parent: model.Str(strings.Repeat("bone", 10))},
		{Name: model.Str(strings.Repeat("BONE", 8))}, // 32 bytes: fits, and takes the cut name ignoring case
	}
	m.Joints[1].Parent = m.Joints[0].Name
	before := *m.Clone()
	r := fit.Fit(m, fit.Options{})
	if !r.Changed || !r.Fits {
		t.Fatalf("Changed %v Fits %v: %v", r.Changed, r.Fits, r.Findings)
	}
	mustFit(t, m)
	seen := map[string]bool{}
	for i, g := range m.Groups {
		if !utf8.ValidString(string(g.Name)) || len(g.Name) > model.NameSize {
			t.Errorf("group %d name %q: not valid UTF-8 or too long", i, g.Name)
		}
		if seen[string(g.Name)] {
			t.Errorf("group %d name %q repeats", i, g.Name)
		}
		seen[string(g.Name)] = true
	}
	if m.Groups[2].Name != before.Groups[2].Name {
		t.Errorf("a 32-byte name changed: %q", m.Groups[2].Name)
	}
	if got := m.Materials[0].Texture; got != model.Str(strings.Repeat("deep/", 24)+"skin.png") { // 128 bytes
		t.Errorf("relative texture path %q (%d bytes), want its last folders", got, len(got))
	}
	if got := m.Materials[1].Texture; got != "skin.png" {
		t.Errorf("absolute texture path %q, want its file name (texpath.Portable)", got)
	}
	h := m.ResolveHierarchy()
	if len(h.Findings) > 0 || h.Parent[1] != 0 {
		t.Errorf("joint 1's parent resolves to %d (%v), want 0", h.Parent[1], h.Findings)
	}
	if model.EqualFold(m.Joints[0].Name, m.Joints[2].Name) {
		t.Errorf("joints 0 and 2 are both %q ignoring case", m.Joints[0].Name)
	}
	if c := codes(r.Findings); c[model.CodeFitName] != 5 || c[model.CodeFitPath] != 2 {
		t.Errorf("findings %v: want 5 names and 2 paths", c)
	}
	r.Revert(m)
	sameModel(t, "after Revert", m, &before)
}

// TestMaterialsMerged fits 300 materials into 128: the identical ones are
// merged and the unused dropped before any triangle changes its look.
func TestMaterialsMerged(t *testing.T) {
	// Groups 0–99 use materials 0–99; 100–199 use materials 100–199, which
	// are copies of 0–99; materials 200–299 are used by no group.
	m := scene(200, 300, func(g int) int { return g })
	for k := 100; k < 300; k++ {
		name := m.Materials[k].Name
		m.Materials[k] = m.Materials[k%100]
		m.Materials[k].Name = name
		m.Materials[k].Diffuse[3] = 1
	}
	for k := 200; k < 300; k++ {
		m.Materials[k].Diffuse = [4]float32{0.5, 0.5, 0.5, 1}
		m.Materials[k].Texture = model.Str(fmt.Sprintf("t%d.png", k))
	}
	look := func(m *model.Model, tri int) model.Material {
		mt := m.Materials[m.Groups[m.Triangles[tri].Group].Material]
		mt.Name = ""
		return mt
	}
	r, _ := fitKeeping(t, m, func(m *model.Model) int { return len(m.Materials) }, 128, look)
	if r.Findings[len(r.Findings)-1].Message != "300 materials → 128: an MS3D group names its material with a signed byte" {
		t.Errorf("last finding %q", r.Findings[len(r.Findings)-1].Message)
	}
	// Now with every material distinct and used: the least used merge into
	// the most similar.
	m = scene(300, 300, func(g int) int { return g })
	m.Groups[0].Triangles = []uint32{0, 1}
	m.Groups[1].Triangles = nil
	r = fit.Fit(m, fit.Options{})
	mustFit(t, m)
	if len(m.Materials) != 128 || m.Materials[m.Groups[0].Material].Name != "mat0" {
		t.Errorf("%d materials; the most used is %q", len(m.Materials), m.Materials[m.Groups[0].Material].Name)
	}
	if c := codes(r.Findings); c[model.CodeFitMaterials] != 102 {
		t.Errorf("%d material findings, want 100 listed, one summary of the rest and the count", c[model.CodeFitMaterials])
	}
}

// TestGroupsMerged fits a 305-group scene into 255 groups, merging only
// groups that share a material, and keeps the merged names in comments.
func TestGroupsMerged(t *testing.T) {
	m := scene(305, 5, func(g int) int { return g%6 - 1 }) // materials −1 to 4
	m.Comments.Groups = []model.Comment{{Index: 300, Text: "the author's note"}}
	material := func(m *model.Model, tri int) int16 { return m.Groups[m.Triangles[tri].Group].Material }
	r, before := fitKeeping(t, m, func(m *model.Model) int { return len(m.Groups) }, 255, material)
	listed := 0
	for _, g := range m.Groups {
		listed += len(g.Triangles)
	}
	if listed != 305 {
		t.Errorf("%d triangles listed, want 305", listed)
	}
	all := ""
	for _, c := range m.Comments.Groups {
		all += string(c.Text) + "\n"
	}
	if n := strings.Count(all, "merged group: g"); n != 50 {
		t.Errorf("%d merged names in the comments, want 50:\n%s", n, all)
	}
	if !strings.Contains(all, "the author's note") || m.Comments.SubVersion != 1 {
		t.Errorf("comments %q sub-version %d: the merged group's own comment is lost", all, m.Comments.SubVersion)
	}
	if c := codes(r.Findings); c[model.CodeFitGroups] != 51 {
		t.Errorf("%d group findings, want 50 merges and the count", c[model.CodeFitGroups])
	}
	r.Revert(m)
	sameModel(t, "after Revert", m, &before)
}

// TestPlanLeavesModel checks that Plan reports what Fit would do without
// changing the model or the arrays it holds.
func TestPlanLeavesModel(t *testing.T) {
	m := scene(300, 200, func(g int) int { return g % 200 })
	before := *m.Clone()
	plan := fit.Plan(m, fit.Options{})
	sameModel(t, "after Plan", m, &before)
	r := fit.Fit(m, fit.Options{})
	if len(plan) == 0 || len(plan) != len(r.Findings) {
		t.Errorf("Plan gave %d findings, Fit %d", len(plan), len(r.Findings))
	}
	// Fit rebuilt what it changed: the copy's arrays are untouched.
	for g := range before.Groups {
		if before.Groups[g].Material != int16(g%200) {
			t.Fatalf("Fit wrote into the caller's groups")
		}
	}
}

// TestTooLarge leaves a model over the vertex and triangle limits whole and
// says what to do.
func TestTooLarge(t *testing.T) {
	m := scene(22000, 1, func(int) int { return 0 }) // 66,000 vertices, 22,000 triangles
	r := fit.Fit(m, fit.Options{})
	if r.Fits || len(m.Vertices) != 66000 {
		t.Fatalf("Fits %v with %d vertices", r.Fits, len(m.Vertices))
	}
	var msg []string
	for _, f := range r.Findings {
		if f.Code == model.CodeFitTooLarge {
			msg = append(msg, f.Message+" / "+f.Fix)
		}
	}
	want := "66000 vertices, an MS3D file holds at most 65534 (triangles name their vertices with 16 bits) / export glTF or OBJ to keep the model whole, or split it into several MS3D files (ms3dtool convert IN OUT.ms3d --split)"
	if len(msg) != 1 || msg[0] != want {
		t.Errorf("too-large findings %q, want [%q]", msg, want)
	}
}
