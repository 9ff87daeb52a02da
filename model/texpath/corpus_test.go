package texpath

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
)

// TestCorpus resolves every texture and alpha map of every corpus model on
// the real file system and compares with what is known to be in the corpus
// folders. Materials not listed have empty texture strings (after the NUL
// that ends the meaningful part), and so do all alpha maps.
func TestCorpus(t *testing.T) {
	type want struct {
		rule     string // "" = not found
		file     string // found file, relative to the model's folder
		portable string // what Resolver.Portable proposes
	}
	expect := map[string]want{
		"assimp/test/models/MS3D/jeep1.ms3d 0":                            {RuleExact, "jeep1.jpg", "jeep1.jpg"},
		"GLScene/Samples/media/BigHoleBox2.ms3d 0":                        {RuleExact, "ashwood.jpg", "ashwood.jpg"},
		"nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d 0":                {RuleBasename, "Wood.bmp", "Wood.bmp"},
		"blitz3d/_release/samples/zenith/scare/models/level/crate.ms3d 0": {RuleExact, "crate.png", "crate.png"},
		"blitz3d/_release/samples/zenith/scare/models/level/crate.ms3d 1": {"", "", "crate02.png"},
		"blitz3d/_release/samples/zenith/scare/models/pistol/gun.ms3d 0":  {RuleExact, "gun.png", "gun.png"},
		"blitz3d/_release/samples/zenith/scare/models/player/guy.ms3d 0":  {RuleExact, "guy.png", "guy.png"},
		"blitz3d/_release/samples/zenith/scare/models/hands/hands.ms3d 0": {"", "", "forearm.bmp"},
		"blitz3d/_release/samples/zenith/scare/models/hands/hands.ms3d 1": {"", "", "hand.bmp"},
		"blitz3d/_release/samples/zenith/scare/models/level/level.ms3d 0": {RuleExact, "crate.png", "crate.png"},
		"blitz3d/_release/samples/zenith/scare/models/level/level.ms3d 1": {RuleExact, "st1.png", "st1.png"},
		"blitz3d/_release/samples/zenith/scare/models/level/level.ms3d 2": {RuleExact, "st2.png", "st2.png"},
		"blitz3d/_release/samples/zenith/scare/models/level/level.ms3d 3": {RuleExact, "wall.png", "wall.png"},
		"GLScene/Demos/media/models/Chair.ms3d 0":                         {"", "", "Chair.tga"},
		"GLScene/Samples/media/Woman4.ms3d 0":                             {"", "", "Woman4-Remap-texture.tga"},
		"GLScene/Samples/media/Woman4.ms3d 1":                             {"", "", "Hair.tga"},
	}
	seen := map[string]bool{}
	for _, e := range corpus.MS3D(t) {
		m, _, err := ms3d.ReadFile(e.Path)
		if err != nil {
			t.Fatalf("%s: %v", e, err)
		}
		r, err := NewOS(e.Path)
		if err != nil {
			t.Fatal(err)
		}
		for i, mt := range m.Materials {
			if res := r.Resolve(mt.AlphaMap); !res.Empty {
				t.Errorf("%s material %d: alpha map %q is not empty", e, i, mt.AlphaMap.Text())
			}
			key := fmt.Sprintf("%s %d", e.File, i)
			res := r.Resolve(mt.Texture)
			if res.Empty {
				continue
			}
			w, ok := expect[key]
			if !ok {
				t.Errorf("%s: texture %q resolved to %+v; no expectation", key, mt.Texture.Text(), res)
				continue
			}
			seen[key] = true
			if res.Rule != w.rule || res.Found != (w.rule != "") {
				t.Errorf("%s: texture %q: rule %q found %v, want %q (tried %v)", key, mt.Texture.Text(), res.Rule, res.Found, w.rule, res.Tried)
			}
			if res.Found {
				want := filepath.Join(filepath.Dir(e.Path), w.file)
				if res.OSPath != want {
					t.Errorf("%s: OSPath %q, want %q", key, res.OSPath, want)
				}
				if _, err := os.Stat(res.OSPath); err != nil {
					t.Error(err)
				}
			}
			if fixed, _ := r.Portable(mt.Texture); fixed != w.portable {
				t.Errorf("%s: Portable(%q) = %q, want %q", key, mt.Texture.Text(), fixed, w.portable)
			}
		}
	}
	for key := range expect {
		if !seen[key] {
			t.Errorf("%s: expected a texture, the corpus has none", key)
		}
	}
}
