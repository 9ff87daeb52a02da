package animate

import (
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/document"
	"ms3dstudio/model/animedit"
	"ms3dstudio/ui/hub"
)

// Menu returns the Animate menu: pose mode, keys, frames, the playback
// range and the skeleton edits.
func (a *Animator) Menu() *fyne.Menu {
	pose := fyne.NewMenuItem("Pose Mode", func() { a.SetPoseMode(!a.poseMode) })
	pose.Shortcut = poseShortcut
	pose.Checked = a.poseMode
	auto := fyne.NewMenuItem("Auto-Key", func() { a.SetAutoKey(!a.autoKey) })
	auto.Checked = a.autoKey
	a.checkItems = append(a.checkItems, checkItem{pose, func() bool { return a.poseMode }}, checkItem{auto, func() bool { return a.autoKey }})
	key := fyne.NewMenuItem("Set Key (selected joints)", func() { a.SetKey(false) })
	key.Shortcut = keyHint(fyne.KeyI)
	sub := func(label string, items ...*fyne.MenuItem) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, nil)
		it.ChildMenu = fyne.NewMenu("", items...)
		return it
	}
	return fyne.NewMenu("Animate",
		pose,
		auto,
		fyne.NewMenuItemSeparator(),
		key,
		fyne.NewMenuItem("Set Key (all joints)", func() { a.SetKey(true) }),
		fyne.NewMenuItem("Delete Keys", a.DeleteKeys),
		fyne.NewMenuItem("Copy Keys", a.Copy),
		fyne.NewMenuItem("Paste Keys", a.Paste),
		fyne.NewMenuItem("Scale Selected Keys…", a.askScale),
		fyne.NewMenuItemSeparator(),
		sub("Frames",
			fyne.NewMenuItem("Insert Frames…", func() { a.askFrames(true) }),
			fyne.NewMenuItem("Remove Frames…", func() { a.askFrames(false) }),
			fyne.NewMenuItem("Frame Rate and Length…", a.askFPS),
			fyne.NewMenuItemSeparator(),
			fyne.NewMenuItem("Playback Range In Here", func() { a.setRangeEnd(true) }),
			fyne.NewMenuItem("Playback Range Out Here", func() { a.setRangeEnd(false) }),
			fyne.NewMenuItem("Clear Playback Range", func() { a.Dope.SetRange(0, 0) })),
		sub("Skeleton",
			fyne.NewMenuItem("Add Child Joint", a.AddChildJoint),
			fyne.NewMenuItem("Delete Joint", a.DeleteJoint),
			fyne.NewMenuItem("Reparent Joint…", a.askReparent)),
		sub("Binding", a.bindMenu()...),
	)
}

// checkItem is a menu item that shows whether a mode is on.
type checkItem struct {
	item *fyne.MenuItem
	on   func() bool
}

// refreshChecks ticks the Animate menu's mode items (pose mode, auto-key)
// to match the modes, in the main menu and the More… pop-up.
func (a *Animator) refreshChecks() {
	changed := false
	for _, c := range a.checkItems {
		if on := c.on(); c.item.Checked != on {
			c.item.Checked, changed = on, true
		}
	}
	if changed {
		a.cfg.RefreshMenu()
	}
}

// keyHint is the shortcut shown beside a menu item run by a single key
// (the editor handles the key itself, see typedKey). Its name is the
// single key's, so the window matches it as it would that key, but it
// shows the key with a space either side: Fyne right-aligns a shortcut
// flush with the label, and a lone "I" read as a cut-off stroke.
type keyHint fyne.KeyName

// Key is part of fyne.KeyboardShortcut: the key as the menu shows it.
func (k keyHint) Key() fyne.KeyName {
	if runtime.GOOS == "darwin" { // the native menu needs the real key
		return fyne.KeyName(k)
	}
	return " " + fyne.KeyName(k) + " "
}

// Mod is part of fyne.KeyboardShortcut: no modifier.
func (k keyHint) Mod() fyne.KeyModifier { return 0 }

