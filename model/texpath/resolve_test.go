package texpath

import (
	"reflect"
	"testing"
	"testing/fstest"

	"ms3dstudio/model"
)

// testFS is a small tree with the kinds of mismatch real models have.
func testFS() fstest.MapFS {
	file := &fstest.MapFile{Data: []byte("x")}
	return fstest.MapFS{
		"models/car/car.ms3d":            file,
		"models/car/jeep1.jpg":           file,
		"models/car/Tex/WOOD.BMP":        file,
		"models/car/textures/axe2.jpg":   file,
		"models/car/texture_wood.jpg":    file,
		"models/car/café.png":            file,
		"models/car/dirname.jpg/readme":  file,
		"models/Wood.bmp":                file,
		"work packs/axe.jpg":             file,
		"search/a/extra.png":             file,
		"search/b/Other.PNG":             file,
		"lesson/Data/Model.ms3d":         file,
		"lesson/Data/Wood.bmp":           file,
		"lesson/readme.txt":              file,
		"twins/a.jpg":                    file,
		"twins/A.jpg":                    file,
		"long/my texture file.jpg":       file,
		"long/my texture other file.jpg": file,
	}
}

func TestResolve(t *testing.T) {
	fsys := testFS()
	car := New(fsys, "models/car", "search/a", "search/b")
	tests := []struct {
		name   string
		r      *Resolver
		tex    model.Str
		rule   string // "" = not found
		path   string
		folded bool
	}{
		{"dot-backslash", car, `.\jeep1.jpg`, RuleExact, "models/car/jeep1.jpg", false},
		{"plain", car, "jeep1.jpg", RuleExact, "models/car/jeep1.jpg", false},
		{"leftover bytes after NUL", car, "jeep1.jpg\x00garbage\\x", RuleExact, "models/car/jeep1.jpg", false},
		{"trailing space", car, "jeep1.jpg  ", RuleExact, "models/car/jeep1.jpg", false},
		{"upper case", car, "JEEP1.JPG", RuleCaseInsensitive, "models/car/jeep1.jpg", true},
		{"parent folder", car, `..\Wood.bmp`, RuleExact, "models/Wood.bmp", false},
		{"folder case", car, `tex\wood.bmp`, RuleCaseInsensitive, "models/car/Tex/WOOD.BMP", true},
		{"dot elements", car, `.\Tex\.\WOOD.BMP`, RuleExact, "models/car/Tex/WOOD.BMP", false},
		{"drive letter", car, "C:/work packs/axe.jpg", RuleExact, "work packs/axe.jpg", false},
		{"leading slash", car, `\work packs\axe.jpg`, RuleExact, "work packs/axe.jpg", false},
		{"suffix", car, `C:\proj\game\textures\axe2.jpg`, RuleSuffix, "models/car/textures/axe2.jpg", false},
		{"suffix after parent", car, `..\textures\axe2.jpg`, RuleSuffix, "models/car/textures/axe2.jpg", false},
		{"basename of absolute", car, `D:\elsewhere\jeep1.jpg`, RuleBasename, "models/car/jeep1.jpg", false},
		{"basename folded", car, `D:\elsewhere\Jeep1.JPG`, RuleBasename, "models/car/jeep1.jpg", true},
		{"search folder", car, "extra.png", RuleSearchFolder, "search/a/extra.png", false},
		{"second search folder folded", car, `x\other.png`, RuleSearchFolder, "search/b/Other.PNG", true},
		{"short name", car, "TEXTUR~1.JPG", RuleShortName, "models/car/texture_wood.jpg", true},
		{"windows-1252 bytes", car, "caf\xe9.png", RuleExact, "models/car/café.png", false},
		{"utf-8", car, "café.png", RuleExact, "models/car/café.png", false},
		{"folder is not a file", car, "dirname.jpg", "", "", false},
		{"missing", car, "missing.png", "", "", false},
		{"climbs above the root", car, `..\..\..\..\jeep1.jpg`, RuleBasename, "models/car/jeep1.jpg", false},
		{"names a folder only", car, `.\`, "", "", false},
		{"nehe data/ in Data/", New(fsys, "lesson/Data"), "data/Wood.bmp", RuleBasename, "lesson/Data/Wood.bmp", false},
		{"exact beats folded twin", New(fsys, "twins"), "A.jpg", RuleExact, "twins/A.jpg", false},
		{"folded picks first twin", New(fsys, "twins"), "a.JPG", RuleCaseInsensitive, "twins/A.jpg", true},
		{"short name second", New(fsys, "long"), "MYTEXT~2.JPG", RuleShortName, "long/my texture other file.jpg", true},
		{"short name past the matches", New(fsys, "long"), "MYTEXT~3.JPG", "", "", false},
		{"model at the root", New(fsys, "."), `models\car\jeep1.jpg`, RuleExact, "models/car/jeep1.jpg", false},
		{"model dir empty string", New(fsys, ""), "lesson/readme.txt", RuleExact, "lesson/readme.txt", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := tc.r.Resolve(tc.tex)
			if res.Empty {
				t.Fatal("Empty for a non-empty texture")
			}
			if res.Found != (tc.rule != "") || res.Rule != tc.rule || res.Path != tc.path || res.Folded != tc.folded {
				t.Errorf("Resolve(%q) = found %v rule %q path %q folded %v, want rule %q path %q folded %v (tried %v)",
					tc.tex, res.Found, res.Rule, res.Path, res.Folded, tc.rule, tc.path, tc.folded, res.Tried)
			}
			if res.OSPath != "" {
				t.Errorf("OSPath = %q for a MapFS resolver", res.OSPath)
			}
			if res.Found && res.Tried[len(res.Tried)-1].Path != res.Path && res.Rule == RuleExact {
				t.Errorf("last candidate %v is not the exact path %q", res.Tried[len(res.Tried)-1], res.Path)
			}
		})
	}
}

func TestResolveEmpty(t *testing.T) {
	r := New(testFS(), "models/car")
	for _, tex := range []model.Str{"", "\x00\\jeep1.jpg"} {
		res := r.Resolve(tex)
		if !res.Empty || res.Found || len(res.Tried) != 0 {
			t.Errorf("Resolve(%q) = %+v, want Empty with nothing tried", tex, res)
		}
	}
}

// TestResolveTried checks the candidate list of a texture that is not found:
// the path as written, its tail, then the file name in each search folder
// (the model-folder basename equals a tail and is not tried twice).
func TestResolveTried(t *testing.T) {
	r := New(testFS(), "models/car", "search/a", "search/b")
	res := r.Resolve(`C:\art\stuff\nothere.png`)
	want := []Candidate{
		{RuleExact, "art/stuff/nothere.png"},
		{RuleSuffix, "models/car/stuff/nothere.png"},
		{RuleBasename, "models/car/nothere.png"},
		{RuleSearchFolder, "search/a/nothere.png"},
		{RuleSearchFolder, "search/b/nothere.png"},
	}
	if res.Found || !reflect.DeepEqual(res.Tried, want) {
		t.Errorf("Tried = %v, found %v; want %v", res.Tried, res.Found, want)
	}
	res = r.Resolve(`.\missing.png`)
	want = []Candidate{{RuleExact, "models/car/missing.png"}, {RuleSearchFolder, "search/a/missing.png"}, {RuleSearchFolder, "search/b/missing.png"}}
	if !reflect.DeepEqual(res.Tried, want) {
		t.Errorf("Tried = %v, want %v", res.Tried, want)
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		raw   model.Str
		drive string
		abs   bool
		elems []string
	}{
		{`.\jeep1.jpg`, "", false, []string{"jeep1.jpg"}},
		{`..\Wood.bmp`, "", false, []string{"..", "Wood.bmp"}},
		{`a\..\..\b.png`, "", false, []string{"..", "b.png"}},
		{`C:/work packs/x/../axe.jpg`, "C:", true, []string{"work packs", "axe.jpg"}},
		{`c:axe.jpg`, "c:", true, []string{"axe.jpg"}},
		{`\\server\share\tex\a.png`, "//server/share", true, []string{"tex", "a.png"}},
		{`/../a.png`, "", true, []string{"a.png"}},
		{"data//Wood.bmp", "", false, []string{"data", "Wood.bmp"}},
		{"", "", false, nil},
	}
	for _, tc := range tests {
		p := Parse(tc.raw)
		if p.Drive != tc.drive || p.Abs != tc.abs || !reflect.DeepEqual(p.Elems, tc.elems) {
			t.Errorf("Parse(%q) = %+v, want drive %q abs %v elems %q", tc.raw, p, tc.drive, tc.abs, tc.elems)
		}
	}
}

func TestPortable(t *testing.T) {
	tests := []struct {
		raw   model.Str
		fixed string
		ok    bool
	}{
		{"", "", true},
		{"jeep1.jpg", "jeep1.jpg", true},
		{"./jeep1.jpg", "./jeep1.jpg", true},
		{"data/Wood.bmp", "data/Wood.bmp", true},
		{"../Wood.bmp", "../Wood.bmp", true},
		{`.\jeep1.jpg`, "jeep1.jpg", false},
		{`..\Wood.bmp`, "../Wood.bmp", false},
		{`tex\a.png`, "tex/a.png", false},
		{"C:/work packs/axe.jpg", "axe.jpg", false},
		{"c:axe.jpg", "axe.jpg", false},
		{"/usr/share/tex.png", "tex.png", false},
		{`\\server\share\a.png`, "a.png", false},
		{"a.png\x00C:\\junk", "a.png", true},
	}
	for _, tc := range tests {
		fixed, ok := Portable(tc.raw)
		if fixed != tc.fixed || ok != tc.ok {
			t.Errorf("Portable(%q) = %q, %v; want %q, %v", tc.raw, fixed, ok, tc.fixed, tc.ok)
		}
		if IsPortable(tc.raw) != tc.ok {
			t.Errorf("IsPortable(%q) = %v, want %v", tc.raw, !tc.ok, tc.ok)
		}
	}
}

func TestResolverPortable(t *testing.T) {
	fsys := testFS()
	car := New(fsys, "models/car", "search/a")
	tests := []struct {
		r     *Resolver
		raw   model.Str
		fixed string
		ok    bool
	}{
		{car, `.\jeep1.jpg`, "jeep1.jpg", false},
		{car, "./jeep1.jpg", "./jeep1.jpg", true},
		{car, "JEEP1.JPG", "jeep1.jpg", true},
		{car, `tex\wood.bmp`, "Tex/WOOD.BMP", false},
		{car, `..\Wood.bmp`, "../Wood.bmp", false},
		{car, "C:/work packs/axe.jpg", "../../work packs/axe.jpg", false},
		{car, `D:\elsewhere\jeep1.jpg`, "jeep1.jpg", false},
		{car, "extra.png", "../../search/a/extra.png", true},
		{car, `C:\nowhere\missing.png`, "missing.png", false},
		{car, "missing.png", "missing.png", true},
		{car, "", "", true},
		{New(fsys, "lesson/Data"), "data/Wood.bmp", "Wood.bmp", true},
	}
	for _, tc := range tests {
		fixed, ok := tc.r.Portable(tc.raw)
		if fixed != tc.fixed || ok != tc.ok {
			t.Errorf("Resolver.Portable(%q) = %q, %v; want %q, %v", tc.raw, fixed, ok, tc.fixed, tc.ok)
		}
	}
}

func TestRel(t *testing.T) {
	tests := []struct{ dir, target, want string }{
		{".", "a/b.png", "a/b.png"},
		{"a", "a/b.png", "b.png"},
		{"a/b", "a/c/d.png", "../c/d.png"},
		{"x/y", "z.png", "../../z.png"},
		{"C:/m", "D:/t/a.png", "a.png"},
		{"UNC/s/h/m", "C:/a.png", "a.png"},
	}
	for _, tc := range tests {
		if got := rel(tc.dir, tc.target); got != tc.want {
			t.Errorf("rel(%q, %q) = %q, want %q", tc.dir, tc.target, got, tc.want)
		}
	}
}

func TestShortName(t *testing.T) {
	tests := []struct {
		short, long string
		want        bool
	}{
		{"TEXTUR~1.JPG", "texture_wood.jpg", true},
		{"TEXTUR~1.JPG", "texture.jpg", false}, // a valid 8.3 name gets no short name
		{"MYTEXT~1.JPG", "my texture.jpg", true},
		{"MYTEXT~1.JPG", "my texture.png", false},
		{"PICTUR~1.JPE", "picture file.jpeg", true},
		{"A~1.TGA", "a b.tga", true},
		{"A~1", "a b", true},
	}
	for _, tc := range tests {
		prefix, ext, _, ok := parseShort(tc.short)
		if !ok {
			t.Fatalf("parseShort(%q) failed", tc.short)
		}
		if got := shortMatches(prefix, ext, tc.long); got != tc.want {
			t.Errorf("shortMatches(%q, %q) = %v, want %v", tc.short, tc.long, got, tc.want)
		}
	}
	for _, bad := range []string{"NOTILDE.JPG", "~1.JPG", "TOOLONGNA~1.JPG", "ABC~X.JPG", "ABC~0.JPG", "ABC~1.JPEG"} {
		if _, _, _, ok := parseShort(bad); ok {
			t.Errorf("parseShort(%q) accepted a name that is not 8.3", bad)
		}
	}
}
