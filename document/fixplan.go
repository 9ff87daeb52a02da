package document

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"ms3dstudio/document/engine"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/ms3d/ms3dfix"
	"ms3dstudio/model"
	"ms3dstudio/model/compat"
	"ms3dstudio/model/fix"
)

// FixPlan is what applying the automatic fixes would do to a document: the
// fixed model, the change log and, for a GoldSrc target, the texture copies
// to write. It is computed on a copy; the document and the disk are
// untouched until the plan is applied.
type FixPlan struct {
	Fixed   *model.Model
	Changes []fix.Change
	// Copies are the 8-bit BMP copies of textures GoldSrc cannot load that
	// the engine fixes point materials at (engine.Fix); Apply writes those
	// not already on disk (TextureCopy.Exists) before it changes the model.
	Copies []engine.TextureCopy
	// Problems say which textures the engine fixes could not convert
	// (not decodable, a copy's path too long), and why.
	Problems []error

	engineChanges int // how many of Changes are engine fixes
}

// PlanFixes runs model/fix on a copy of d's model for the codes in only
// (every default fix when empty), then, when a reader is chosen (SetReader
// or SetTarget) and its codes are asked for (or only is empty),
// model/compat's fixes for it, and, when an engine is the target
// (SetTarget) and its codes are asked for (or only is empty), the engine
// fixes "ms3dtool fix --for ENGINE" applies (engine.Fix): vertices without a
// bone are bound to the nearest joint and, for GoldSrc, textures it cannot
// load are quantised into 8-bit BMP copies beside them (listed in Copies,
// not yet written) that the materials are pointed at. When the document is
// as it was read or last saved and the decoder found joint keys short by a
// few bytes (Woman4.ms3d), the plan starts from the byte-level repair made
// when the file was read (ms3d.DecodeRepairing), which restores the keys
// and the optional blocks after them: the file is not read again.
func PlanFixes(d *Document, only []model.Code) (FixPlan, error) {
	var fixOnly, engineOnly []model.Code
	readerAsked, engineAsked := len(only) == 0, len(only) == 0
	for _, c := range only {
		switch {
		case strings.HasPrefix(string(c), "reader."):
			readerAsked = true
		case engine.IsCode(c):
			engineAsked = true
			engineOnly = append(engineOnly, c)
		default:
			fixOnly = append(fixOnly, c)
		}
	}
	opt := fix.Options{Only: fixOnly, Textures: d.TextureResolver()}
	if err := opt.CheckCodes(); err != nil {
		return FixPlan{}, err
	}
	plan := func() FixPlan {
		if len(only) > 0 && len(fixOnly) == 0 {
			return FixPlan{Fixed: d.Model().Clone()} // only reader or engine fixes asked for
		}
		if !d.Modified() && d.read.size > 0 && opt.Enabled(model.CodeKeysShort) && model.HasCode(d.DecodeFindings(), model.CodeKeysShort) {
			// Plan as ms3dfix.Decode does on the file's bytes, from what
			// reading them kept: the repair, or the model as read.
			m, found, rep := d.Model().Clone(), slices.Clone(d.DecodeFindings()), d.read.repair
			if rep != nil {
				rep = &ms3d.Repair{Model: rep.Model.Clone(), Findings: slices.Clone(rep.Findings), Size: rep.Size, Offset: rep.Offset, Count: rep.Count}
			}
			m, changes := ms3dfix.Fix(m, found, d.read.size, rep, opt)
			return FixPlan{Fixed: m, Changes: changes}
		}
		c := d.Model().Clone()
		return FixPlan{Fixed: c, Changes: fix.Fix(c, d.DecodeFindings(), opt)}
	}()
	if d.reader != 0 && readerAsked {
		plan.Changes = append(plan.Changes, compat.Fix(plan.Fixed, d.reader)...)
	}
	if engineAsked {
		planEngine(d, &plan, engineOnly)
	}
	return plan, nil
}

// Apply makes the plan one undoable edit of d. The texture copies are
// written first, so that the model never names a file that is not there;
// none replaces a file that holds something else (engine.TextureCopy.Write),
// and when one cannot be written the model is left unchanged. Undo reverts
// the model, not the disk: the copies written stay, and redo points the
// materials at them again. A plan of engine fixes alone records only the
// bones and texture paths it sets (Document.Remaps lists the paths);
// others keep a copy of the model as it was (Bulk).
func (p FixPlan) Apply(d *Document) error {
	for _, c := range p.Copies {
		if err := c.Write(); err != nil {
			return fmt.Errorf("fixing: %w; the model is unchanged", err)
		}
	}
	label := fmt.Sprintf("Fix %d problem", len(p.Changes))
	if len(p.Changes) != 1 {
		label += "s"
	}
	if p.engineOnly() {
		m := d.Model()
		if len(m.Vertices) != len(p.Fixed.Vertices) || len(m.Materials) != len(p.Fixed.Materials) {
			return errors.New("fixing: the model changed since the fixes were planned; plan them again")
		}
		return d.Do(newEngineFix(label, m, p.Fixed))
	}
	fixed := p.Fixed
	return d.Do(Bulk(label, Everything, func(m *model.Model) error {
		*m = *fixed.Clone()
		return nil
	}))
}
