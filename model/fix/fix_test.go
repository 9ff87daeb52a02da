package fix_test

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
	"ms3dstudio/model/fix"
	"ms3dstudio/model/texpath"
	"ms3dstudio/model/validate"
)

func TestBaseIsClean(t *testing.T) {
	m := base()
	if fs := check(m); len(fs) > 0 {
		t.Fatalf("base model has findings: %v", fs)
	}
	want, err := ms3d.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	if ch := fix.Fix(m, nil, fix.Options{}); len(ch) > 0 {
		t.Fatalf("changes on a clean model: %v", ch)
	}
	got, _ := ms3d.Encode(m)
	if !bytes.Equal(got, want) {
		t.Fatal("Fix changed the bytes of a clean model")
	}
}

// fixCase is one finding code provoked on the base model: after Fix (with
// the default options unless only is set), Check must not report the code
// any more, the log must hold exactly the changes listed, and verify checks
// the result.
type fixCase struct {
	name    string
	code    model.Code
	only    []model.Code
	mutate  func(m *model.Model)
	decoded []model.Finding
	changes int // how many changes with the code (0: at least one)
	message string
	verify  func(t *testing.T, m *model.Model)
}

var fixCases = []fixCase{
	{name: "version", code: model.CodeVersion, mutate: func(m *model.Model) { m.Version = 7 }, message: "version 7 → 4",
		verify: func(t *testing.T, m *model.Model) { want(t, m.Version, int32(4)) }},
	{name: "long group name", code: model.CodeFieldLength, mutate: func(m *model.Model) { m.Groups[0].Name = model.Str(strings.Repeat("g", 40)) },
		verify: func(t *testing.T, m *model.Model) { want(t, m.Groups[0].Name, model.Str(strings.Repeat("g", 32))) }},
	{name: "long joint name and its child's parent", code: model.CodeFieldLength, changes: 2,
		mutate: func(m *model.Model) {
			long := model.Str("a_joint_name_much_longer_than_32_bytes")
			m.Joints[0].Name, m.Joints[1].Parent = long, long
		},
		verify: func(t *testing.T, m *model.Model) {
			want(t, len(m.Joints[0].Name), 32)
			want(t, m.Joints[1].Parent, m.Joints[0].Name)
			want(t, m.ResolveHierarchy().Parent[1], 0)
		}},
	{name: "long texture path", code: model.CodeFieldLength,
		mutate: func(m *model.Model) {
			m.Materials[0].Texture = model.Str(`C:\` + strings.Repeat(`deep\`, 30) + `skin.png`)
		},
		verify: func(t *testing.T, m *model.Model) { want(t, m.Materials[0].Texture, model.Str("skin.png")) }},
	{name: "vertex NaN from neighbours", code: model.CodeVertexNonFinite,
		mutate: func(m *model.Model) { m.Vertices[2].Position = [3]float32{nan, 1, inf(1)} },
		// Vertex 2's neighbours are 0, 1 and 3: x (0+1+0)/3, z 0.
		message: "x NaN → 0.33333334 (the average of 3 neighbours), z +Inf → 0 (the average of 3 neighbours)",
		verify: func(t *testing.T, m *model.Model) {
			want(t, m.Vertices[2].Position, [3]float32{float32(1.0 / 3), 1, 0})
		}},
	{name: "vertex bone", code: model.CodeVertexBoneRange, mutate: func(m *model.Model) { m.Vertices[1].Bones[0] = 9 },
		message: "vertex 1: bone 9 → none (the model has 2 joints)",
		verify:  func(t *testing.T, m *model.Model) { want(t, m.Vertices[1].Bones[0], uint16(model.NoBone)) }},
	{name: "extra bone", code: model.CodeExtraBoneRange, mutate: func(m *model.Model) { m.Vertices[1].Bones[2] = 7 },
		verify: func(t *testing.T, m *model.Model) { want(t, m.Vertices[1].Bones[2], uint16(model.NoBone)) }},
	{name: "weights over 100", code: model.CodeWeightsOver,
		mutate: func(m *model.Model) {
			m.Vertices[0].Bones = [4]uint16{0, 1, 0, 1}
			m.Vertices[0].Weights = [3]uint8{80, 50, 20}
		},
		// 80, 50, 20 of 150 → 53.3, 33.3, 13.3: the spare 1 goes to the first.
		verify: func(t *testing.T, m *model.Model) { want(t, m.Vertices[0].Weights, [3]uint8{54, 33, 13}) }},
	{name: "weight on no bone", code: model.CodeWeightsLost,
		mutate: func(m *model.Model) {
			m.Vertices[0].Bones = [4]uint16{0, 1, model.NoBone, model.NoBone}
			m.Vertices[0].Weights = [3]uint8{50, 30, 0}
		},
		// 20 of 100 on no bone: 50 and 30 of 80 → 62.5 and 37.5.
		message: "vertex 0: bones 0 1 none none, weights 50 30 0 (20 implied for the fourth) → 63 37 0 (0 implied), summing to 100",
		verify: func(t *testing.T, m *model.Model) {
			want(t, m.Vertices[0].Weights, [3]uint8{63, 37, 0})
			var inf [4]model.Influence
			n := m.Influences(0, &inf)
			want(t, n, 2)
			want(t, inf[0].Weight+inf[1].Weight, float32(1))
		}},
	{name: "weight only on the fourth bone", code: model.CodeWeightsLost,
		mutate: func(m *model.Model) {
			m.Vertices[3].Bones = [4]uint16{model.NoBone, model.NoBone, model.NoBone, 0}
			m.Vertices[3].Weights = [3]uint8{10, 0, 0}
		},
		verify: func(t *testing.T, m *model.Model) {
			want(t, m.Vertices[3].Bones, [4]uint16{0, model.NoBone, model.NoBone, model.NoBone})
			want(t, m.Vertices[3].Weights, [3]uint8{0, 0, 0})
		}},
	{name: "weights of sub-version 1 sum to 255", code: model.CodeWeightsLost,
		mutate: func(m *model.Model) {
			m.VertexExtraSubVersion = 1
			m.Vertices[0].Bones = [4]uint16{0, 1, model.NoBone, model.NoBone}
			m.Vertices[0].Weights = [3]uint8{100, 100, 0}
		},
		verify: func(t *testing.T, m *model.Model) { want(t, m.Vertices[0].Weights, [3]uint8{128, 127, 0}) }},
	{name: "triangle with a missing vertex", code: model.CodeTriangleVertexRange, changes: 2,
		mutate: func(m *model.Model) { m.Triangles[0].Vertices[1] = 99 },
		verify: func(t *testing.T, m *model.Model) {
			want(t, len(m.Triangles), 1)
			want(t, m.Triangles[0].Vertices, [3]uint32{0, 2, 3})
			want(t, m.Groups[0].Triangles, []uint32{0})
		}},
	{name: "non-finite texture coordinate and normal", code: model.CodeTriangleNonFinite, changes: 2,
		mutate: func(m *model.Model) { m.Triangles[1].S[1] = nan; m.Triangles[1].Normals[2] = [3]float32{0, nan, 1} },
		verify: func(t *testing.T, m *model.Model) {
			want(t, m.Triangles[1].S, [3]float32{0, 0, 0})
			want(t, m.Triangles[1].Normals[2], [3]float32{0, 0, 1})
		}},
	{name: "zero normal", code: model.CodeNormalZero, mutate: func(m *model.Model) { m.Triangles[0].Normals[1] = [3]float32{} },
		verify: func(t *testing.T, m *model.Model) { want(t, m.Triangles[0].Normals[1], [3]float32{0, 0, 1}) }},
	{name: "long normal", code: model.CodeNormalLength, mutate: func(m *model.Model) { m.Triangles[0].Normals[1] = [3]float32{0, 3, 4} },
		message: "triangle 0: normalised corner 1 (0, 3, 4) (length 5) → (0, 0.6, 0.8)",
		verify:  func(t *testing.T, m *model.Model) { want(t, m.Triangles[0].Normals[1], [3]float32{0, 0.6, 0.8}) }},
	{name: "triangle in no group joins its group", code: model.CodeTriangleNoGroup,
		mutate: func(m *model.Model) { m.Groups[0].Triangles = []uint32{1} },
		verify: func(t *testing.T, m *model.Model) { want(t, m.Groups[0].Triangles, []uint32{1, 0}) }},
	{name: "triangle in no group gets a new group", code: model.CodeTriangleNoGroup, changes: 2,
		mutate: func(m *model.Model) { m.Groups[0].Triangles = []uint32{1}; m.Triangles[0].Group = 9 },
		verify: func(t *testing.T, m *model.Model) {
			want(t, len(m.Groups), 2)
			want(t, m.Groups[1], model.Group{Name: "ungrouped", Triangles: []uint32{0}, Material: -1})
			want(t, m.Triangles[0].Group, uint16(1))
		}},
	{name: "triangle listed by two groups", code: model.CodeTriangleMultiGroup,
		mutate: func(m *model.Model) {
			m.Groups = append(m.Groups, model.Group{Name: "other", Triangles: []uint32{1}, Material: -1})
			m.Triangles[1].Group = 1
		},
		message: "triangle 1: groups 0 and 1 list it; kept one listing, in group 1 (its group index names that group)",
		verify: func(t *testing.T, m *model.Model) {
			want(t, m.Groups[0].Triangles, []uint32{0})
			want(t, m.Groups[1].Triangles, []uint32{1})
		}},
	{name: "triangle listed twice by one group", code: model.CodeTriangleMultiGroup,
		mutate: func(m *model.Model) { m.Groups[0].Triangles = []uint32{0, 1, 0} },
		verify: func(t *testing.T, m *model.Model) { want(t, m.Groups[0].Triangles, []uint32{0, 1}) }},
	{name: "group index", code: model.CodeTriangleGroupIndex, mutate: func(m *model.Model) { m.Triangles[1].Group = 3 },
		message: "triangle 1: group index 3 → 0, the group that lists it",
		verify:  func(t *testing.T, m *model.Model) { want(t, m.Triangles[1].Group, uint16(0)) }},
	{name: "group lists a missing triangle", code: model.CodeGroupTriangleRange,
		mutate:  func(m *model.Model) { m.Groups[0].Triangles = []uint32{0, 7, 1, 300} },
		message: `group 0 ("quad"): dropped 2 indices that name no triangle (7, 300; the model has 2 triangles)`,
		verify:  func(t *testing.T, m *model.Model) { want(t, m.Groups[0].Triangles, []uint32{0, 1}) }},
	{name: "material index", code: model.CodeGroupMaterialRange, mutate: func(m *model.Model) { m.Groups[0].Material = 1 },
		message: `group 0 ("quad"): material index 1 → −1 (no material; the model has 1 material)`,
		verify:  func(t *testing.T, m *model.Model) { want(t, m.Groups[0].Material, int16(-1)) }},
	{name: "material NaN", code: model.CodeMaterialNonFinite,
		mutate: func(m *model.Model) { m.Materials[0].Diffuse[1] = nan; m.Materials[0].Transparency = inf(-1) },
		verify: func(t *testing.T, m *model.Model) {
			want(t, m.Materials[0].Diffuse, [4]float32{0.8, 0.8, 0.8, 1})
			want(t, m.Materials[0].Transparency, float32(1))
		}},
	{name: "transparency", code: model.CodeTransparencyRange, mutate: func(m *model.Model) { m.Materials[0].Transparency = 1.5 },
		verify: func(t *testing.T, m *model.Model) { want(t, m.Materials[0].Transparency, float32(1)) }},
	{name: "shininess", code: model.CodeShininessRange, mutate: func(m *model.Model) { m.Materials[0].Shininess = -3 },
		verify: func(t *testing.T, m *model.Model) { want(t, m.Materials[0].Shininess, float32(0)) }},
	{name: "texture path, not found", code: model.CodeTexturePath, mutate: func(m *model.Model) { m.Materials[0].Texture = `.\tex\skin.png` },
		message: `material 0 ("skin"): texture path ".\\tex\\skin.png" → "tex/skin.png" (not found: worked out from the path alone)`,
		verify:  func(t *testing.T, m *model.Model) { want(t, m.Materials[0].Texture, model.Str("tex/skin.png")) }},
	{name: "texture path in Windows-1252", code: model.CodeTexturePath, mutate: func(m *model.Model) { m.Materials[0].Texture = "tex\\b\xe2che.png" },
		verify: func(t *testing.T, m *model.Model) { want(t, m.Materials[0].Texture, model.Str("tex/b\xe2che.png")) }},
	{name: "alpha map path", code: model.CodeAlphaMapPath, mutate: func(m *model.Model) { m.Materials[0].AlphaMap = `C:\art\alpha.tga` },
		verify: func(t *testing.T, m *model.Model) { want(t, m.Materials[0].AlphaMap, model.Str("alpha.tga")) }},
	{name: "frame rate NaN", code: model.CodeKeyframerNonFinite,
		mutate:  func(m *model.Model) { m.FPS = nan; m.CurrentTime = inf(1) },
		message: "frame rate NaN → 24 (players used 1); key times are in seconds and stay, but the 48 frames now last 2 s instead of 48 s, current time +Inf → 0",
		verify: func(t *testing.T, m *model.Model) {
			want(t, m.FPS, float32(24))
			want(t, m.CurrentTime, float32(0))
		}},
	{name: "frame rate below 1", code: model.CodeFPS, mutate: func(m *model.Model) { m.FPS = 0.5 },
		verify: func(t *testing.T, m *model.Model) { want(t, m.FPS, float32(24)) }},
	{name: "negative total frames", code: model.CodeTotalFrames, changes: 2, mutate: func(m *model.Model) { m.TotalFrames = -5 },
		verify: func(t *testing.T, m *model.Model) { want(t, m.TotalFrames, int32(48)) }},
	{name: "total frames before the last key", code: model.CodeTotalFrames, mutate: func(m *model.Model) { m.Joints[1].RotationKeys[2].Time = 3 },
		message: `total frames 48 → 72: joint 1 ("arm") has a key at 3 s = frame 72 at 24 fps`,
		verify:  func(t *testing.T, m *model.Model) { want(t, m.TotalFrames, int32(72)) }},
	{name: "rest pose", code: model.CodeJointNonFinite, mutate: func(m *model.Model) { m.Joints[1].Rotation[1] = inf(1) },
		verify: func(t *testing.T, m *model.Model) { want(t, m.Joints[1].Rotation, [3]float32{}) }},
	{name: "key time NaN", code: model.CodeKeyTimeNonFinite, mutate: func(m *model.Model) { m.Joints[1].RotationKeys[1].Time = nan },
		verify: func(t *testing.T, m *model.Model) { want(t, len(m.Joints[1].RotationKeys), 2) }},
	{name: "key value NaN", code: model.CodeKeyNonFinite, mutate: func(m *model.Model) { m.Joints[0].PositionKeys[0].Value[2] = nan },
		verify: func(t *testing.T, m *model.Model) {
			want(t, m.Joints[0].PositionKeys, []model.Key{{Time: 2, Value: [3]float32{1, 0, 0}}})
		}},
	{name: "keys out of order and repeated", code: model.CodeKeyOrder,
		mutate: func(m *model.Model) {
			k := m.Joints[1].RotationKeys
			m.Joints[1].RotationKeys = []model.Key{k[2], k[0], k[1], {Time: k[1].Time, Value: [3]float32{9, 9, 9}}}
		},
		message: `joint 1 ("arm"): sorted its 4 rotation keys by time (2 were not after the key before them, the first is key 1) and dropped 1 key whose time repeats an earlier key's (the first of each time is kept)`,
		verify: func(t *testing.T, m *model.Model) {
			want(t, m.Joints[1].RotationKeys, base().Joints[1].RotationKeys)
		}},
	{name: "duplicate joint name", code: model.CodeDuplicateName,
		mutate: func(m *model.Model) {
			m.Joints = append(m.Joints, model.Joint{Name: "root"}, model.Joint{Name: "root_2", Parent: "root"}, model.Joint{Name: "hand", Parent: "ROOT_3"})
		},
		// root_2 is taken, and so is root_3 (a parent name, ignoring case).
		message: `joint 2: name "root" → "root_4": joint 0 has the same name, and children naming it keep resolving to joint 0`,
		verify: func(t *testing.T, m *model.Model) {
			want(t, m.Joints[2].Name, model.Str("root_4"))
			h := m.ResolveHierarchy()
			want(t, h.Parent, []int{-1, 0, -1, 0, -1})
		}},
	{name: "duplicate 32-byte name", code: model.CodeDuplicateName,
		mutate: func(m *model.Model) {
			long := model.Str(strings.Repeat("n", 32))
			m.Joints[0].Name, m.Joints[1].Name, m.Joints[1].Parent = long, long, ""
		},
		verify: func(t *testing.T, m *model.Model) { want(t, m.Joints[1].Name, model.Str(strings.Repeat("n", 30)+"_2")) }},
	{name: "missing parent", code: model.CodeParentMissing, mutate: func(m *model.Model) { m.Joints[1].Parent = "nobody" },
		verify: func(t *testing.T, m *model.Model) { want(t, m.Joints[1].Parent, model.Str("")) }},
	{name: "parent cycle", code: model.CodeParentCycle, mutate: func(m *model.Model) { m.Joints[0].Parent = "arm" },
		verify: func(t *testing.T, m *model.Model) {
			want(t, m.Joints[0].Parent, model.Str(""))
			want(t, m.Joints[1].Parent, model.Str("root"))
		}},
	{name: "parent case", code: model.CodeParentCase, mutate: func(m *model.Model) { m.Joints[1].Parent = "ROOT" },
		message: `joint 1 ("arm"): parent name "ROOT" → "root", spelt as joint 0 spells it`,
		verify:  func(t *testing.T, m *model.Model) { want(t, m.Joints[1].Parent, model.Str("root")) }},
	{name: "joint colour", code: model.CodeJointColorNonFinite, mutate: func(m *model.Model) { m.Joints[0].Color[0] = nan },
		verify: func(t *testing.T, m *model.Model) { want(t, m.Joints[0].Color, [3]float32{1, 1, 1}) }},
	{name: "model extras", code: model.CodeModelExtraNonFinite, mutate: func(m *model.Model) { m.Extra.JointSize, m.Extra.AlphaRef = nan, inf(1) },
		verify: func(t *testing.T, m *model.Model) {
			want(t, m.Extra, model.ModelExtra{SubVersion: 1, JointSize: 1, AlphaRef: 0.5})
		}},
	{name: "comment on a missing joint", code: model.CodeCommentIndex, only: []model.Code{model.CodeCommentIndex},
		mutate: func(m *model.Model) {
			m.Comments.Joints = append(m.Comments.Joints, model.Comment{Index: 5, Text: "gone"})
		},
		message: `joint comment 1 dropped: it is attached to joint 5, but the model has 2 joints; its text was "gone"`,
		verify:  func(t *testing.T, m *model.Model) { want(t, len(m.Comments.Joints), 1) }},
	{name: "trailing bytes", code: model.CodeTrailingBytes, mutate: func(m *model.Model) { m.Trailing = []byte{1, 2, 3} },
		message: "dropped the 3 bytes after the last block",
		verify:  func(t *testing.T, m *model.Model) { want(t, len(m.Trailing), 0) }},
	{name: "unreadable block", code: model.CodeBlockUnreadable, mutate: func(m *model.Model) { m.Trailing = []byte{9, 9, 9, 9, 9} },
		decoded: []model.Finding{{Code: model.CodeBlockUnreadable, Severity: model.Error, Where: model.Location{Part: model.PartComments, Index: -1, Offset: 900}}},
		message: "dropped the 5 unreadable bytes from the comments block on",
		verify:  func(t *testing.T, m *model.Model) { want(t, len(m.Trailing), 0) }},
}

func want[T any](t *testing.T, got, want T) {
	t.Helper()
	if !equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func equal[T any](a, b T) bool { return reflect.DeepEqual(a, b) }

func TestFixCodes(t *testing.T) {
	for _, c := range fixCases {
		t.Run(c.name, func(t *testing.T) {
			m := base()
			c.mutate(m)
			before := check(m)
			// Trailing bytes are the decoder's to report.
			if !strings.HasPrefix(string(c.code), "file.") && !strings.HasPrefix(string(c.code), "block.") && !slices.Contains(model.CodesOf(before), c.code) {
				t.Fatalf("the mutation does not provoke %s: %v", c.code, before)
			}
			changes := fix.Fix(m, c.decoded, fix.Options{Only: c.only})
			n := 0
			for _, ch := range changes {
				if ch.Code == c.code {
					n++
					if c.message != "" && !strings.Contains(ch.Message, c.message) && n == 1 {
						t.Errorf("message %q\nwant it to contain %q", ch.Message, c.message)
					}
				}
				if ch.Message == "" || ch.Where.Part == "" {
					t.Errorf("incomplete change %+v", ch)
				}
			}
			if n == 0 || (c.changes > 0 && n != c.changes) {
				t.Errorf("%d changes with code %s, want %d: %v", n, c.code, c.changes, changes)
			}
			if after := check(m); len(after) > 0 {
				t.Errorf("findings remain: %v\nchanges: %v", after, changes)
			}
			c.verify(t, m)
			back := roundTrip(t, m)
			if again := fix.Fix(back, nil, fix.Options{Only: c.only}); len(again) > 0 {
				t.Errorf("a second Fix changed more: %v", again)
			}
		})
	}
}

// TestOptions checks that Only and Skip choose the fixes.
func TestOptions(t *testing.T) {
	mutate := func(m *model.Model) {
		m.Groups[0].Material = 4
		m.Triangles[0].Normals[0] = [3]float32{0, 0, 2}
		m.Comments.Groups = append(m.Comments.Groups, model.Comment{Index: 3, Text: "x"})
	}
	for _, c := range []struct {
		opt  fix.Options
		want []model.Code
	}{
		{fix.Options{}, []model.Code{model.CodeGroupMaterialRange, model.CodeNormalLength}},
		{fix.Options{Skip: []model.Code{model.CodeNormalLength}}, []model.Code{model.CodeGroupMaterialRange}},
		{fix.Options{Only: []model.Code{model.CodeNormalLength}}, []model.Code{model.CodeNormalLength}},
		{fix.Options{Only: []model.Code{model.CodeCommentIndex, model.CodeNormalLength}, Skip: []model.Code{model.CodeNormalLength}}, []model.Code{model.CodeCommentIndex}},
	} {
		m := base()
		mutate(m)
		got := changeCodes(fix.Fix(m, nil, c.opt))
		slices.Sort(got)
		slices.Sort(c.want)
		if !slices.Equal(got, c.want) {
			t.Errorf("%+v: fixed %v, want %v", c.opt, got, c.want)
		}
	}
	if err := (fix.Options{Only: []model.Code{"no.such-code"}}).CheckCodes(); err == nil || !strings.Contains(err.Error(), "unknown") {
		t.Errorf("unknown code: %v", err)
	}
	if err := (fix.Options{Skip: []model.Code{model.CodeTextureMissing}}).CheckCodes(); err == nil || !strings.Contains(err.Error(), "no automatic fix") {
		t.Errorf("code with no fix: %v", err)
	}
	if err := (fix.Options{Only: []model.Code{model.CodeFPS}, Skip: []model.Code{model.CodeKeysShort}}).CheckCodes(); err != nil {
		t.Error(err)
	}
}

// TestRulesCoverEveryCode checks that Rules names every code validate,
// ResolveHierarchy and the decoder report, once, and that each fixable rule
// is exercised by a case above.
func TestRulesCoverEveryCode(t *testing.T) {
	all := []model.Code{model.CodeVersion, model.CodeCount, model.CodeFieldLength, model.CodeVertexNonFinite, model.CodeVertexBoneRange,
		model.CodeExtraBoneRange, model.CodeWeightsOver, model.CodeWeightsLost, model.CodeTriangleVertexRange, model.CodeTriangleNonFinite,
		model.CodeNormalZero, model.CodeNormalLength, model.CodeTriangleNoGroup, model.CodeTriangleMultiGroup, model.CodeTriangleGroupIndex,
		model.CodeGroupTriangleRange, model.CodeGroupMaterialRange, model.CodeMaterialNonFinite, model.CodeTransparencyRange,
		model.CodeShininessRange, model.CodeTexturePath, model.CodeTextureMissing, model.CodeTextureRemapped, model.CodeAlphaMapPath,
		model.CodeAlphaMapMissing, model.CodeAlphaMapRemapped, model.CodeKeyframerNonFinite, model.CodeFPS, model.CodeTotalFrames,
		model.CodeJointNonFinite, model.CodeKeyTimeNonFinite, model.CodeKeyOrder, model.CodeKeyNonFinite, model.CodeDuplicateName,
		model.CodeParentCase, model.CodeParentMissing, model.CodeParentCycle, model.CodeJointColorNonFinite, model.CodeModelExtraNonFinite,
		model.CodeCommentIndex,
		model.CodeTruncated, model.CodeTrailingBytes, model.CodeBlockUnreadable, model.CodeKeysShort, model.CodeVersion3}
	rules := fix.Rules()
	var got []model.Code
	for _, r := range rules {
		if slices.Contains(got, r.Code) {
			t.Errorf("%s listed twice", r.Code)
		}
		got = append(got, r.Code)
		if r.Does == "" || (!r.Default && r.Why == "") || (r.Default && !r.Fixable) {
			t.Errorf("incomplete rule %+v", r)
		}
	}
	slices.Sort(got)
	slices.Sort(all)
	if !slices.Equal(got, all) {
		t.Errorf("rules cover %v\nwant %v", got, all)
	}
	tested := map[model.Code]bool{model.CodeTextureRemapped: true, model.CodeAlphaMapRemapped: true, model.CodeKeysShort: true} // tested below and on the corpus
	for _, c := range fixCases {
		tested[c.code] = true
	}
	for _, r := range rules {
		if r.Fixable && !tested[r.Code] {
			t.Errorf("no table case for %s", r.Code)
		}
	}
}

// TestTextureFound rewrites paths to the file found, relative to the
// model's folder, with names as the disk spells them; the remapped codes
// are fixed only when asked.
func TestTextureFound(t *testing.T) {
	fsys := fstest.MapFS{"game/models/m.ms3d": {}, "game/tex/Skin.PNG": {}, "game/models/Data/wood.bmp": {}}
	r := texpath.New(fsys, "game/models")
	m := base()
	m.Materials[0].Texture = `..\tex\skin.png`
	m.Materials[0].AlphaMap = `Data/WOOD.bmp`
	changes := fix.Fix(m, nil, fix.Options{Textures: r})
	want(t, m.Materials[0].Texture, model.Str("../tex/Skin.PNG"))
	want(t, m.Materials[0].AlphaMap, model.Str("Data/WOOD.bmp"))
	want(t, changeCodes(changes), []model.Code{model.CodeTexturePath})
	if !strings.Contains(changes[0].Message, "(the file found by rule case-insensitive)") {
		t.Errorf("message %q", changes[0].Message)
	}
	changes = fix.Fix(m, nil, fix.Options{Textures: r, Only: []model.Code{model.CodeAlphaMapRemapped}})
	want(t, m.Materials[0].AlphaMap, model.Str("Data/wood.bmp"))
	want(t, changeCodes(changes), []model.Code{model.CodeAlphaMapRemapped})
	if fs := validate.Check(m, validate.Options{Textures: r}); len(fs) > 0 {
		t.Errorf("findings remain: %v", fs)
	}
}

// TestLocations checks that the log numbers elements as they were before
// Fix and carries the Locator's offsets.
func TestLocations(t *testing.T) {
	m := base()
	m.Triangles = append(m.Triangles, m.Triangles[1])
	m.Groups[0].Triangles = []uint32{0, 1, 2}
	m.Triangles[0].Vertices[0] = 50 // deleted: the others move down
	m.Triangles[2].Group = 4        // triangle 2 (now 1) gets group index 0
	before := *m
	opt := fix.Options{Locator: ms3d.NewLayout(&before)}
	changes := fix.Fix(m, nil, opt)
	var idx []string
	for _, c := range changes {
		if c.Where.Part == model.PartTriangle {
			idx = append(idx, string(c.Code)+" "+c.Where.String())
		}
	}
	want(t, idx, []string{
		string(model.CodeTriangleVertexRange) + " triangle 0 at offset 0x4e",
		string(model.CodeTriangleGroupIndex) + " triangle 2 at offset 0xda",
	})
}

func TestChangeString(t *testing.T) {
	c := fix.Change{Code: model.CodeGroupMaterialRange, Where: model.At(model.PartGroup, 0), Message: "group 0: material index 1 → −1"}
	want(t, c.String(), "group 0 [group.material-range]: group 0: material index 1 → −1")
}
