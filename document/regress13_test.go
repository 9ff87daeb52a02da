package document

import (
	"bytes"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
	"ms3dstudio/model/sample"
)

// writeSkin writes the sample's texture into dir, broken (not an image)
// or as the real PNG.
func writeSkin(t *testing.T, dir string, broken bool) {
	t.Helper()
	var buf bytes.Buffer
	if broken {
		buf.WriteString("this is not a PNG")
	} else if err := png.Encode(&buf, sample.Texture()); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, sample.TextureName), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestTextureDecodeFindingsOnOpen is the regression test for texture-decode
// findings missing from Problems and the status bar right after opening
// (they arrived only once the viewport had decoded the images, and one edit
// behind after a texture edit).
func TestTextureDecodeFindingsOnOpen(t *testing.T) {
	dir := t.TempDir()
	writeSkin(t, dir, true)
	d, err := Open(writeFixture(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	if !model.HasCode(d.Findings(), model.CodeTextureUnreadable) {
		t.Fatalf("no %s right after opening: %v", model.CodeTextureUnreadable, d.Findings())
	}
	writeSkin(t, dir, false)
	if err := d.Do(SetTexture(0, "./"+sample.TextureName)); err != nil {
		t.Fatal(err)
	}
	if model.HasCode(d.Findings(), model.CodeTextureUnreadable) {
		t.Errorf("texture edit: the old decode finding is still there: %v", d.Findings())
	}
}

// TestSaveAsOtherFolderRedecodesTextures is the regression test for the
// textures decoded from the old folder staying after Save As into another
// folder: the images are those the paths name from the new folder. A file
// of the same name there that is another picture does not take the
// texture's place: the path is rewritten to the picture the model showed.
func TestSaveAsOtherFolderRedecodesTextures(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	writeSkin(t, dir, false)
	d, err := Open(writeFixture(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	if img := d.Textures().Images[0]; img == nil {
		t.Fatal("the texture did not decode")
	}
	writeSkin(t, other, true) // another file of that name, unreadable
	if err := d.SaveAs(filepath.Join(other, "Moved.ms3d")); err != nil {
		t.Fatal(err)
	}
	if d.Textures().Images[0] == nil || model.HasCode(d.Findings(), model.CodeTextureUnreadable) || len(d.Rebased()) != 1 {
		t.Errorf("after Save As: image %v, findings %v, rebased %v", d.Textures().Images[0] != nil, d.Findings(), d.Rebased())
	}
	// Undoing the rewrite makes the path name the broken file beside the
	// new place, and the images follow the path.
	d.Undo()
	if d.Textures().Images[0] != nil || !model.HasCode(d.Findings(), model.CodeTextureUnreadable) {
		t.Errorf("after undoing the rewrite: image %v, findings %v", d.Textures().Images[0] != nil, d.Findings())
	}
}

// TestSaveEncodeErrorKeepsDocumentAndFile checks that a model the encoder
// refuses (here a name longer than its field, put in past the commands)
// leaves the file on disk, the backup, the undo history and the modified
// state as they were: nothing is written before the bytes exist.
func TestSaveEncodeErrorKeepsDocumentAndFile(t *testing.T) {
	path := writeFixture(t, t.TempDir())
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Do(RenameGroup(0, "edited")); err != nil {
		t.Fatal(err)
	}
	d.Model().Comments.SubVersion = 2 // no encoder writes it
	err = d.Save()
	var le *ms3d.LimitError
	if !errors.As(err, &le) {
		t.Fatalf("Save: %v, want an *ms3d.LimitError", err)
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Error("the file changed")
	}
	if _, err := os.Stat(path + ".bak"); err == nil {
		t.Error("a backup was made although nothing was saved")
	}
	if !d.Modified() || !d.CanUndo() || d.Path() != path {
		t.Errorf("document state changed: modified %v, can undo %v, path %q", d.Modified(), d.CanUndo(), d.Path())
	}
}
