package texpath

import (
	"io/fs"
	"path/filepath"
	"runtime"
	"testing"
	"testing/fstest"

	"ms3dstudio/internal/testtree"
	"ms3dstudio/model"
)

func TestOSPathConversion(t *testing.T) {
	tests := []struct {
		windows      bool
		os, fs, back string // back: what toOS gives, when not os
	}{
		{false, "/", ".", ""},
		{false, "/home/a/m.ms3d", "home/a/m.ms3d", ""},
		{false, "/work packs/x", "work packs/x", ""},
		{true, `C:\`, "C:", ""},
		{true, `C:\Models\m.ms3d`, "C:/Models/m.ms3d", ""},
		{true, `d:\a b\c`, "D:/a b/c", ""},
		{true, `\\server\share\tex\a.png`, "UNC/server/share/tex/a.png", ""},
		{true, `\\server\share`, "UNC/server/share", `\\server\share\`},
	}
	for _, tc := range tests {
		f := osFS{windows: tc.windows}
		got, ok := f.fromOS(tc.os)
		if !ok || got != tc.fs {
			t.Errorf("windows=%v fromOS(%q) = %q, %v; want %q", tc.windows, tc.os, got, ok, tc.fs)
			continue
		}
		back, ok := f.toOS(got)
		want := tc.os
		if tc.back != "" {
			want = tc.back
		}
		if tc.windows && want[1] == ':' {
			want = string(want[0]&^0x20) + want[1:] // the drive letter comes back upper-case
		}
		if !ok || back != want {
			t.Errorf("windows=%v toOS(%q) = %q, %v; want %q", tc.windows, got, back, ok, want)
		}
	}
	for _, tc := range []struct {
		windows bool
		fs      string
	}{
		{true, "."},          // Windows has no single root
		{true, "Models/a"},   // no volume
		{true, `C:/a\b`},     // a backslash would be a separator
		{true, "C:/a:b"},     // a colon would name a stream
		{true, "UNC/server"}, // a share needs a name
		{false, "/abs"},      // not a valid io/fs path
		{false, "a/../b"},
	} {
		if p, ok := (osFS{windows: tc.windows}).toOS(tc.fs); ok {
			t.Errorf("windows=%v toOS(%q) = %q, want refusal", tc.windows, tc.fs, p)
		}
	}
	for _, tc := range []struct {
		windows bool
		os      string
	}{
		{false, "relative/path"},
		{true, `relative\path`},
		{true, `\\?\C:\x`},
	} {
		if p, ok := (osFS{windows: tc.windows}).fromOS(tc.os); ok {
			t.Errorf("windows=%v fromOS(%q) = %q, want refusal", tc.windows, tc.os, p)
		}
	}
}

func TestWindowsRoots(t *testing.T) {
	f := osFS{windows: true}
	roots := f.roots("D:/Models/car")
	for drive, want := range map[string]string{"": "D:", "c:": "C:", "E:": "E:", "//srv/share": "UNC/srv/share"} {
		if got, ok := roots(drive); !ok || got != want {
			t.Errorf("roots(%q) = %q, %v; want %q", drive, got, ok, want)
		}
	}
	if got, _ := f.roots("UNC/srv/share/models")(""); got != "UNC/srv/share" {
		t.Errorf("UNC model: roots(\"\") = %q, want UNC/srv/share", got)
	}
}

func TestNewOS(t *testing.T) {
	dir := t.TempDir()
	testtree.Write(t, dir, "models/car/car.ms3d", "models/car/Tex/Wood.BMP", "models/car/jeep1.jpg", "shared/extra.png")
	r, err := NewOS(filepath.Join(dir, "models", "car", "car.ms3d"), filepath.Join(dir, "shared"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		tex  string
		rule string
		file string
	}{
		{`.\jeep1.jpg`, RuleExact, "models/car/jeep1.jpg"},
		{`tex\wood.bmp`, RuleCaseInsensitive, "models/car/Tex/Wood.BMP"},
		{"extra.png", RuleSearchFolder, "shared/extra.png"},
	}
	for _, tc := range tests {
		res := r.Resolve(model.Str(tc.tex))
		want := filepath.Join(dir, filepath.FromSlash(tc.file))
		if !res.Found || res.Rule != tc.rule || res.OSPath != want {
			t.Errorf("Resolve(%q) = %+v, want rule %q at %q", tc.tex, res, tc.rule, want)
			continue
		}
		data, err := fs.ReadFile(r.FS, res.Path)
		if err != nil || string(data) != tc.file {
			t.Errorf("reading %q through the FS: %q, %v", res.Path, data, err)
		}
	}
	if runtime.GOOS != "windows" {
		// An absolute texture path names the real root.
		abs := filepath.Join(dir, "shared", "extra.png")
		if res := r.Resolve(model.Str(abs)); !res.Found || res.Rule != RuleExact || res.OSPath != abs {
			t.Errorf("Resolve(%q) = %+v, want exact", abs, res)
		}
	}
	if fixed, ok := r.Portable(model.Str(`tex\wood.bmp`)); ok || fixed != "Tex/Wood.BMP" {
		t.Errorf("Portable = %q, %v", fixed, ok)
	}
}

// TestOSFS runs the io/fs conformance checks on a folder of the real file
// system seen through osFS.
func TestOSFS(t *testing.T) {
	dir := t.TempDir()
	testtree.Write(t, dir, "a.png", "sub/b.jpg", "sub/deeper/c.bmp")
	f := osFS{windows: runtime.GOOS == "windows"}
	name, ok := f.fromOS(dir)
	if !ok {
		t.Fatalf("fromOS(%q) refused", dir)
	}
	sub, err := fs.Sub(f, name)
	if err != nil {
		t.Fatal(err)
	}
	if err := fstest.TestFS(sub, "a.png", "sub/b.jpg", "sub/deeper/c.bmp"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Open("/abs"); err == nil {
		t.Error("Open accepted an invalid path")
	}
}
