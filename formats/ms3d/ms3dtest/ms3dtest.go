// Package ms3dtest holds what the tests of other packages do with MS3D
// files, for tests only: write a model as an MS3D file and read it back.
package ms3dtest

import (
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
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
