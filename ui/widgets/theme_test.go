package widgets

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TestStudioThemeDropsOnlyTheUnfocusedOutline: in the dark variant an
// unfocused field's outline is transparent (so Fyne does not draw it on
// every frame), a focused field's is the primary colour, and everything
// else, the light variant's outline too, is Fyne's default.
func TestStudioThemeDropsOnlyTheUnfocusedOutline(t *testing.T) {
	a := test.NewTempApp(t)
	th := StudioTheme()
	def := theme.DefaultTheme()
	if c := th.Color(theme.ColorNameInputBorder, theme.VariantDark); c != color.Transparent {
		t.Errorf("dark input border %v, want transparent", c)
	}
	for _, n := range []fyne.ThemeColorName{theme.ColorNameInputBorder, theme.ColorNameInputBackground, theme.ColorNamePrimary, theme.ColorNameForeground} {
		if got, want := th.Color(n, theme.VariantLight), def.Color(n, theme.VariantLight); got != want {
			t.Errorf("light %s %v, want the default %v", n, got, want)
		}
	}
	if got, want := th.Color(theme.ColorNameInputBackground, theme.VariantDark), def.Color(theme.ColorNameInputBackground, theme.VariantDark); got != want {
		t.Errorf("dark input background %v, want the default %v", got, want)
	}

	a.Settings().SetTheme(darkOnly{th}) // the test app's variant is its own
	e := widget.NewEntry()
	w := test.NewTempWindow(t, e)
	border := func() color.Color {
		for _, o := range test.WidgetRenderer(e).Objects() {
			if r, ok := o.(*canvas.Rectangle); ok && r.StrokeWidth > 0 {
				return r.StrokeColor
			}
		}
		t.Fatal("the entry has no outline rectangle")
		return nil
	}
	if c := border(); c != color.Transparent {
		t.Errorf("unfocused outline %v, want transparent", c)
	}
	w.Canvas().Focus(e)
	if c, want := border(), th.Color(theme.ColorNamePrimary, theme.VariantDark); c != want {
		t.Errorf("focused outline %v, want the primary colour %v", c, want)
	}
}

// darkOnly shows a theme's dark variant whatever variant is asked for.
type darkOnly struct{ fyne.Theme }

func (d darkOnly) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return d.Theme.Color(n, theme.VariantDark)
}
