package exportdialog_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/document/check"
	"ms3dstudio/document/exporter"
	"ms3dstudio/formats/md2"
	"ms3dstudio/formats/md3"
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
	"ms3dstudio/ui/exportdialog"
	"ms3dstudio/ui/internal/uitest"
)

// lesson31 is an animated corpus model small enough for every format (40
// vertices, 9 joints, 24 frames at 24 fps).
const lesson31 = "lesson31_bcb6/Data/Model.ms3d"

// fixture is a document in a test window, exported through the dialog.
type fixture struct {
	doc *document.Document
	w   fyne.Window
	// time is the timeline's time the dialog is given.
	time float32
}

// openWithClips opens lesson31 in a test window with the clips given
// ("walk 1-12" …).
func openWithClips(t *testing.T, list ...clips.Clip) *fixture {
	t.Helper()
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1200, 800))
	d, err := document.Open(uitest.CorpusPath(t, lesson31))
	if err != nil {
		t.Fatal(err)
	}
	if len(list) > 0 {
		if err := d.Do(document.SetClips(list)); err != nil {
			t.Fatal(err)
		}
	}
	return &fixture{doc: d, w: w}
}

// show opens the dialog as File ▸ Export… does.
func (f *fixture) show() *exportdialog.Dialog {
	return exportdialog.Show(exportdialog.Config{Window: f.w, Document: f.doc, Time: f.time})
}

// exportIn opens the dialog, lets set choose the options, exports into a
// new folder as "out" and returns the folder.
func (f *fixture) exportIn(t *testing.T, ext string, set func(d *exportdialog.Dialog)) string {
	t.Helper()
	dir := t.TempDir()
	d := f.show()
	d.SetFolder(dir)
	d.Name.SetText("out")
	if err := d.SetFormat(ext); err != nil {
		t.Fatal(err)
	}
	if set != nil {
		set(d)
	}
	test.Tap(d.ExportButton)
	if d.Error.Visible() {
		t.Fatalf("export refused: %s", d.Error.Text)
	}
	if !strings.Contains(uitest.OverlayText(f.w), "Wrote") {
		t.Fatalf("no report after the export; shown:\n%s", uitest.OverlayText(f.w))
	}
	return dir
}

// sameAsExport fails unless the files in dir are exactly what
// exporter.Write writes with opt: the dialog passed those options.
func (f *fixture) sameAsExport(t *testing.T, dir, ext string, opt exporter.Options) {
	t.Helper()
	want := t.TempDir()
	doc := f.doc
	files, _, err := exporter.Write(doc.Model(), filepath.Join(want, "out"+ext), doc.TextureResolver(), opt)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadDir(dir)
	if len(got) != len(files) {
		t.Errorf("the dialog wrote %d files, exporter.Write with %+v %d", len(got), opt, len(files))
	}
	for _, f := range files {
		a, err := os.ReadFile(filepath.Join(dir, filepath.Base(f)))
		if err != nil {
			t.Errorf("%s not written: %v", filepath.Base(f), err)
			continue
		}
		if b, _ := os.ReadFile(f); !bytes.Equal(a, b) {
			t.Errorf("%s differs from exporter.Write's with %+v", filepath.Base(f), opt)
		}
	}
}

