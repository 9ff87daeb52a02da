package fix_test

import (
	"bytes"
	"maps"
	"os"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/ms3d/ms3dfix"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/fix"
	"ms3dstudio/model/texpath"
	"ms3dstudio/model/validate"
)

// corpusChanges are the changes per code that Decode makes, with the
// default options and the file's real folder for textures, to each corpus
// file; files not listed need none. See model/validate's corpus test for why
// each file has its findings.
var corpusChanges = map[string]map[model.Code]int{
	"assimp/test/models/MS3D/invalid/InvalidMaterialIndex.ms3d": {model.CodeGroupMaterialRange: 1, model.CodeNormalZero: 1},
	"assimp/test/models/MS3D/jeep1.ms3d":                        {model.CodeTexturePath: 1},
	"assimp/test/models/MS3D/Wuson_a8a1ca98.ms3d": {model.CodeTruncated: 1, model.CodeGroupTriangleRange: 1, model.CodeTriangleMultiGroup: 38,
		model.CodeTriangleNoGroup: 761, model.CodeGroupMaterialRange: 1, model.CodeFPS: 1},
	"blitz3d/_release/samples/zenith/scare/models/level/crate.ms3d": {model.CodeTexturePath: 2},
	"blitz3d/_release/samples/zenith/scare/models/pistol/gun.ms3d":  {model.CodeNormalZero: 3, model.CodeTexturePath: 1},
	"blitz3d/_release/samples/zenith/scare/models/player/guy.ms3d":  {model.CodeTexturePath: 1},
	"blitz3d/_release/samples/zenith/scare/models/level/level.ms3d": {model.CodeNormalZero: 4, model.CodeTexturePath: 4},
	"GLScene/Samples/media/BigHoleBox2.ms3d":                        {model.CodeTexturePath: 1},
	// The repair makes the vertex-extra block readable, and one of its
	// vertices has 1 % of weight on no bone.
	"GLScene/Samples/media/Woman4.ms3d": {model.CodeKeysShort: 1, model.CodeWeightsLost: 1},
}

// fixFile runs Decode on a corpus file, encodes the result and checks it
// again: the fixed file must decode cleanly and have no error findings and
// no findings of a code that opt fixes.
func fixFile(t *testing.T, e corpus.Entry, opt fix.Options) (data, out []byte, m *model.Model, changes []fix.Change) {
	t.Helper()
	data, err := os.ReadFile(e.Path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := texpath.NewOS(e.Path)
	if err != nil {
		t.Fatal(err)
	}
	opt.Textures = r
	m, changes, err = ms3dfix.Decode(data, opt)
	if err != nil {
		t.Fatalf("%s: %v", e, err)
	}
	out, err = ms3d.Encode(m)
	if err != nil {
		t.Fatalf("%s: encode: %v", e, err)
	}
	back, found, err := ms3d.Decode(out)
	if err != nil || len(found) > 0 {
		t.Fatalf("%s: the fixed file does not decode cleanly: %v %v", e, err, found)
	}
	for _, f := range validate.Check(back, validate.Options{Textures: r, MaxPerCode: -1}) {
		// A warning with no Fix text has no automatic fix (a key so late
		// that no frame count reaches it): it may stay.
		if f.Severity == model.Error || opt.Enabled(f.Code) && f.Fix != "" {
			t.Errorf("%s: after fixing: %s", e, f)
		}
	}
	for _, c := range changes {
		if c.Where.Offset >= int64(len(data)) {
			t.Errorf("%s: %s: offset past the %d-byte file", e, c, len(data))
		}
	}
	return data, out, m, changes
}

func TestCorpus(t *testing.T) {
	for _, e := range corpus.MS3D(t) {
		data, out, _, changes := fixFile(t, e, fix.Options{})
		got := map[model.Code]int{}
		for _, c := range changes {
			got[c.Code]++
		}
		want := corpusChanges[e.File]
		if want == nil {
			want = map[model.Code]int{}
		}
		if !maps.Equal(got, want) {
			t.Errorf("%s: changes %v, want %v", e.File, got, want)
		}
		if len(changes) == 0 && !bytes.Equal(out, data) {
			t.Errorf("%s: nothing to fix, but the bytes changed", e.File)
		}
	}
}

func corpusEntry(t testing.TB, suffix string) corpus.Entry { return corpus.File(t, suffix) }

// TestCorpusDamagedWuson checks the damaged Wuson revision in detail: its
// one group ends up listing every triangle once, with no material.
func TestCorpusDamagedWuson(t *testing.T) {
	_, _, m, _ := fixFile(t, corpusEntry(t, "Wuson_a8a1ca98.ms3d"), fix.Options{})
	g := m.Groups[0]
	if len(m.Groups) != 1 || len(g.Triangles) != len(m.Triangles) || g.Material != -1 || len(m.Triangles) != 3732 {
		t.Fatalf("%d groups, group 0 lists %d of %d triangles, material %d", len(m.Groups), len(g.Triangles), len(m.Triangles), g.Material)
	}
	seen := make([]bool, len(m.Triangles))
	for _, ti := range g.Triangles {
		if seen[ti] {
			t.Fatalf("triangle %d listed twice", ti)
		}
		seen[ti] = true
	}
	if m.FPS != 24 {
		t.Errorf("fps %v", m.FPS)
	}
}

// TestCorpusWoman4Unrepaired fixes Woman4 without the byte repair: the
// misread keys of joint 30 are removed or sorted, and the unreadable blocks
// dropped, which also leaves no error.
func TestCorpusWoman4Unrepaired(t *testing.T) {
	e := corpusEntry(t, "Woman4.ms3d")
	_, _, m, changes := fixFile(t, e, fix.Options{Skip: []model.Code{model.CodeKeysShort}})
	got := map[model.Code]int{}
	for _, c := range changes {
		got[c.Code]++
	}
	want := map[model.Code]int{model.CodeBlockUnreadable: 1, model.CodeKeyTimeNonFinite: 1, model.CodeKeyNonFinite: 1, model.CodeKeyOrder: 2}
	if !maps.Equal(got, want) {
		t.Errorf("changes %v, want %v\n%v", got, want, changes)
	}
	j := m.Joints[30]
	if len(j.RotationKeys) >= e.RotationKeys/31 || m.VertexExtraSubVersion != 0 {
		t.Errorf("joint 30 keeps %d rotation keys; vertex extra %d", len(j.RotationKeys), m.VertexExtraSubVersion)
	}
	// The repaired file keeps all of joint 30's keys.
	_, _, rm, _ := fixFile(t, e, fix.Options{})
	if n := len(rm.Joints[30].RotationKeys); n != 2133 || rm.VertexExtraSubVersion != 3 {
		t.Errorf("repaired: joint 30 has %d rotation keys, vertex extra %d", n, rm.VertexExtraSubVersion)
	}
}
