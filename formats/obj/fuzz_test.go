package obj

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/internal/fuzzseeds"
	"ms3dstudio/model"
	"ms3dstudio/model/fit"
	"ms3dstudio/model/num"
	"ms3dstudio/model/texpath"
)

// mtlSeparator splits a fuzz input into the OBJ text and the text of the
// material library "m.mtl" beside it.
var mtlSeparator = []byte("\x00--m.mtl--\x00")

// seeds are table cases for the fuzz target, each an OBJ text and,
// after mtlSeparator, its library.
var seeds = map[string]string{
	"faces":     "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvn 0 0 1\nf 1/1/1 2/1/1 3/1/1\nf -4//-1 -2//-1 \\\n -1//-1\nf 1 3 4\n",
	"concave":   "v 0 0 0\nv 2 0 0\nv 2 1 0\nv 1 1 0\nv 1 2 0\nv 0 2 0\nf 1 2 3 4 5 6\nv 0 0 1\nv 2 2 1\nv 2 0 1\nv 0 2 1\nf 7 8 9 10\n",
	"materials": "mtllib m.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\ng a b\nusemtl Red\ns 3\nf 1 2 3\nusemtl Missing\ns off\nf 3 2 1\n" + string(mtlSeparator) + "newmtl Red\nKd 1 0 0\nNs 50\nd -halo 0.5\nmap_Kd -s 2 2 -clamp on tex.png\nmap_d a.png\nKa spectral x.rfl\n",
	"bad":       "v 1 x\nvt\nvn nan 0 0\nf 1 2\nf 0 1 2\nf 1/9/9 1 1\nl 1 2\ncurv 0 1 1 2\nmtllib\nusemtl\ng\ns 99999999999\n",
}

// TestSeedsWritten checks that testdata/fuzz/FuzzDecode holds the seeds
// and the first lines of the corpus's spider.obj with its library as they
// are now, besides the inputs the fuzz engine saved when the target failed
// (internal/fuzzseeds); go test -run TestSeedsWritten -update-seeds
// rewrites them.
func TestSeedsWritten(t *testing.T) {
	want := map[string][]byte{}
	for name, s := range seeds {
		want[name] = []byte(s)
	}
	spiderDir := filepath.Join(corpus.Dir(t), "obj", "assimp", "test", "models", "OBJ")
	obj, err := os.ReadFile(filepath.Join(spiderDir, "spider.obj"))
	if err != nil {
		t.Fatal(err)
	}
	mtl, err := os.ReadFile(filepath.Join(spiderDir, "spider.mtl"))
	if err != nil {
		t.Fatal(err)
	}
	// The header, the first positions and the faces of the first group.
	lines := bytes.SplitAfter(obj, []byte("\n"))
	var head []byte
	for _, l := range lines[:min(len(lines), 160)] {
		head = append(head, l...)
	}
	head = bytes.ReplaceAll(head, []byte("spider.mtl"), []byte("m.mtl"))
	want["spider-head"] = append(append(head, mtlSeparator...), mtl...)
	fuzzseeds.Sync(t, filepath.Join("testdata", "fuzz", "FuzzDecode"), want)
}

// FuzzDecode checks that no input makes Decode panic, that findings point
// at lines of the input, that the model it returns is consistent (every
// index in range, every number finite), and that what it returns fits an
// MS3D file through model/fit without panicking.
func FuzzDecode(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		objText, mtlText, _ := bytes.Cut(data, mtlSeparator)
		fsys := fstest.MapFS{"m.mtl": &fstest.MapFile{Data: mtlText}, "tex.png": &fstest.MapFile{Data: []byte("x")}}
		m, found, err := Decode(objText, ReadOptions{Name: "f.obj", Files: texpath.New(fsys, ".")})
		lines := bytes.Count(objText, []byte("\n")) + 1
		mtlLines := bytes.Count(mtlText, []byte("\n")) + 1
		for _, fd := range found {
			w := fd.Where
			switch {
			case w.Part == model.PartOBJLine && w.Index >= 0 && (w.Index < 1 || w.Index > lines || w.Offset >= int64(len(objText))):
				t.Fatalf("finding outside the OBJ text (%d lines): %s", lines, fd)
			case w.Part == model.PartMTLLine && (w.Index < 1 || w.Index > mtlLines || w.Offset >= int64(len(mtlText))):
				t.Fatalf("finding outside the library (%d lines): %s", mtlLines, fd)
			}
		}
		if err != nil {
			return
		}
		nv := uint32(len(m.Vertices))
		for i, v := range m.Vertices {
			if !num.Finite3(v.Position) {
				t.Fatalf("vertex %d at %v", i, v.Position)
			}
		}
		for i, tr := range m.Triangles {
			if tr.Vertices[0] >= nv || tr.Vertices[1] >= nv || tr.Vertices[2] >= nv || int(tr.Group) >= len(m.Groups) {
				t.Fatalf("triangle %d: %+v", i, tr)
			}
			for k := range 3 {
				if !num.Finite3(tr.Normals[k]) || !num.Finite(tr.S[k]) || !num.Finite(tr.T[k]) {
					t.Fatalf("triangle %d corner %d: %+v", i, k, tr)
				}
			}
		}
		listed := 0
		for gi, g := range m.Groups {
			if int(g.Material) >= len(m.Materials) {
				t.Fatalf("group %d names material %d of %d", gi, g.Material, len(m.Materials))
			}
			for _, ti := range g.Triangles {
				if int(ti) >= len(m.Triangles) || int(m.Triangles[ti].Group) != gi {
					t.Fatalf("group %d lists triangle %d", gi, ti)
				}
			}
			listed += len(g.Triangles)
		}
		if listed != len(m.Triangles) {
			t.Fatalf("groups list %d triangles of %d", listed, len(m.Triangles))
		}
		if r := fit.Fit(m, fit.Options{}); r.Fits {
			if _, err := ms3d.Encode(m); err != nil {
				t.Fatalf("fitted model does not encode: %v", err)
			}
		}
	})
}
