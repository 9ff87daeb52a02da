package importer

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"ms3dstudio/internal/corpus"
)

// triangleDoc returns a valid glTF document, as JSON values, of one
// indexed triangle in a buffer held in a data URI.
func triangleDoc() map[string]any {
	var bin []byte
	for _, f := range []float32{0, 0, 0, 1, 0, 0, 0, 1, 0} {
		bin = binary.LittleEndian.AppendUint32(bin, math.Float32bits(f))
	}
	bin = append(bin, 0, 0, 1, 0, 2, 0, 0, 0) // uint16 indices, padded
	return map[string]any{
		"asset":   map[string]any{"version": "2.0"},
		"scene":   0,
		"scenes":  []any{map[string]any{"nodes": []any{0}}},
		"nodes":   []any{map[string]any{"mesh": 0}},
		"meshes":  []any{map[string]any{"primitives": []any{map[string]any{"attributes": map[string]any{"POSITION": 0}, "indices": 1}}}},
		"buffers": []any{map[string]any{"byteLength": len(bin), "uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(bin)}},
		"bufferViews": []any{
			map[string]any{"buffer": 0, "byteOffset": 0, "byteLength": 36},
			map[string]any{"buffer": 0, "byteOffset": 36, "byteLength": 6},
		},
		"accessors": []any{
			map[string]any{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": []any{0, 0, 0}, "max": []any{1, 1, 0}},
			map[string]any{"bufferView": 1, "componentType": 5123, "count": 3, "type": "SCALAR"},
		},
	}
}

func jsonBytes(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func at(doc map[string]any, key string, i int) map[string]any {
	return doc[key].([]any)[i].(map[string]any)
}

// hostile lists damaged and hostile files, each with the JSON pointer its
// error must name.
func hostile(t testing.TB) []struct {
	name string
	data []byte
	path string
} {
	type c = struct {
		name string
		data []byte
		path string
	}
	edit := func(f func(d map[string]any)) []byte {
		d := triangleDoc()
		f(d)
		return jsonBytes(t, d)
	}
	deepJSON := `{"asset":{"version":"2.0","extras":` + strings.Repeat("[", 10001) + strings.Repeat("]", 10001) + `}}`
	deepNodes := func() []byte {
		d := triangleDoc()
		nodes := []any{}
		for i := range 10000 {
			n := map[string]any{}
			if i+1 < 10000 {
				n["children"] = []any{i + 1}
			}
			nodes = append(nodes, n)
		}
		nodes[9999].(map[string]any)["mesh"] = 0
		d["nodes"] = nodes
		return jsonBytes(t, d)
	}
	return []c{
		{"count past the buffer view", edit(func(d map[string]any) { at(d, "accessors", 0)["count"] = 1000 }), "/accessors/0/count"},
		{"count in the billions without a view", edit(func(d map[string]any) {
			delete(at(d, "accessors", 0), "bufferView")
			at(d, "accessors", 0)["count"] = 2_000_000_000
		}), "/accessors/0/count"},
		{"index out of range", edit(func(d map[string]any) {
			d["buffers"].([]any)[0].(map[string]any)["uri"] = strings.Replace(d["buffers"].([]any)[0].(map[string]any)["uri"].(string), "AAABAAIA", "AAABAAkA", 1)
		}), "/meshes/0/primitives/0/indices"},
		{"buffer view outside the buffer", edit(func(d map[string]any) { at(d, "bufferViews", 1)["byteLength"] = 600 }), "/bufferViews/1/byteLength"},
		{"buffer view on a missing buffer", edit(func(d map[string]any) { at(d, "bufferViews", 0)["buffer"] = 3 }), "/bufferViews/0/buffer"},
		{"accessor missing", edit(func(d map[string]any) { at(d, "accessors", 1)["bufferView"] = 9 }), "/accessors/1/bufferView"},
		{"node cycle", edit(func(d map[string]any) {
			d["nodes"] = []any{map[string]any{"mesh": 0}, map[string]any{"children": []any{2}}, map[string]any{"children": []any{1}}}
		}), "/nodes/2/children"},
		{"node its own child", edit(func(d map[string]any) { at(d, "nodes", 0)["children"] = []any{0} }), "/nodes/0/children/0"},
		{"a node in two hierarchies", edit(func(d map[string]any) {
			d["nodes"] = []any{map[string]any{"children": []any{2}}, map[string]any{"children": []any{2}}, map[string]any{"mesh": 0}}
			d["scenes"] = []any{map[string]any{"nodes": []any{0, 1}}}
		}), "/nodes/1/children/0"},
		{"a joint in two hierarchies", edit(func(d map[string]any) {
			d["nodes"] = []any{map[string]any{"mesh": 0, "skin": 0}, map[string]any{"children": []any{3}}, map[string]any{"children": []any{3}}, map[string]any{}}
			d["skins"] = []any{map[string]any{"joints": []any{3}}}
			d["scenes"] = []any{map[string]any{"nodes": []any{0, 1, 2}}}
		}), "/nodes/2/children/0"},
		{"child index past the nodes", edit(func(d map[string]any) { at(d, "nodes", 0)["children"] = []any{7} }), "/nodes/0/children/0"},
		{"scene root missing", edit(func(d map[string]any) { d["scenes"] = []any{map[string]any{"nodes": []any{4}}} }), "/scenes/0/nodes/0"},
		{"data URI claiming gigabytes", edit(func(d map[string]any) { d["buffers"].([]any)[0].(map[string]any)["byteLength"] = 4_000_000_000 }), "/buffers/0/byteLength"},
		{"data URI not base64", edit(func(d map[string]any) {
			d["buffers"].([]any)[0].(map[string]any)["uri"] = "data:application/octet-stream;base64,@@@@"
		}), "/buffers/0/uri"},
		{"buffer file outside the folder", edit(func(d map[string]any) { d["buffers"].([]any)[0].(map[string]any)["uri"] = "../../etc/passwd" }), "/buffers/0/uri"},
		{"buffer file absent", edit(func(d map[string]any) { d["buffers"].([]any)[0].(map[string]any)["uri"] = "missing.bin" }), "/buffers/0/uri"},
		{"buffer from the network", edit(func(d map[string]any) { d["buffers"].([]any)[0].(map[string]any)["uri"] = "https://example.com/a.bin" }), "/buffers/0/uri"},
		{"sparse index past the count", edit(func(d map[string]any) {
			at(d, "accessors", 0)["sparse"] = map[string]any{"count": 1, "indices": map[string]any{"bufferView": 1, "componentType": 5123, "byteOffset": 4}, "values": map[string]any{"bufferView": 0}}
			d["buffers"].([]any)[0].(map[string]any)["uri"] = strings.Replace(d["buffers"].([]any)[0].(map[string]any)["uri"].(string), "AAABAAIA", "AAABAAkA", 1)
		}), "/accessors/0/sparse/indices"},
		{"stride smaller than an element", edit(func(d map[string]any) { at(d, "bufferViews", 0)["byteStride"] = 8 }), "/bufferViews/0/byteStride"},
		{"wrong element type", edit(func(d map[string]any) { at(d, "accessors", 0)["type"] = "VEC2" }), "/accessors/0/type"},
		{"count of the wrong type", edit(func(d map[string]any) { at(d, "accessors", 0)["count"] = "three" }), "/accessors/0/count"},
		{"count zero", edit(func(d map[string]any) { at(d, "accessors", 1)["count"] = 0 }), "/accessors/1"},
		{"JSON nested 10,001 deep", []byte(deepJSON), "/asset/extras/0/0/0/0/0/0/0/0/…(9990 levels)/0"},
		{"nodes nested 10,000 deep", deepNodes(), fmt.Sprintf("/nodes/%d", MaxNodeDepth)},
		{"truncated JSON", []byte(`{"asset":{"version":"2.0"},"nodes":[{"mesh":`), "/nodes/0/mesh"},
		{"glTF 1", []byte(`{"asset":{"version":"1.0"}}`), "/asset/version"},
		{"GLB length past the file", glbOf(jsonBytes(t, triangleDoc()), nil, 1<<30), ""},
	}
}

// glbOf wraps JSON and BIN chunks in a GLB whose header claims length
// (0: the true length).
func glbOf(js, bin []byte, length uint32) []byte {
	for len(js)%4 != 0 {
		js = append(js, ' ')
	}
	out := binary.LittleEndian.AppendUint32(nil, glbMagic)
	out = binary.LittleEndian.AppendUint32(out, 2)
	out = binary.LittleEndian.AppendUint32(out, 0)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(js)))
	out = binary.LittleEndian.AppendUint32(out, glbChunkJSON)
	out = append(out, js...)
	if bin != nil {
		out = binary.LittleEndian.AppendUint32(out, uint32(len(bin)))
		out = binary.LittleEndian.AppendUint32(out, glbChunkBIN)
		out = append(out, bin...)
	}
	if length == 0 {
		length = uint32(len(out))
	}
	binary.LittleEndian.PutUint32(out[8:], length)
	return out
}

// TestImportHostile: every damaged or hostile file gets an *ImportError
// naming the JSON pointer at fault, without a panic, and the import
// allocates no more than a small multiple of the file's size.
func TestImportHostile(t *testing.T) {
	if _, found, err := Import(jsonBytes(t, triangleDoc()), nil, ImportOptions{}); err != nil {
		t.Fatalf("the undamaged triangle: %v (%v)", err, found)
	}
	for _, c := range hostile(t) {
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, _, err := Import(c.data, fstest.MapFS{}, ImportOptions{})
			runtime.ReadMemStats(&after)
			var ie *ImportError
			if !errors.As(err, &ie) {
				t.Fatalf("err = %v, want an *ImportError", err)
			}
			if ie.Path != c.path {
				t.Errorf("error at %q, want %q: %v", ie.Path, c.path, err)
			}
			// Decoding JSON into the document's structs costs up to about a
			// hundred bytes per byte of the file (a node of 16 bytes of
			// JSON is a struct of some 400 bytes, which qmuntal/gltf's
			// UnmarshalJSON decodes twice); a fixed allowance covers the
			// decoder's own tables.
			allocated := after.TotalAlloc - before.TotalAlloc
			if limit := 128*uint64(len(c.data)) + 1<<20; allocated > limit {
				t.Errorf("allocated %d bytes for a %d-byte file (limit %d)", allocated, len(c.data), limit)
			}
			t.Logf("%v (%d bytes allocated for %d)", err, allocated, len(c.data))
		})
	}
}

