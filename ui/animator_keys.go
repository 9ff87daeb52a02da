package ui

import (
	"slices"

	"fyne.io/fyne/v2/dialog"

	"ms3dstudio/document"
	"ms3dstudio/model/animedit"
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
			dialog.ShowError(err, a.ed.win)
			return
		}
		poses = append(poses, p)
	}
	a.commit(poses)
}

// DeleteKeys deletes the keys selected in the dope sheet, or else the
// selected joints' keys at the current frame.
func (a *Animator) DeleteKeys() {
	if a.ed.doc == nil {
		return
	}
	if refs := a.Dope.SelectedKeys(); len(refs) > 0 {
		a.ed.Do(document.DeleteKeys(refs))
		return
	}
	a.snapFrame()
	js := a.sel
	if len(js) == 0 {
		js = nil
	}
	a.ed.Do(document.DeleteKeysAt(a.frame(), js))
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
	if a.ed.doc == nil {
		return
	}
	refs := a.refsToCopy()
	if len(refs) == 0 {
		dialog.ShowInformation("Nothing to copy", "Select keys in the dope sheet, or go to a frame where the selected joint has a key.", a.ed.win)
		return
	}
	c, err := animedit.Copy(a.model(), refs)
	if err != nil {
		dialog.ShowError(err, a.ed.win)
		return
	}
	a.clip = c
}

// Paste pastes the copied keys at the current frame: onto the selected
// joint when the clip holds one joint's keys and one other joint is
// selected, else each onto the joint of its name.
func (a *Animator) Paste() {
	if a.ed.doc == nil || a.clip == nil {
		return
	}
	a.snapFrame()
	onto := animedit.ByName
	if names := a.clip.Joints(); len(names) == 1 && len(a.sel) == 1 {
		onto = a.sel[0]
	}
	a.ed.Do(document.PasteKeys(a.clip, a.frame(), onto))
}

// SetClip sets the copied keys (for pasting keys copied from another
// document).
func (a *Animator) SetClip(c *animedit.Clip) { a.clip = c }
