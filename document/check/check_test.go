package check

import (
	"slices"
	"strings"
	"testing"

	"ms3dstudio/formats/b3d"
	"ms3dstudio/formats/ms3d/ms3dtest"
	"ms3dstudio/formats/smd"
	"ms3dstudio/internal/corpus"
	"ms3dstudio/model"
	"ms3dstudio/model/compat"
)

// TestParseTarget reads every name TargetNames lists back to a target of
// that name, in any case; irrlicht is both the MS3D reader and the B3D
// engine, luanti the B3D engine alone; "" is no target and anything else
// an error that lists the names.
func TestParseTarget(t *testing.T) {
	for _, name := range TargetNames() {
		tg, err := ParseTarget(" " + strings.ToUpper(name) + " ")
		if err != nil || tg.String() != name {
			t.Errorf("ParseTarget(%q) = %v, %v", name, tg, err)
		}
	}
	if irr, _ := ParseTarget("Irrlicht"); irr.Reader != compat.Irrlicht || irr.B3D != b3d.Irrlicht {
		t.Errorf("irrlicht: %+v", irr)
	}
	if lua, _ := ParseTarget("luanti"); lua != (Target{B3D: b3d.Luanti}) {
		t.Errorf("luanti: %+v", lua)
	}
	if gs, _ := ParseTarget("goldsrc"); gs != (Target{Engine: smd.GoldSrc}) {
		t.Errorf("goldsrc: %+v", gs)
	}
	if none, err := ParseTarget(" "); none != (Target{}) || err != nil || none.String() != "" {
		t.Errorf("no target: %+v, %v", none, err)
	}
	if _, err := ParseTarget("doom"); err == nil || !strings.Contains(err.Error(), strings.Join(TargetNames(), ", ")) {
		t.Errorf("unknown target: %v", err)
	}
}

// TestModel checks Woman4: the format's findings carry byte offsets
// unless NoOffsets is set, and each target adds its engine's findings
// (Quake 2 refuses the 2133 frames; Quake 3 warns; Luanti's textures).
func TestModel(t *testing.T) {
	path := corpus.File(t, "Woman4.ms3d").Path
	m, res := ms3dtest.Read(t, path)
	base := Model(m, Input{Textures: res})
	if !slices.ContainsFunc(base, func(f model.Finding) bool { return f.Where.Offset >= 0 }) {
		t.Errorf("no finding has a byte offset: %v", base)
	}
	for _, f := range Model(m, Input{Textures: res, NoOffsets: true}) {
		if f.Where.Offset >= 0 {
			t.Errorf("NoOffsets: %v has offset %d", f, f.Where.Offset)
		}
	}
	for _, c := range []struct {
		target string
		code   model.Code
		sev    model.Severity
	}{{"quake2", model.CodeMD2Quake2, model.Error}, {"quake3", model.CodeMD3Limit, model.Warning}, {"luanti", model.CodeB3DLuantiTextures, model.Info}} {
		tg, err := ParseTarget(c.target)
		if err != nil {
			t.Fatal(err)
		}
		in := Input{Textures: res, Reader: tg.Reader, Engine: tg.Engine, B3D: tg.B3D, Quake: tg.Quake}
		got := Model(m, in)
		if !slices.ContainsFunc(got, func(f model.Finding) bool { return f.Code == c.code && f.Severity == c.sev }) {
			t.Errorf("%s: no %s %s in %v", c.target, c.sev, c.code, got)
		}
		if slices.ContainsFunc(base, func(f model.Finding) bool { return f.Code == c.code }) {
			t.Errorf("%s: the format alone already reports %s", c.target, c.code)
		}
	}
}
