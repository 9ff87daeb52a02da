package gltf

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"ms3dstudio/internal/testenv"
)

// TestUVConventionAssimp checks the texture coordinate convention with a
// reader we did not write: assimp converts both the original .ms3d and our
// .glb to OBJ, each with its own importer's idea of where t = 0 is, and
// the two must give the same texture coordinates. Flipping t in the export
// would turn every v into 1 − v.
func TestUVConventionAssimp(t *testing.T) {
	assimp := testenv.Program(t, "assimp", "apt-get install -y assimp-utils")
	dir := t.TempDir()
	checked := 0
	for i, c := range readableCorpus(t) {
		if len(c.m.Materials) == 0 || len(c.m.Triangles) == 0 {
			continue
		}
		sub := filepath.Join(dir, fmt.Sprint(i))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		fromMS3D := filepath.Join(sub, "ms3d.obj")
		if out, err := exec.Command(assimp, "export", c.entry.Path, fromMS3D).CombinedOutput(); err != nil {
			t.Logf("%s: assimp does not read the original (%v), skipped: %s", c.entry, err, lastLine(out))
			continue
		}
		glb := filepath.Join(sub, "export.glb")
		if _, _, err := WriteFile(glb, c.m, Options{}); err != nil {
			t.Fatal(err)
		}
		fromGLB := filepath.Join(sub, "glb.obj")
		if out, err := exec.Command(assimp, "export", glb, fromGLB).CombinedOutput(); err != nil {
			t.Errorf("%s: assimp cannot convert our .glb: %v: %s", c.entry, err, lastLine(out))
			continue
		}
		a, b := texcoords(t, fromMS3D), texcoords(t, fromGLB)
		if len(a) == 0 {
			continue
		}
		missing := 0
		for uv := range b {
			if !a[uv] {
				missing++
			}
		}
		if missing > 0 {
			t.Errorf("%s: %d of %d texture coordinates of the .glb are not among the original's (as assimp reads both)", c.entry, missing, len(b))
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no textured corpus model could be compared")
	}
	t.Logf("%d textured models agree with assimp's reading of the original", checked)
}

// texcoords returns the distinct "vt u v" pairs of an OBJ file, rounded.
func texcoords(t *testing.T, path string) map[[2]int64]bool {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[[2]int64]bool{}
	s := bufio.NewScanner(f)
	for s.Scan() {
		fields := strings.Fields(s.Text())
		if len(fields) < 3 || fields[0] != "vt" {
			continue
		}
		u, err1 := strconv.ParseFloat(fields[1], 64)
		v, err2 := strconv.ParseFloat(fields[2], 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: bad line %q", path, s.Text())
		}
		out[[2]int64{int64(u*1e4 + 0.5), int64(v*1e4 + 0.5)}] = true
	}
	return out
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return lines[len(lines)-1]
}
