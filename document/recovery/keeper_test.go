package recovery

import (
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// readCopy returns the bytes of original's copy in s ("" when there is none).
func readCopy(t *testing.T, s *Store, original string) string {
	t.Helper()
	c, ok := s.Find(original)
	if !ok {
		return ""
	}
	data, err := s.Read(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestKeeperWritesOnlyTheLatest holds the disk (as a slow write in flight
// does) while three writes of one copy are asked for: only the last is
// made, and a write of another file's copy is not cancelled by them.
func TestKeeperWritesOnlyTheLatest(t *testing.T) {
	s := &Store{Dir: filepath.Join(t.TempDir(), "recovery")}
	k := NewKeeper(s)
	orig := filepath.Join(t.TempDir(), "a.ms3d")
	other := filepath.Join(t.TempDir(), "b.ms3d")
	var mu sync.Mutex
	var written []string
	done := func(what string) func(Copy, error) {
		return func(_ Copy, err error) {
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			written = append(written, what)
			mu.Unlock()
		}
	}
	k.io.Lock()
	k.Keep(orig, "a.ms3d", []byte("one"), when, done("one"))
	k.Keep(other, "b.ms3d", []byte("other"), when, done("other"))
	k.Keep(orig, "a.ms3d", []byte("two"), when, done("two"))
	k.Keep(orig, "a.ms3d", []byte("three"), when, done("three"))
	k.io.Unlock()
	k.Wait()
	if got := readCopy(t, s, orig); got != "three" {
		t.Errorf("a.ms3d's copy holds %q, want the last write", got)
	}
	if got := readCopy(t, s, other); got != "other" {
		t.Errorf("b.ms3d's copy holds %q", got)
	}
	if len(written) != 2 {
		t.Errorf("writes made: %v, want only three and other", written)
	}
}

// TestKeeperRemoveCancelsWaitingWrites asks for a write, then for the
// copy's removal while the write still waits for the disk (a save right
// after an autosave): no copy is left, whichever gets the disk first.
func TestKeeperRemoveCancelsWaitingWrites(t *testing.T) {
	s := &Store{Dir: filepath.Join(t.TempDir(), "recovery")}
	k := NewKeeper(s)
	orig := filepath.Join(t.TempDir(), "a.ms3d")
	if _, err := k.KeepNow(orig, "a.ms3d", []byte("old"), when); err != nil {
		t.Fatal(err)
	}
	k.io.Lock()
	k.Keep(orig, "a.ms3d", []byte("autosaved"), when, nil)
	removed := make(chan error)
	go func() { removed <- k.Remove(orig) }()
	// Remove has asked once it waits for the disk; give it the disk.
	for !k.askedAtLeast(3) {
		runtime.Gosched()
	}
	k.io.Unlock()
	if err := <-removed; err != nil {
		t.Fatal(err)
	}
	k.Wait()
	if got := readCopy(t, s, orig); got != "" {
		t.Errorf("after Remove the copy holds %q", got)
	}
	// A write asked for after the removal is made.
	if c, err := k.KeepNow(orig, "a.ms3d", []byte("new"), when); err != nil || c.Size != 3 {
		t.Fatalf("KeepNow = %+v, %v", c, err)
	}
	if got := readCopy(t, s, orig); got != "new" {
		t.Errorf("the copy holds %q, want new", got)
	}
}

// askedAtLeast reports whether n requests were asked for.
func (k *Keeper) askedAtLeast(n uint64) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.asked >= n
}
