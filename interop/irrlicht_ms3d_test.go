package interop_test

import (
	"os"
	"strings"
	"sync"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/interop/irrlicht"
	"ms3dstudio/model"
	"ms3dstudio/model/compat"
)

// poseTolerance is how close, as a fraction of the model's size, Irrlicht's
// animated vertices must be to our pose.
const poseTolerance = 1e-3

// offAsTheyAre are the corpus files Irrlicht 1.8.5 does not load and pose
// as our reference as they are, with why.
var offAsTheyAre = map[string]string{
	// Its group names material 1 of 1: Irrlicht indexes its buffers with it.
	"assimp/test/models/MS3D/invalid/InvalidMaterialIndex.ms3d": "crashes",
	// Two bytes short: its groups name triangles past the end.
	"assimp/test/models/MS3D/Wuson_a8a1ca98.ms3d": "no reference",
	// Triangles not stored in group order: Irrlicht draws others.
	"blitz3d/_release/samples/zenith/scare/models/pistol/gun.ms3d": "off",
	// A joint's keys 3 bytes short: Irrlicht reads on into the next joint.
	"GLScene/Samples/media/Woman4.ms3d": "crashes",
	// Position keys on rotated joints, added without the rest rotation.
	"nehe-opengl/bcb6/lesson31_bcb6/Data/Model.ms3d": "off",
}

// TestIrrlichtPlaysFixedCorpus is the acceptance test of `fix --for
// irrlicht`: every corpus file, fixed by model/fix and then for Irrlicht
// (as the command does), loads in Irrlicht 1.8.5 and its animated vertices
// are within 1e-3 of the model's size of our pose, at five frames across
// its animation. It also records which files Irrlicht gets wrong as they
// are, so that a change in either shows.
func TestIrrlichtPlaysFixedCorpus(t *testing.T) {
	h := irrlicht.New(t)
	var mu sync.Mutex
	off := map[string]string{}
	files := corpus.MS3D(t)
	for _, e := range files {
		t.Run(e.String(), func(t *testing.T) {
			data, err := os.ReadFile(e.Path)
			if err != nil {
				t.Fatal(err)
			}
			if m, _, err := ms3d.Decode(data); err == nil {
				j := judge(t, h, e.Path, m, ms3dBuffers)
				t.Logf("as it is: %s", j)
				if why := j.off(); why != "" {
					mu.Lock()
					off[e.File] = why
					mu.Unlock()
				}
			}

			m := decodeFixed(t, e.Path, data)
			for _, c := range compat.Fix(m, compat.Irrlicht) {
				t.Log(c)
			}
			for _, f := range compat.Check(m, compat.Irrlicht) {
				if f.Severity == model.Error {
					t.Errorf("after compat.Fix: %s", f)
				}
			}
			j := judge(t, h, writeMS3D(t, t.TempDir(), "for-irrlicht.ms3d", m), m, ms3dBuffers)
			t.Logf("fixed for Irrlicht: %s", j)
			if why := j.off(); why != "" {
				t.Errorf("Irrlicht does not play the file fixed for it as our pose: %s", j)
			}
		})
	}
	t.Logf("as they are, %d of %d corpus files load in Irrlicht and pose as our reference within %g of their size", len(files)-len(off), len(files), poseTolerance)
	for _, f := range fileNames(off, offAsTheyAre) {
		got, want := off[f], offAsTheyAre[f]
		switch {
		case want == "":
			t.Errorf("%s: Irrlicht now gets it wrong as it is (%s)", f, got)
		case got == "":
			t.Errorf("%s: Irrlicht now plays it as it is (it was %s)", f, want)
		case got != want:
			t.Errorf("%s: as it is, Irrlicht %s, want %s", f, got, want)
		}
	}
}

// off says in a word how the judged file is off ("crashes", "refused",
// "no reference", "off"), or "" when it plays within poseTolerance.
func (j judged) off() string {
	switch {
	case j.mesh != nil && j.mesh.Crashed != "":
		return "crashes"
	case j.mesh != nil && !j.mesh.Loaded:
		return "refused"
	case j.mesh == nil:
		return "no reference"
	case j.err != nil || j.worst > poseTolerance:
		return "off"
	}
	return ""
}

func (j judged) String() string {
	if j.err != nil {
		return j.err.Error()
	}
	s := "largest error " + ftoa(j.worst) + " of the model's size"
	if j.at != "" {
		s += " (" + j.at + ")"
	}
	if j.mesh != nil && len(j.mesh.Frames) > 0 {
		var fs []string
		for _, f := range j.mesh.Frames {
			fs = append(fs, ftoa(f.Frame))
		}
		s += " over Irrlicht frames " + strings.Join(fs, ", ")
	}
	return s
}
