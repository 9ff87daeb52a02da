package fix_test

import (
	"testing"
	"testing/fstest"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/ms3d/ms3dfix"
	"ms3dstudio/model"
	"ms3dstudio/model/fix"
	"ms3dstudio/model/texpath"
	"ms3dstudio/model/validate"
)

// FuzzFix decodes arbitrary bytes, fixes them, encodes the result and
// decodes it again. Encoding must succeed, the second decode must find
// nothing wrong with the bytes (a version 3 file stays one), Check must report no error, and fixing the
// result again must change nothing. The one exception is model.count: a
// file may declare more vertices, triangles, groups or materials than the
// format can address, and only deleting elements, which is the author's
// choice, would fix that. The table cases above are the seeds.
func FuzzFix(f *testing.F) {
	m := base()
	data, err := ms3d.Encode(m)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	for _, c := range fixCases {
		m := base()
		c.mutate(m)
		if data, err := ms3d.Encode(m); err == nil { // names too long for their fields do not encode
			f.Add(data)
		}
	}
	textures := texpath.New(fstest.MapFS{"m/tex/Skin.png": {}, "m/a.tga": {}}, "m")
	opt := fix.Options{Textures: textures}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, changes, err := ms3dfix.Decode(data, opt)
		if err != nil {
			return
		}
		for _, c := range changes {
			if c.Code == "" || c.Message == "" || c.Where.Part == "" {
				t.Fatalf("incomplete change %+v", c)
			}
		}
		out, err := ms3d.Encode(m)
		if err != nil {
			t.Fatalf("encode after fixing: %v\n%v", err, changes)
		}
		back, found, err := ms3d.Decode(out)
		if err != nil {
			t.Fatalf("decode after fixing: %v", err)
		}
		for _, fd := range found {
			if fd.Code != model.CodeVersion3 {
				t.Fatalf("decode after fixing: %s", fd)
			}
		}
		for _, fd := range validate.Check(back, validate.Options{Textures: textures, MaxPerCode: 5}) {
			if fd.Severity == model.Error && fd.Code != model.CodeCount {
				t.Fatalf("after fixing: %s\nchanges: %v", fd, changes)
			}
		}
		if again := fix.Fix(back, nil, opt); len(again) > 0 {
			t.Fatalf("fixing the fixed model changed more: %v\nfirst: %v", again, changes)
		}
	})
}
