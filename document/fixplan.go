package document

import (
	"fmt"
	"os"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/compat"
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
// (every default fix when empty), then, when a reader is chosen (SetReader)
// and its codes are asked for (or only is empty), model/compat's fixes for
// it. When the document is as its file is on disk and the decoder found joint keys short by a few bytes (Woman4.ms3d),
// the file is read again and repaired at byte level first, which restores
// the keys and the optional blocks after them.
func PlanFixes(d *Document, only []model.Code) (FixPlan, error) {
	var fixOnly []model.Code
	readerAsked := len(only) == 0
	for _, c := range only {
		if strings.HasPrefix(string(c), "reader.") {
			readerAsked = true
		} else {
			fixOnly = append(fixOnly, c)
		}
	}
	opt := fix.Options{Only: fixOnly, Textures: d.TextureResolver()}
	if err := opt.CheckCodes(); err != nil {
		return FixPlan{}, err
	}
	plan := func() FixPlan {
		if len(only) > 0 && len(fixOnly) == 0 {
			return FixPlan{Fixed: Clone(d.Model())} // only reader fixes asked for
		}
		if !d.Modified() && d.Path() != "" && opt.Enabled(model.CodeKeysShort) && hasCode(d.DecodeFindings(), model.CodeKeysShort) {
			if data, err := os.ReadFile(d.Path()); err == nil {
				if m, changes, err := DecodeFixed(data, opt); err == nil {
					return FixPlan{Fixed: m, Changes: changes}
				}
			}
		}
		c := Clone(d.Model())
		return FixPlan{Fixed: c, Changes: fix.Fix(c, d.DecodeFindings(), opt)}
	}()
	if d.reader != 0 && readerAsked {
		plan.Changes = append(plan.Changes, compat.Fix(plan.Fixed, d.reader)...)
	}
	return plan, nil
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
