package widgets

import (
	"fmt"
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

// FindingKinds counts fs by code, in the order the codes first come:
// "fit.name ×305, fit.groups-merged ×50".
func FindingKinds(fs []model.Finding) string {
	var codes []model.Code
	n := map[model.Code]int{}
	for _, f := range fs {
		if n[f.Code] == 0 {
			codes = append(codes, f.Code)
		}
		n[f.Code]++
	}
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = fmt.Sprintf("%s ×%d", c, n[c])
	}
	return strings.Join(parts, ", ")
}

// FindingsView shows every finding of fs for a dialog, each on rows of
// its own: its severity's icon, then its FindingLine wrapped to the
// dialog's width (nothing is cut short, unlike the problems panel's
// one-line rows), under a count of each kind (FindingKinds) when there
// are more than a few. It scrolls when the findings are taller than it,
// and is at least minHeight tall when they are.
func FindingsView(fs []model.Finding, minHeight float32) fyne.CanvasObject {
	rows := container.NewVBox()
	if len(fs) > 4 {
		kinds := widget.NewLabel("By kind: " + FindingKinds(fs))
		kinds.Wrapping = fyne.TextWrapWord
		rows.Add(kinds)
	}
	for _, f := range fs {
		l := widget.NewLabel(FindingLine(f))
		l.Wrapping = fyne.TextWrapWord
		rows.Add(container.NewBorder(nil, nil, container.NewVBox(widget.NewIcon(SeverityIcon(f.Severity))), nil, l))
	}
	s := container.NewVScroll(rows)
	s.SetMinSize(fyne.NewSize(0, minHeight))
	return s
}
