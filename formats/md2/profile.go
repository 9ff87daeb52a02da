package md2

import (
	"fmt"
	"path"
	"strings"

	"ms3dstudio/model"
)

// HunkSize is the most bytes of model data Quake 2 holds for one model
// (Mod_ForName reserves Hunk_Begin(0x200000) for an alias model).
const HunkSize = 0x200000

// ValidateFor reports what Quake 2 will refuse or misdraw in m's MD2
// export with opt, beyond the export's own findings (which it includes):
// an export refused (no triangles, too many vertices), a skin taller than
// MaxSkinHeight, a file larger than HunkSize, and skins that are not PCX
// files (all its software renderer reads; its GL renderer also reads TGA
// and WAL). None has a fix that keeps the model as it is: the findings
// say what to change.
func ValidateFor(m *model.Model, opt ExportOptions) []model.Finding {
	f, out, err := Export(m, opt)
	if err != nil {
		return []model.Finding{{Code: model.CodeMD2Limit, Severity: model.Error, Where: model.At(model.PartFile, -1), Message: err.Error()}}
	}
	note := func(sev model.Severity, part string, fix, format string, args ...any) {
		out = append(out, model.Finding{Code: model.CodeMD2Quake2, Severity: sev, Where: model.At(part, -1), Message: fmt.Sprintf(format, args...), Fix: fix})
	}
	if f.SkinHeight > MaxSkinHeight {
		note(model.Error, model.PartMaterial, "scale the skin to at most 480 pixels tall (the texture coordinates stay as they are)",
			"Quake 2 refuses a model whose skin is taller than %d pixels (MAX_LBM_HEIGHT); this one is %d×%d", MaxSkinHeight, f.SkinWidth, f.SkinHeight)
	}
	if data, err := Encode(f); err == nil && len(data) > HunkSize {
		note(model.Error, model.PartKeyframer, "export one clip at a time (--clip) or sample fewer frames a second (--fps)",
			"the MD2 file is %d bytes (%d frames of %d vertices); Quake 2 holds %d bytes of a model and refuses more (Hunk_Alloc overflow)", len(data), len(f.Frames), len(f.Frames[0].Vertices), HunkSize)
	}
	for _, s := range f.Skins {
		if !strings.EqualFold(path.Ext(s), ".pcx") {
			note(model.Warning, model.PartMaterial, "save the skin as an 8-bit PCX in Quake 2's palette",
				"the skin %q is not a PCX file: Quake 2's software renderer reads PCX skins only (its GL renderer also TGA and WAL; source ports PNG and JPEG)", s)
		}
	}
	return out
}