// TestImportLargeDataURI: a data URI of 8 MiB costs allocations in
// proportion to it, not more.
func TestImportLargeDataURI(t *testing.T) {
	d := triangleDoc()
	bin := make([]byte, 8<<20)
	d["buffers"] = []any{d["buffers"].([]any)[0], map[string]any{"byteLength": len(bin), "uri": "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(bin)}}
	data := jsonBytes(t, d)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, _, err := Import(data, nil, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d bytes allocated for a %d-byte file", allocated, len(data))
	if allocated > 8*uint64(len(data)) {
		t.Errorf("allocated %d bytes for a %d-byte file", allocated, len(data))
	}
}

// fuzzFS holds the external buffers of the corpus's .gltf files, so that
// their seeds read as they do from their folders.
func fuzzFS(tb testing.TB) (fstest.MapFS, [][]byte) {
	fsys := fstest.MapFS{}
	var seeds [][]byte
	if !corpus.Available() {
		return fsys, nil
	}
	root := filepath.Join(corpus.Dir(tb), "gltf")
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".gltf", ".glb":
			seeds = append(seeds, data)
		case ".bin":
			fsys[filepath.Base(p)] = &fstest.MapFile{Data: data}
		}
		return nil
	})
	return fsys, seeds
}

// FuzzImport: no input makes the importer panic, and a model it returns
// refers only to what it holds.
func FuzzImport(f *testing.F) {
	fsys, seeds := fuzzFS(f)
	for _, s := range seeds {
		f.Add(s)
	}
	for _, c := range hostile(f) {
		if len(c.data) < 1<<16 {
			f.Add(c.data)
		}
	}
	f.Add(jsonBytes(f, triangleDoc()))
	f.Fuzz(func(t *testing.T, data []byte) {
		imp, _, err := Import(data, fsys, ImportOptions{})
		if err != nil {
			return
		}
		m := imp.Model
		for i, tri := range m.Triangles {
			for _, v := range tri.Vertices {
				if int(v) >= len(m.Vertices) {
					t.Fatalf("triangle %d names vertex %d of %d", i, v, len(m.Vertices))
				}
			}
		}
		for i, v := range m.Vertices {
			for _, b := range v.Bones {
				if b != 0xFFFF && int(b) >= len(m.Joints) {
					t.Fatalf("vertex %d names joint %d of %d", i, b, len(m.Joints))
				}
			}
		}
	})
}
