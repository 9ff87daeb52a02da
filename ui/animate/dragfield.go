package animate

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// dragLabel is a label that changes a value when dragged sideways, as the
// axis letters before the pose fields do: OnDrag gets the total drag in
// units since the press, OnEnd runs on release.
type dragLabel struct {
	widget.Label
	OnDrag func(dx float32)
	OnEnd  func()
	total  float32
	active bool
}

var (
	_ fyne.Draggable     = (*dragLabel)(nil)
	_ desktop.Cursorable = (*dragLabel)(nil)
)

func newDragLabel(text string) *dragLabel {
	l := &dragLabel{}
	l.Text = text
	l.ExtendBaseWidget(l)
	return l
}

// Dragged reports the total sideways drag.
func (l *dragLabel) Dragged(ev *fyne.DragEvent) {
	l.active = true
	l.total += ev.Dragged.DX
	if l.OnDrag != nil {
		l.OnDrag(l.total)
	}
}

// DragEnd ends the drag.
func (l *dragLabel) DragEnd() {
	if l.active && l.OnEnd != nil {
		l.OnEnd()
	}
	l.total, l.active = 0, false
}

// Cursor shows that the label can be dragged.
func (l *dragLabel) Cursor() desktop.Cursor { return desktop.HResizeCursor }
