package smd_test

import (
	"path/filepath"
	"slices"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/smd"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model/animedit"
	"ms3dstudio/model/clips"
)

// TestSMDExportComesBackAsItWent: a model at 25 fps with clips, exported to
// SMD with one file per clip, imports again (ImportFile) at 25 fps (it came back at 30:
// SMD files hold no frame rate, the QC beside them does) with its clips by
// their names, and a second model exported into the same folder writes
// over none of the first one's files (both wrote anim.smd).
func TestSMDExportComesBackAsItWent(t *testing.T) {
	m, _, err := ms3d.ReadFile(corpus.File(t, "nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d").Path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := animedit.SetFPS(m, 25, animedit.KeepFrames); err != nil {
		t.Fatal(err)
	}
	if err := clips.Write(m, []clips.Clip{{Name: "wave", First: 1, Last: 12}, {Name: "rest", First: 13, Last: 24}}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files, _, err := smd.Export(dir, m, smd.ExportOptions{Name: "cross", AllClips: true})
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := smd.ImportFile(filepath.Join(dir, "cross.smd"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if back.FPS != 25 {
		t.Errorf("imported again at %g fps, want 25", back.FPS)
	}
	got, _ := clips.Read(back)
	if len(got) != 2 || got[0].Name != "wave" || got[1].Name != "rest" || got[1].Frames() != 12 {
		t.Errorf("clips %v, want wave 1-12 and rest 13-24", got)
	}
	other, _, err := smd.Export(dir, m, smd.ExportOptions{Name: "other", AllClips: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range other {
		if slices.Contains(files, f) {
			t.Errorf("the second export wrote over %s", f)
		}
	}
}
