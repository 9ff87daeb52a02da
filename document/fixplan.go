package document

import (
	"fmt"
	"os"

	"ms3dstudio/model"
	"ms3dstudio/model/fix"
)

// FixPlan is what applying the automatic fixes would do to a document: the
// fixed model and the change log. It is computed on a copy; the document is
// untouched until the plan is applied.
type FixPlan struct {
	Fixed   *model.Model
	Changes []fix.Change
}

// PlanFixes runs model/fix on a copy of d's model for the codes in only
// (every default fix when empty). When the document is as its file is on
// disk and the decoder found joint keys short by a few bytes (Woman4.ms3d),
// the file is read again and repaired at byte level first, which restores
// the keys and the optional blocks after them.
func PlanFixes(d *Document, only []model.Code) (FixPlan, error) {
	opt := fix.Options{Only: only, Textures: d.TextureResolver()}
	if err := opt.CheckCodes(); err != nil {
		return FixPlan{}, err
	}
	if !d.Modified() && d.Path() != "" && opt.Enabled(model.CodeKeysShort) && hasCode(d.DecodeFindings(), model.CodeKeysShort) {
		if data, err := os.ReadFile(d.Path()); err == nil {
			m, changes, err := DecodeFixed(data, opt)
			if err == nil {
				return FixPlan{Fixed: m, Changes: changes}, nil
			}
		}
	}
	c := Clone(d.Model())
	changes := fix.Fix(c, d.DecodeFindings(), opt)
	return FixPlan{Fixed: c, Changes: changes}, nil
}

// Apply makes the plan one undoable edit of d.
func (p FixPlan) Apply(d *Document) error {
	label := fmt.Sprintf("Fix %d problem", len(p.Changes))
	if len(p.Changes) != 1 {
		label += "s"
	}
	fixed := p.Fixed
	return d.Do(Bulk(label, Everything, func(m *model.Model) error {
		*m = *Clone(fixed)
		return nil
	}))
}

func hasCode(fs []model.Finding, code model.Code) bool {
	for _, f := range fs {
		if f.Code == code {
			return true
		}
	}
	return false
}
