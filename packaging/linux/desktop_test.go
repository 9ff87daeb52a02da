// Package linux holds the freedesktop files that scripts/package-linux.sh
// puts into the Linux archive (the model types for shared-mime-info and
// the thumbnailer entry), and the tests that install the archive and use
// them as a desktop does.
package linux

import (
	"bufio"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"ms3dstudio/document"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/testenv"
)

const appID = "io.github.ms3dstudio"

// requireEnv, set to 1 (or CI set), makes a missing desktop tool fail the
// tests instead of skipping them.
const requireEnv = "MS3D_REQUIRE_DESKTOP"

// mimeInfo is the part of a shared-mime-info file the tests read.
type mimeInfo struct {
	Types []struct {
		Type  string `xml:"type,attr"`
		Globs []struct {
			Pattern string `xml:"pattern,attr"`
		} `xml:"glob"`
		Magic []struct {
			Matches []struct {
				Value string `xml:"value,attr"`
			} `xml:"match"`
		} `xml:"magic"`
	} `xml:"mime-type"`
}

func readMimeInfo(t *testing.T, path string) mimeInfo {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var mi mimeInfo
	if err := xml.Unmarshal(data, &mi); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return mi
}

// desktopEntry reads the keys of a .desktop-style file's group.
func desktopEntry(t *testing.T, path, group string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	keys := map[string]string{}
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "["):
			in = line == "["+group+"]"
		case in && strings.Contains(line, "="):
			k, v, _ := strings.Cut(line, "=")
			keys[k] = v
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return keys
}

