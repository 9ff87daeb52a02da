package ui

import (
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
)

// MaxRecent is how many files Open Recent remembers.
const MaxRecent = 10

// recentKey is the preference key of the recent-files list.
const recentKey = "recent-files"

// Recent is the Open Recent list, kept in Fyne preferences, most recent
// first.
type Recent struct {
	prefs fyne.Preferences
	// stat looks a file up (os.Stat; tests count the calls).
	stat func(string) (os.FileInfo, error)
}

// NewRecent returns the recent-files list stored in prefs.
func NewRecent(prefs fyne.Preferences) *Recent { return &Recent{prefs: prefs, stat: os.Stat} }

// Paths returns the remembered files, most recent first, without looking
// at the disk: the menu is rebuilt after every edit, and a stat per file on
// the UI goroutine (a slow network folder, a sleeping disk) would stall it.
// A file that is gone is found out when it is chosen (Editor.OpenRecent).
func (r *Recent) Paths() []string { return r.prefs.StringList(recentKey) }

// List returns the remembered files that still exist, most recent first;
// files that are gone are forgotten. It looks at every file: call it when
// the user asks for the list, not on every change.
func (r *Recent) List() []string {
	all := r.prefs.StringList(recentKey)
	kept := make([]string, 0, len(all))
	for _, p := range all {
		if st, err := r.stat(p); err == nil && st.Mode().IsRegular() {
			kept = append(kept, p)
		}
	}
	if len(kept) != len(all) {
		r.prefs.SetStringList(recentKey, kept)
	}
	return kept
}

// Add puts path at the front of the list (moving it if it was there
// already) and forgets the oldest files beyond MaxRecent.
func (r *Recent) Add(path string) {
	path = absolutePath(path)
	list := []string{path}
	for _, p := range r.prefs.StringList(recentKey) {
		if p != path && len(list) < MaxRecent {
			list = append(list, p)
		}
	}
	r.prefs.SetStringList(recentKey, list)
}

// Remove forgets path (a file that failed to open).
func (r *Recent) Remove(path string) {
	var list []string
	for _, p := range r.prefs.StringList(recentKey) {
		if p != path {
			list = append(list, p)
		}
	}
	r.prefs.SetStringList(recentKey, list)
}

// Clear forgets every file.
func (r *Recent) Clear() { r.prefs.SetStringList(recentKey, nil) }

// absolutePath returns p made absolute, or p itself when it is "" (no
// file: not the working folder) or cannot be made absolute. The recent
// list and the recovery copies name files this way.
func absolutePath(p string) string {
	if p == "" {
		return ""
	}
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}
