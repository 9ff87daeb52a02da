// Package ms3dtest holds what the tests of other packages do with MS3D
// files, for tests only: write a model as an MS3D file and read it back,
// or read a file with the resolver of its textures.
package ms3dtest

import (
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// RoundTrip encodes m as an MS3D file and decodes the bytes again; the test
// fails on an error either way or on any decoder finding. It returns the
// model read back and the file's bytes.
func RoundTrip(tb testing.TB, m *model.Model) (*model.Model, []byte) {
	tb.Helper()
	data, err := ms3d.Encode(m)
	if err != nil {
		tb.Fatalf("ms3d.Encode: %v", err)
	}
	back, found, err := ms3d.Decode(data)
	if err != nil || len(found) > 0 {
		tb.Fatalf("ms3d.Decode of the encoded model: %v %v", err, found)
	}
	return back, data
}

// Read decodes the MS3D file at path and returns the model with the
// resolver of its textures (model/texpath, from the file's folder); the
// test fails when either cannot be had.
func Read(tb testing.TB, path string) (*model.Model, *texpath.Resolver) {
	tb.Helper()
	m, _, err := ms3d.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	res, err := texpath.NewOS(path)
	if err != nil {
		tb.Fatal(err)
	}
	return m, res
}
