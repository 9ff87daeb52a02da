package texpath_test

import (
	"os"
	"path/filepath"
	"testing"

	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// TestExportPath names a texture from an export in another folder: the file
// found, relative to the export's folder, or the stored path made portable
// when it is not found.
func TestExportPath(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "models", "tex"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "models", "tex", "Skin.png"), []byte("png"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := texpath.NewOS(filepath.Join(dir, "models", "guy.ms3d"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		raw, outDir, want string
		found             bool
	}{
		{`tex\skin.png`, filepath.Join(dir, "models"), "tex/Skin.png", true},
		{`tex\skin.png`, filepath.Join(dir, "export"), "../models/tex/Skin.png", true},
		{`C:\art\tex\Skin.png`, filepath.Join(dir, "models"), "tex/Skin.png", true},
		{`tex\gone.png`, filepath.Join(dir, "models"), "tex/gone.png", false},
	}
	for _, tt := range tests {
		got, found := texpath.ExportPath(res, model.Str(tt.raw), tt.outDir)
		if got != tt.want || found != tt.found {
			t.Errorf("ExportPath(%q, %s) = %q, %v; want %q, %v", tt.raw, tt.outDir, got, found, tt.want, tt.found)
		}
	}
	if got, found := texpath.ExportPath(nil, model.Str(`a\b.bmp`), dir); got != "a/b.bmp" || found {
		t.Errorf("without a resolver: %q, %v; want a/b.bmp, false", got, found)
	}
}

// TestExportResolver: an exporter's own resolver wins, a model folder gets
// one on the real file system, and neither gets none.
func TestExportResolver(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "skin.png"), []byte("png"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := texpath.ExportResolver(nil, dir)
	if err != nil {
		t.Fatal(err)
	}
	if got, found := texpath.ExportPath(res, model.Str("skin.png"), dir); got != "skin.png" || !found {
		t.Errorf("from the model folder: %q, %v; want skin.png, true", got, found)
	}
	if again, err := texpath.ExportResolver(res, t.TempDir()); again != res || err != nil {
		t.Errorf("with a resolver given: %p, %v; want that resolver %p", again, err, res)
	}
	if none, err := texpath.ExportResolver(nil, ""); none != nil || err != nil {
		t.Errorf("without a folder: %v, %v; want nil, nil", none, err)
	}
}
