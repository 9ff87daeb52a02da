package document

import (
	"testing"

	"ms3dstudio/model"
)

// TestMaterialCommands applies each material command to the fixture, checks
// the edit on the model and after a round trip through the codec, and checks
// that undo gives the original bytes back and redo the edit again.
func TestMaterialCommands(t *testing.T) {
	base := openFixture(t).Model()
	if len(base.Materials) < 2 || len(base.Groups) < 2 {
		t.Fatalf("fixture: %d materials, %d groups", len(base.Materials), len(base.Groups))
	}
	users := func(m *model.Model, mat int) (n int) {
		for _, g := range m.Groups {
			if int(g.Material) == mat {
				n++
			}
		}
		return n
	}
	n := len(base.Materials)
	cases := []struct {
		name  string
		cmd   Command
		check func(t *testing.T, m *model.Model)
	}{
		{"add", AddMaterial(NewMaterial("Steel")), func(t *testing.T, m *model.Model) {
			if len(m.Materials) != n+1 || m.Materials[n].Name != "Steel" || m.Materials[n].Transparency != 1 {
				t.Errorf("materials %+v", m.Materials)
			}
		}},
		{"duplicate", DuplicateMaterial(0), func(t *testing.T, m *model.Model) {
			want := m.Materials[0]
			want.Name = model.EncodeText(m.Materials[0].Name.Display() + " copy")
			if len(m.Materials) != n+1 || m.Materials[n] != want {
				t.Errorf("copy %+v, want %+v", m.Materials[n], want)
			}
		}},
		{"delete, groups get none", DeleteMaterial(0, -1), func(t *testing.T, m *model.Model) {
			if len(m.Materials) != n-1 || m.Materials[0] != base.Materials[1] || users(m, -1) != users(base, -1)+users(base, 0) {
				t.Errorf("materials %d, groups %+v", len(m.Materials), m.Groups)
			}
		}},
		{"delete, groups get another", DeleteMaterial(0, 1), func(t *testing.T, m *model.Model) {
			if users(m, 0) != users(base, 0)+users(base, 1) || users(m, -1) != users(base, -1) {
				t.Errorf("groups %+v", m.Groups)
			}
		}},
		{"assign", AssignMaterial([]int{0, 1}, 1), func(t *testing.T, m *model.Model) {
			if m.Groups[0].Material != 1 || m.Groups[1].Material != 1 {
				t.Errorf("groups %+v", m.Groups)
			}
		}},
		{"remap paths", RemapPaths("Apply texture search", []PathEdit{{0, false, "tex/a.png"}, {1, true, "b.png"}}), func(t *testing.T, m *model.Model) {
			if m.Materials[0].Texture != "tex/a.png" || m.Materials[1].AlphaMap != "b.png" {
				t.Errorf("paths %q %q", m.Materials[0].Texture, m.Materials[1].AlphaMap)
			}
		}},
		{"colour", SetMaterialColor(1, Emissive, [4]float32{1, 0.5, 0, 1}), func(t *testing.T, m *model.Model) {
			if m.Materials[1].Emissive != [4]float32{1, 0.5, 0, 1} {
				t.Errorf("emissive %v", m.Materials[1].Emissive)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := openFixture(t)
			before := encode(t, d)
			if err := d.Do(c.cmd); err != nil {
				t.Fatal(err)
			}
			if !d.CanUndo() {
				t.Fatal("not recorded")
			}
			c.check(t, d.Model())
			c.check(t, reread(t, d))
			d.Undo()
			sameBytes(t, "after undo", encode(t, d), before)
			if ok, err := d.Redo(); !ok || err != nil {
				t.Fatalf("redo: %v %v", ok, err)
			}
			c.check(t, d.Model())
			d.Undo()
			sameBytes(t, "after second undo", encode(t, d), before)
		})
	}
}

func TestDeleteMaterialRenumbers(t *testing.T) {
	d := openFixture(t)
	m := d.Model()
	d.Do(AddMaterial(NewMaterial("third")))
	d.Do(AssignMaterial([]int{0}, 2))
	m.Comments.Materials = []model.Comment{{Index: 0, Text: "zero"}, {Index: 2, Text: "two"}}
	if err := d.Do(DeleteMaterial(1, -1)); err != nil {
		t.Fatal(err)
	}
	if m.Groups[0].Material != 1 || m.Materials[1].Name != "third" {
		t.Errorf("group 0 uses %d, material 1 is %q", m.Groups[0].Material, m.Materials[1].Name)
	}
	if len(m.Comments.Materials) != 2 || m.Comments.Materials[1].Index != 1 {
		t.Errorf("comments %+v", m.Comments.Materials)
	}
	d.Do(DeleteMaterial(0, -1))
	if len(m.Comments.Materials) != 1 || m.Comments.Materials[0].Text != "two" || m.Comments.Materials[0].Index != 0 {
		t.Errorf("comments %+v", m.Comments.Materials)
	}
}

func TestMaterialCommandErrors(t *testing.T) {
	d := openFixture(t)
	n := len(d.Model().Materials)
	for _, cmd := range []Command{
		DeleteMaterial(n, -1), DeleteMaterial(0, 0), DeleteMaterial(0, n),
		DuplicateMaterial(-1), AssignMaterial([]int{0}, n), AssignMaterial([]int{99}, 0),
		RemapPaths("x", []PathEdit{{0, false, "ok.png"}, {n, false, "no.png"}}),
	} {
		before := encode(t, d)
		if err := d.Do(cmd); err == nil {
			t.Errorf("%s accepted", cmd.Label())
		}
		sameBytes(t, cmd.Label(), encode(t, d), before)
	}
	for d.Model().Materials = d.Model().Materials[:0]; len(d.Model().Materials) < MaxMaterials; {
		d.Model().Materials = append(d.Model().Materials, NewMaterial("m"))
	}
	if err := d.Do(AddMaterial(NewMaterial("one too many"))); err == nil {
		t.Error("more than MaxMaterials materials")
	}
	if d.CanUndo() {
		t.Error("a refused command was recorded")
	}
}

func TestRemapPathsAndReload(t *testing.T) {
	d := openFixture(t)
	var got []Change
	d.Subscribe(func(ch Change) { got = append(got, ch) })
	d.Do(RemapPaths("Apply texture search", []PathEdit{{0, false, "a.png"}, {1, false, "b.png"}}))
	if r := d.Remaps(); len(r) != 2 || r[1].New != "b.png" {
		t.Errorf("remaps %v", r)
	}
	d.Undo()
	if r := d.Remaps(); len(r) != 0 {
		t.Errorf("remaps after undo %v", r)
	}
	modified := d.Modified()
	d.ReloadTextures()
	if len(got) != 3 || !got[2].What.Has(Textures) || d.Modified() != modified || d.CanRedo() != true {
		t.Errorf("changes %+v, modified %v", got, d.Modified())
	}
	if d.UndoLabel() != "" {
		t.Errorf("reload recorded as %q", d.UndoLabel())
	}
}
