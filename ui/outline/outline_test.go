package outline_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"ms3dstudio/texture"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/outline"
)

// TestOutlineWoman4 checks the tree on a real file: 31 joints in their
// hierarchy (Hips the root, LHipJoint under Hips …), groups with triangle
// counts and materials, materials with texture state.
func TestOutlineWoman4(t *testing.T) {
	e, _, d := edtest.OpenEditor(t, uitest.CorpusPath(t, "Woman4.ms3d"))
	o, m := e.Outline, d.Model()
	top := o.ChildUIDs("")
	if !slices.Equal(top, []string{outline.NodeModel, outline.NodeGroups, outline.NodeMaterials, outline.NodeJoints}) {
		t.Fatalf("top nodes %v", top)
	}
	hips := uitest.JointIndex(t, m, "Hips")
	if roots := o.ChildUIDs(outline.NodeJoints); !slices.Equal(roots, []string{outline.UIDOf(hub.Selection{Kind: hub.KindJoint, Index: hips})}) {
		t.Fatalf("joint roots %v, want only Hips (%d)", roots, hips)
	}
	if got := o.Text(outline.NodeJoints); got != "Joints (31)" {
		t.Errorf("joints node %q", got)
	}
	// Walk the tree: every joint appears once, under its parent.
	seen := map[string]string{}
	var walk func(uid, parent string)
	walk = func(uid, parent string) {
		if _, dup := seen[uid]; dup {
			t.Fatalf("%s appears twice", uid)
		}
		seen[uid] = parent
		for _, c := range o.ChildUIDs(uid) {
			walk(c, uid)
		}
	}
	walk(outline.NodeJoints, "")
	if len(seen) != 32 {
		t.Fatalf("tree holds %d joints, want 31", len(seen)-1)
	}
	for child, parent := range map[string]string{"LHipJoint": "Hips", "RHipJoint": "Hips", "LowerBack": "Hips"} {
		c, p := uitest.JointIndex(t, m, child), uitest.JointIndex(t, m, parent)
		if got := seen[outline.UIDOf(hub.Selection{Kind: hub.KindJoint, Index: c})]; got != outline.UIDOf(hub.Selection{Kind: hub.KindJoint, Index: p}) {
			t.Errorf("%s is under %s, want %s", child, got, parent)
		}
	}
	j := m.Joints[hips]
	want := "Hips — " + strconv.Itoa(len(j.RotationKeys)) + " rot, " + strconv.Itoa(len(j.PositionKeys)) + " pos keys"
	if got := o.Text(outline.UIDOf(hub.Selection{Kind: hub.KindJoint, Index: hips})); got != want {
		t.Errorf("Hips label %q, want %q", got, want)
	}
	g0 := o.Text("group/0")
	if !strings.Contains(g0, strconv.Itoa(len(m.Groups[0].Triangles))+" triangles") || !strings.Contains(g0, hub.MaterialName(m, int(m.Groups[0].Material))) {
		t.Errorf("group label %q", g0)
	}
	for i, mt := range m.Materials {
		got := o.Text(outline.UIDOf(hub.Selection{Kind: hub.KindMaterial, Index: i}))
		if mt.Texture.Text() != "" && !strings.Contains(got, mt.Texture.Display()) {
			t.Errorf("material %d label %q lacks its texture %q", i, got, mt.Texture.Display())
		}
		found := texture.NewStatuses(d.TextureResolver).Lookup(mt.Texture).Found
		if mt.Texture.Text() != "" && strings.HasSuffix(got, "✓") != found {
			t.Errorf("material %d label %q, found %v", i, got, found)
		}
	}
	if !o.IsBranch(outline.UIDOf(hub.Selection{Kind: hub.KindJoint, Index: hips})) || o.IsBranch("group/0") {
		t.Error("branch flags")
	}
}
