package model

import (
	"encoding/json"
	"fmt"
)

// Severity ranks a finding.
type Severity uint8

// Severities, from least to most serious.
const (
	// Info is worth knowing but needs no action.
	Info Severity = iota
	// Warning marks data that other tools may misread or that looks wrong.
	Warning
	// Error marks data that is invalid: players will misbehave or crash.
	Error
)

// String returns "info", "warning" or "error".
func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return fmt.Sprintf("severity(%d)", uint8(s))
}

// MarshalJSON writes the severity as its name.
func (s Severity) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// UnmarshalJSON reads a severity written by MarshalJSON.
func (s *Severity) UnmarshalJSON(b []byte) error {
	var name string
	if err := json.Unmarshal(b, &name); err != nil {
		return err
	}
	for _, v := range []Severity{Info, Warning, Error} {
		if v.String() == name {
			*s = v
			return nil
		}
	}
	return fmt.Errorf("model: unknown severity %q", name)
}

// Parts of a model that findings point at. They name the file's parts so
// that a location reads the same in the CLI, the app and the documentation.
const (
	PartFile        = "file"
	PartHeader      = "header"
	PartVertex      = "vertex"
	PartTriangle    = "triangle"
	PartGroup       = "group"
	PartMaterial    = "material"
	PartKeyframer   = "keyframer"
	PartJoint       = "joint"
	PartComments    = "comments"
	PartVertexExtra = "vertex-extra"
	PartJointExtra  = "joint-extra"
	PartModelExtra  = "model-extra"
	PartTrailing    = "trailing"
)

// Location says where a finding applies. Index is −1 when the finding is
// about a whole part; Offset is −1 when the byte offset is unknown (a model
// that was not read from a file, or a check with no single byte to blame).
// Path is a JSON pointer (RFC 6901, "/accessors/3/count") into the file a
// JSON-based format such as glTF was read from, or empty.
type Location struct {
	Part   string `json:"part"`
	Index  int    `json:"index"`
	Offset int64  `json:"offset"`
	Path   string `json:"path,omitempty"`
}

// At returns a location with an unknown byte offset.
func At(part string, index int) Location { return Location{Part: part, Index: index, Offset: -1} }

// String formats the location as "triangle 17 at offset 0x1a2f".
func (l Location) String() string {
	s := l.Part
	if l.Index >= 0 {
		s = fmt.Sprintf("%s %d", s, l.Index)
	}
	if l.Offset >= 0 {
		s = fmt.Sprintf("%s at offset %#x", s, l.Offset)
	}
	if l.Path != "" {
		s = fmt.Sprintf("%s %s", s, l.Path)
	}
	return s
}

// Finding is one thing a reader or a check noticed about a model.
type Finding struct {
	// Code is stable across releases (for example "triangle.vertex-range");
	// tools and fix-ups key on it. Every code is declared in codes.go.
	Code     Code     `json:"code"`
	Severity Severity `json:"severity"`
	Where    Location `json:"where"`
	// Message is a human sentence.
	Message string `json:"message"`
	// Fix says what the automatic fix-up would do, or is empty when there
	// is none.
	Fix string `json:"fix,omitempty"`
}

// String formats the finding for a terminal: "error triangle 3: message".
func (f Finding) String() string {
	return fmt.Sprintf("%s %s [%s]: %s", f.Severity, f.Where, f.Code, f.Message)
}

// HasErrors reports whether any finding has error severity.
func HasErrors(fs []Finding) bool {
	for _, f := range fs {
		if f.Severity == Error {
			return true
		}
	}
	return false
}

// CountSeverities returns how many findings have each severity.
func CountSeverities(fs []Finding) (errors, warnings, infos int) {
	for _, f := range fs {
		switch f.Severity {
		case Error:
			errors++
		case Warning:
			warnings++
		default:
			infos++
		}
	}
	return errors, warnings, infos
}

// HasCode reports whether a finding of fs has code.
func HasCode(fs []Finding, code Code) bool {
	for _, f := range fs {
		if f.Code == code {
			return true
		}
	}
	return false
}

// WithCode returns the findings of fs that have code, in their order.
func WithCode(fs []Finding, code Code) []Finding {
	var out []Finding
	for _, f := range fs {
		if f.Code == code {
			out = append(out, f)
		}
	}
	return out
}

// CodesOf returns the codes of fs, each once, in the order they first
// appear.
func CodesOf(fs []Finding) []Code {
	var out []Code
	seen := map[Code]bool{}
	for _, f := range fs {
		if !seen[f.Code] {
			seen[f.Code] = true
			out = append(out, f.Code)
		}
	}
	return out
}
