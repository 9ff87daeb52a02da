package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/hostile"
	"ms3dstudio/internal/testenv"
	"ms3dstudio/model"
)

// TestConvertSaysWhyExitStatus1: convert writes what could be read of a
// file with errors and exits with status 1; it says so, counts the errors
// and lists the first ten (it used to print only "wrote out.ms3d"). Errors
// found writing (more bones than the engine takes) make the status 1 too.
func TestConvertSaysWhyExitStatus1(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("version 1\nnodes\n0 \"root\" -1\n")
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&b, "%d \"b%d\" %d\n", i, i, 100+i) // no such parent
	}
	b.WriteString("end\nskeleton\ntime 0\n")
	for i := 0; i <= 12; i++ {
		fmt.Fprintf(&b, "%d 0 0 0 0 0 0\n", i)
	}
	b.WriteString("end\n")
	in := writeFile(t, filepath.Join(dir, "orphans.smd"), []byte(b.String()))
	out := filepath.Join(dir, "out.ms3d")
	code, stdout, errs := runTool("convert", in, out)
	if _, err := os.Stat(out); code != 1 || err != nil || !strings.Contains(stdout, "wrote "+out) {
		t.Fatalf("exit %d, %v, stdout %q; want exit 1 and %s written", code, err, stdout, out)
	}
	for _, want := range []string{"exit status 1: 12 errors found reading " + in + ", and what could be read was written:",
		`[smd.parent]: orphans.smd:4: bone "b1" names parent 101`, "and 2 errors more"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if n := strings.Count(errs, "[smd.parent]"); n != 10 {
		t.Errorf("%d errors listed, want 10", n)
	}

	chain := writeFile(t, filepath.Join(dir, "chain.smd"), hostile.ChainSMD(200))
	code, stdout, errs = runTool("convert", chain, filepath.Join(dir, "out.smd"), "--profile", "source")
	if code != 1 || !strings.Contains(stdout, "wrote ") || !strings.Contains(errs, "[engine.bone-limit]") ||
		!strings.Contains(errs, "exit status 1: 1 error found writing "+filepath.Join(dir, "out.smd")+" (above); it was written nonetheless") {
		t.Errorf("200 bones to Source: exit %d\nstdout %s\nstderr %s", code, stdout, errs)
	}
}

// TestImageBombsUnderMemoryCap runs the built ms3dtool, limited to a 2 GB
// address space (prlimit --as=2000000000), with every command that reads
// a model's textures on models whose texture is an image bomb inside the
// pixel limits: a one-colour RLE TGA of 16384×4096, RGBA PNGs of
// 16384×4096 at 16 bits and 8192×8192 at 8, a progressive JPEG whose frame
// claims 16384×4096 over a few bytes, and the TGA with the 8-bit PNG as
// its alpha map. Each command answers with status 0 or 1 and no Go fatal
// error (they ended in "fatal error: out of memory").
func TestImageBombsUnderMemoryCap(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes images of 256 MiB some forty times")
	}
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		testenv.Missing(t, "MS3D_REQUIRE_PRLIMIT", "prlimit (util-linux) not found: the memory cap cannot be set")
		return
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "ms3dtool")
	if out, err := exec.Command("go", "build", "-o", bin, "ms3dstudio/cmd/ms3dtool").CombinedOutput(); err != nil {
		t.Fatalf("building ms3dtool: %v\n%s", err, out)
	}
	bombs := map[string][]byte{
		"rle.tga":    hostile.RLETGA(16384, 4096),
		"rgba16.png": hostile.PNG(16384, 4096, 16),
		"rgba8.png":  hostile.PNG(8192, 8192, 8),
		"prog.jpg":   hostile.ProgressiveJPEG(16384, 4096),
	}
	status := map[string]string{"rle.tga": "found", "rgba8.png": "found", "rgba16.png": "undecodable", "prog.jpg": "undecodable"}
	var models []string
	write := func(name string, m *model.Model) {
		data, err := ms3d.Encode(m)
		if err != nil {
			t.Fatal(err)
		}
		p := writeFile(t, filepath.Join(dir, name), data)
		models = append(models, p)
	}
	for name, data := range bombs {
		writeFile(t, filepath.Join(dir, name), data)
		write(name+".ms3d", hostile.TexturedModel(name))
	}
	alpha := hostile.TexturedModel("rle.tga")
	alpha.Materials[0].AlphaMap = "rgba8.png"
	write("alpha.ms3d", alpha)
	out := filepath.Join(dir, "out")
	for _, m := range models {
		for _, args := range [][]string{
			{"info", m}, {"validate", m}, {"textures", m}, {"pose", m, "--frame", "1"}, {"anim", "list", m},
			{"fix", m, "--dry-run"}, {"fix", m, "--for", "goldsrc", "--dry-run"},
			{"convert", m, out + ".ms3d"}, {"convert", m, out + ".glb"}, {"convert", m, out + ".gltf"},
			{"convert", m, out + ".obj"}, {"convert", m, out + ".smd"},
		} {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a hang, not a measure
			cmd := exec.CommandContext(ctx, prlimit, append([]string{"--as=2000000000", bin}, args...)...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			cancel()
			code := cmd.ProcessState.ExitCode()
			what := filepath.Base(m) + ": " + strings.Join(args[:len(args)-1], " ")
			if code != 0 && code != 1 || err != nil && code <= 0 {
				t.Errorf("%s: exit %d (%v)\n%s", what, code, err, tail(stderr.String()))
				continue
			}
			if s := stderr.String(); strings.Contains(s, "fatal error") || strings.Contains(s, "panic:") || strings.Contains(s, "goroutine ") {
				t.Errorf("%s: a Go fatal error:\n%s", what, tail(s))
			}
			if args[0] == "textures" {
				tex := strings.TrimSuffix(filepath.Base(m), ".ms3d")
				if want, ok := status[tex]; ok && !strings.Contains(stdout.String(), fmt.Sprintf("%q: %s", tex, want)) {
					t.Errorf("%s: want %s:\n%s", what, want, stdout.String())
				}
			}
		}
	}
}

// tail returns the last lines of a command's output.
func tail(s string) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-12):], "\n")
}
