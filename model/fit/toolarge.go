package fit

import (
	"fmt"
	"strings"

	"ms3dstudio/model"
)

// TooLargeError reports a model that no MS3D file can hold as it is (see
// model.CodeFitTooLarge): Findings say which counts are over which limits,
// and the error says what to do instead.
type TooLargeError struct {
	Path     string
	Findings []model.Finding
}

// Error formats the error as "big.ms3d: refused, an MS3D file cannot hold
// this model: 80900 vertices, …; export glTF or OBJ …".
func (e *TooLargeError) Error() string {
	var what []string
	fix := ""
	for _, f := range e.Findings {
		what = append(what, f.Message)
		if fix == "" {
			fix = f.Fix
		}
	}
	return fmt.Sprintf("%s: refused, an MS3D file cannot hold this model: %s; %s", e.Path, strings.Join(what, "; "), fix)
}

// TooLarge returns a *TooLargeError for the model.CodeFitTooLarge findings
// of fs (those of Plan, Fit or Split), or nil when there are none.
func TooLarge(path string, fs []model.Finding) error {
	var over []model.Finding
	for _, f := range fs {
		if f.Code == model.CodeFitTooLarge {
			over = append(over, f)
		}
	}
	if over == nil {
		return nil
	}
	return &TooLargeError{Path: path, Findings: over}
}
