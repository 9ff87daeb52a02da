package interop_test

import (
	"maps"
	"ms3dstudio/formats/ms3d/ms3dfix"
	"ms3dstudio/model"
	"ms3dstudio/model/fix"
	"ms3dstudio/model/texpath"
	"slices"
	"testing"
)

// fileNames returns the keys of every map, once each, sorted: the files a
// recorded list and a measured one name between them.
func fileNames(lists ...map[string]string) []string {
	var names []string
	for _, l := range lists {
		names = append(names, slices.Collect(maps.Keys(l))...)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// decodeFixed decodes the MS3D file read from path as the app opens it,
// with every automatic fix and the textures looked up beside the file.
func decodeFixed(t *testing.T, path string, data []byte) *model.Model {
	t.Helper()
	opt := fix.Options{}
	if r, err := texpath.NewOS(path); err == nil {
		opt.Textures = r
	}
	m, _, err := ms3dfix.Decode(data, opt)
	if err != nil {
		t.Fatalf("ms3dfix.Decode: %v", err)
	}
	return m
}
