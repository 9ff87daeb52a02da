package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/model"
)

// TestLayoutStaysStillWhenSelectionChanges: selecting the model, a group,
// a material or a joint never resizes the viewport (it shrank from about
// 700 to 380 units wide when a material was selected at 1280×800, and
// reframed the camera), and the property panel keeps its width.
func TestLayoutStaysStillWhenSelectionChanges(t *testing.T) {
	e, w, vp := newTestEditor(t)
	w.Resize(fyne.NewSize(1280, 800))
	openDoc(t, e, corpusPath(t, "level.ms3d")) // long texture paths
	w.Content().Refresh()
	want, props := vp.Size(), e.Properties.Object().Size()
	if want.Width < 500 {
		t.Fatalf("viewport only %v wide at 1280×800", want)
	}
	for _, s := range []Selection{
		{Kind: KindMaterial, Index: 0}, {Kind: KindGroup, Index: 0}, {Kind: KindJoint, Index: 0},
		{Kind: KindMaterial, Index: 1}, {Kind: KindModel, Index: -1},
	} {
		e.hub.Select(s)
		w.Content().Refresh() // lays the window out, as a paint does
		if got := vp.Size(); got != want {
			t.Errorf("selecting %v: viewport %v, want %v", s, got, want)
		}
		if got := e.Properties.Object().Size(); got != props {
			t.Errorf("selecting %v: property panel %v, want %v", s, got, props)
		}
	}
}

// TestDeletingAUsedMaterialAsks: Delete… on a material that groups use asks
// what they get instead (it deleted at once, and the panel then said
// "material 2 does not exist"); after deleting, the selection is on a
// material that exists.
func TestDeletingAUsedMaterialAsks(t *testing.T) {
	e, w, _ := newTestEditor(t)
	d := openDoc(t, e, copyCorpus(t, "level.ms3d"))
	n := len(d.Model().Materials)
	last := int(d.Model().Groups[len(d.Model().Groups)-1].Material)
	if n < 2 || last < 0 {
		t.Fatalf("level.ms3d: %d materials, its last group's is %d", n, last)
	}
	e.hub.Select(Selection{Kind: KindMaterial, Index: last})
	w.Content().Refresh()
	var del *widget.Button
	for _, o := range test.LaidOutObjects(e.Properties.box) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Delete…" {
			del = b
		}
	}
	if del == nil {
		t.Fatal("no Delete… button in the material's panel")
	}
	test.Tap(del)
	if got := len(d.Model().Materials); got != n {
		t.Fatalf("Delete… deleted the material without asking (%d materials, had %d)", got, n)
	}
	if txt := overlayText(w); !strings.Contains(txt, "They get") {
		t.Fatalf("the dialog says %q", txt)
	}
	test.Tap(overlayButton(t, w, "Delete"))
	if got := len(d.Model().Materials); got != n-1 {
		t.Fatalf("%d materials after Delete, want %d", got, n-1)
	}
	if s := e.hub.Current(); s.Kind != KindMaterial || s.Index != min(last, n-2) {
		t.Errorf("selection after deleting material %d: %v, want material %d", last, s, min(last, n-2))
	}
	if _, shown := e.Properties.Value("Used by"); !shown {
		t.Errorf("the panel does not show the material now selected")
	}
}