func typeList(s string) []string {
	var out []string
	for _, t := range strings.Split(s, ";") {
		if t != "" {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}

// expected names the type of each model format the app opens or will
// open, by extension, and the signature of those that have one.
var expected = map[string]struct{ mime, magic string }{
	".ms3d": {"model/x-ms3d", "MS3D000000"},
	".3ds":  {"image/x-3ds", ""},
	".smd":  {"model/x-smd", "version 1"},
	".gltf": {"model/gltf+json", ""},
	".glb":  {"model/gltf-binary", "glTF"},
	".obj":  {"model/obj", ""},
	".b3d":  {"model/x-b3d", "BB3D"},
	".md2":  {"model/x-md2", "IDP2"},
	".md3":  {"model/x-md3", "IDP3"},
}

// TestTypesAgree: the shared-mime-info file gives every format its type,
// glob and signature; the thumbnailer entry and the app's desktop file
// (FyneApp.toml's [CanOpen], which fyne package writes into it) list
// exactly those types; every extension document.Open reads is among them.
func TestTypesAgree(t *testing.T) {
	mi := readMimeInfo(t, appID+".xml")
	var types []string
	byGlob := map[string]string{}
	for _, mt := range mi.Types {
		types = append(types, mt.Type)
		for _, g := range mt.Globs {
			byGlob[g.Pattern] = mt.Type
		}
		for ext, want := range expected {
			if want.mime != mt.Type || want.magic == "" {
				continue
			}
			found := false
			for _, m := range mt.Magic {
				for _, match := range m.Matches {
					found = found || match.Value == want.magic
				}
			}
			if !found {
				t.Errorf("%s (%s): no magic %q", mt.Type, ext, want.magic)
			}
		}
	}
	slices.Sort(types)
	for ext, want := range expected {
		if got := byGlob["*"+ext]; got != want.mime {
			t.Errorf("glob *%s gives %q, want %s", ext, got, want.mime)
		}
	}
	for _, ext := range document.Formats {
		if _, ok := expected[ext]; !ok {
			t.Errorf("document.Open reads %s files, which have no type here", ext)
		}
	}
	thumb := desktopEntry(t, appID+".thumbnailer", "Thumbnailer Entry")
	if got := typeList(thumb["MimeType"]); !slices.Equal(got, types) {
		t.Errorf("the thumbnailer's MimeType lists %v, the types are %v", got, types)
	}
	if !strings.Contains(thumb["Exec"], "%i") || !strings.Contains(thumb["Exec"], "%o") || !strings.Contains(thumb["Exec"], "%s") || thumb["TryExec"] == "" {
		t.Errorf("thumbnailer entry %v: want TryExec and an Exec with %%s, %%i and %%o", thumb)
	}
	toml, err := os.ReadFile("../../FyneApp.toml")
	if err != nil {
		t.Fatal(err)
	}
	var canOpen string
	for _, line := range strings.Split(string(toml), "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok && strings.TrimSpace(k) == "MimeTypes" {
			canOpen, _ = strconv.Unquote(strings.TrimSpace(v))
		}
	}
	if got := typeList(canOpen); !slices.Equal(got, types) {
		t.Errorf("FyneApp.toml's [CanOpen] MimeTypes lists %v, the types are %v", got, types)
	}
}

// need returns the path of each program, or skips the test (fails it in
// CI or with MS3D_REQUIRE_DESKTOP=1) when one is missing.
func need(t *testing.T, programs ...string) {
	t.Helper()
	for _, p := range programs {
		if _, err := exec.LookPath(p); err != nil {
			testenv.Missing(t, requireEnv, "%s is not installed (Debian: bubblewrap, shared-mime-info, xdg-utils, libglib2.0-bin, desktop-file-utils)", p)
		}
	}
}

// installed is the archive installed into a temporary prefix.
type installed struct {
	prefix string
	// env is the environment a desktop session would have with the
	// prefix in its data folders (and no user data of its own).
	env []string
}

// install builds the archive with scripts/package-linux.sh (with an app
// binary built here, as the app's tests build it) and runs its make
// install into a temporary prefix.
func install(t *testing.T) *installed {
	t.Helper()
	need(t, "make", "tar", "xz", "update-mime-database", "update-desktop-database", "xdg-mime", "gio", "desktop-file-validate")
	tmp := t.TempDir()
	app := filepath.Join(tmp, "ms3dstudio")
	build := exec.Command("go", "build", "-o", app, "./app")
	build.Dir = "../.."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the app: %v\n%s", err, out)
	}
	dist := filepath.Join(tmp, "dist")
	pkg := exec.Command("bash", "scripts/package-linux.sh", "1", dist)
	pkg.Dir = "../.."
	pkg.Env = append(os.Environ(), "MS3D_APP_BIN="+app)
	if out, err := pkg.CombinedOutput(); err != nil {
		t.Fatalf("scripts/package-linux.sh: %v\n%s", err, out)
	}
	unpacked := filepath.Join(tmp, "unpacked")
	if err := os.Mkdir(unpacked, 0o755); err != nil {
		t.Fatal(err)
	}
	run(t, "", nil, "tar", "-C", unpacked, "-xJf", filepath.Join(dist, "MS3D_Studio.tar.xz"))
	prefix := filepath.Join(tmp, "prefix")
	run(t, filepath.Join(unpacked, "ms3dstudio"), nil, "make", "install", "PREFIX="+prefix)
	home := filepath.Join(tmp, "home")
	env := append(os.Environ(),
		"XDG_DATA_DIRS="+filepath.Join(prefix, "share")+":/usr/share",
		"XDG_DATA_HOME="+filepath.Join(home, ".local/share"),
		"HOME="+home,
		// xdg-mime asks GLib (gio info), which reads the shared-mime-info
		// database, only in a GNOME session; elsewhere it asks file(1).
		"XDG_CURRENT_DESKTOP=GNOME")
	return &installed{prefix: prefix, env: env}
}

