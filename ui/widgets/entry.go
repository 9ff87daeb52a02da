package widgets

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// CommitEntry is an entry that commits its text when Enter is pressed
// (Shift+Enter in a multi-line entry) or when it loses focus, and shows the
// commit's error under itself.
type CommitEntry struct {
	widget.Entry
	// Message shows the last commit error; it is hidden when there is none.
	Message *widget.Label

	commit    func(string) error
	committed string
}

// NewCommitEntry returns an entry showing text that calls commit with the
// edited text. A nil commit makes the entry read-only.
func NewCommitEntry(text string, multiLine bool, commit func(string) error) *CommitEntry {
	e := &CommitEntry{commit: commit, committed: text}
	e.MultiLine = multiLine
	if multiLine {
		e.SetMinRowsVisible(3)
		e.Wrapping = fyne.TextWrapWord
	}
	e.ExtendBaseWidget(e)
	e.SetText(text)
	e.Message = widget.NewLabel("")
	e.Message.Importance = widget.DangerImportance
	e.Message.Wrapping = fyne.TextWrapWord
	e.Message.Hide()
	e.OnSubmitted = func(string) { e.Commit() }
	if commit == nil {
		e.Disable()
	}
	return e
}

// FocusLost commits the text, then lets the entry lose focus.
func (e *CommitEntry) FocusLost() {
	e.Commit()
	e.Entry.FocusLost()
}

// Commit commits the text if it changed since the last commit; it reports
// the commit's error, which also shows under the entry.
func (e *CommitEntry) Commit() error {
	if e.commit == nil || e.Text == e.committed {
		return nil
	}
	if err := e.commit(e.Text); err != nil {
		e.Message.SetText(err.Error())
		e.Message.Show()
		return err
	}
	e.committed = e.Text
	e.Message.SetText("")
	e.Message.Hide()
	return nil
}

// WithMessage stacks an entry over its message label.
func WithMessage(e *CommitEntry) fyne.CanvasObject { return container.NewVBox(e, e.Message) }

// FormatFloat formats a float the shortest way that reads back to the same
// float32.
func FormatFloat(f float32) string { return strconv.FormatFloat(float64(f), 'g', -1, 32) }

// FormatFloats formats floats separated by spaces.
func FormatFloats(fs ...float32) string {
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = FormatFloat(f)
	}
	return strings.Join(s, " ")
}

// ParseFloats reads exactly n numbers separated by spaces or commas.
func ParseFloats(text string, n int) ([]float32, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '\t' })
	if len(fields) != n {
		return nil, fmt.Errorf("enter %d numbers separated by spaces, got %d", n, len(fields))
	}
	out := make([]float32, n)
	for i, f := range fields {
		v, err := strconv.ParseFloat(f, 32)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", f)
		}
		out[i] = float32(v)
	}
	return out, nil
}
