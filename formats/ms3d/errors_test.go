package ms3d

import (
	"testing"

	"ms3dstudio/model"
)

// TestErrorMessages pins the messages of the typed errors, with and
// without an element index.
func TestErrorMessages(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{&FormatError{Part: model.PartHeader, Index: -1, Offset: 0, Msg: "bad magic"}, "ms3d: header: bad magic at offset 0x0"},
		{&FormatError{Part: model.PartTriangle, Index: 17, Offset: 0x1a2f, Msg: "cut short"}, "ms3d: triangle 17: cut short at offset 0x1a2f"},
		{&LimitError{Part: model.PartGroup, Index: 3, Msg: "name is 40 bytes, the field holds 32"}, "ms3d: group 3: name is 40 bytes, the field holds 32"},
		{&LimitError{Part: model.PartVertex, Index: -1, Msg: "70000 of them"}, "ms3d: vertex: 70000 of them"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("%#v: %q, want %q", c.err, got, c.want)
		}
	}
}