func run(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// TestInstalledDesktop installs the archive into a temporary prefix and
// uses it as a desktop would: the files are in place and the desktop file
// is valid; xdg-mime names our types for the corpus models (by name, and
// by signature for copies without an extension); and the thumbnailer
// draws them inside the sandbox GNOME runs thumbnailers in.
func TestInstalledDesktop(t *testing.T) {
	in := install(t)
	share := filepath.Join(in.prefix, "share")
	for _, f := range []string{"bin/ms3dstudio", "bin/ms3dtool", "share/applications/" + appID + ".desktop",
		"share/mime/packages/" + appID + ".xml", "share/thumbnailers/" + appID + ".thumbnailer", "share/mime/mime.cache"} {
		if _, err := os.Stat(filepath.Join(in.prefix, f)); err != nil {
			t.Errorf("make install: %v", err)
		}
	}
	desktop := filepath.Join(share, "applications", appID+".desktop")
	run(t, "", nil, "desktop-file-validate", desktop)
	mi := readMimeInfo(t, appID+".xml")
	var types []string
	for _, mt := range mi.Types {
		types = append(types, mt.Type)
	}
	slices.Sort(types)
	if got := typeList(desktopEntry(t, desktop, "Desktop Entry")["MimeType"]); !slices.Equal(got, types) {
		t.Errorf("the installed desktop file's MimeType lists %v, want %v", got, types)
	}

	t.Run("xdg-mime", func(t *testing.T) { testFileTypes(t, in) })
	t.Run("bwrap", func(t *testing.T) { testSandboxedThumbnailer(t, in) })
}

// models returns one corpus file per model extension we type, a made-up
// SMD reference (the corpus has none), and copies without an extension of
// those whose signature tells them.
func models(t *testing.T) (files map[string]string) {
	files = map[string]string{}
	dir := corpus.Dir(t)
	for _, rel := range corpus.Files(t, func(p string) bool { _, ok := expected[strings.ToLower(filepath.Ext(p))]; return ok }) {
		ext := strings.ToLower(filepath.Ext(rel))
		if _, ok := files[ext]; !ok {
			files[ext] = filepath.Join(dir, rel)
		}
	}
	smd := filepath.Join(t.TempDir(), "ref.smd")
	data := "version 1\nnodes\n0 \"root\" -1\nend\nskeleton\ntime 0\n0 0 0 0 0 0 0\nend\ntriangles\nskin.bmp\n0 0 0 0 0 0 1 0 0\n0 1 0 0 0 0 1 1 0\n0 0 1 0 0 0 1 0 1\nend\n"
	if err := os.WriteFile(smd, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	files[".smd"] = smd
	for ext := range expected {
		if _, ok := files[ext]; !ok {
			t.Errorf("the corpus has no %s file", ext)
		}
	}
	return files
}

func testFileTypes(t *testing.T, in *installed) {
	files := models(t)
	query := func(path string) string {
		out := run(t, "", in.env, "xdg-mime", "query", "filetype", path)
		return strings.TrimSpace(out)
	}
	bare := t.TempDir()
	for ext, path := range files {
		want := expected[ext].mime
		if got := query(path); got != want {
			t.Errorf("xdg-mime query filetype %s: %q, want %s", path, got, want)
		}
		if expected[ext].magic == "" {
			continue
		}
		// Without its extension the file is known by its signature.
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		copyPath := filepath.Join(bare, "model-"+strings.TrimPrefix(ext, "."))
		if err := os.WriteFile(copyPath, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if got := query(copyPath); got != want {
			t.Errorf("xdg-mime query filetype %s (a %s file without its extension): %q, want %s", copyPath, ext, got, want)
		}
	}
}

// gnomeSandbox returns the bwrap arguments gnome-desktop's thumbnailer
// script (gnome-desktop-thumbnail-script.c, add_bwrap) runs a thumbnailer
// with: /usr and the loader cache read-only, /bin, /lib, /lib64 and /sbin
// as they are on the host (links into /usr where merged), a new /proc and
// /dev, every namespace unshared (no network), the output folder as /tmp
// (the only thing writable) and the input file read-only inside it under
// gnome-desktop-file-to-thumbnail.EXT. prefix, which GNOME would see as
// /usr/local of /usr, is mounted there read-only.
func gnomeSandbox(prefix, outdir, infile, sandboxIn string) []string {
	args := []string{"--ro-bind", "/usr", "/usr", "--ro-bind", "/etc/ld.so.cache", "/etc/ld.so.cache"}
	for _, d := range []string{"bin", "lib64", "lib", "sbin"} {
		abs := "/" + d
		st, err := os.Stat(abs)
		if err != nil {
			continue
		}
		if us, err := os.Stat("/usr" + abs); err == nil && os.SameFile(st, us) {
			args = append(args, "--symlink", "/usr"+abs, abs)
		} else {
			args = append(args, "--ro-bind", abs, abs)
		}
	}
	return append(args,
		"--proc", "/proc", "--dev", "/dev", "--chdir", "/",
		"--setenv", "GIO_USE_VFS", "local",
		"--unshare-all", "--die-with-parent",
		"--ro-bind", prefix, "/usr/local",
		"--bind", outdir, "/tmp",
		"--ro-bind", infile, sandboxIn)
}

func testSandboxedThumbnailer(t *testing.T, in *installed) {
	need(t, "bwrap")
	entry := desktopEntry(t, filepath.Join(in.prefix, "share/thumbnailers", appID+".thumbnailer"), "Thumbnailer Entry")
	// GNOME's sandbox finds the thumbnailer in /usr/local/bin.
	env := []string{"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "HOME=/nonexistent"}
	if d := os.Getenv("DISPLAY"); d != "" {
		env = append(env, "DISPLAY="+d) // as GNOME passes it: unreachable in there
	}
	dir := corpus.Dir(t)
	for _, rel := range corpus.Files(t, document.CanOpen) {
		if corpus.NothingToDraw[rel] || corpus.Unreadable[rel] != "" {
			continue
		}
		outdir := t.TempDir()
		ext := filepath.Ext(rel)
		sandboxIn := "/tmp/gnome-desktop-file-to-thumbnail" + ext
		sandboxOut := "/tmp/gnome-desktop-thumbnailer.png"
		var cmd []string
		for _, f := range strings.Fields(entry["Exec"]) {
			f = strings.NewReplacer("%s", "256", "%i", sandboxIn, "%o", sandboxOut, "%u", "file://"+sandboxIn, "%%", "%").Replace(f)
			cmd = append(cmd, f)
		}
		args := append(gnomeSandbox(in.prefix, outdir, filepath.Join(dir, rel), sandboxIn), cmd...)
		c := exec.Command("bwrap", args...)
		c.Env = env
		var stderr bytes.Buffer
		c.Stderr = &stderr
		err := c.Run()
		if externalBuffers(t, filepath.Join(dir, rel)) {
			// GNOME's sandbox shows the thumbnailer the one file: a .gltf
			// whose buffers are files beside it cannot be drawn there. It
			// must fail cleanly, saying why (GNOME then keeps no picture).
			if err == nil || !strings.Contains(stderr.String(), "/buffers/") {
				t.Errorf("%s: its buffers are not in the sandbox, yet the thumbnailer said %v: %s", rel, err, stderr.String())
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: the thumbnailer in the sandbox: %v: %s", rel, err, stderr.String())
			continue
		}
		f, err := os.Open(filepath.Join(outdir, "gnome-desktop-thumbnailer.png"))
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil || img.Bounds() != image.Rect(0, 0, 256, 256) {
			t.Errorf("%s: the thumbnail: %v, %v; want a 256×256 PNG", rel, err, img.Bounds())
		}
		// GNOME removes the folder afterwards and warns when the
		// thumbnailer left files in it: only the picture and the input
		// file's mount point may be there.
		left, err := os.ReadDir(outdir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range left {
			if n := e.Name(); n != "gnome-desktop-thumbnailer.png" && n != filepath.Base(sandboxIn) {
				t.Errorf("%s: the thumbnailer left %s in the output folder", rel, n)
			}
		}
	}
	// The sandbox is what it claims: nothing but /tmp is writable.
	c := exec.Command("bwrap", append(gnomeSandbox(in.prefix, t.TempDir(), filepath.Join(dir, "ms3d/GLScene/Demos/media/models/Box.ms3d"), "/tmp/in.ms3d"),
		"ms3dtool", "thumbnail", "/tmp/in.ms3d", "/usr/local/out.png")...)
	c.Env = env
	err := c.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Errorf("writing outside /tmp in the sandbox: %v, want a failure", err)
	}
}

// externalBuffers reports whether the model at path is a .gltf file that
// keeps a buffer in another file (not a data: URI).
func externalBuffers(t *testing.T, path string) bool {
	if !strings.EqualFold(filepath.Ext(path), ".gltf") {
		return false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Buffers []struct {
			URI string `json:"uri"`
		} `json:"buffers"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	for _, b := range doc.Buffers {
		if b.URI != "" && !strings.HasPrefix(b.URI, "data:") {
			return true
		}
	}
	return false
}
