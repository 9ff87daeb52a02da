package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// KeyBinding is one row of Help ▸ Keyboard Shortcuts.
type KeyBinding struct {
	Keys, Action string
}

// Orbiter is implemented by a viewport whose camera the arrow keys turn
// (OrbitKey(fyne.KeyLeft) …); the editor binds Alt+arrows to it, so that
// orbiting from the keyboard works wherever the focus is.
type Orbiter interface {
	OrbitKey(k fyne.KeyName)
}

// Keymap lists the keys the editor answers, the rows of Help ▸ Keyboard
// Shortcuts and of the README's table. Keys without Ctrl or Alt work
// wherever the focus is except while typing in a text field (see focus.go).
func (e *Editor) Keymap() []KeyBinding {
	km := []KeyBinding{
		{"Space", "play / pause"},
		{"← →", "previous / next frame (in the focused viewport: orbit)"},
		{"Page Up, Page Down", "previous / next key"},
		{"Home, End", "first / last frame"},
	}
	if _, ok := e.cfg.Viewport.(Orbiter); ok {
		km = append(km, KeyBinding{"Alt+← → ↑ ↓", "orbit the view"})
	}
	var keys, names []string
	for _, a := range e.cfg.View {
		if a.Key != "" {
			keys = append(keys, string(a.Key))
			names = append(names, strings.ToLower(a.Label))
		}
	}
	if len(keys) > 0 {
		km = append(km, KeyBinding{strings.Join(keys, ", "), strings.Join(names, ", ")})
	}
	km = append(km,
		KeyBinding{"click in the viewport", "select what is under the pointer (nothing hit: the selection stays) and give the viewport the focus"},
		KeyBinding{"viewport focused: ← → ↑ ↓, + −, 9, Esc", "orbit, zoom, back view, give the focus back"},
		KeyBinding{"I, Delete", "key the selected joints, delete the selected keys"},
		KeyBinding{"Tab, Return", "move the focus; tick or clear the focused check box (Space plays there too)"},
		KeyBinding{"Ctrl+P", "pose mode on / off"},
		KeyBinding{"Ctrl+O, Ctrl+Shift+O, Ctrl+S, Ctrl+Shift+S", "open, open folder, save, save as"},
		KeyBinding{"Ctrl+Page Down, Ctrl+Page Up", "next / previous model in the folder (stops at the last / first)"},
		KeyBinding{"Ctrl+E, Ctrl+T", "export, textures"},
		KeyBinding{"Ctrl+Z, Ctrl+Y (Ctrl+Shift+Z)", "undo, redo"},
		KeyBinding{"Ctrl+Q", "quit"},
	)
	return km
}

// orbitShortcuts binds Alt+arrows to the viewport's orbit.
func (e *Editor) orbitShortcuts() []shortcut {
	o, ok := e.cfg.Viewport.(Orbiter)
	if !ok {
		return nil
	}
	var out []shortcut
	for _, k := range []fyne.KeyName{fyne.KeyLeft, fyne.KeyRight, fyne.KeyUp, fyne.KeyDown} {
		out = append(out, shortcut{&desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierAlt}, func() { o.OrbitKey(k) }})
	}
	return out
}

// ShowKeymap shows Help ▸ Keyboard Shortcuts.
func (e *Editor) ShowKeymap() {
	km := e.Keymap()
	grid := container.NewGridWithColumns(2)
	for _, b := range km {
		k := widget.NewLabel(b.Keys)
		k.TextStyle.Bold = true
		a := widget.NewLabel(b.Action)
		a.Wrapping = fyne.TextWrapWord
		grid.Add(k)
		grid.Add(a)
	}
	d := dialog.NewCustom("Keyboard Shortcuts", "Close", container.NewVScroll(grid), e.win)
	d.Resize(fyne.NewSize(760, 560))
	d.Show()
}
