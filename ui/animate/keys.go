package animate

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model/animedit"
	"ms3dstudio/ui/widgets"
)

// jointsToKey returns the selected joints, or every joint with all.
func (a *Animator) jointsToKey(all bool) []int {
	m := a.model()
	if m == nil {
		return nil
	}
	if all || len(a.sel) == 0 {
		js := make([]int, len(m.Joints))
		for j := range js {
			js[j] = j
		}
		return js
	}
	return slices.Clone(a.sel)
}

// SetKey keys the current pose at the current frame: of the selected
// joints, or of every joint when all is set (or none is selected).
func (a *Animator) SetKey(all bool) {
	js := a.jointsToKey(all)
	if len(js) == 0 {
		return
	}
	a.snapFrame()
	poses := make([]animedit.JointPose, 0, len(js))
	for _, j := range js {
		p, err := a.poseOf(j)
		if err != nil {
			dialog.ShowError(err, a.cfg.Window)
			return
		}
		poses = append(poses, p)
	}
	a.commit(poses)
}

// DeleteKeys deletes the keys selected in the dope sheet, or else the
// selected joints' keys at the current frame.
func (a *Animator) DeleteKeys() {
	if a.cfg.Document() == nil {
		return
	}
	if refs := a.Dope.SelectedKeys(); len(refs) > 0 {
		a.cfg.Do(document.DeleteKeys(refs))
		return
	}
	a.snapFrame()
	js := a.sel
	if len(js) == 0 {
		js = nil
	}
	a.cfg.Do(document.DeleteKeysAt(a.frame(), js))
}

// refsToCopy returns the keys selected in the dope sheet, or else the
// selected joints' keys at the current frame.
func (a *Animator) refsToCopy() []animedit.KeyRef {
	if refs := a.Dope.SelectedKeys(); len(refs) > 0 {
		return refs
	}
	a.snapFrame()
	f := a.frame()
	return animedit.KeysInRange(a.model(), a.jointsToKey(false), f, f)
}

// Copy copies the selected keys (or the selected joints' keys at the
// current frame).
func (a *Animator) Copy() {
	if a.cfg.Document() == nil {
		return
	}
	refs := a.refsToCopy()
	if len(refs) == 0 {
		dialog.ShowInformation("Nothing to copy", "Select keys in the dope sheet, or go to a frame where the selected joint has a key.", a.cfg.Window)
		return
	}
	c, err := animedit.Copy(a.model(), refs)
	if err != nil {
		dialog.ShowError(err, a.cfg.Window)
		return
	}
	a.clip = c
}

// Paste pastes the copied keys at the current frame: onto the selected
// joint when the clip holds one joint's keys and one other joint is
// selected, else each onto the joint of its name.
func (a *Animator) Paste() {
	if a.cfg.Document() == nil || a.clip == nil {
		return
	}
	a.snapFrame()
	onto := animedit.ByName
	if names := a.clip.Joints(); len(names) == 1 && len(a.sel) == 1 {
		onto = a.sel[0]
	}
	clip, frame := a.clip, a.frame()
	a.confirmReplacing("Pasting", animedit.PasteOverwrites(a.model(), clip, frame, onto),
		func() { a.cfg.Do(document.PasteKeys(clip, frame, onto)) }, nil)
}

// maxListed is how many replaced keys a confirmation names one by one.
const maxListed = 6

// confirmReplacing runs do at once when replaced is empty; else it asks
// first, naming the keys that would be replaced (doing what means: "Moving",
// "Pasting", "Scaling"), and runs cancel (which may be nil) if the user
// declines. No key is replaced without the user having seen which.
func (a *Animator) confirmReplacing(doing string, replaced []animedit.KeyRef, do, cancel func()) {
	if len(replaced) == 0 {
		do()
		return
	}
	lines := animedit.DescribeKeys(a.model(), replaced, maxListed)
	msg := fmt.Sprintf("%s the keys here replaces %s that %s already there:\n\n%s\n\nUndo brings %s back.",
		doing, widgets.Plural(len(replaced), "key"), map[bool]string{true: "is", false: "are"}[len(replaced) == 1],
		"• "+strings.Join(lines, "\n• "), map[bool]string{true: "it", false: "them"}[len(replaced) == 1])
	label := widget.NewLabel(msg)
	label.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomConfirm("Replace "+widgets.Plural(len(replaced), "key")+"?", "Replace", "Cancel", label, func(ok bool) {
		if ok {
			do()
		} else if cancel != nil {
			cancel()
		}
	}, a.cfg.Window)
	d.Resize(fyne.NewSize(520, 0))
	d.Show()
}

// SetClip sets the copied keys (for pasting keys copied from another
// document).
func (a *Animator) SetClip(c *animedit.Clip) { a.clip = c }
