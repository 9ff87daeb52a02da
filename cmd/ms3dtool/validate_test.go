package main

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/bmp"

	"ms3dstudio/document/engine/enginetest"
	"ms3dstudio/model"
	samplemodel "ms3dstudio/model/sample"
)

// engineModel writes the sample model to a folder of its own as
// tentacle.ms3d, with its skin texture as texName encoded by encode (none
// when encode is nil), and returns the model's path.
func engineModel(t *testing.T, texName string, encode func(*bytes.Buffer) error) string {
	t.Helper()
	m := samplemodel.Model()
	m.Materials[0].Texture = model.Str(texName)
	var texture []byte
	if encode != nil {
		var b bytes.Buffer
		if err := encode(&b); err != nil {
			t.Fatal(err)
		}
		texture = b.Bytes()
	}
	file := filepath.Join(t.TempDir(), "tentacle.ms3d")
	enginetest.WriteModel(t, file, m, texName, texture)
	return file
}

func pngSkin(b *bytes.Buffer) error   { return png.Encode(b, samplemodel.Texture()) }
func bmp24Skin(b *bytes.Buffer) error { return bmp.Encode(b, samplemodel.Texture()) }

// bmp8Skin is an 8-bit indexed BMP of 256 colours.
func bmp8Skin(b *bytes.Buffer) error {
	pal := make(color.Palette, 256)
	for i := range pal {
		pal[i] = color.RGBA{uint8(i), 80, uint8(255 - i), 255}
	}
	img := image.NewPaletted(image.Rect(0, 0, 128, 128), pal)
	for i := range img.Pix {
		img.Pix[i] = uint8(i % 251)
	}
	return bmp.Encode(b, img)
}

func validateJSON(t *testing.T, args ...string) (int, ValidateReport, string) {
	t.Helper()
	code, out, errs := runTool(append([]string{"validate", "--json"}, args...)...)
	var r ValidateReport
	if code != 2 {
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v: %v\n%s%s", args, err, out, errs)
		}
	}
	return code, r, errs
}

// TestValidateForEngine: `validate --for goldsrc` reads the texture file and
// says what it is; Source takes it; an 8-bit BMP passes.
func TestValidateForEngine(t *testing.T) {
	for _, tc := range []struct {
		name, tex string
		encode    func(*bytes.Buffer) error
		engine    string
		want      string // in the engine.texture-format finding; "" for none
	}{
		{"png for goldsrc", "skin.png", pngSkin, "goldsrc", `texture "skin.png" is a PNG 256×256 RGB`},
		{"24-bit bmp for goldsrc", "skin.bmp", bmp24Skin, "GoldSrc", `texture "skin.bmp" is a 24-bit BMP 256×256`},
		{"missing for goldsrc", "skin.bmp", nil, "goldsrc", `texture "skin.bmp" is missing`},
		{"8-bit bmp for goldsrc", "skin.bmp", bmp8Skin, "goldsrc", ""},
		{"png for source", "skin.png", pngSkin, "source", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := engineModel(t, tc.tex, tc.encode)
			code, r, errs := validateJSON(t, file, "--for", tc.engine)
			if code == 2 || len(r.Files) != 1 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			got := model.WithCode(r.Files[0].Findings, model.CodeEngineTexture)
			if tc.want == "" {
				if len(got) != 0 {
					t.Fatalf("%v, want no engine.texture-format", got)
				}
				return
			}
			if len(got) != 1 || !strings.Contains(got[0].Message, tc.want) || got[0].Where.Part != model.PartMaterial || got[0].Where.Index != 0 {
				t.Fatalf("%v, want one for material 0 saying %q", got, tc.want)
			}
			// Without --for there is no engine finding.
			if _, plain, _ := validateJSON(t, file); len(model.WithCode(plain.Files[0].Findings, model.CodeEngineTexture)) != 0 {
				t.Errorf("engine finding without --for: %v", plain.Files[0].Findings)
			}
		})
	}
	// The sample has vertices without a bone (its stone base): the engines
	// need one for every vertex.
	file := engineModel(t, "skin.bmp", bmp8Skin)
	_, r, _ := validateJSON(t, file, "--for", "source")
	if got := model.WithCode(r.Files[0].Findings, model.CodeEngineUnboned); len(got) != 1 {
		t.Errorf("engine.vertex-no-bone: %v, want one", got)
	}
	code, out, _ := runTool("validate", file, "--for", "goldsrc")
	if code != 0 || !strings.Contains(out, "[engine.vertex-no-bone]") || !strings.Contains(out, "fix: assign each to the nearest joint") {
		t.Errorf("text output (exit %d):\n%s", code, out)
	}
}

// TestValidateForUnknown: --for names a reader or an engine; anything else
// is a usage error listing both.
func TestValidateForUnknown(t *testing.T) {
	file := engineModel(t, "skin.png", pngSkin)
	code, _, errs := runTool("validate", file, "--for", "quake")
	if code != 2 || !strings.Contains(errs, `unknown reader or engine "quake"`) || !strings.Contains(errs, "assimp, blender, irrlicht, milkshape, goldsrc, source") {
		t.Fatalf("exit %d:\n%s", code, errs)
	}
	if code, _, errs := runTool("validate", file, "--for", "assimp"); code == 2 {
		t.Fatalf("--for assimp: exit 2:\n%s", errs)
	}
}
