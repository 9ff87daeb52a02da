package texpath

import (
	"path/filepath"

	"ms3dstudio/model"
)

// ExportResolver returns the resolver an exporter's options ask for: res
// when it is not nil, else one on the real file system for a model in the
// folder modelDir with extra search folders (see NewOS), else nil (the
// exporter looks no texture up).
func ExportResolver(res *Resolver, modelDir string, searchDirs ...string) (*Resolver, error) {
	switch {
	case res != nil:
		return res, nil
	case modelDir != "":
		// NewOS wants the model file; only its folder matters.
		return NewOS(filepath.Join(modelDir, "model.ms3d"), searchDirs...)
	}
	return nil, nil
}

// ExportPath returns the path a file exported into the folder outDir names
// the texture raw by: the file res finds, relative to outDir with forward
// slashes (res's suggestion of it when outDir is "" or the file is not on
// the operating system's file system); or, when res is nil or finds
// nothing, the stored path made portable, with found false.
func ExportPath(res *Resolver, raw model.Str, outDir string) (path string, found bool) {
	if res != nil {
		r := res.Resolve(raw)
		if r.Found {
			if r.OSPath != "" && outDir != "" {
				if out, err := filepath.Abs(outDir); err == nil {
					if rel, err := filepath.Rel(out, r.OSPath); err == nil {
						return filepath.ToSlash(rel), true
					}
				}
				return filepath.ToSlash(r.OSPath), true
			}
			return res.Suggest(r), true
		}
	}
	p, _ := Portable(raw)
	return p, false
}
