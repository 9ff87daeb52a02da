package document

import (
	"errors"
	"strings"
	"testing"

	"ms3dstudio/model"
)

const nehe = "lesson31_bcb6/Data/Model.ms3d"

// TestCommands applies each command to a real file, checks the edit (on the
// model and after an encode/decode round trip), undoes it (the bytes must be
// the original ones again), redoes it and checks again.
func TestCommands(t *testing.T) {
	key := func(tm float32, v ...float32) model.Key {
		return model.Key{Time: tm, Value: [3]float32{v[0], v[1], v[2]}}
	}
	cases := []struct {
		name  string
		file  string
		cmd   Command
		what  Aspect
		check func(t *testing.T, m *model.Model)
	}{
		{"rename group", nehe, RenameGroup(0, "Body"), Names, func(t *testing.T, m *model.Model) {
			if m.Groups[0].Name != "Body" {
				t.Errorf("name %q", m.Groups[0].Name)
			}
		}},
		{"rename material, code page", nehe, RenameMaterial(1, "Bois clair é"), Names, func(t *testing.T, m *model.Model) {
			if m.Materials[1].Name != "Bois clair \xe9" || m.Materials[1].Name.Display() != "Bois clair é" {
				t.Errorf("name %q", m.Materials[1].Name)
			}
		}},
		{"rename group to 32 bytes", nehe, RenameGroup(0, strings.Repeat("g", 32)), Names, func(t *testing.T, m *model.Model) {
			if len(m.Groups[0].Name) != 32 {
				t.Errorf("name %q", m.Groups[0].Name)
			}
		}},
		{"diffuse colour", nehe, SetMaterialColor(0, Diffuse, [4]float32{1, 0.5, 0.25, 1}), Material, func(t *testing.T, m *model.Model) {
			if m.Materials[0].Diffuse != [4]float32{1, 0.5, 0.25, 1} {
				t.Errorf("diffuse %v", m.Materials[0].Diffuse)
			}
		}},
		{"emissive colour", nehe, SetMaterialColor(0, Emissive, [4]float32{0.1, 0.2, 0.3, 0.4}), Material, func(t *testing.T, m *model.Model) {
			if m.Materials[0].Emissive != [4]float32{0.1, 0.2, 0.3, 0.4} {
				t.Errorf("emissive %v", m.Materials[0].Emissive)
			}
		}},
		{"shininess", nehe, SetShininess(0, 64), Material, func(t *testing.T, m *model.Model) {
			if m.Materials[0].Shininess != 64 {
				t.Errorf("shininess %v", m.Materials[0].Shininess)
			}
		}},
		{"transparency", nehe, SetTransparency(0, 0.5), Material, func(t *testing.T, m *model.Model) {
			if m.Materials[0].Transparency != 0.5 {
				t.Errorf("transparency %v", m.Materials[0].Transparency)
			}
		}},
		{"mode", nehe, SetMode(0, model.MaterialHasAlpha|model.MaterialSphereMap), Material, func(t *testing.T, m *model.Model) {
			if m.Materials[0].Mode != 0xC0 {
				t.Errorf("mode %#x", m.Materials[0].Mode)
			}
		}},
		{"texture", nehe, SetTexture(0, "textures/Wood.bmp"), Textures, func(t *testing.T, m *model.Model) {
			if m.Materials[0].Texture != "textures/Wood.bmp" {
				t.Errorf("texture %q", m.Materials[0].Texture)
			}
		}},
		{"alpha map", nehe, SetAlphaMap(1, "alpha.tga"), Textures, func(t *testing.T, m *model.Model) {
			if m.Materials[1].AlphaMap != "alpha.tga" || m.Materials[1].Texture.Text() != "" {
				t.Errorf("alpha %q texture %q", m.Materials[1].AlphaMap, m.Materials[1].Texture)
			}
		}},
		{"group material none", nehe, SetGroupMaterial(0, -1), Material, func(t *testing.T, m *model.Model) {
			if m.Groups[0].Material != -1 {
				t.Errorf("material %d", m.Groups[0].Material)
			}
		}},
		{"rest rotation", nehe, SetRestRotation(3, [3]float32{0.1, -0.2, 0.3}), Rest, func(t *testing.T, m *model.Model) {
			if m.Joints[3].Rotation != [3]float32{0.1, -0.2, 0.3} {
				t.Errorf("rotation %v", m.Joints[3].Rotation)
			}
		}},
		{"rest position", nehe, SetRestPosition(3, [3]float32{1, 2, 3}), Rest, func(t *testing.T, m *model.Model) {
			if m.Joints[3].Position != [3]float32{1, 2, 3} {
				t.Errorf("position %v", m.Joints[3].Position)
			}
		}},
		{"add rotation key between", nehe, AddKey(3, RotationKey, key(0.5, 1, 2, 3)), Keys, func(t *testing.T, m *model.Model) {
			k := m.Joints[3].RotationKeys
			if len(k) != 4 || k[2] != key(0.5, 1, 2, 3) || !sortedKeys(k) {
				t.Errorf("keys %v", k)
			}
			if len(m.Joints[4].RotationKeys) != 3 || m.Joints[4].RotationKeys[0].Time != 1/24.0 {
				t.Errorf("the next joint's keys changed: %v", m.Joints[4].RotationKeys)
			}
		}},
		{"add position key at end", nehe, AddKey(3, PositionKey, key(2, 1, 2, 3)), Keys, func(t *testing.T, m *model.Model) {
			k := m.Joints[3].PositionKeys
			if len(k) != 4 || k[3] != key(2, 1, 2, 3) {
				t.Errorf("keys %v", k)
			}
		}},
		{"add key replaces same time", nehe, AddKey(3, RotationKey, key(1, 0, 1, 0)), Keys, func(t *testing.T, m *model.Model) {
			k := m.Joints[3].RotationKeys
			if len(k) != 3 || k[2] != key(1, 0, 1, 0) {
				t.Errorf("keys %v", k)
			}
		}},
		{"add key to keyless joint", "Woman4.ms3d", AddKey(0, PositionKey, key(0.1, 0, 0, 1)), Keys, func(t *testing.T, m *model.Model) {
			if k := m.Joints[0].PositionKeys; len(k) == 0 {
				t.Errorf("keys %v", k)
			}
		}},
		{"set key moves it", nehe, SetKey(3, RotationKey, 0, key(0.5, 0, 0, 1)), Keys, func(t *testing.T, m *model.Model) {
			k := m.Joints[3].RotationKeys
			if len(k) != 3 || k[1] != key(0.5, 0, 0, 1) || !sortedKeys(k) {
				t.Errorf("keys %v", k)
			}
		}},
		{"set key value", nehe, SetKey(3, PositionKey, 1, key(1/3.0, 4, 5, 6)), Keys, func(t *testing.T, m *model.Model) {
			if k := m.Joints[3].PositionKeys; k[1].Value != [3]float32{4, 5, 6} {
				t.Errorf("keys %v", k)
			}
		}},
		{"delete key", nehe, DeleteKey(3, RotationKey, 1), Keys, func(t *testing.T, m *model.Model) {
			k := m.Joints[3].RotationKeys
			if len(k) != 2 || k[1].Time != 1 {
				t.Errorf("keys %v", k)
			}
		}},
		{"group comment creates block", nehe, SetComment(model.PartGroup, 0, "first line\nsecond"), Comments, func(t *testing.T, m *model.Model) {
			c := m.Comments
			if c.SubVersion != 1 || len(c.Groups) != 1 || c.Groups[0].Index != 0 || c.Groups[0].Text != "first line\r\nsecond" {
				t.Errorf("comments %+v", c)
			}
		}},
		{"material comment in existing block", "twospheres_withmats.ms3d", SetComment(model.PartMaterial, 1, "shiny"), Comments, func(t *testing.T, m *model.Model) {
			if got, ok := model.CommentFor(m.Comments.Materials, 1); !ok || got != "shiny" {
				t.Errorf("comment %q %v", got, ok)
			}
		}},
		{"joint comment", nehe, SetComment(model.PartJoint, 8, "hand"), Comments, func(t *testing.T, m *model.Model) {
			if got, ok := model.CommentFor(m.Comments.Joints, 8); !ok || got != "hand" {
				t.Errorf("comment %q %v", got, ok)
			}
		}},
		{"model comment", nehe, SetModelComment("made by hand"), Comments, func(t *testing.T, m *model.Model) {
			if !m.Comments.HasModel || m.Comments.Model != "made by hand" {
				t.Errorf("comments %+v", m.Comments)
			}
		}},
		{"fps", nehe, SetFPS(30), Meta, func(t *testing.T, m *model.Model) {
			if m.FPS != 30 {
				t.Errorf("fps %v", m.FPS)
			}
		}},
		{"total frames", nehe, SetTotalFrames(48), Meta, func(t *testing.T, m *model.Model) {
			if m.TotalFrames != 48 {
				t.Errorf("total frames %v", m.TotalFrames)
			}
		}},
		{"discard trailing", "Woman4.ms3d", DiscardTrailing(), Meta, func(t *testing.T, m *model.Model) {
			if len(m.Trailing) != 0 {
				t.Errorf("trailing %d bytes", len(m.Trailing))
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := openCorpus(t, c.file)
			before := encode(t, d)
			var last Change
			d.Subscribe(func(ch Change) { last = ch })
			if err := d.Do(c.cmd); err != nil {
				t.Fatal(err)
			}
			if last.What != c.what || last.Label != c.cmd.Label() {
				t.Errorf("notified %+v, want aspect %v", last, c.what)
			}
			if !d.Modified() || !d.CanUndo() {
				t.Fatal("not recorded")
			}
			c.check(t, d.Model())
			c.check(t, reread(t, d))
			d.Undo()
			if !last.Undo || last.What != c.what {
				t.Errorf("undo notified %+v", last)
			}
			sameBytes(t, "after undo", encode(t, d), before)
			if d.Modified() {
				t.Error("modified after undoing everything")
			}
			if ok, err := d.Redo(); !ok || err != nil {
				t.Fatalf("redo: %v %v", ok, err)
			}
			c.check(t, d.Model())
			d.Undo()
			sameBytes(t, "after second undo", encode(t, d), before)
		})
	}
}

func sortedKeys(k []model.Key) bool {
	for i := 1; i < len(k); i++ {
		if k[i].Time < k[i-1].Time {
			return false
		}
	}
	return true
}

// TestCommandErrors checks that refused edits leave the model and the
// history untouched and say why.
func TestCommandErrors(t *testing.T) {
	nan := float32(0)
	nan /= nan
	cases := []struct {
		name string
		file string
		cmd  Command
		want string
	}{
		{"group name too long", nehe, RenameGroup(0, strings.Repeat("x", 33)), "at most 32 fit"},
		{"name too long once encoded", nehe, RenameGroup(0, strings.Repeat("名", 11)), "33 bytes"},
		{"group name with NUL", nehe, RenameGroup(0, "a\x00b"), "NUL"},
		{"no such group", nehe, RenameGroup(5, "x"), "no such group"},
		{"no such material", nehe, RenameMaterial(-1, "x"), "no such material"},
		{"empty joint name", nehe, RenameJoint(0, ""), "empty"},
		{"duplicate joint name", nehe, RenameJoint(0, "JOINT2"), "already called"},
		{"joint name too long", nehe, RenameJoint(0, strings.Repeat("j", 40)), "at most 32"},
		{"colour out of range", nehe, SetMaterialColor(0, Ambient, [4]float32{2, 0, 0, 1}), "within 0–1"},
		{"colour NaN", nehe, SetMaterialColor(0, Specular, [4]float32{nan, 0, 0, 1}), "within 0–1"},
		{"no such colour", nehe, SetMaterialColor(0, ColorSlot(9), [4]float32{}), "no such colour"},
		{"shininess", nehe, SetShininess(0, 200), "0–128"},
		{"transparency", nehe, SetTransparency(0, -0.1), "0–1"},
		{"texture too long", nehe, SetTexture(0, strings.Repeat("t", 129)), "at most 128"},
		{"texture NUL", nehe, SetAlphaMap(0, "a\x00"), "NUL"},
		{"group material range", nehe, SetGroupMaterial(0, 2), "does not exist"},
		{"group material below -1", nehe, SetGroupMaterial(0, -2), "does not exist"},
		{"rest rotation NaN", nehe, SetRestRotation(0, [3]float32{nan, 0, 0}), "finite"},
		{"rest position joint", nehe, SetRestPosition(9, [3]float32{}), "no such joint"},
		{"key time negative", nehe, AddKey(0, RotationKey, model.Key{Time: -1}), "≥ 0"},
		{"key value NaN", nehe, AddKey(0, PositionKey, model.Key{Time: 1, Value: [3]float32{0, nan, 0}}), "finite"},
		{"set key index", nehe, SetKey(0, RotationKey, 1, model.Key{Time: 1}), "does not exist"},
		{"set key duplicate time", nehe, SetKey(3, RotationKey, 0, model.Key{Time: 1}), "already at"},
		{"delete key index", nehe, DeleteKey(3, PositionKey, 3), "does not exist"},
		{"comment part", nehe, SetComment(model.PartVertex, 0, "x"), "only groups"},
		{"comment index", nehe, SetComment(model.PartJoint, 9, "x"), "no such joint"},
		{"comment before trailing bytes", "Woman4.ms3d", SetComment(model.PartGroup, 0, "x"), "unread bytes"},
		{"model comment before trailing bytes", "Woman4.ms3d", SetModelComment("x"), "unread bytes"},
		{"fps zero", nehe, SetFPS(0), "1–1000"},
		{"total frames negative", nehe, SetTotalFrames(-1), "0–1048576"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := openCorpus(t, c.file)
			before := encode(t, d)
			err := d.Do(c.cmd)
			var ve *ValueError
			if !errors.As(err, &ve) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want a ValueError containing %q", err, c.want)
			}
			sameBytes(t, "after refused edit", encode(t, d), before)
			if d.Modified() || d.CanUndo() {
				t.Error("refused edit was recorded")
			}
		})
	}
}

