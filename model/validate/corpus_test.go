package validate

import (
	"encoding/binary"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// corpusFindings are the uncapped finding counts per code for every corpus
// file, checked with its real folder for textures. Files not listed have no
// findings. Why each is there:
//   - InvalidMaterialIndex: assimp's test for a material index equal to the
//     material count; its one triangle also has zero normals.
//   - Wuson_a8a1ca98: an old, damaged revision of Wuson.ms3d: its only group
//     lists 723 triangle indices past the end and 38 triangles twice, so 761
//     triangles are in no group; it names material 0 with no materials, and
//     its keyframer holds garbage (the decoder also reports it truncated).
//   - Woman4: joint 30 "RThumb" is 3 bytes short (the decoder reports
//     joint.keys-short); from rotation key 293 on its keys are misaligned
//     bytes, with NaN times and values. Its two .tga textures are not in
//     the corpus.
//   - the blitz3d, jeep1 and BigHoleBox2 models write ".\name.png"; crate02,
//     forearm, hand and Chair's textures are not in the corpus.
//   - NeHe's model sits in Data/ and names "data/Wood.bmp" (relative to the
//     program, not the model): found as Data/Wood.bmp by the basename rule.
var corpusFindings = map[string]map[model.Code]int{
	"assimp/test/models/MS3D/invalid/InvalidMaterialIndex.ms3d": {model.CodeNormalZero: 1, model.CodeGroupMaterialRange: 1},
	"assimp/test/models/MS3D/jeep1.ms3d":                        {model.CodeTexturePath: 1},
	"assimp/test/models/MS3D/Wuson_a8a1ca98.ms3d": {model.CodeGroupTriangleRange: 1, model.CodeGroupMaterialRange: 1,
		model.CodeTriangleMultiGroup: 38, model.CodeTriangleNoGroup: 761, model.CodeFPS: 1},
	"blitz3d/_release/samples/zenith/scare/models/level/crate.ms3d": {model.CodeTexturePath: 2, model.CodeTextureMissing: 1},
	"blitz3d/_release/samples/zenith/scare/models/pistol/gun.ms3d":  {model.CodeNormalZero: 3, model.CodeTexturePath: 1},
	"blitz3d/_release/samples/zenith/scare/models/player/guy.ms3d":  {model.CodeTexturePath: 1},
	"blitz3d/_release/samples/zenith/scare/models/hands/hands.ms3d": {model.CodeTextureMissing: 2},
	"blitz3d/_release/samples/zenith/scare/models/level/level.ms3d": {model.CodeNormalZero: 4, model.CodeTexturePath: 4},
	"GLScene/Samples/media/BigHoleBox2.ms3d":                        {model.CodeTexturePath: 1},
	"GLScene/Demos/media/models/Chair.ms3d":                         {model.CodeTextureMissing: 1},
	"GLScene/Samples/media/Woman4.ms3d":                             {model.CodeTextureMissing: 2, model.CodeKeyTimeNonFinite: 1, model.CodeKeyOrder: 2, model.CodeKeyNonFinite: 1},
	"nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d":                {model.CodeTextureRemapped: 1},
}

// decoderCodes are reported by formats/ms3d.Decode; Check must not repeat
// them.
var decoderCodes = []model.Code{"file.truncated", "file.trailing-bytes", "block.unreadable", "joint.keys-short", "header.version3"}

type corpusModel struct {
	entry corpus.Entry
	data  []byte
	m     *model.Model
}

func loadCorpus(tb testing.TB) []corpusModel {
	tb.Helper()
	var out []corpusModel
	for _, e := range corpus.MS3D(tb) {
		data, err := os.ReadFile(e.Path)
		if err != nil {
			tb.Fatal(err)
		}
		m, _, err := ms3d.Decode(data)
		if err != nil {
			tb.Fatalf("%s: %v", e, err)
		}
		out = append(out, corpusModel{e, data, m})
	}
	return out
}

func checkFile(tb testing.TB, cm corpusModel, maxPerCode int) []model.Finding {
	tb.Helper()
	r, err := texpath.NewOS(cm.entry.Path)
	if err != nil {
		tb.Fatal(err)
	}
	return Check(cm.m, Options{Textures: r, Locator: ms3d.NewLayout(cm.m), MaxPerCode: maxPerCode})
}

func TestCorpus(t *testing.T) {
	seen := map[string]bool{}
	for _, cm := range loadCorpus(t) {
		e := cm.entry
		seen[e.File] = true
		all := checkFile(t, cm, -1)
		counts := map[model.Code]int{}
		for _, f := range all {
			counts[f.Code]++
			for _, dc := range decoderCodes {
				if f.Code == dc {
					t.Errorf("%s: Check repeats decoder finding %v", e, f)
				}
			}
			if f.Message == "" || f.Where.Part == "" {
				t.Errorf("%s: incomplete finding %+v", e, f)
			}
			if f.Where.Offset >= int64(len(cm.data)) || (f.Where.Index >= 0 && f.Where.Part != model.PartComments && f.Where.Offset < 0) {
				t.Errorf("%s: %v: offset not in the %d-byte file", e, f, len(cm.data))
			}
		}
		want := corpusFindings[e.File]
		if want == nil {
			want = map[model.Code]int{}
		}
		if !reflect.DeepEqual(counts, want) {
			t.Errorf("%s: finding counts %v, want %v; findings:\n%s", e, counts, want, list(all))
		}
		// Capped, the list is short and ends each long run with a summary.
		capped := checkFile(t, cm, 0)
		for code, n := range counts {
			listed, summary := 0, 0
			for _, f := range capped {
				if f.Code == code {
					if f.Where.Index < 0 && strings.Contains(f.Message, "more") {
						summary++
					} else {
						listed++
					}
				}
			}
			if n > DefaultMaxPerCode && (listed != DefaultMaxPerCode || summary != 1) || n <= DefaultMaxPerCode && listed != n {
				t.Errorf("%s: %s: %d findings capped to %d listed and %d summaries", e, code, n, listed, summary)
			}
		}
		if again := checkFile(t, cm, -1); !reflect.DeepEqual(again, all) {
			t.Errorf("%s: Check is not deterministic", e)
		}
	}
	for file := range corpusFindings {
		if !seen[file] {
			t.Errorf("%s: expected in the corpus", file)
		}
	}
}

func corpusFile(t *testing.T, suffix string) corpusModel {
	t.Helper()
	for _, cm := range loadCorpus(t) {
		if strings.HasSuffix(cm.entry.File, suffix) {
			return cm
		}
	}
	t.Fatalf("%s not in the corpus", suffix)
	return corpusModel{}
}

func find(fs []model.Finding, code model.Code, n int) model.Finding {
	for _, f := range fs {
		if f.Code == code {
			if n == 0 {
				return f
			}
			n--
		}
	}
	return model.Finding{}
}

// TestInvalidMaterialIndex: assimp's file has one group naming material 1
// of 1; the finding points at the group record (offset 0x69, whose name
// field holds "grp").
func TestInvalidMaterialIndex(t *testing.T) {
	cm := corpusFile(t, "InvalidMaterialIndex.ms3d")
	f := find(checkFile(t, cm, 0), model.CodeGroupMaterialRange, 0)
	if f.Severity != model.Error || f.Where != (model.Location{Part: model.PartGroup, Index: 0, Offset: 0x69}) || f.Fix == "" {
		t.Fatalf("finding = %v, want an error at group 0, offset 0x69", f)
	}
	if name := string(cm.data[0x69+1 : 0x69+4]); name != "grp" {
		t.Errorf("group name at the offset = %q", name)
	}
	// The material index is the group record's last byte: flags, name,
	// count, indices.
	n := int(binary.LittleEndian.Uint16(cm.data[0x69+33:]))
	if mi := cm.data[0x69+35+2*n]; mi != 1 {
		t.Errorf("material index byte = %d, want 1", mi)
	}
}

// TestWoman4Keys: joint 30 "RThumb" of GLScene's Woman4.ms3d lost 3 bytes
// inside rotation key 292 (its z value is already garbage, -1.36e-21, but
// finite), so from key 293 on every key is misread. The first key that
// provably breaks the rules is rotation key 293 at 0x14b594 (time -4.9e-06
// after 19.53 s); the first NaN time is rotation key 539 and the first NaN
// value key 323; the position keys, also misaligned, stall at time 9e-44 from
// key 2.
func TestWoman4Keys(t *testing.T) {
	cm := corpusFile(t, "Woman4.ms3d")
	fs := checkFile(t, cm, 0)
	tests := []struct {
		code     model.Code
		nth      int
		position bool
		key      int
		offset   int64
	}{
		{model.CodeKeyOrder, 0, false, 293, 0x14b594},
		{model.CodeKeyOrder, 1, true, 2, 0x1528b4},
		{model.CodeKeyTimeNonFinite, 0, false, 539, 0x14b594 + 16*(539-293)},
		{model.CodeKeyNonFinite, 0, false, 323, 0x14b594 + 16*(323-293)},
	}
	j := cm.m.Joints[30]
	for _, tc := range tests {
		f := find(fs, tc.code, tc.nth)
		if f.Where != (model.Location{Part: model.PartJoint, Index: 30, Offset: tc.offset}) || f.Severity != model.Error || !strings.Contains(f.Message, `"RThumb"`) {
			t.Errorf("%s #%d = %v, want joint 30 at offset %#x", tc.code, tc.nth, f, tc.offset)
			continue
		}
		keys := j.RotationKeys
		if tc.position {
			keys = j.PositionKeys
		}
		// The bytes at the offset are the key the message names.
		if got := binary.LittleEndian.Uint32(cm.data[tc.offset:]); got != math.Float32bits(keys[tc.key].Time) {
			t.Errorf("%s: time bits at %#x = %#x, want key %d's %#x", tc.code, tc.offset, got, tc.key, math.Float32bits(keys[tc.key].Time))
		}
	}
	prev, bad := j.RotationKeys[292].Time, j.RotationKeys[293].Time
	if !(prev > 19.5 && bad < 0) {
		t.Errorf("rotation keys 292/293 times = %v, %v", prev, bad)
	}
	// The other 30 joints are sane and end at frame 2133 = total frames, so
	// there is no total-frames finding.
	if f := find(fs, model.CodeTotalFrames, 0); f.Code != "" {
		t.Errorf("unexpected %v", f)
	}
}

// TestWusonDamaged: the first bad triangle index of the damaged Wuson
// revision is entry 2574 of group 0 and holds 3850, past the 3732 triangles.
func TestWusonDamaged(t *testing.T) {
	cm := corpusFile(t, "Wuson_a8a1ca98.ms3d")
	f := find(checkFile(t, cm, 0), model.CodeGroupTriangleRange, 0)
	off := ms3d.NewLayout(cm.m).Offset(model.PartGroup, 0)
	if f.Where.Offset != off || !strings.Contains(f.Message, "entry 2574 = 3850") {
		t.Fatalf("finding = %v, want group 0 at %#x naming entry 2574 = 3850", f, off)
	}
	if got := binary.LittleEndian.Uint16(cm.data[off+35+2*2574:]); got != 3850 {
		t.Errorf("entry 2574 in the file = %d", got)
	}
}

func TestCorpusFixes(t *testing.T) {
	tests := []struct {
		file string
		code model.Code
		fix  string
	}{
		{"jeep1.ms3d", model.CodeTexturePath, `write the texture path as "jeep1.jpg"`},
		{"BigHoleBox2.ms3d", model.CodeTexturePath, `write the texture path as "ashwood.jpg"`},
		{"Data/Model.ms3d", model.CodeTextureRemapped, `write the texture path as "Wood.bmp"`},
		{"level/crate.ms3d", model.CodeTexturePath, `write the texture path as "crate.png"`},
	}
	for _, tc := range tests {
		f := find(checkFile(t, corpusFile(t, tc.file), 0), tc.code, 0)
		if f.Fix != tc.fix {
			t.Errorf("%s: %s fix = %q, want %q", tc.file, tc.code, f.Fix, tc.fix)
		}
	}
}

func BenchmarkCheck(b *testing.B) {
	var woman corpusModel
	for _, cm := range loadCorpus(b) {
		if strings.HasSuffix(cm.entry.File, "Woman4.ms3d") {
			woman = cm
		}
	}
	if woman.m == nil {
		b.Fatal("Woman4.ms3d not in the corpus")
	}
	layout := ms3d.NewLayout(woman.m)
	r, err := texpath.NewOS(woman.entry.Path)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("model", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Check(woman.m, Options{Locator: layout})
		}
	})
	b.Run("with-textures", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			Check(woman.m, Options{Locator: layout, Textures: r})
		}
	})
}
