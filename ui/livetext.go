package ui

import (
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// LiveText is a one-line monospace text for values that change every frame
// during playback: the time and frame in the timeline and the status bar.
//
// Fyne draws a canvas.Text from a texture made for its exact string, shaped
// and rasterised when first drawn and kept for a minute. A time shown as
// one text made two new textures every frame (about 9 % of the UI's CPU
// while playing) and piled up thousands of them. LiveText shows each digit
// and decimal point as a text of its own, and each run of other characters
// as one text, placed on the monospace grid: while playing only the same
// dozen strings are drawn, so no texture is made after the first second.
// Setting it costs no layout and no text shaping.
type LiveText struct {
	widget.BaseWidget
	// Text is the text shown; change it with Set.
	Text string

	cells []*canvas.Text // the cells in use first
	used  int
	objs  []fyne.CanvasObject // the cells in use, for the renderer
	// advance is the width of one monospace character, pad the text's
	// inset from the left, lineH its height and top its inset from the top
	// (centred in the widget's height).
	advance, pad, lineH, top float32
	min                      fyne.Size
}

// NewLiveText returns an empty LiveText sized for template.
func NewLiveText(template string) *LiveText {
	style := fyne.TextStyle{Monospace: true}
	size := theme.TextSize()
	n := utf8.RuneCountInString(template)
	ts := fyne.MeasureText(template, size, style)
	l := &LiveText{pad: theme.Padding(), lineH: ts.Height, top: theme.Padding()}
	l.advance = fyne.MeasureText(strings.Repeat("0", 32), size, style).Width / 32
	l.min = fyne.NewSize(max(ts.Width, float32(n)*l.advance)+2*l.pad, ts.Height+2*l.pad)
	l.ExtendBaseWidget(l)
	return l
}

// Set shows s, refreshing only the cells that changed.
func (l *LiveText) Set(s string) {
	if s == l.Text {
		return
	}
	l.Text = s
	used := l.used
	l.used = 0
	col := 0
	changed := false
	for i := 0; i < len(s); {
		j := i + runLen(s[i:])
		changed = l.place(s[i:j], col) || changed
		col += utf8.RuneCountInString(s[i:j])
		i = j
	}
	switch {
	case l.used != used:
		l.objs = l.objs[:0]
		for _, t := range l.cells[:l.used] {
			l.objs = append(l.objs, t)
		}
		l.Refresh() // the renderer's objects changed
	case changed:
		// One refresh repaints every cell: Fyne draws a text from its
		// current string. (Each canvas.Refresh costs Fyne a stack trace to
		// check the goroutine.)
		canvas.Refresh(l)
	}
}

// runLen returns the length of the cell at the start of s: one digit or
// decimal point, or the run of other characters up to the next one.
func runLen(s string) int {
	if isCellChar(s[0]) {
		return 1
	}
	for i := 1; i < len(s); i++ {
		if isCellChar(s[i]) {
			return i
		}
	}
	return len(s)
}

func isCellChar(c byte) bool { return c >= '0' && c <= '9' || c == '.' }

// place shows text in the next cell, at column col, and reports whether
// the cell changed.
func (l *LiveText) place(text string, col int) bool {
	if l.used == len(l.cells) {
		t := canvas.NewText("", theme.Color(theme.ColorNameForeground))
		t.TextStyle.Monospace = true
		l.cells = append(l.cells, t)
	}
	t := l.cells[l.used]
	l.used++
	pos := fyne.NewPos(l.pad+float32(col)*l.advance, l.top)
	if t.Text == text && t.Position() == pos {
		return false
	}
	t.Text = text
	t.Move(pos)
	// Sized from the grid: measuring would shape the text.
	t.Resize(fyne.NewSize(float32(utf8.RuneCountInString(text))*l.advance, l.lineH))
	return true
}

// CreateRenderer implements fyne.Widget.
func (l *LiveText) CreateRenderer() fyne.WidgetRenderer { return &liveTextRenderer{l} }

type liveTextRenderer struct{ l *LiveText }

func (r *liveTextRenderer) Destroy() {}

// Layout centres the text in the widget's height.
func (r *liveTextRenderer) Layout(s fyne.Size) {
	l := r.l
	l.top = max((s.Height-l.lineH)/2, 0)
	for _, t := range l.cells[:l.used] {
		t.Move(fyne.NewPos(t.Position().X, l.top))
	}
}
func (r *liveTextRenderer) MinSize() fyne.Size           { return r.l.min }
func (r *liveTextRenderer) Objects() []fyne.CanvasObject { return r.l.objs }

// Refresh follows a theme change.
func (r *liveTextRenderer) Refresh() {
	c := theme.Color(theme.ColorNameForeground)
	for _, t := range r.l.cells {
		if t.Color != c {
			t.Color = c
			t.Refresh()
		}
	}
}
