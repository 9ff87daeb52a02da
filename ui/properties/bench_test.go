package properties_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"ms3dstudio/document"
	"ms3dstudio/texture"
	"ms3dstudio/ui/hub"
	"ms3dstudio/ui/internal/uitest"
	"ms3dstudio/ui/properties"
)

// BenchmarkPropertiesJoint measures rebuilding the property panel for a
// Woman4 joint (what every edit of a joint costs).
func BenchmarkPropertiesJoint(b *testing.B) {
	test.NewTempApp(b)
	d, err := document.Open(uitest.BenchPath(b, "Woman4.ms3d"))
	if err != nil {
		b.Fatal(err)
	}
	h := hub.New()
	p := properties.New(h, nil)
	w := test.NewTempWindow(b, p.Object())
	w.Resize(fyne.NewSize(400, 800))
	p.SetDocument(d, texture.NewStatuses(d.TextureResolver))
	h.Select(hub.Selection{Kind: hub.KindJoint, Index: 0})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Rebuild()
	}
}