// ShortcutName is part of fyne.Shortcut: the name of the key without
// modifiers, as desktop.CustomShortcut names it.
func (k keyHint) ShortcutName() string {
	return (&desktop.CustomShortcut{KeyName: fyne.KeyName(k)}).ShortcutName()
}

// poseShortcut turns pose mode on and off.
var poseShortcut = &desktop.CustomShortcut{KeyName: fyne.KeyP, Modifier: fyne.KeyModifierShortcutDefault}

// AddShortcuts adds the Animate menu's keyboard shortcuts to c.
func (a *Animator) AddShortcuts(c fyne.Canvas) {
	c.AddShortcut(poseShortcut, func(fyne.Shortcut) { a.SetPoseMode(!a.poseMode) })
}

// TypedKey handles the animation keys typed while no entry has the focus:
// I keys the selected joints, Delete deletes the keys selected in the dope
// sheet (or, in pose mode, the selected joints' keys at this frame). It
// reports whether it used the key.
func (a *Animator) TypedKey(k fyne.KeyName) bool {
	switch k {
	case fyne.KeyI:
		a.SetKey(false)
		return true
	case fyne.KeyDelete:
		if a.Dope.DeleteSelected(k) {
			return true
		}
		// Without selected keys, Delete deletes the posed joints' keys at
		// this frame only in pose mode: elsewhere it must not wipe a frame.
		if a.poseMode && len(a.sel) > 0 {
			a.DeleteKeys()
			return true
		}
	}
	return false
}

func (a *Animator) showFramesMenu() {
	// The pop-up is made afresh each time, its marks right when shown: only
	// the main menu's items are kept to be ticked later.
	n := len(a.checkItems)
	m := a.Menu()
	a.checkItems = a.checkItems[:n]
	c := fyne.CurrentApp().Driver().CanvasForObject(a.obj)
	if c == nil {
		return
	}
	widget.ShowPopUpMenuAtRelativePosition(m, c, fyne.NewPos(0, 0), a.obj)
}

// askNumber asks for a number and calls done with it.
func (a *Animator) askNumber(title, label, initial string, done func(v float64)) {
	en := widget.NewEntry()
	en.SetText(initial)
	dialog.ShowForm(title, "OK", "Cancel", []*widget.FormItem{widget.NewFormItem(label, en)}, func(ok bool) {
		if !ok {
			return
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(en.Text), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			dialog.ShowError(fmt.Errorf("%q is not a number", en.Text), a.cfg.Window)
			return
		}
		done(v)
	}, a.cfg.Window)
}

// askScale scales the selected keys' times about the first of them.
func (a *Animator) askScale() {
	refs := a.Dope.SelectedKeys()
	if len(refs) == 0 {
		dialog.ShowInformation("No keys selected", "Select keys in the dope sheet first.", a.cfg.Window)
		return
	}
	a.askNumber("Scale Keys", "Time factor", "2", func(v float64) {
		a.confirmReplacing("Scaling", animedit.ScaleOverwrites(a.model(), refs, v),
			func() { a.cfg.Do(document.ScaleKeys(refs, v)) }, nil)
	})
}

// askFrames inserts or removes frames at the current frame.
func (a *Animator) askFrames(insert bool) {
	title := "Remove Frames"
	if insert {
		title = "Insert Frames"
	}
	at := math.Round(a.frame())
	a.askNumber(title, fmt.Sprintf("Frames at %g", at), "1", func(v float64) {
		n := int(v)
		if float64(n) != v || n < 1 {
			dialog.ShowError(fmt.Errorf("the number of frames must be a whole number ≥ 1, got %g", v), a.cfg.Window)
			return
		}
		if insert {
			a.cfg.Do(document.InsertFrames(at, n))
		} else {
			a.cfg.Do(document.RemoveFrames(at, n))
		}
	})
}

