package properties

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2/widget"

	"ms3dstudio/document"
	"ms3dstudio/formats/max3ds"
)

// formatNames are the import formats as their authors write them.
var formatNames = map[string]string{"3ds": "3DS", "smd": "SMD", "obj": "OBJ", "gltf": "glTF", "b3d": "B3D", "md2": "MD2", "md3": "MD3"}

// formatName returns how a format's name is written ("glTF", "3DS").
func formatName(f string) string {
	if n, ok := formatNames[f]; ok {
		return n
	}
	return strings.ToUpper(f)
}

// importOptions is the properties section of an imported document: the
// import options, changed live.
func (p *Properties) importOptions(im *document.Import) {
	f := p.section("Import")
	p.row(f, "Imported from", formatName(im.Format))
	if im.Format == "3ds" {
		in := im.Info
		p.row(f, "Scene", fmt.Sprintf("%d objects, %d nodes, %d frames (saved at frame %d); %d cameras and %d lights left out",
			in.Objects, in.Nodes, in.Frames, in.SavedFrame, in.Cameras, in.Lights))
		rules := []string{"auto", "apply", "ignore"}
		pivot := widget.NewSelect(rules, nil)
		pivot.SetSelected(rules[im.Options.Pivot])
		pivot.OnChanged = func(s string) {
			r, err := max3ds.ParsePivotRule(s)
			if err == nil && r != im.Options.Pivot && p.OnReimport != nil {
				opt := im.Options
				opt.Pivot = r
				p.OnReimport(opt)
			}
		}
		f.Append("Pivot rule", pivot)
		used := in.PivotRule
		if in.PivotAuto {
			used += " (chosen automatically)"
		}
		p.row(f, "Pivot used", fmt.Sprintf("%s; stored vertices reproduced to %.2g (apply) / %.2g (ignore) of the scene size", used, in.ApplyError, in.IgnoreError))
		keep := widget.NewCheck("Keep the 3DS Z-up axes", nil)
		keep.SetChecked(im.Options.KeepAxes)
		keep.OnChanged = func(b bool) {
			if b != im.Options.KeepAxes && p.OnReimport != nil {
				opt := im.Options
				opt.KeepAxes = b
				p.OnReimport(opt)
			}
		}
		f.Append("Axes", keep)
	}
	if len(im.Options.Anims) > 0 {
		p.row(f, "Animations", strings.Join(im.Options.Anims, ", "))
	}
}
