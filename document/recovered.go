package document

import (
	"fmt"

	"ms3dstudio/formats/ms3d"
)

// Recovered returns a document for a recovery copy (document/recovery):
// the model decoded from data, MS3D bytes written from a document whose
// changes were not saved, as if those changes had just been made to the
// file at original. The document's path is original ("" for one that had
// no file, shown as name), so textures are found from the original's
// folder and Save writes over the original; it starts modified, so that
// closing it asks.
func Recovered(data []byte, original, name string) (*Document, error) {
	m, found, err := ms3d.Decode(data)
	if err != nil {
		return nil, fmt.Errorf("reading the recovered copy of %s: %w", name, err)
	}
	if m == nil {
		return nil, fmt.Errorf("reading the recovered copy of %s: not a readable MS3D file", name)
	}
	d := New(m, original, found)
	if original == "" {
		d.SetUntitledName(name)
	}
	d.MarkUnsaved()
	return d, nil
}
