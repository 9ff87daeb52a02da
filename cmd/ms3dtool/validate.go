package main

import (
	"fmt"
	"io"
	"os"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
	"ms3dstudio/model/validate"
)

func init() {
	register("validate", "validate FILE... [--json]", "check files against the format's validation list; exit 0 clean, 1 errors found, 2 a file cannot be read", runValidate)
}

// FileReport is the validation result of one file in `validate --json`.
type FileReport struct {
	File     string          `json:"file"`
	Readable bool            `json:"readable"`
	Error    string          `json:"error,omitempty"`
	Errors   int             `json:"errors"`
	Warnings int             `json:"warnings"`
	Infos    int             `json:"infos"`
	Findings []model.Finding `json:"findings"`
}

// ValidateReport is the document `validate --json` prints.
type ValidateReport struct {
	Files []FileReport `json:"files"`
}

func runValidate(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("validate", "validate FILE... [--json]", stderr)
	asJSON := fs.Bool("json", false, "print one JSON document")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if len(files) == 0 {
		return usageError(fs, stderr, "want at least one FILE")
	}
	var report ValidateReport
	status := 0
	for _, path := range files {
		r := validateFile(path)
		report.Files = append(report.Files, r)
		switch {
		case !r.Readable:
			status = 2
			fmt.Fprintf(stderr, "ms3dtool validate: %s\n", r.Error)
		case r.Errors > 0 && status == 0:
			status = 1
		}
		if !*asJSON && r.Readable {
			fmt.Fprintf(stdout, "%s: %d errors, %d warnings, %d notes\n", path, r.Errors, r.Warnings, r.Infos)
			for _, f := range r.Findings {
				fmt.Fprintf(stdout, "  %s\n", f)
				if f.Fix != "" {
					fmt.Fprintf(stdout, "      fix: %s\n", f.Fix)
				}
			}
		}
	}
	if *asJSON {
		if code := writeJSON(stdout, stderr, report); code != 0 {
			return code
		}
	}
	return status
}

// validateFile decodes path and runs every check, with byte offsets and
// texture resolution relative to the file.
func validateFile(path string) FileReport {
	r := FileReport{File: path, Findings: []model.Finding{}}
	data, err := os.ReadFile(path)
	if err != nil {
		r.Error = err.Error()
		return r
	}
	m, findings, err := ms3d.Decode(data)
	if err != nil {
		r.Error = fmt.Sprintf("%s: %v", path, err)
		return r
	}
	r.Readable = true
	// Offsets only for what is really in the file (it may be cut short).
	opt := validate.Options{Locator: ms3d.NewLayout(m).Within(int64(len(data)))}
	if res, err := texpath.NewOS(path); err == nil {
		opt.Textures = res
	}
	r.Findings = append(append(r.Findings, findings...), validate.Check(m, opt)...)
	for _, f := range r.Findings {
		switch f.Severity {
		case model.Error:
			r.Errors++
		case model.Warning:
			r.Warnings++
		default:
			r.Infos++
		}
	}
	return r
}
