package clips

import (
	"reflect"
	"strings"
	"testing"

	"ms3dstudio/model"
)

func timeline(frames int32, comment string, has bool) *model.Model {
	m := &model.Model{TotalFrames: frames, FPS: 30}
	if has {
		m.Comments = model.Comments{SubVersion: 1, HasModel: true, Model: model.Str(comment)}
	}
	return m
}

func TestRead(t *testing.T) {
	tests := []struct {
		name    string
		comment string
		want    []Clip
		codes   []model.Code
	}{
		{"none", "made by someone\r\nfor a game", nil, nil},
		{"milkshape comment", "Zombie by X\r\nidle 1-30\r\nwalk 31-60\r\n", []Clip{{"idle", 1, 30}, {"walk", 31, 60}}, nil},
		{"separators", "idle: 1 - 10\nrun = 11..20\njump 21–30", []Clip{{"idle", 1, 10}, {"run", 11, 20}, {"jump", 21, 30}}, nil},
		{"prose is not a clip", "a model for version 2 of the game 1-2 times", nil, nil},
		{"out of range", "idle 1-30\nlong 20-99", []Clip{{"idle", 1, 30}, {"long", 20, 99}}, []model.Code{model.CodeClipRange}},
		{"reversed", "back 10-5", []Clip{{"back", 10, 5}}, []model.Code{model.CodeClipRange}},
		{"frame zero", "zero 0-5", []Clip{{"zero", 0, 5}}, []model.Code{model.CodeClipRange}},
		{"duplicate ignoring case", "idle 1-5\nIDLE 6-9", []Clip{{"idle", 1, 5}, {"IDLE", 6, 9}}, []model.Code{model.CodeClipDuplicate}},
		{"overlap allowed", "a 1-20\nb 10-30", []Clip{{"a", 1, 20}, {"b", 10, 30}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, fs := Read(timeline(60, tt.comment, true))
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("clips %v, want %v", got, tt.want)
			}
			var codes []model.Code
			for _, f := range fs {
				codes = append(codes, f.Code)
				if f.Where.Part != model.PartClip || f.Where.Index < 0 {
					t.Errorf("finding without a clip location: %s", f)
				}
			}
			if !reflect.DeepEqual(codes, tt.codes) {
				t.Fatalf("codes %v, want %v", codes, tt.codes)
			}
		})
	}
}

func TestWrite(t *testing.T) {
	m := timeline(60, "Zombie by X\r\nidle 1-5\r\n\r\n", true)
	if err := Write(m, []Clip{{"idle", 1, 30}, {"walk", 31, 60}}); err != nil {
		t.Fatal(err)
	}
	if got, want := string(m.Comments.Model), "Zombie by X\r\nidle 1-30\r\nwalk 31-60"; got != want {
		t.Fatalf("comment %q, want %q", got, want)
	}
	if err := Write(m, nil); err != nil {
		t.Fatal(err)
	}
	if got := string(m.Comments.Model); got != "Zombie by X" {
		t.Fatalf("comment after removing clips %q", got)
	}
	// A model without a comments block gets one, with MilkShape's CRLF.
	m = timeline(60, "", false)
	if err := Write(m, []Clip{{"a", 1, 2}, {"b", 3, 4}}); err != nil {
		t.Fatal(err)
	}
	if m.Comments.SubVersion != 1 || !m.Comments.HasModel || string(m.Comments.Model) != "a 1-2\r\nb 3-4" {
		t.Fatalf("comments %+v", m.Comments)
	}
	// LF comments stay LF.
	m = timeline(60, "note\nidle 1-2", true)
	if err := Write(m, []Clip{{"idle", 1, 3}}); err != nil || string(m.Comments.Model) != "note\nidle 1-3" {
		t.Fatalf("comment %q, err %v", m.Comments.Model, err)
	}
}

// TestWriteNothingChangesNothing: a model without clips is left exactly as
// it was, so that its file encodes to the same bytes.
func TestWriteNothingChangesNothing(t *testing.T) {
	for _, m := range []*model.Model{timeline(30, "", false), timeline(30, "hello\r\n", true), timeline(30, "", true)} {
		before := *m
		if err := Write(m, nil); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(*m, before) {
			t.Fatalf("model changed: %+v, was %+v", m.Comments, before.Comments)
		}
	}
}

func TestWriteRejectsInvalid(t *testing.T) {
	for _, list := range [][]Clip{
		{{"a b", 1, 2}},
		{{"", 1, 2}},
		{{"a/b", 1, 2}},
		{{strings.Repeat("x", MaxName+1), 1, 2}},
		{{"a", 1, 31}},
		{{"a", 3, 2}},
		{{"a", 1, 2}, {"A", 3, 4}},
	} {
		m := timeline(30, "keep", true)
		if err := Write(m, list); err == nil {
			t.Errorf("Write(%v) accepted", list)
		}
		if string(m.Comments.Model) != "keep" {
			t.Errorf("Write(%v) changed the comment on error", list)
		}
	}
}

func TestParseList(t *testing.T) {
	got, err := ParseList("# OGRE split file\n1,30,idle\n31, 60, walk\n\nrun 61-90\r\n")
	want := []Clip{{"idle", 1, 30}, {"walk", 31, 60}, {"run", 61, 90}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, %v", got, err)
	}
	if back, err := ParseList(FormatList(want)); err != nil || !reflect.DeepEqual(back, want) {
		t.Fatalf("FormatList round trip: %v %v", back, err)
	}
	if _, err := ParseList("idle 1-30\nnot a clip\n"); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("error %v, want one naming line 2", err)
	}
}

func TestTimes(t *testing.T) {
	m := timeline(60, "", false)
	s, e := Clip{"walk", 31, 60}.Times(m)
	if s != 31.0/30 || e != 2 {
		t.Fatalf("times %v %v", s, e)
	}
}

// TestMakeName: imported names become valid clip names, cut without
// splitting a character.
func TestMakeName(t *testing.T) {
	long := strings.Repeat("é", 40) // 80 bytes
	for _, c := range []struct{ in, want string }{
		{"walk cycle", "walk_cycle"},
		{`a/b\c:d*e?f"g<h>i|j,k`, "a_b_c_d_e_f_g_h_i_j_k"},
		{"", "fallback"},
		{"..", "fallback"},
		{long, strings.Repeat("é", 30)},
	} {
		got := MakeName(c.in, "fallback")
		if got != c.want {
			t.Errorf("MakeName(%q) = %q, want %q", c.in, got, c.want)
		}
		if f := Validate(&model.Model{TotalFrames: 1}, []Clip{{Name: got, First: 1, Last: 1}}); len(f) != 0 {
			t.Errorf("MakeName(%q) = %q: %v", c.in, got, f)
		}
	}
}
