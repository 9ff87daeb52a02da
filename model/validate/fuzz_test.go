package validate

import (
	"testing"
	"testing/fstest"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// FuzzCheck decodes arbitrary bytes as MS3D and checks the model: Check must
// not panic on anything the decoder produces, every finding must be
// complete, and, when the decoder read the whole file, offsets must stay
// inside it. (For a file cut short, the layout gives offsets in the file as
// it would be saved: the frame rate of a file that ends before its keyframer
// is 0, reported at the offset where saving writes it.)
func FuzzCheck(f *testing.F) {
	for _, mutate := range []func(*model.Model){
		func(*model.Model) {},
		func(m *model.Model) { m.Groups[1].Triangles = []uint32{1, 1, 9}; m.Groups[0].Material = 5 },
		func(m *model.Model) { m.Joints[0].Parent = "arm"; m.Joints[1].RotationKeys[1].Time = nan },
		func(m *model.Model) { m.Materials[0].Texture = `C:\tex\..\SKIN.png`; m.Comments.Joints[0].Index = 40 },
	} {
		m := base()
		mutate(m)
		data, err := ms3d.Encode(m)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	textures := texpath.New(fstest.MapFS{"m/tex/skin.png": {}, "m/SKIN.png": {}}, "m")
	f.Fuzz(func(t *testing.T, data []byte) {
		m, decoded, err := ms3d.Decode(data)
		if err != nil {
			return
		}
		complete := !model.HasErrors(decoded)
		for _, fd := range Check(m, Options{Textures: textures, Locator: ms3d.NewLayout(m), MaxPerCode: 5}) {
			if fd.Code == "" || fd.Message == "" || fd.Where.Part == "" {
				t.Fatalf("incomplete finding %+v", fd)
			}
			if complete && fd.Where.Offset >= int64(len(data)) {
				t.Fatalf("%v: offset past the %d-byte input", fd, len(data))
			}
		}
	})
}