func names(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

func target(t *testing.T, name string) check.Target {
	t.Helper()
	tg, err := check.ParseTarget(name)
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

var twoClips = []clips.Clip{{Name: "walk", First: 1, Last: 12}, {Name: "run", First: 13, Last: 24}}

// TestExportSMDGoldSrcOneClip: the engine and one clip chosen in the
// dialog give a GoldSrc QC ($body) with the one sequence, and the
// reference and that clip's SMD.
func TestExportSMDGoldSrcOneClip(t *testing.T) {
	f := openWithClips(t, twoClips...)
	dir := f.exportIn(t, ".smd", func(d *exportdialog.Dialog) {
		d.Profile.SetSelected("GoldSrc (Half-Life)")
		d.Animations.SetSelected("Clip: run")
	})
	if got := names(t, dir); len(got) != 3 || !slices.Contains(got, "out.qc") || !slices.Contains(got, "out.smd") {
		t.Fatalf("wrote %v, want the reference, the run SMD and the QC", got)
	}
	qc, _ := os.ReadFile(filepath.Join(dir, "out.qc"))
	if !strings.Contains(string(qc), "$body") || !strings.Contains(string(qc), `"run"`) || strings.Contains(string(qc), `"walk"`) {
		t.Errorf("QC is not GoldSrc's with the run sequence alone:\n%s", qc)
	}
	f.sameAsExport(t, dir, ".smd", exporter.Options{SMDProfile: target(t, "goldsrc").Engine, Clip: "run"})
}

// TestExportSMDSourceEveryClip: the defaults write a Source QC ($model)
// with a sequence for every clip.
func TestExportSMDSourceEveryClip(t *testing.T) {
	f := openWithClips(t, twoClips...)
	dir := f.exportIn(t, ".smd", nil)
	qc, _ := os.ReadFile(filepath.Join(dir, "out.qc"))
	if !strings.Contains(string(qc), "$model") || !strings.Contains(string(qc), `"run"`) || !strings.Contains(string(qc), `"walk"`) {
		t.Errorf("QC is not Source's with both sequences:\n%s", qc)
	}
	if n := len(names(t, dir)); n != 4 {
		t.Errorf("wrote %v, want the reference, two clips and the QC", names(t, dir))
	}
}

// TestExportB3DClipAndFPS: the clip and the frame rate chosen are the
// B3D's frames and the rate its ANIM chunk gives, read back.
func TestExportB3DClipAndFPS(t *testing.T) {
	f := openWithClips(t, twoClips...)
	dir := f.exportIn(t, ".b3d", func(d *exportdialog.Dialog) {
		d.Clip.SetSelected("Clip: walk")
		d.FPS.SetText("12")
	})
	back, err := document.Open(filepath.Join(dir, "out.b3d"))
	if err != nil {
		t.Fatal(err)
	}
	if m := back.Model(); m.FPS != 12 || m.TotalFrames != 12 {
		t.Errorf("B3D read back at %g fps with %d frames, want the walk clip's 12 frames at 12 fps", m.FPS, m.TotalFrames)
	}
	f.sameAsExport(t, dir, ".b3d", exporter.Options{Clip: "walk", FPS: 12})
}

// TestExportMD2SkinSizeClipFPS: the skin size, clip and frame rate typed
// are the MD2's header size, frame names and frame count.
func TestExportMD2SkinSizeClipFPS(t *testing.T) {
	f := openWithClips(t, twoClips...)
	dir := f.exportIn(t, ".md2", func(d *exportdialog.Dialog) {
		d.Clip.SetSelected("Clip: run")
		d.FPS.SetText("10")
		d.SkinWidth.SetText("128")
		d.SkinHeight.SetText("64")
	})
	file, _, err := md2.ReadFile(filepath.Join(dir, "out.md2"))
	if err != nil {
		t.Fatal(err)
	}
	if file.SkinWidth != 128 || file.SkinHeight != 64 {
		t.Errorf("skin %d×%d, want 128×64", file.SkinWidth, file.SkinHeight)
	}
	// The run clip is frames 13–24 at 24 fps: half a second, five frames
	// at 10 a second.
	if len(file.Frames) >= 12 || len(file.Frames) < 4 {
		t.Errorf("%d frames, want the run clip's half second sampled 10 times a second", len(file.Frames))
	}
	for _, fr := range file.Frames {
		if !strings.HasPrefix(fr.Name, "run") {
			t.Errorf("frame %q is not of the run clip", fr.Name)
		}
	}
	f.sameAsExport(t, dir, ".md2", exporter.Options{Clip: "run", FPS: 10, SkinWidth: 128, SkinHeight: 64})
}

// TestExportMD3WritesAnimationConfig: clips named for Quake 3's player
// animations give an animation.cfg beside the MD3, and the report lists
// it.
func TestExportMD3WritesAnimationConfig(t *testing.T) {
	f := openWithClips(t, clips.Clip{Name: "BOTH_DEATH1", First: 1, Last: 12}, clips.Clip{Name: "BOTH_DEAD1", First: 13, Last: 24})
	dir := f.exportIn(t, ".md3", nil)
	cfg, err := os.ReadFile(filepath.Join(dir, md3.ConfigName))
	if err != nil {
		t.Fatalf("no animation.cfg: %v (wrote %v)", err, names(t, dir))
	}
	if !strings.Contains(string(cfg), "BOTH_DEATH1") {
		t.Errorf("animation.cfg names no clip:\n%s", cfg)
	}
	if !strings.Contains(uitest.OverlayText(f.w), md3.ConfigName) {
		t.Errorf("the report does not list %s:\n%s", md3.ConfigName, uitest.OverlayText(f.w))
	}
}

// TestExportOBJPose: an OBJ holds the frame the timeline shows, or the
// rest pose when that is chosen.
func TestExportOBJPose(t *testing.T) {
	f := openWithClips(t)
	f.time = 12.0 / 24
	now := f.time
	posed := f.exportIn(t, ".obj", nil)
	rest := f.exportIn(t, ".obj", func(d *exportdialog.Dialog) { d.Pose.SetSelected("The rest pose") })
	a, _ := os.ReadFile(filepath.Join(posed, "out.obj"))
	b, _ := os.ReadFile(filepath.Join(rest, "out.obj"))
	if bytes.Equal(a, b) {
		t.Fatal("the pose at frame 12 and the rest pose wrote the same OBJ")
	}
	f.sameAsExport(t, posed, ".obj", exporter.Options{Time: now})
	f.sameAsExport(t, rest, ".obj", exporter.Options{Time: now, Rest: true})
}

// TestExportReportShowsEveryFinding: the report lists each finding's
// message whole, not a count and the first one.
func TestExportReportShowsEveryFinding(t *testing.T) {
	f := openWithClips(t, twoClips...)
	doc := f.doc
	_, want, err := exporter.Write(doc.Model(), filepath.Join(t.TempDir(), "x.md2"), doc.TextureResolver(), exporter.Options{})
	if err != nil || len(want) < 2 {
		t.Fatalf("want an MD2 export with several findings to check against, got %d (%v)", len(want), err)
	}
	f.exportIn(t, ".md2", nil)
	shown := uitest.OverlayText(f.w)
	for _, f := range want {
		if !strings.Contains(shown, f.Message) {
			t.Errorf("the report leaves out %q; it shows:\n%s", f.Message, shown)
		}
	}
}

// TestExportNameAndFormatAgree: typing a known extension chooses its
// format, and choosing a format gives the name its extension.
func TestExportNameAndFormatAgree(t *testing.T) {
	f := openWithClips(t)
	d := f.show()
	d.Name.SetText("hero.md3")
	if d.Format.Selected != "Quake 3 MD3" {
		t.Errorf("typing hero.md3 chose %q", d.Format.Selected)
	}
	if uitest.Find(f.w.Canvas().Overlays().Top(), func(s *widget.Select) bool { return s == d.Clip }) == nil {
		t.Error("the MD3 options show no clip choice")
	}
	d.Format.SetSelected("Wavefront OBJ (.obj + .mtl)")
	if d.Name.Text != "hero.obj" {
		t.Errorf("choosing OBJ named the file %q, want hero.obj", d.Name.Text)
	}
}

// TestExportRefusesBadOptionsAndAsksBeforeReplacing: a frame rate that is
// not a number is said in the dialog and nothing is written; an existing
// file is replaced only when the user agrees.
func TestExportRefusesBadOptionsAndAsksBeforeReplacing(t *testing.T) {
	f := openWithClips(t)
	dir := t.TempDir()
	d := f.show()
	d.SetFolder(dir)
	d.Name.SetText("out.b3d")
	d.FPS.SetText("fast")
	test.Tap(d.ExportButton)
	if !d.Error.Visible() || !strings.Contains(d.Error.Text, "frame rate") {
		t.Errorf("bad frame rate: error %q (shown %v)", d.Error.Text, d.Error.Visible())
	}
	if n := len(names(t, dir)); n != 0 {
		t.Fatalf("wrote %d files with a bad frame rate", n)
	}
	out := filepath.Join(dir, "out.b3d")
	os.WriteFile(out, []byte("BB3Dkeep"), 0o644) // a B3D file: one the export may replace
	d.FPS.SetText("")
	test.Tap(d.ExportButton)
	test.Tap(uitest.OverlayButton(t, f.w, "No"))
	if data, _ := os.ReadFile(out); string(data) != "BB3Dkeep" {
		t.Fatal("replaced the file though the user said No")
	}
	test.Tap(d.ExportButton)
	test.Tap(uitest.OverlayButton(t, f.w, "Yes"))
	if data, _ := os.ReadFile(out); string(data) == "BB3Dkeep" {
		t.Fatal("Yes did not replace the file")
	}
}

// TestExportAsksBeforeReplacingEveryFile: an export that would replace
// files other than the one named — an SMD's clip file, an OBJ's material
// library — asks first, naming them, and No leaves them as they were.
func TestExportAsksBeforeReplacingEveryFile(t *testing.T) {
	for _, c := range []struct{ name, other string }{{"out.smd", "out_walk.smd"}, {"out.obj", "out.mtl"}} {
		f := openWithClips(t, twoClips...)
		dir := t.TempDir()
		other := filepath.Join(dir, c.other)
		os.WriteFile(other, []byte("keep"), 0o644)
		d := f.show()
		d.SetFolder(dir)
		d.Name.SetText(c.name)
		test.Tap(d.ExportButton)
		if shown := uitest.OverlayText(f.w); !strings.Contains(shown, c.other) || !strings.Contains(shown, "Replace") {
			t.Fatalf("%s: the export did not ask before replacing %s; shown:\n%s", c.name, c.other, shown)
		}
		test.Tap(uitest.OverlayButton(t, f.w, "No"))
		if data, _ := os.ReadFile(other); string(data) != "keep" {
			t.Errorf("%s: replaced %s though the user said No", c.name, c.other)
		}
		if got := names(t, dir); len(got) != 1 {
			t.Errorf("%s: after No the folder holds %v", c.name, got)
		}
		test.Tap(d.ExportButton)
		test.Tap(uitest.OverlayButton(t, f.w, "Yes"))
		if data, _ := os.ReadFile(other); string(data) == "keep" {
			t.Errorf("%s: Yes did not replace %s", c.name, c.other)
		}
	}
}

// TestExportRefusesAnotherProgramsFile: a file of the name that is not
// the format's (notes saved as notes.md2) is refused in the dialog before
// anything is asked or written.
func TestExportRefusesAnotherProgramsFile(t *testing.T) {
	f := openWithClips(t)
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.md2")
	os.WriteFile(notes, []byte("my notes"), 0o644)
	d := f.show()
	d.SetFolder(dir)
	d.Name.SetText("notes.md2")
	test.Tap(d.ExportButton)
	if !d.Error.Visible() || !strings.Contains(d.Error.Text, "not an MD2 file") {
		t.Errorf("error %q (shown %v), want that notes.md2 is not an MD2 file", d.Error.Text, d.Error.Visible())
	}
	if strings.Contains(uitest.OverlayText(f.w), "Replace") {
		t.Error("the dialog asks to replace a file it will not replace")
	}
	if got, _ := os.ReadFile(notes); string(got) != "my notes" {
		t.Errorf("the notes now hold %q", got)
	}
}

// TestExportMS3DSplit: a model one MS3D file cannot hold is refused with
// the reason in the dialog, and written as several files when Split is
// ticked.
func TestExportMS3DSplit(t *testing.T) {
	f := openWithClips(t)
	f.doc = document.New(uitest.GroupsScene(25000), "", nil) // 75,000 vertices
	dir := t.TempDir()
	d := f.show()
	d.SetFolder(dir)
	d.Name.SetText("big.ms3d")
	if !strings.Contains(d.Note.Text, "cannot hold") {
		t.Errorf("the MS3D note does not say the model is too large: %q", d.Note.Text)
	}
	test.Tap(d.ExportButton)
	if !d.Error.Visible() || !strings.Contains(d.Error.Text, "75000 vertices") || !strings.Contains(d.Error.Text, "Split") {
		t.Errorf("unsplit export of 75,000 vertices: error %q", d.Error.Text)
	}
	d.Split.SetChecked(true)
	test.Tap(d.ExportButton)
	if got := names(t, dir); !slices.Equal(got, []string{"big-1.ms3d", "big-2.ms3d"}) {
		t.Fatalf("split wrote %v", got)
	}
	for _, n := range names(t, dir) {
		if _, err := document.Open(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
	if shown := uitest.OverlayText(f.w); !strings.Contains(shown, "["+string(model.CodeFitSplit)+"]") {
		t.Errorf("the report does not say the model was split:\n%s", shown)
	}
}
