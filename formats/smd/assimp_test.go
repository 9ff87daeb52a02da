package smd

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model/clips"
)

// assimpOrSkip returns the path of Debian's assimp command (package
// assimp-utils). Without it the test is skipped, except in CI (env CI set),
// where a missing reader must fail rather than pass empty.
func assimpOrSkip(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("assimp")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("assimp not found: CI must install assimp-utils (apt-get install -y assimp-utils)")
		}
		t.Skip("assimp not found; install assimp-utils to check exports with a reader we did not write")
	}
	return p
}

var facesLine = regexp.MustCompile(`(?m)^Faces:\s+(\d+)`)

// assimpInfo runs "assimp info" and returns the faces it counts and the
// bone names of its node hierarchy (assimp adds a root "<SMD_root>" node).
func assimpInfo(t *testing.T, bin, file string) (faces int, bones []string) {
	t.Helper()
	out, err := exec.Command(bin, "info", file).CombinedOutput()
	if err != nil {
		t.Fatalf("assimp info %s: %v\n%s", file, err, out)
	}
	text := string(out)
	m := facesLine.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("assimp info %s: no face count in\n%s", file, text)
	}
	faces, _ = strconv.Atoi(m[1])
	_, tree, ok := strings.Cut(text, "Node hierarchy:\n")
	if !ok {
		t.Fatalf("assimp info %s: no node hierarchy", file)
	}
	for _, line := range strings.Split(tree, "\n") {
		name := strings.TrimLeft(line, " │├└╴─")
		if i := strings.Index(name, " (mesh"); i >= 0 {
			name = name[:i]
		}
		if name = strings.TrimSpace(name); name != "" && name != "<SMD_root>" {
			bones = append(bones, name)
		}
	}
	return faces, bones
}

// TestAssimpReadsExports exports every corpus model with joints or keys in
// both profiles (with clips, so that animation files are written) and checks
// that assimp reads each SMD with the bones and triangles we wrote.
func TestAssimpReadsExports(t *testing.T) {
	bin := assimpOrSkip(t)
	checked := 0
	for _, e := range corpus.MS3D(t) {
		if e.Joints < 0 {
			continue
		}
		m := loadCorpus(t, e)
		if hasKeys(m) && m.TotalFrames >= 2 {
			n := int(m.TotalFrames)
			if err := clips.Write(m, []clips.Clip{{Name: "first", First: 1, Last: n / 2}, {Name: "second", First: n/2 + 1, Last: n}}); err != nil {
				t.Fatal(err)
			}
		}
		for _, prof := range []Profile{GoldSrc, Source} {
			t.Run(e.String()+"/"+string(prof), func(t *testing.T) {
				files, _, err := Export(t.TempDir(), m, ExportOptions{Profile: prof, AllClips: true})
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range files {
					if !strings.HasSuffix(p, ".smd") {
						continue
					}
					fh, err := os.Open(p)
					if err != nil {
						t.Fatal(err)
					}
					f, _, err := Read(fh, filepath.Base(p))
					fh.Close()
					if err != nil {
						t.Fatal(err)
					}
					faces, bones := assimpInfo(t, bin, p)
					if len(bones) != len(f.Nodes) {
						t.Errorf("%s: assimp reads %d bones %v, we wrote %d", filepath.Base(p), len(bones), bones, len(f.Nodes))
					}
					// assimp draws a skeleton-only file with made-up faces of
					// its own, so faces are compared where we wrote triangles.
					if len(f.Triangles) > 0 && faces != len(f.Triangles) {
						t.Errorf("%s: assimp reads %d faces, we wrote %d triangles", filepath.Base(p), faces, len(f.Triangles))
					}
					checked++
				}
			})
		}
	}
	if checked == 0 {
		t.Fatal("no SMD checked")
	}
}

// TestAssimpSeesNoClips checks that clips stay invisible to another MS3D
// reader: assimp reads a file with clips exactly as the same file without.
func TestAssimpSeesNoClips(t *testing.T) {
	bin := assimpOrSkip(t)
	compared := 0
	for _, e := range corpus.MS3D(t) {
		if e.Defective || e.TotalFrames < 2 {
			continue
		}
		t.Run(e.String(), func(t *testing.T) {
			m := loadCorpus(t, e)
			plain, err := ms3d.Encode(m)
			if err != nil {
				t.Fatal(err)
			}
			if err := clips.Write(m, []clips.Clip{{Name: "all", First: 1, Last: int(m.TotalFrames)}}); err != nil {
				t.Fatal(err)
			}
			withClips, err := ms3d.Encode(m)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			a, b := filepath.Join(dir, "plain.ms3d"), filepath.Join(dir, "clips.ms3d")
			if err := os.WriteFile(a, plain, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(b, withClips, 0o644); err != nil {
				t.Fatal(err)
			}
			ia, err := stats(bin, a)
			if err != nil {
				t.Skipf("assimp cannot read this file even without clips: %v", err)
			}
			compared++
			ib, err := stats(bin, b)
			if err != nil || ia != ib {
				t.Fatalf("assimp reads the file with clips differently (%v):\n%s\nwithout clips:\n%s", err, ib, ia)
			}
		})
	}
	if compared == 0 {
		t.Fatal("assimp read no corpus file")
	}
}

// stats returns the counting lines of "assimp info" (not timings, memory or
// the file name).
func stats(bin, file string) (string, error) {
	out, err := exec.Command(bin, "info", file).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("assimp info: %v: %s", err, lastLine(out))
	}
	var keep []string
	for _, l := range strings.Split(string(out), "\n") {
		for _, k := range []string{"Nodes:", "Meshes:", "Animations:", "Materials:", "Vertices:", "Faces:", "Bones:", "Animation Channels:"} {
			if strings.HasPrefix(l, k) {
				keep = append(keep, l)
			}
		}
	}
	return strings.Join(keep, "\n"), nil
}

func lastLine(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return lines[len(lines)-1]
}
