package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/ui/problems"
	"ms3dstudio/ui/widgets"
)

// StatusBar shows the model's counts, the frame rate, the current time and
// frame, and the finding counts. Only the time label changes during
// playback.
type StatusBar struct {
	Counts, Findings *widget.Label
	// Place says where the model stands in its folder ("3 of 12 in
	// walks"), for paging through the folder.
	Place *widget.Label
	// Time changes every frame during playback.
	Time *widgets.LiveText

	// List returns the findings counted (the editor's are the Problems
	// tab's: what a save did as well as the document's own); nil counts
	// the document's findings.
	List func() []model.Finding

	obj fyne.CanvasObject
	doc *document.Document
}

// NewStatusBar returns an empty status bar.
func NewStatusBar() *StatusBar {
	s := &StatusBar{Counts: widget.NewLabel(""), Findings: widget.NewLabel(""), Place: widget.NewLabel("")}
	s.Time = widgets.NewLiveText("frame 9999.99 / 99999 · 9999.999 s")
	// The place takes the width that is left, cut short rather than
	// widening the window.
	s.Place.Truncation = fyne.TextTruncateEllipsis
	s.obj = container.NewBorder(nil, nil, container.NewHBox(s.Counts, widget.NewSeparator(), s.Time, widget.NewSeparator(), s.Findings, widget.NewSeparator()), nil, s.Place)
	return s
}

// Object returns the bar's canvas object.
func (s *StatusBar) Object() fyne.CanvasObject { return s.obj }

// SetDocument shows d's counts and findings.
func (s *StatusBar) SetDocument(d *document.Document) {
	s.doc = d
	s.Changed(document.Change{What: document.Everything})
}

// Changed updates the counts and the findings after a document change.
func (s *StatusBar) Changed(document.Change) {
	if s.doc == nil {
		s.Counts.SetText("No model")
		s.Findings.SetText("")
		return
	}
	m := s.doc.Model()
	s.Counts.SetText(widgets.ModelCounts(m, " · ") + " · " + widgets.FormatFloat(m.EffectiveFPS()) + " fps")
	fs := s.doc.Findings()
	if s.List != nil {
		fs = s.List()
	}
	s.Findings.SetText(problems.FindingSummary(fs))
}

// SetTime shows the current time and frame.
func (s *StatusBar) SetTime(t, frame float64, total int) {
	s.Time.Set(fmt.Sprintf("frame %s / %d · %.3f s", widgets.FrameText(frame), total, t))
}
