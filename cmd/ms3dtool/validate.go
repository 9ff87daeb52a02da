package main

import (
	"fmt"
	"io"

	"ms3dstudio/document"
	"ms3dstudio/document/check"
	"ms3dstudio/model"
)

func init() {
	register("validate", "validate FILE... [--json] [--for READER|ENGINE] | validate --codes [--json]", "check files against the format's validation list (and what a reader or engine will not take); exit 0 clean, 1 errors found, 2 a file cannot be read; --codes lists every finding code", runValidate)
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
	fs := newFlagSet("validate", "validate FILE... [--json] [--for READER|ENGINE] | validate --codes [--json]", stderr)
	asJSON := fs.Bool("json", false, "print one JSON document")
	listCodes := fs.Bool("codes", false, "list every finding code with its severity and description")
	openOpt := openFlags(fs)
	forName := fs.String("for", "", "also report what this `reader or engine` ("+targetNames()+") will refuse or misread")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if *listCodes {
		if len(files) != 0 {
			return usageError(fs, stderr, "--codes takes no FILE")
		}
		return printCodes(stdout, stderr, *asJSON)
	}
	if len(files) == 0 {
		return usageError(fs, stderr, "want at least one FILE")
	}
	target, err := check.ParseTarget(*forName)
	if err != nil {
		return usageError(fs, stderr, "%v", err)
	}
	opt, err := openOpt()
	if err != nil {
		return usageError(fs, stderr, "%v", err)
	}
	var report ValidateReport
	status := 0
	for _, path := range files {
		r := validateFile(path, opt, target)
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

// validateFile opens path as the app does and reports the document's
// findings: the same list, built by the same function, as the app's
// problems panel shows for the same target.
func validateFile(path string, opt document.OpenOptions, target check.Target) FileReport {
	r := FileReport{File: path, Findings: []model.Finding{}}
	d, err := document.OpenWith(path, opt)
	if err != nil {
		r.Error = err.Error()
		return r
	}
	r.Readable = true
	d.SetTarget(target)
	r.Findings = append(r.Findings, d.Findings()...)
	r.Errors, r.Warnings, r.Infos = model.CountSeverities(r.Findings)
	return r
}

// printCodes lists every declared finding code, as text or as one JSON
// array of {code, severity, summary}.
func printCodes(stdout, stderr io.Writer, asJSON bool) int {
	codes := model.Codes()
	if asJSON {
		return writeJSON(stdout, stderr, codes)
	}
	for _, c := range codes {
		fmt.Fprintf(stdout, "%-30s %-8s %s\n", c.Code, c.Severity, c.Summary)
	}
	return 0
}
