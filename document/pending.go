package document

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing/fstest"

	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model/texpath"
)

// PendingFile is a file an import made that exists only in memory until
// the document is saved: an image a glTF file embeds, which an MS3D
// material can only name as a file beside the model.
type PendingFile struct {
	// Name is the file name the materials' texture paths hold.
	Name string
	Data []byte
}

// PendingFiles returns the files WriteImages would write.
func (d *Document) PendingFiles() []PendingFile { return d.pending }

// WriteImages writes the document's pending files into dir and returns the
// paths written. A file of the same name that holds other bytes is never
// overwritten: the image gets a numbered name instead ("skin-2.png") and
// the materials naming it are changed with an undoable edit. A file that
// already holds the same bytes is used as it is. The files stay pending
// (an export may write them into several folders) until SaveAs makes dir
// the document's folder.
func (d *Document) WriteImages(dir string) ([]string, error) {
	var written []string
	taken := map[string]bool{}
	for pi, f := range d.pending {
		name := f.Name
		ext := path.Ext(name)
		stem := strings.TrimSuffix(name, ext)
		same := false
		for k := 2; ; k++ {
			if !taken[strings.ToLower(name)] {
				old, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					break // a free name
				}
				if bytes.Equal(old, f.Data) {
					same = true
					break
				}
			}
			name = fmt.Sprintf("%s-%d%s", stem, k, ext)
		}
		taken[strings.ToLower(name)] = true
		if name != f.Name {
			d.pending[pi].Name = name
			d.textures, d.resPath = nil, "" // the overlay shows the new name
			for i, m := range d.m.Materials {
				if m.Texture.Display() == f.Name {
					if err := d.Do(SetTexture(i, name)); err != nil {
						return written, err
					}
				}
			}
		}
		if same {
			continue
		}
		p := filepath.Join(dir, name)
		if err := atomicfile.WriteFile(p, f.Data, 0o644, false); err != nil {
			return written, fmt.Errorf("writing image %s: %w", name, err)
		}
		written = append(written, p)
	}
	return written, nil
}

// withPending returns r with the pending files visible in the model's
// folder, or r itself when there are none.
func withPending(r *texpath.Resolver, files []PendingFile) *texpath.Resolver {
	if len(files) == 0 {
		return r
	}
	mem := fstest.MapFS{}
	for _, f := range files {
		mem[path.Join(r.ModelDir, f.Name)] = &fstest.MapFile{Data: f.Data, Mode: 0o444}
	}
	return r.WithFS(overlayFS{base: r, mem: mem, dir: r.ModelDir})
}

// overlayFS shows the files of mem over those of base's FS.
type overlayFS struct {
	base *texpath.Resolver
	mem  fstest.MapFS
	dir  string
}

// OSPath returns the operating-system path of a file that is on disk (not
// one held in memory), as base's resolver gives it.
func (o overlayFS) OSPath(name string) (string, bool) {
	if _, ok := o.mem[name]; ok {
		return "", false
	}
	return o.base.OSPath(name)
}

// Open opens the named file, from memory if it is there.
func (o overlayFS) Open(name string) (fs.File, error) {
	if _, ok := o.mem[name]; ok {
		return o.mem.Open(name)
	}
	return o.base.FS.Open(name)
}

// Stat describes the named file.
func (o overlayFS) Stat(name string) (fs.FileInfo, error) {
	if _, ok := o.mem[name]; ok {
		return o.mem.Stat(name)
	}
	return fs.Stat(o.base.FS, name)
}

// ReadDir lists a folder; the model's folder lists the files in memory too.
func (o overlayFS) ReadDir(name string) ([]fs.DirEntry, error) {
	list, err := fs.ReadDir(o.base.FS, name)
	if name != o.dir {
		return list, err
	}
	seen := map[string]bool{}
	for _, e := range list {
		seen[e.Name()] = true
	}
	more, _ := o.mem.ReadDir(name)
	for _, e := range more {
		if !seen[e.Name()] {
			list = append(list, e)
		}
	}
	slices.SortFunc(list, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return list, nil
}
