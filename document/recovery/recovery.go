// Package recovery keeps copies of documents whose unsaved changes would
// otherwise be lost: while a document has unsaved changes the app writes
// one every AutosaveEvery when they changed (through a Keeper, off the UI
// goroutine), and once more when it is told to stop (Ctrl+C in its
// terminal, SIGTERM at logout), because the toolkit quits on those signals
// without letting it ask; it offers the copy the next time that file (or,
// for a document that never had a file, the app) is opened, so that a
// crash, a kill or a power cut costs at most the last minute's work.
//
// A Store is a folder of pairs: KEY-PID.ms3d holds the model's bytes and
// KEY-PID.json says whose they are (the original's path, the name shown,
// when and by which process they were written). KEY is derived from the
// original's absolute path ("untitled" for documents without a file) and
// PID is the writer's process, so each running instance has at most one
// copy of a file and two instances editing one file never replace each
// other's. Both files are written atomically, the description last, so a
// copy whose description exists is complete.
package recovery

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"ms3dstudio/internal/atomicfile"
)

// Store is the folder recovery copies live in.
type Store struct {
	Dir string
}

// DefaultStore returns the store in the user's configuration folder
// (os.UserConfigDir, e.g. ~/.config/ms3dstudio/recovery on Linux): not the
// cache, which cleaners empty.
func DefaultStore() (*Store, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return nil, fmt.Errorf("recovery: finding the configuration folder: %w", err)
	}
	return &Store{Dir: filepath.Join(dir, "ms3dstudio", "recovery")}, nil
}

// Copy describes one recovery copy.
type Copy struct {
	// Original is the absolute path of the file the document was read
	// from or saved to, or "" for a document that had none.
	Original string `json:"original"`
	// Name is the document's name as the title showed it.
	Name string `json:"name"`
	// Written is when the copy was written.
	Written time.Time `json:"written"`
	// Size is the length of the copy's data in bytes.
	Size int `json:"size"`
	// PID is the process that wrote the copy (0 in copies written before
	// it was recorded); see InUse.
	PID int `json:"pid,omitempty"`
	// Final is set on a copy written as its writer was stopping
	// (Keeper.KeepNow): no longer in use, whether or not that process has
	// ended yet.
	Final bool `json:"final,omitempty"`
	// Data is the path of the copy's MS3D bytes (not stored: derived).
	Data string `json:"-"`
	// desc is the path of the description (not stored).
	desc string
	// touched is when the description was last written or touched (not
	// stored: its modification time).
	touched time.Time
}

// maxDescription bounds how much of a description file is read: one is a
// few hundred bytes, and a folder anyone can write to must not make the app
// read a huge file at start.
const maxDescription = 64 << 10

// key returns the file stem prefix for original ("" for untitled).
func key(original string) string {
	if original == "" {
		return "untitled"
	}
	sum := sha256.Sum256([]byte(original))
	return hex.EncodeToString(sum[:12])
}

// stem returns the file stem of the copy of the file at abs (absolute, or
// "" for untitled) written by process pid.
func stem(abs string, pid int) string { return key(abs) + "-" + strconv.Itoa(pid) }

// absolute returns original cleaned and made absolute ("" stays "").
func absolute(original string) (string, error) {
	if original == "" {
		return "", nil
	}
	abs, err := filepath.Abs(original)
	if err != nil {
		return "", fmt.Errorf("recovery: %w", err)
	}
	return abs, nil
}

// Write keeps data (the document's MS3D bytes) as this process's recovery
// copy of original ("" for a document without a file), shown as name,
// replacing its earlier copy of it. It returns the copy written.
func (s *Store) Write(original, name string, data []byte, now time.Time) (Copy, error) {
	return s.write(original, name, data, now, false, os.Getpid())
}

// write is Write as process pid; final marks the copy as written by a
// process that is stopping.
func (s *Store) write(original, name string, data []byte, now time.Time, final bool, pid int) (Copy, error) {
	abs, err := absolute(original)
	if err != nil {
		return Copy{}, err
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return Copy{}, fmt.Errorf("recovery: creating %s: %w", s.Dir, err)
	}
	k := stem(abs, pid)
	c := Copy{Original: abs, Name: name, Written: now.UTC().Truncate(time.Second), Size: len(data), PID: pid, Final: final,
		Data: filepath.Join(s.Dir, k+".ms3d"), desc: filepath.Join(s.Dir, k+".json")}
	desc, err := json.MarshalIndent(c, "", "\t")
	if err != nil {
		return Copy{}, fmt.Errorf("recovery: describing the copy of %s: %w", name, err)
	}
	// The description goes last: without it a copy does not exist, so a
	// write cut short leaves the previous pair whole or no pair at all.
	if err := os.Remove(c.desc); err != nil && !errors.Is(err, os.ErrNotExist) {
		return Copy{}, fmt.Errorf("recovery: replacing the copy of %s: %w", name, err)
	}
	if err := atomicfile.WriteFile(c.Data, data, 0o600, false); err != nil {
		return Copy{}, fmt.Errorf("recovery: writing the copy of %s: %w", name, err)
	}
	if err := atomicfile.WriteFile(c.desc, append(desc, '\n'), 0o600, false); err != nil {
		return Copy{}, fmt.Errorf("recovery: writing the copy of %s: %w", name, err)
	}
	return c, nil
}

