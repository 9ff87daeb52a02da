package atomicfile

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestWriteFileNewAndOverwrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.ms3d")
	// Windows has no Unix permission bits (a file is read-only or not).
	checkPerm := func(what string, want os.FileMode) {
		t.Helper()
		if runtime.GOOS == "windows" {
			return
		}
		if st, _ := os.Stat(p); st.Mode().Perm() != want {
			t.Fatalf("%s: perm %v, want %v", what, st.Mode().Perm(), want)
		}
	}
	if err := WriteFile(p, []byte("one"), 0o640, true); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "one" {
		t.Fatalf("content %q", b)
	}
	checkPerm("new file", 0o640)
	if _, err := os.Stat(p + ".bak"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("backup of a new file should not exist: %v", err)
	}
	if err := WriteFile(p, []byte("two"), 0o600, true); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("three"), 0o600, true); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "three" {
		t.Fatalf("content %q", b)
	}
	// The backup holds the file as it was before the first overwrite.
	if b, _ := os.ReadFile(p + ".bak"); string(b) != "one" {
		t.Fatalf("backup %q", b)
	}
	checkPerm("overwrite", 0o640)
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
}

// TestWriteFileRefusesBadTargets: a target in a missing folder or a folder
// as the target fail before anything is written.
func TestWriteFileRefusesBadTargets(t *testing.T) {
	dir := t.TempDir()
	if err := WriteFile(filepath.Join(dir, "missing", "x"), []byte("x"), 0o644, false); err == nil {
		t.Fatal("writing into a missing folder succeeded")
	}
	if err := WriteFile(dir, []byte("x"), 0o644, false); err == nil {
		t.Fatal("overwriting a folder succeeded")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("left behind: %v", entries)
	}
}

// names lists a folder.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// TestWriteFileFailureLeavesOriginal fails the save after the new contents
// are complete in the temporary file and before the rename: the original is
// untouched and the temporary file is gone.
func TestWriteFileFailureLeavesOriginal(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.ms3d")
	if err := os.WriteFile(p, []byte("orig"), 0o644); err != nil {
		t.Fatal(err)
	}
	injected := errors.New("injected failure")
	var sawTemp string
	beforeRename = func(tmp string) error {
		sawTemp = tmp
		if b, err := os.ReadFile(tmp); err != nil || string(b) != "new contents" {
			t.Errorf("temporary file before the rename: %q, %v", b, err)
		}
		return injected
	}
	t.Cleanup(func() { beforeRename = nil })
	err := WriteFile(p, []byte("new contents"), 0o644, false)
	if !errors.Is(err, injected) {
		t.Fatalf("WriteFile = %v, want the injected failure", err)
	}
	if sawTemp == "" {
		t.Fatal("the failure was never reached")
	}
	if b, _ := os.ReadFile(p); string(b) != "orig" {
		t.Fatalf("original changed: %q", b)
	}
	if got := names(t, dir); len(got) != 1 || got[0] != "a.ms3d" {
		t.Fatalf("folder holds %v, want only a.ms3d", got)
	}
}

const (
	childEnv   = "ATOMICFILE_TEST_CHILD"
	childReady = "writing"
)

// TestKilledMidSave starts a child process (this test binary again) that
// saves a large file over an existing one slowly, waits until it is
// writing, and kills it. The original must be intact; the only other thing
// in the folder may be the hidden, partial temporary file (a killed process
// cannot remove it), never a partial target.
func TestKilledMidSave(t *testing.T) {
	if target := os.Getenv(childEnv); target != "" {
		saveSlowly(target)
		return
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "big.ms3d")
	orig := bytes.Repeat([]byte("original "), 1000)
	if err := os.WriteFile(p, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestKilledMidSave$")
	cmd.Env = append(os.Environ(), childEnv+"="+p)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if sc.Text() == childReady {
				ready <- true
				return
			}
		}
		ready <- false
	}()
	select {
	case ok := <-ready:
		if !ok {
			cmd.Wait()
			t.Fatal("the child ended before it started writing")
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatal("the child did not start writing within 30 s")
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL on Unix
		t.Fatal(err)
	}
	if err := cmd.Wait(); err == nil {
		t.Fatal("the child finished its save before it was killed")
	}
	if b, _ := os.ReadFile(p); !bytes.Equal(b, orig) {
		t.Fatalf("original changed: %d bytes, want %d", len(b), len(orig))
	}
	for _, n := range names(t, dir) {
		if n != "big.ms3d" && !strings.HasPrefix(n, ".big.ms3d.tmp-") {
			t.Errorf("unexpected %s in the folder", n)
		}
	}
	// The next save still works and replaces the original.
	if err := WriteFile(p, []byte("after"), 0o644, false); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "after" {
		t.Fatalf("save after the kill wrote %q", b)
	}
}

// saveSlowly is the child of TestKilledMidSave: it writes 64 MiB in 64 KiB
// pieces, a millisecond apart (about a minute), announcing on stdout when
// the first piece is in the temporary file.
func saveSlowly(target string) {
	write = func(f *os.File, data []byte) error {
		const piece = 64 << 10
		for i := 0; i < len(data); i += piece {
			if _, err := f.Write(data[i:min(i+piece, len(data))]); err != nil {
				return err
			}
			if i == 0 {
				os.Stdout.WriteString(childReady + "\n")
			}
			time.Sleep(time.Millisecond)
		}
		return nil
	}
	if err := WriteFile(target, make([]byte, 64<<20), 0o644, false); err != nil {
		os.Exit(3)
	}
	os.Exit(0) // finished: the parent reports that it was not killed in time
}