// TestNoOpCommands checks that setting what is already there records
// nothing, including a name whose stored bytes carry leftovers after the
// NUL (the leftovers must survive).
func TestNoOpCommands(t *testing.T) {
	d := openCorpus(t, nehe)
	m := d.Model()
	tex := m.Materials[0].Texture
	for _, cmd := range []Command{
		RenameGroup(0, m.Groups[0].Name.Display()),
		SetTexture(0, tex.Display()),
		SetShininess(0, m.Materials[0].Shininess),
		SetKey(3, RotationKey, 1, m.Joints[3].RotationKeys[1]),
		AddKey(3, RotationKey, m.Joints[3].RotationKeys[1]),
		SetComment(model.PartGroup, 0, ""),
		SetModelComment(""),
		RenameJoint(2, "joint3"),
		DiscardTrailing(),
	} {
		if err := d.Do(cmd); err != nil {
			t.Fatalf("%s: %v", cmd.Label(), err)
		}
		if d.CanUndo() {
			t.Fatalf("%s changed nothing but was recorded", cmd.Label())
		}
	}
	if m.Materials[0].Texture != tex {
		t.Fatal("texture bytes changed")
	}
}

// TestRenameJointKeepsHierarchy renames Woman4's root joint and checks that
// every joint keeps its parent, then that undo restores the exact bytes.
func TestRenameJointKeepsHierarchy(t *testing.T) {
	d := openCorpus(t, "Woman4.ms3d")
	m := d.Model()
	before := encode(t, d)
	h0 := m.ResolveHierarchy()
	hips := -1
	for i, j := range m.Joints {
		if j.Name.Text() == "Hips" {
			hips = i
		}
	}
	if hips < 0 || len(h0.Children[hips]) < 3 {
		t.Fatalf("Hips %d with children %v", hips, h0.Children)
	}
	if err := d.Do(RenameJoint(hips, "Pelvis")); err != nil {
		t.Fatal(err)
	}
	for _, c := range h0.Children[hips] {
		if m.Joints[c].Parent != "Pelvis" {
			t.Errorf("child %s names parent %q", m.Joints[c].Name, m.Joints[c].Parent)
		}
	}
	h1 := reread(t, d).ResolveHierarchy()
	for i := range h0.Parent {
		if h0.Parent[i] != h1.Parent[i] {
			t.Errorf("joint %d: parent %d, was %d", i, h1.Parent[i], h0.Parent[i])
		}
	}
	d.Undo()
	sameBytes(t, "after undo", encode(t, d), before)
	d.Redo()
	if m.Joints[hips].Name != "Pelvis" || m.Joints[h0.Children[hips][0]].Parent != "Pelvis" {
		t.Fatal("redo did not rename")
	}
}