// Find returns the recovery copy of original ("" for the untitled one)
// to offer: of the complete copies whose description names that file, and
// that are not in use by another running instance (InUse), the one
// written last.
func (s *Store) Find(original string) (Copy, bool) {
	abs, err := absolute(original)
	if err != nil {
		return Copy{}, false
	}
	entries, err := os.ReadDir(s.Dir)
	if err != nil {
		return Copy{}, false
	}
	prefix, now := key(abs)+"-", time.Now()
	var best Copy
	found := false
	for _, e := range entries {
		n := e.Name()
		if !strings.HasPrefix(n, prefix) || !strings.HasSuffix(n, ".json") {
			continue
		}
		c, ok := s.read(strings.TrimSuffix(n, ".json"), abs)
		if !ok || InUse(c, now) {
			continue
		}
		if !found || c.Written.After(best.Written) {
			best, found = c, true
		}
	}
	return best, found
}

// read returns the copy of abs whose files have stem k, if it is complete.
func (s *Store) read(k, abs string) (Copy, bool) {
	desc := filepath.Join(s.Dir, k+".json")
	f, err := os.Open(desc)
	if err != nil {
		return Copy{}, false
	}
	defer f.Close()
	var c Copy
	if st, err := f.Stat(); err == nil {
		c.touched = st.ModTime()
	}
	dec := json.NewDecoder(&limitedReader{f: f, left: maxDescription})
	if err := dec.Decode(&c); err != nil || c.Original != abs {
		return Copy{}, false
	}
	c.Data, c.desc = filepath.Join(s.Dir, k+".ms3d"), desc
	st, err := os.Stat(c.Data)
	if err != nil || !st.Mode().IsRegular() || st.Size() != int64(c.Size) {
		return Copy{}, false
	}
	return c, true
}

// Lease is how long a copy stays in use by the running app that wrote it
// without being touched: that app touches the copy of its document every
// AutosaveEvery (Keeper.Touch), and a copy whose writer is still running
// and touched it within Lease is not offered to another instance (see
// InUse).
const Lease = 2*AutosaveEvery + 30*time.Second

// InUse reports whether c is the live copy of a document open in another
// running instance of the app: written, not as it stopped, by another
// process that still runs, and touched within Lease of now. Such a copy is that instance's safety
// net: another instance offering it (and discarding it, if the user says
// so) would take it away. A process number reused after a restart does
// not keep a copy hidden for longer than Lease, as nothing touches it.
func InUse(c Copy, now time.Time) bool {
	if c.Final || c.PID == 0 || c.PID == os.Getpid() || now.Sub(c.touched) > Lease {
		return false
	}
	return processRuns(c.PID)
}

// Touch marks this process's copy of original, if there is one, as still
// in use now.
func (s *Store) Touch(original string, now time.Time) error {
	abs, err := absolute(original)
	if err != nil {
		return err
	}
	p := filepath.Join(s.Dir, stem(abs, os.Getpid())+".json")
	if err := os.Chtimes(p, now, now); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("recovery: %w", err)
	}
	return nil
}

// Read returns the copy's MS3D bytes, refusing a data file that is not the
// size its description gives.
func (s *Store) Read(c Copy) ([]byte, error) {
	data, err := os.ReadFile(c.Data)
	if err != nil {
		return nil, fmt.Errorf("recovery: reading the copy of %s: %w", c.Name, err)
	}
	if len(data) != c.Size {
		return nil, fmt.Errorf("recovery: the copy of %s is %d bytes, its description says %d", c.Name, len(data), c.Size)
	}
	return data, nil
}

// Remove deletes this process's recovery copy of original, if any.
func (s *Store) Remove(original string) error {
	abs, err := absolute(original)
	if err != nil {
		return err
	}
	k := stem(abs, os.Getpid())
	return removePair(filepath.Join(s.Dir, k+".json"), filepath.Join(s.Dir, k+".ms3d"))
}

// RemoveCopy deletes the copy c (one Find returned), whichever process
// wrote it.
func (s *Store) RemoveCopy(c Copy) error {
	if c.desc == "" || c.Data == "" {
		return nil
	}
	return removePair(c.desc, c.Data)
}

// removePair deletes a copy's description, then its data, so that a
// half-removed copy is no copy.
func removePair(desc, data string) error {
	for _, p := range []string{desc, data} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("recovery: removing %s: %w", p, err)
		}
	}
	return nil
}

// limitedReader reads at most left bytes from f, then fails: a
// description that long is not one.
type limitedReader struct {
	f    *os.File
	left int
}

func (r *limitedReader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, errors.New("recovery: description too long")
	}
	if len(p) > r.left {
		p = p[:r.left]
	}
	n, err := r.f.Read(p)
	r.left -= n
	return n, err
}
