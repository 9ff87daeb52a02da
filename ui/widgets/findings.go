package widgets

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/model"
)

// SeverityIcon returns the icon the panels show for a finding of severity
// s: the error, warning or information sign.
func SeverityIcon(s model.Severity) fyne.Resource {
	switch s {
	case model.Error:
		return theme.ErrorIcon()
	case model.Warning:
		return theme.WarningIcon()
	}
	return theme.InfoIcon()
}

// FindingLine is the text a dialog shows for f: its message, then its fix
// when it has one, then its code in brackets (the name the documentation
// and "ms3dtool validate --codes" give it).
func FindingLine(f model.Finding) string {
	s := f.Message
	if f.Fix != "" {
		s += " — fix: " + f.Fix
	}
	return s + " [" + string(f.Code) + "]"
}

// FindingsText is what FindingsView shows as plain text: one FindingLine
// a finding, each after its severity.
func FindingsText(fs []model.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.Severity.String() + ": " + FindingLine(f) + "\n")
	}
	return b.String()
}

// FindingsView shows every finding of fs for a dialog, each on rows of
// its own: its severity's icon, then its FindingLine wrapped to the
// dialog's width (nothing is cut short, unlike the problems panel's
// one-line rows). It scrolls when the findings are taller than it, and is
// at least minHeight tall when they are.
func FindingsView(fs []model.Finding, minHeight float32) fyne.CanvasObject {
	rows := container.NewVBox()
	for _, f := range fs {
		l := widget.NewLabel(FindingLine(f))
		l.Wrapping = fyne.TextWrapWord
		rows.Add(container.NewBorder(nil, nil, container.NewVBox(widget.NewIcon(SeverityIcon(f.Severity))), nil, l))
	}
	s := container.NewVScroll(rows)
	s.SetMinSize(fyne.NewSize(0, minHeight))
	return s
}