// TestRenameJointCaseParent checks a child that names its parent in another
// letter case follows the rename too.
func TestRenameJointCaseParent(t *testing.T) {
	m := &model.Model{Version: 4, Joints: []model.Joint{{Name: "Root"}, {Name: "Arm", Parent: "ROOT"}, {Name: "Leg", Parent: "Root"}}}
	d := New(m, "", nil)
	if err := d.Do(RenameJoint(0, "Base")); err != nil {
		t.Fatal(err)
	}
	if m.Joints[1].Parent != "Base" || m.Joints[2].Parent != "Base" {
		t.Fatalf("parents %q %q", m.Joints[1].Parent, m.Joints[2].Parent)
	}
	d.Undo()
	if m.Joints[1].Parent != "ROOT" || m.Joints[2].Parent != "Root" || m.Joints[0].Name != "Root" {
		t.Fatalf("undo: %+v", m.Joints)
	}
	// Renaming to another case of the same name is allowed.
	if err := d.Do(RenameJoint(0, "ROOT")); err != nil || m.Joints[0].Name != "ROOT" {
		t.Fatalf("case rename: %v %q", err, m.Joints[0].Name)
	}
}

func TestCommentEditing(t *testing.T) {
	d := openCorpus(t, nehe)
	m := d.Model()
	d.Do(SetComment(model.PartMaterial, 0, "one"))
	d.Do(SetComment(model.PartMaterial, 1, "two"))
	d.Do(SetComment(model.PartMaterial, 0, "uno"))
	if len(m.Comments.Materials) != 2 || m.Comments.Materials[0].Text != "uno" {
		t.Fatalf("comments %+v", m.Comments.Materials)
	}
	d.Do(SetComment(model.PartMaterial, 0, ""))
	if len(m.Comments.Materials) != 1 || m.Comments.Materials[0].Index != 1 {
		t.Fatalf("after removal %+v", m.Comments.Materials)
	}
	d.Undo()
	if len(m.Comments.Materials) != 2 || m.Comments.Materials[0].Text != "uno" || m.Comments.Materials[0].Index != 0 {
		t.Fatalf("after undoing the removal %+v", m.Comments.Materials)
	}
	for d.Undo() {
	}
	if m.Comments.SubVersion != 0 || m.Comments.Materials != nil {
		t.Fatalf("comments block not removed again: %+v", m.Comments)
	}
	// Bare-LF comments stay bare LF.
	m.Comments = model.Comments{SubVersion: 1, Joints: []model.Comment{{Index: 2, Text: "a\nb"}}}
	d.Do(SetComment(model.PartJoint, 2, "a\nb\nc"))
	if m.Comments.Joints[0].Text != "a\nb\nc" {
		t.Fatalf("LF comment became %q", m.Comments.Joints[0].Text)
	}
	if CommentDisplay("x\r\ny") != "x\ny" {
		t.Fatal("CommentDisplay")
	}
}

func TestRemaps(t *testing.T) {
	d := openCorpus(t, nehe)
	old := d.Model().Materials[0].Texture
	d.Do(SetTexture(0, "Wood.bmp"))
	d.Do(SetAlphaMap(0, "WoodA.bmp"))
	d.Do(SetShininess(0, 3))
	d.Do(SetTexture(0, "data/Wood.bmp"))
	d.Undo()
	d.Undo()
	r := d.Remaps()
	if len(r) != 2 || r[0].Old != old || r[0].New != "Wood.bmp" || r[0].AlphaMap || !r[1].AlphaMap || r[1].Material != 0 {
		t.Fatalf("remaps %v", r)
	}
	if s := r[1].String(); s != `material 0 alpha map: "" → "WoodA.bmp"` {
		t.Fatalf("remap string %s", s)
	}
}
