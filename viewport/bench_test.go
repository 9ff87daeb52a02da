package viewport

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/viewport/internal/testmodel"
)

// BenchmarkSetPose is the per-animation-frame cost on the UI goroutine
// for a 31-joint pose (Woman4's size): two copies under a lock.
func BenchmarkSetPose(b *testing.B) {
	v := newView(&fakeBackend{}, func(f func()) { f() }, func(func()) {})
	v.SetModel(testmodel.Bar(), nil)
	global := make([]mgl32.Mat4, 31)
	skin := make([]mgl32.Mat4, 31)
	for i := range global {
		global[i], skin[i] = mgl32.Ident4(), mgl32.Ident4()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v.SetPose(global, skin)
	}
}

// BenchmarkGenerate is the raster generator's cost per paint when a new
// frame is waiting: a swap under the lock, no GL and no copy.
func BenchmarkGenerate(b *testing.B) {
	l := newLoop(&fakeBackend{}, func(f func()) { f() }, func(func()) {})
	l.started = true // no render goroutine: the benchmark plays its part
	for i := range l.slots {
		l.slots[i] = blankFrame
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l.mu.Lock()
		l.fresh = true
		l.mu.Unlock()
		if l.generate(800, 600) == nil {
			b.Fatal("no frame")
		}
	}
}