// TestDopeSheetGrowsWithTheWindow: the dope sheet shows more rows in a
// larger window (it showed five at any size), its frames sit where the
// timeline's ruler puts them (frame 16 was 50 units apart), both follow a
// zoom, F frames the whole animation again, and the dividers are
// remembered for the next start.
func TestDopeSheetGrowsWithTheWindow(t *testing.T) {
	a := test.NewTempApp(t)
	rows := map[fyne.Size]int{}
	for _, size := range []fyne.Size{fyne.NewSize(1280, 800), fyne.NewSize(1920, 1080)} {
		w := test.NewTempWindow(t, nil)
		w.Resize(size)
		e := NewEditor(Config{Window: w, Viewport: newFakeViewport(), Prefs: a.Preferences()})
		e.Timeline.ExternalClock = true
		e.Install()
		openDoc(t, e, corpusPath(t, "Woman4.ms3d"))
		w.Content().Refresh()
		ds := e.Anim.Dope
		rows[size] = ds.visibleRows()
		aligned := func(what string, f float64) {
			t.Helper()
			drv := fyne.CurrentApp().Driver()
			xr := drv.AbsolutePositionForObject(e.Timeline.ruler).X + e.Timeline.ruler.xAt(f)
			xd := drv.AbsolutePositionForObject(ds).X + ds.xOf(f)
			if d := xr - xd; d > 1 || d < -1 {
				t.Errorf("%v, %s: frame %g at x=%.1f on the ruler, %.1f on the dope sheet", size, what, f, xr, xd)
			}
		}
		aligned("fitted", 16)
		aligned("fitted", 2000)
		ds.Zoom(4, ds.xOf(400))
		aligned("zoomed", 400)
		aligned("zoomed", 420)
		ds.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF})
		if ds.first != 0 || ds.xOf(2133) > ds.Size().Width {
			t.Errorf("%v: after F frames from %g, frame 2133 at %g of %g", size, ds.first, ds.xOf(2133), ds.Size().Width)
		}
		aligned("after F", 16)
	}
	t.Logf("dope sheet rows: %v", rows)
	if small, big := rows[fyne.NewSize(1280, 800)], rows[fyne.NewSize(1920, 1080)]; small < 5 || big <= small+2 {
		t.Errorf("dope sheet rows: %d at 1280×800, %d at 1920×1080", small, big)
	}

	// A divider the user moved is where they left it next time.
	w := test.NewTempWindow(t, nil)
	e := NewEditor(Config{Window: w, Viewport: newFakeViewport(), Prefs: a.Preferences()})
	e.splits[2].split.SetOffset(0.4)
	e.SaveLayout()
	e2 := NewEditor(Config{Window: test.NewTempWindow(t, nil), Viewport: newFakeViewport(), Prefs: a.Preferences()})
	if got := e2.splits[2].split.Offset; got != 0.4 {
		t.Errorf("the bottom divider starts at %g, want the 0.4 it was left at", got)
	}
}

// TestAnimateMenuShowsModes: Pose Mode and Auto-Key are ticked in the
// Animate menu while on.
func TestAnimateMenuShowsModes(t *testing.T) {
	e, _, _ := newPoseEditor(t)
	item := func(label string) *fyne.MenuItem {
		for _, m := range e.Menu().Items {
			for _, it := range m.Items {
				if it.Label == label {
					return it
				}
			}
		}
		t.Fatalf("no menu item %q", label)
		return nil
	}
	pose, auto := item("Pose Mode"), item("Auto-Key")
	if pose.Checked || auto.Checked {
		t.Fatal("ticked before being turned on")
	}
	e.Anim.SetPoseMode(true)
	e.Anim.autoCheck.SetChecked(true)
	if !pose.Checked || !auto.Checked {
		t.Errorf("pose mode ticked %v, auto-key %v; want both", pose.Checked, auto.Checked)
	}
	pose.Action()
	if pose.Checked || e.Anim.PoseMode() {
		t.Error("the menu item did not turn pose mode off")
	}
}

// TestFixAllForANoteWithAFix: the nehe lesson model's only finding is a
// note whose fix is opt-in (material.texture-remapped); Fix these and Fix
// all… are not greyed for it, and Fix all… offers that fix.
func TestFixAllForANoteWithAFix(t *testing.T) {
	e, w, _ := newTestEditor(t)
	openDoc(t, e, corpusPath(t, "nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d")) // beside its texture
	p := e.Problems
	if len(p.findings) != 1 || p.findings[0].Code != model.CodeTextureRemapped {
		t.Fatalf("findings %v", p.findings)
	}
	p.List.Select(0)
	if p.FixOne.Disabled() || p.FixAll.Disabled() {
		t.Fatalf("Fix these disabled %v, Fix all… disabled %v", p.FixOne.Disabled(), p.FixAll.Disabled())
	}
	test.Tap(p.FixAll)
	if txt := overlayText(w); !strings.Contains(txt, "Wood.bmp") {
		t.Errorf("Fix all… shows %q", txt)
	}
}
