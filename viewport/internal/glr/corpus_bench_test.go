package glr_test

import (
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/internal/corpus"
)

// benchmarkCorpus renders the shared corpus model at rel (under the
// corpus's ms3d folder) with its textures, opened and decoded as the app
// opens them (document.Open, Textures), at w×h with the grid, turning the
// camera a little each frame.
func benchmarkCorpus(b *testing.B, rel string, w, h int) {
	r := newRenderer(b)
	doc, err := document.Open(corpus.Dir(b) + "/ms3d/" + rel)
	if err != nil {
		b.Fatal(err)
	}
	m, loaded := doc.Model(), doc.Textures()
	for i, img := range loaded.Images {
		if img == nil && m.Materials[i].Texture.Text() != "" {
			b.Fatalf("%s: material %d's texture %q was not loaded (%v)", rel, i, m.Materials[i].Texture.Text(), loaded.Findings)
		}
	}
	mesh := setModel(r, m, loaded.Images...)
	f := frameFor(w, h, mesh.Lo, mesh.Hi)
	f.Overlays.Grid = true
	renderFrames(b, r, f, turnJoints(f, len(m.Joints)))
}

// BenchmarkRenderLevel_1064x675 draws level.ms3d, the corpus model that
// covers the most of the frame (a textured room: 530 k of the 718 k pixels
// pass the depth test), at the viewport's size in a 1920×1080 window.
func BenchmarkRenderLevel_1064x675(b *testing.B) {
	benchmarkCorpus(b, "blitz3d/_release/samples/zenith/scare/models/level/level.ms3d", 1064, 675)
}
