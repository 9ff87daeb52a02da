package dopesheet_test

import (
	"testing"

	"fyne.io/fyne/v2"

	"ms3dstudio/ui/internal/edtest"
)

// BenchmarkDopeSheetDraw measures one refresh of the dope sheet's raster at
// its size in a 1920×1080 window (1912×120) on Woman4 (31 joints, keys on
// most frames): what every move of a key drag costs the UI goroutine, as
// the raster is drawn again while Fyne paints.
func BenchmarkDopeSheetDraw(b *testing.B) {
	ds := edtest.Woman4Editor(b, false).Anim.Dope
	ds.Resize(fyne.NewSize(1912, 120))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ds.Draw(1912, 120)
	}
}
