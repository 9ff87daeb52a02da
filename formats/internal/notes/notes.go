// Package notes collects the findings the format packages' importers and
// exporters raise as they go (B3D, MD2, MD3, OBJ, glTF).
package notes

import (
	"fmt"

	"ms3dstudio/model"
)

// List is the findings collected so far, in the order they were raised.
type List []model.Finding

// Add appends a finding of code and severity at where, its message
// formatted from format and args.
func (l *List) Add(code model.Code, sev model.Severity, where model.Location, format string, args ...any) {
	*l = append(*l, model.Finding{Code: code, Severity: sev, Where: where, Message: fmt.Sprintf(format, args...)})
}
