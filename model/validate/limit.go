package validate

import (
	"fmt"

	"ms3dstudio/model"
)

// capPerCode keeps the first max findings of each code and replaces the rest
// by one summary finding per code, placed after the last one kept. The
// summary has the most serious severity of the findings it stands for and a
// location with the part but no index or offset.
func capPerCode(fs []model.Finding, limit int) []model.Finding {
	if limit < 0 {
		return fs
	}
	count := map[model.Code]int{}
	for _, f := range fs {
		count[f.Code]++
	}
	over := false
	for _, n := range count {
		over = over || n > limit
	}
	if !over {
		return fs
	}
	type rest struct {
		n    int
		sev  model.Severity
		part string
	}
	dropped := map[model.Code]*rest{}
	kept := map[model.Code]int{}
	out := make([]model.Finding, 0, len(fs))
	lastKept := map[model.Code]int{} // code → index in out of its last kept finding
	for _, f := range fs {
		if kept[f.Code] < limit {
			kept[f.Code]++
			out = append(out, f)
			lastKept[f.Code] = len(out) - 1
			continue
		}
		d := dropped[f.Code]
		if d == nil {
			d = &rest{part: f.Where.Part}
			dropped[f.Code] = d
		}
		d.n++
		d.sev = max(d.sev, f.Severity)
	}
	// Insert the summaries after each code's last kept finding, from the
	// back so that earlier positions stay valid.
	type ins struct {
		at int
		f  model.Finding
	}
	var list []ins
	for code, d := range dropped {
		at := len(out)
		if k, ok := lastKept[code]; ok {
			at = k + 1
		}
		list = append(list, ins{at, model.Finding{Code: code, Severity: d.sev, Where: model.At(d.part, -1),
			Message: fmt.Sprintf("%d more %s findings like the %d above are not listed (%d in all)", d.n, code, limit, d.n+limit)}})
	}
	for i := 1; i < len(list); i++ { // insertion sort by position, descending
		for k := i; k > 0 && list[k].at > list[k-1].at; k-- {
			list[k], list[k-1] = list[k-1], list[k]
		}
	}
	for _, s := range list {
		out = append(out, model.Finding{})
		copy(out[s.at+1:], out[s.at:])
		out[s.at] = s.f
	}
	return out
}
