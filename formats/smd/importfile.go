package smd

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
)

// ImportFile reads the reference SMD file at path and the animation SMD
// files anims, each a clip named after its file, into one model (Import).
// SMD files hold no frame rate or sequence names; the QC file beside the
// reference (name.qc, ours or one written for studiomdl) does: its $fps is
// the model's rate and its sequences name the clips of the files they
// play. When anims is empty, the animation files the QC's sequences name
// that exist are the clips. The error is the first file's that cannot be
// read, or Import's.
func ImportFile(path string, anims []string) (*model.Model, []model.Finding, error) {
	ref, found, err := readFile(path)
	if err != nil {
		return nil, nil, err
	}
	var opt ImportOptions
	names := map[string]string{} // animation file → sequence name
	list := anims
	if qc, err := os.ReadFile(strings.TrimSuffix(path, filepath.Ext(path)) + ".qc"); err == nil {
		opt.FPS, _ = QCFPS(qc)
		for _, s := range ReadQCSequences(qc) {
			p := filepath.Join(filepath.Dir(path), filepath.FromSlash(s.File))
			if !strings.EqualFold(filepath.Ext(p), ".smd") {
				p += ".smd"
			}
			names[filepath.Clean(p)] = s.Name
			if len(anims) == 0 && !atomicfile.SameFile(p, path) && !slices.Contains(list, p) {
				if _, err := os.Stat(p); err == nil {
					list = append(list, p)
				}
			}
		}
	}
	var named []NamedFile
	for _, a := range list {
		f, more, err := readFile(a)
		if err != nil {
			return nil, nil, err
		}
		found = append(found, more...)
		name, ok := names[filepath.Clean(a)]
		if !ok {
			name = strings.TrimSuffix(filepath.Base(a), filepath.Ext(a))
		}
		named = append(named, NamedFile{Name: name, File: f})
	}
	m, more, err := Import(ref, named, opt)
	if err != nil {
		return nil, nil, fmt.Errorf("importing %s: %w", path, err)
	}
	return m, append(found, more...), nil
}

// readFile reads the SMD file at path.
func readFile(path string) (*File, []model.Finding, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("opening %s: %w", path, err)
	}
	defer f.Close()
	file, found, err := Read(f, filepath.Base(path))
	if err != nil {
		return nil, nil, fmt.Errorf("opening %s: %w", path, err)
	}
	return file, found, nil
}
