package ui

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/document"
)

// BenchmarkTimelineTick measures one playback frame of the timeline on
// Woman4 (2133 frames, ticks for every joint's keys): advancing the clock,
// moving the play head and setting the label. This is all the UI work a
// playing frame costs.
func BenchmarkTimelineTick(b *testing.B) {
	e := woman4Editor(b, true)
	e.Timeline.Play()
	now := time.Unix(0, 0)
	e.Timeline.Tick(now)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		now = now.Add(time.Second / 60)
		e.Timeline.Tick(now)
	}
}

// BenchmarkPropertiesJoint measures rebuilding the property panel for a
// Woman4 joint (what every edit of a joint costs).
func BenchmarkPropertiesJoint(b *testing.B) {
	test.NewTempApp(b)
	d, err := document.Open(benchPath(b, "Woman4.ms3d"))
	if err != nil {
		b.Fatal(err)
	}
	hub := NewHub()
	p := NewProperties(hub)
	w := test.NewTempWindow(b, p.Object())
	w.Resize(fyne.NewSize(400, 800))
	p.SetDocument(d, NewTextures(d))
	hub.Select(Selection{KindJoint, 0})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Rebuild()
	}
}

func benchPath(b *testing.B, name string) string {
	b.Helper()
	for _, e := range corpusEntries(b) {
		if len(e) >= len(name) && e[len(e)-len(name):] == name {
			return e
		}
	}
	b.Fatalf("no %s", name)
	return ""
}

// BenchmarkDopeSheetDraw measures one refresh of the dope sheet's raster at
// its size in a 1920×1080 window (1912×120) on Woman4 (31 joints, keys on
// most frames): what every move of a key drag costs the UI goroutine, as
// the raster is drawn again while Fyne paints.
func BenchmarkDopeSheetDraw(b *testing.B) {
	ds := woman4Editor(b, false).Anim.Dope
	ds.Resize(fyne.NewSize(1912, 120))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ds.draw(1912, 120)
	}
}

// woman4Editor returns an editor in a 1280×800 test window with Woman4
// open, its timeline driven by Tick when externalClock.
func woman4Editor(b *testing.B, externalClock bool) *Editor {
	test.NewTempApp(b)
	d, err := document.Open(benchPath(b, "Woman4.ms3d"))
	if err != nil {
		b.Fatal(err)
	}
	w := test.NewTempWindow(b, nil)
	e := NewEditor(Config{Window: w, Prefs: fyne.CurrentApp().Preferences()})
	e.Timeline.ExternalClock = externalClock
	e.Install()
	w.Resize(fyne.NewSize(1280, 800))
	e.SetDocument(d)
	return e
}
