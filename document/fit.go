package document

import (
	"ms3dstudio/model"
	"ms3dstudio/model/fit"
)

// PlanSave returns what saving the document to path would change or refuse,
// so that the problems panel can show it before anything is written: for
// an MS3D file (every path but those of the other export formats, as
// SaveAs writes MS3D), the findings of fitting the model to MS3D's limits
// (model/fit: names and paths shortened, materials, groups and joints
// merged, and model.CodeFitTooLarge errors when the model cannot be saved
// as one MS3D file), followed by the import's model.Code3DSLimit finding
// when the import left part of the scene out (SaveAs refuses then too).
// It is empty when the save writes the model as it is.
func (d *Document) PlanSave(path string) []model.Finding {
	out := fit.Plan(d.m, d.fitOptions())
	for _, f := range d.decoded {
		if f.Code == model.Code3DSLimit {
			out = append(out, f)
		}
	}
	return out
}

func (d *Document) fitOptions() fit.Options { return fit.Options{Textures: d.TextureResolver()} }

// fitModel is the command that fits the model to MS3D's limits before a
// save; undoing it gives back the model as it was imported or edited.
type fitModel struct {
	opt fit.Options
	res *fit.Result
}

func (c *fitModel) Label() string { return "Fit to MS3D limits" }

func (c *fitModel) Apply(m *model.Model) (Change, error) {
	c.res = fit.Fit(m, c.opt)
	if !c.res.Changed {
		return Change{}, nil
	}
	return Change{What: Everything &^ Saved, Part: model.PartFile, Index: -1}, nil
}

func (c *fitModel) Revert(m *model.Model) { c.res.Revert(m) }

// fitForSave fits the document's model to MS3D's limits as an undoable
// command, or refuses with a *fit.TooLargeError and changes nothing when the
// model cannot be one MS3D file. undo takes the fit back (and out of the
// history) when the save then fails; it is nil when nothing was changed.
func (d *Document) fitForSave(path string) (undo func(), err error) {
	plan := fit.Plan(d.m, d.fitOptions())
	if err := fit.TooLarge(path, plan); err != nil {
		return nil, err
	}
	if len(plan) == 0 {
		return nil, nil
	}
	if err := d.Do(&fitModel{opt: d.fitOptions()}); err != nil {
		return nil, err
	}
	return func() {
		d.Undo()
		d.hist = d.hist[:d.pos]
	}, nil
}
