package obj

import (
	"fmt"

	"ms3dstudio/model"
)

// maxPerCode is how many findings of one code are listed; the rest are
// counted, so that a file of a million bad lines does not make a million
// messages.
const maxPerCode = 100

// findings collects the importer's findings, capped per code.
type findings struct {
	out  []model.Finding
	seen map[model.Code]int
}

func newFindings() *findings { return &findings{seen: map[model.Code]int{}} }

func (f *findings) add(x model.Finding) {
	f.seen[x.Code]++
	if f.seen[x.Code] <= maxPerCode {
		f.out = append(f.out, x)
	}
}

// list returns the findings listed, with one summary for each code past
// the cap, in the order the codes first came.
func (f *findings) list() []model.Finding {
	out := f.out
	done := map[model.Code]bool{}
	for _, x := range f.out {
		if n := f.seen[x.Code]; n > maxPerCode && !done[x.Code] {
			done[x.Code] = true
			out = append(out, model.Finding{Code: model.CodeOBJMore, Severity: model.Info, Where: model.At(x.Where.Part, -1),
				Message: fmt.Sprintf("%d more %s findings like the %d above are not listed (%d in all)", n-maxPerCode, x.Code, maxPerCode, n)})
		}
	}
	return out
}
