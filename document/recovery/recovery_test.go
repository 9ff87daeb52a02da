package recovery

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

var when = time.Date(2026, 12, 2, 14, 32, 5, 0, time.UTC)

// TestWriteFindReadRemove keeps a copy for a file and for the untitled
// document, finds each by what it belongs to (the file by a relative path
// too), reads the bytes back, replaces one, and removes them.
func TestWriteFindReadRemove(t *testing.T) {
	s := &Store{Dir: filepath.Join(t.TempDir(), "recovery")}
	dir := t.TempDir()
	orig := filepath.Join(dir, "model.ms3d")
	if _, ok := s.Find(orig); ok {
		t.Fatal("an empty store found a copy")
	}
	c, err := s.Write(orig, "model.ms3d", []byte("edited bytes"), when)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Write("", "sample", []byte("sample bytes"), when.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	got, ok := s.Find(orig)
	if !ok || got.Original != orig || got.Name != "model.ms3d" || !got.Written.Equal(when) || got.Size != 12 || got.Data != c.Data {
		t.Fatalf("Find = %+v, %v; wrote %+v", got, ok, c)
	}
	data, err := s.Read(got)
	if err != nil || string(data) != "edited bytes" {
		t.Fatalf("Read = %q, %v", data, err)
	}
	// A relative path names the same file.
	wd, _ := os.Getwd()
	if rel, err := filepath.Rel(wd, orig); err == nil {
		if r, ok := s.Find(rel); !ok || r.Original != orig {
			t.Errorf("Find(%q) = %+v, %v", rel, r, ok)
		}
	}
	u, ok := s.Find("")
	if !ok || u.Original != "" || u.Name != "sample" {
		t.Fatalf("untitled: %+v, %v", u, ok)
	}
	if ud, _ := s.Read(u); string(ud) != "sample bytes" {
		t.Fatalf("untitled bytes %q", ud)
	}
	if _, ok := s.Find(filepath.Join(dir, "other.ms3d")); ok {
		t.Fatal("found a copy of a file that has none")
	}
	// A new copy replaces the old one.
	if _, err := s.Write(orig, "model.ms3d", []byte("newer"), when.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	got, _ = s.Find(orig)
	if data, _ := s.Read(got); string(data) != "newer" || !got.Written.Equal(when.Add(time.Hour)) {
		t.Fatalf("after replacing: %q %v", data, got.Written)
	}
	if err := s.Remove(orig); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Find(orig); ok {
		t.Fatal("removed copy still found")
	}
	if _, ok := s.Find(""); !ok {
		t.Fatal("removing one copy removed another")
	}
	if err := s.Remove(orig); err != nil {
		t.Fatalf("removing a copy twice: %v", err)
	}
	entries, _ := os.ReadDir(s.Dir)
	if len(entries) != 2 {
		t.Errorf("%d files left in the store, want the untitled pair", len(entries))
	}
}

// TestFindRefusesIncompleteCopies: a copy counts only with its description
// naming the same file and data of the size it gives; a description
// that never ends is not read to its end.
func TestFindRefusesIncompleteCopies(t *testing.T) {
	s := &Store{Dir: t.TempDir()}
	orig := filepath.Join(t.TempDir(), "a.ms3d")
	c, err := s.Write(orig, "a.ms3d", []byte("0123456789"), when)
	if err != nil {
		t.Fatal(err)
	}
	desc := strings.TrimSuffix(c.Data, ".ms3d") + ".json"
	good, err := os.ReadFile(desc)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		desc  []byte
		data  []byte
		noDat bool
	}{
		{name: "data cut short", desc: good, data: []byte("01234")},
		{name: "data missing", desc: good, noDat: true},
		{name: "description of another file", desc: bytes.Replace(good, []byte("a.ms3d\""), []byte("b.ms3d\""), 1), data: []byte("0123456789")},
		{name: "description cut short", desc: good[:len(good)/2], data: []byte("0123456789")},
		{name: "description endless", desc: append([]byte(`{"name": "`), bytes.Repeat([]byte("x"), 2*maxDescription)...), data: []byte("0123456789")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(desc, tc.desc, 0o600); err != nil {
				t.Fatal(err)
			}
			os.Remove(c.Data)
			if !tc.noDat {
				if err := os.WriteFile(c.Data, tc.data, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if got, ok := s.Find(orig); ok {
				t.Fatalf("found %+v", got)
			}
		})
	}
	// Data changed after Find is refused by Read.
	os.WriteFile(desc, good, 0o600)
	os.WriteFile(c.Data, []byte("0123456789"), 0o600)
	got, ok := s.Find(orig)
	if !ok {
		t.Fatal("the repaired copy is not found")
	}
	os.WriteFile(c.Data, []byte("012"), 0o600)
	if _, err := s.Read(got); err == nil || !strings.Contains(err.Error(), "3 bytes") {
		t.Fatalf("Read of a changed copy: %v", err)
	}
}

// TestWriteFailsClearly: a store folder that cannot be made gives an error
// naming it, and no copy.
func TestWriteFailsClearly(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s := &Store{Dir: filepath.Join(file, "recovery")}
	if _, err := s.Write("", "x", []byte("x"), when); err == nil || !strings.Contains(err.Error(), s.Dir) {
		t.Fatalf("Write into a folder under a file: %v", err)
	}
}

// TestDefaultStoreFollowsTheConfigFolder: the store lives in the user's
// configuration folder.
func TestDefaultStoreFollowsTheConfigFolder(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("HOME", dir)
	t.Setenv("AppData", dir)
	s, err := DefaultStore()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.Dir, dir) || filepath.Base(s.Dir) != "recovery" {
		t.Fatalf("store in %s, want under %s", s.Dir, dir)
	}
}

// claimFor rewrites the description of original's copy as written by
// process pid, now.
func claimFor(t *testing.T, s *Store, original string, pid int) {
	t.Helper()
	p := filepath.Join(s.Dir, stem(original, os.Getpid())+".json")
	raw, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var desc map[string]any
	if err := json.Unmarshal(raw, &desc); err != nil {
		t.Fatal(err)
	}
	desc["pid"] = pid
	raw, _ = json.Marshal(desc)
	if err := os.WriteFile(p, raw, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestCopyInUseByAnotherInstance: a copy written by another process that
// still runs, and touched within the lease, is in use; one written by this
// process, by a process that ended, or left untouched for longer than the
// lease is not; Touch renews the lease.
func TestCopyInUseByAnotherInstance(t *testing.T) {
	s := &Store{Dir: t.TempDir()}
	orig := filepath.Join(t.TempDir(), "model.ms3d")
	if _, err := s.Write(orig, "model.ms3d", []byte("bytes"), when); err != nil {
		t.Fatal(err)
	}
	find := func() Copy {
		t.Helper()
		c, ok := s.read(stem(orig, os.Getpid()), orig)
		if !ok {
			t.Fatal("copy not found")
		}
		return c
	}
	if c := find(); c.PID != os.Getpid() || InUse(c, time.Now()) {
		t.Fatalf("own copy: pid %d, in use %v", c.PID, InUse(c, time.Now()))
	}

	other := exec.Command("sleep", "60")
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	claimFor(t, s, orig, other.Process.Pid)
	if !InUse(find(), time.Now()) {
		t.Fatal("the copy of a running instance is not in use")
	}
	if InUse(find(), time.Now().Add(Lease+time.Second)) {
		t.Fatal("a copy untouched for longer than the lease is in use")
	}
	old := time.Now().Add(-Lease - time.Minute)
	if err := os.Chtimes(filepath.Join(s.Dir, stem(orig, os.Getpid())+".json"), old, old); err != nil {
		t.Fatal(err)
	}
	if InUse(find(), time.Now()) {
		t.Fatal("a stale copy is in use")
	}
	if err := s.Touch(orig, time.Now()); err != nil {
		t.Fatal(err)
	}
	if !InUse(find(), time.Now()) {
		t.Fatal("Touch did not renew the lease")
	}
	// Killed and not yet reaped by its parent (this test), the process is
	// a zombie: it no longer runs.
	other.Process.Kill()
	for deadline := time.Now().Add(5 * time.Second); processRuns(other.Process.Pid) && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if runtime.GOOS == "linux" && InUse(find(), time.Now()) {
		// (Elsewhere signal 0 still finds a zombie: the copy is offered
		// once the parent has reaped it.)
		t.Fatal("the copy of an instance that was killed (a zombie) is in use")
	}
	other.Wait()
	if InUse(find(), time.Now()) {
		t.Fatal("the copy of an instance that ended is in use")
	}

	// A copy written as its writer stopped is offered even while that
	// process is still on its way out.
	running := exec.Command("sleep", "60")
	if err := running.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { running.Process.Kill(); running.Wait() }()
	if _, err := NewKeeper(s).KeepNow(orig, "model.ms3d", []byte("rescued"), when); err != nil {
		t.Fatal(err)
	}
	claimFor(t, s, orig, running.Process.Pid)
	if c := find(); !c.Final || InUse(c, time.Now()) {
		t.Fatalf("a copy written at the stop: final %v, in use %v", c.Final, InUse(c, time.Now()))
	}
	if err := s.Touch(filepath.Join(t.TempDir(), "none.ms3d"), time.Now()); err != nil {
		t.Fatalf("touching no copy: %v", err)
	}
}

// TestCopiesOfTwoWriters: two instances editing one file each keep their
// own copy; Find offers neither while the other instance runs except this
// process's own, then the one written last; Remove takes only this
// process's copy, RemoveCopy the one given.
func TestCopiesOfTwoWriters(t *testing.T) {
	s := &Store{Dir: t.TempDir()}
	orig := filepath.Join(t.TempDir(), "model.ms3d")
	other := exec.Command("sleep", "60")
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { other.Process.Kill(); other.Wait() }()
	if _, err := s.write(orig, "model.ms3d", []byte("theirs, later"), when.Add(time.Minute), false, other.Process.Pid); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Find(orig); ok {
		t.Fatal("offered the copy of an instance that runs")
	}
	if _, err := s.Write(orig, "model.ms3d", []byte("mine"), when); err != nil {
		t.Fatal(err)
	}
	if got := readCopy(t, s, orig); got != "mine" {
		t.Fatalf("Find = %q, want this process's copy (the other one is in use)", got)
	}
	other.Process.Kill()
	other.Wait()
	if got := readCopy(t, s, orig); got != "theirs, later" {
		t.Fatalf("Find = %q, want the later copy once its writer ended", got)
	}
	if err := s.Remove(orig); err != nil {
		t.Fatal(err)
	}
	c, ok := s.Find(orig)
	if !ok || c.PID != other.Process.Pid {
		t.Fatalf("Remove took the other writer's copy: %+v, %v", c, ok)
	}
	if err := s.RemoveCopy(c); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(s.Dir); len(entries) != 0 {
		t.Fatalf("%d files left", len(entries))
	}
}