// askFPS sets the frame rate (keeping the keys' seconds or frames) and the
// number of frames.
func (a *Animator) askFPS() {
	m := a.model()
	if m == nil {
		return
	}
	fps := widget.NewEntry()
	fps.SetText(formatNum(float64(m.FPS), 3))
	total := widget.NewEntry()
	total.SetText(strconv.Itoa(int(m.TotalFrames)))
	keep := widget.NewRadioGroup([]string{"Keep seconds", "Keep frame numbers"}, nil)
	keep.SetSelected("Keep seconds")
	dialog.ShowForm("Frame Rate and Length", "OK", "Cancel", []*widget.FormItem{
		widget.NewFormItem("Frames per second", fps),
		widget.NewFormItem("Keys", keep),
		widget.NewFormItem("Total frames", total),
	}, func(ok bool) {
		if !ok {
			return
		}
		f, err1 := strconv.ParseFloat(strings.TrimSpace(fps.Text), 32)
		n, err2 := strconv.Atoi(strings.TrimSpace(total.Text))
		if err1 != nil || err2 != nil {
			dialog.ShowError(fmt.Errorf("the frame rate and the number of frames must be numbers"), a.cfg.Window)
			return
		}
		k := animedit.KeepSeconds
		if keep.Selected == "Keep frame numbers" {
			k = animedit.KeepFrames
		}
		if float32(f) != m.FPS {
			if a.cfg.Do(document.ChangeFPS(float32(f), k)) != nil {
				return
			}
		}
		if n != int(a.model().TotalFrames) {
			a.cfg.Do(document.ChangeTotalFrames(n))
		}
	}, a.cfg.Window)
}

// setRangeEnd sets the playback range's in or out point at the current
// frame.
func (a *Animator) setRangeEnd(in bool) {
	i, o := a.cfg.Timeline.Player.Range()
	f := math.Round(a.frame())
	if in {
		i = f
	} else {
		o = f
	}
	a.Dope.SetRange(i, o)
}

// AddChildJoint adds a joint as a child of the current joint (a root when
// none is selected), at the parent's origin in the current pose.
func (a *Animator) AddChildJoint() {
	m := a.model()
	if m == nil {
		return
	}
	parent := -1
	var at [3]float32
	if len(a.sel) > 0 {
		parent = a.sel[0]
		// The new joint's rest origin: the parent's, in the rest pose.
		sk := a.skeleton()
		g := make([]mgl32.Mat4, sk.Len())
		sk.RestPose(g)
		at = g[parent].Col(3).Vec3()
	}
	name := ""
	for i := len(m.Joints) + 1; ; i++ {
		name = fmt.Sprintf("joint%d", i)
		if animedit.FindJoint(m, name) < 0 {
			break
		}
	}
	if a.cfg.Do(document.AddJoint(parent, name, at)) == nil {
		a.cfg.Hub.Select(hub.Selection{Kind: hub.KindJoint, Index: len(a.model().Joints) - 1})
	}
}

// DeleteJoint deletes the current joint.
func (a *Animator) DeleteJoint() {
	if a.model() == nil || len(a.sel) == 0 {
		return
	}
	j := a.sel[0]
	if a.cfg.Do(document.DeleteJoint(j)) == nil {
		a.cfg.Hub.Select(hub.Selection{Kind: hub.KindModel, Index: -1})
	}
}

// askReparent makes the current joint a child of a joint chosen by name.
func (a *Animator) askReparent() {
	m := a.model()
	if m == nil || len(a.sel) == 0 {
		return
	}
	j := a.sel[0]
	// Choices by index (two joints may share a name), starting at the
	// joint's current parent.
	names := []string{"(none: a root)"}
	joints := []int{-1}
	parent := m.ResolveHierarchy().Parent[j]
	current := 0
	for i := range m.Joints {
		if i != j {
			if i == parent {
				current = len(names)
			}
			names = append(names, fmt.Sprintf("%s (joint %d)", m.Joints[i].Name.Display(), i))
			joints = append(joints, i)
		}
	}
	sel := widget.NewSelect(names, nil)
	sel.SetSelectedIndex(current)
	dialog.ShowForm("Reparent "+m.Joints[j].Name.Display(), "OK", "Cancel", []*widget.FormItem{widget.NewFormItem("New parent", sel)}, func(ok bool) {
		i := sel.SelectedIndex()
		if !ok || i < 0 || i == current {
			return
		}
		a.cfg.Do(document.Reparent(j, joints[i]))
	}, a.cfg.Window)
}
