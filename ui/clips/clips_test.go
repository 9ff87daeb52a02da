package clips_test

import (
	"path/filepath"
	"reflect"
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/model/clips"
	"ms3dstudio/ui/internal/edtest"
	"ms3dstudio/ui/internal/uitest"
)

// TestClipsPanel adds, selects, updates and deletes clips in the panel:
// each is one undoable edit, selecting sets the playback range, a clip
// outside the timeline is refused, and the clips survive save and reopen.
func TestClipsPanel(t *testing.T) {
	path := uitest.CopyCorpus(t, "lesson31_bcb6/Data/Model.ms3d") // 24 frames
	e, _, d := edtest.OpenEditor(t, path)
	p := e.Clips
	add := func(name, first, last string) error {
		p.Name.SetText(name)
		p.First.SetText(first)
		p.Last.SetText(last)
		return p.Add()
	}
	if err := add("bend", "1", "12"); err != nil {
		t.Fatal(err)
	}
	if err := add("back", "13", "24"); err != nil {
		t.Fatal(err)
	}
	if err := add("far", "20", "90"); err == nil {
		t.Fatal("a clip past the timeline was accepted")
	}
	want := []clips.Clip{{Name: "bend", First: 1, Last: 12}, {Name: "back", First: 13, Last: 24}}
	if !reflect.DeepEqual(p.Clips(), want) {
		t.Fatalf("clips %v", p.Clips())
	}
	p.Select(1)
	if in, out := e.Timeline.Player.Range(); in != 13 || out != 24 {
		t.Fatalf("playback range %v–%v, want 13–24", in, out)
	}
	p.Name.SetText("back2")
	if err := p.Update(); err != nil || p.Clips()[1].Name != "back2" {
		t.Fatalf("update: %v %v", err, p.Clips())
	}
	p.Select(0)
	if err := p.Delete(); err != nil || len(p.Clips()) != 1 {
		t.Fatalf("delete: %v %v", err, p.Clips())
	}
	d.Undo()
	if len(p.Clips()) != 2 {
		t.Fatalf("undo left %v", p.Clips())
	}
	out := filepath.Join(t.TempDir(), "clips.ms3d")
	if err := d.SaveAs(out); err != nil {
		t.Fatal(err)
	}
	back, err := document.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := clips.Read(back.Model())
	if !reflect.DeepEqual(got, []clips.Clip{{Name: "bend", First: 1, Last: 12}, {Name: "back2", First: 13, Last: 24}}) {
		t.Fatalf("reopened with %v", got)
	}
}
