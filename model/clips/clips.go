// Package clips splits a MilkShape 3D timeline into named clips (frame
// ranges such as "idle 1-30") and stores them in the model so that they
// survive saving and reopening and stay invisible to other MS3D readers.
//
// MS3D has no field for clips. MilkShape-era pipelines kept them in two
// places: frame-range lines in the model comment (one clip per line, "name
// first-last"), and sidecar text files next to the model, such as the split
// file of the OGRE MilkShape exporter (one clip per line,
// "first,last,name"). This package reads and writes the first: a clip is a
// line of the model comment (the optional comments block of
// ms3d-format.md §3), so it lives inside the .ms3d file, survives every
// program that keeps comments, and is skipped by readers that do not read
// the block. Lines of the comment that are not clips are kept as they are.
// ParseList reads both line forms, for sidecar files and the command line.
//
// Frames are MilkShape frames: 1-based and inclusive, frame f at time
// f/fps (ms3d-format.md §4). A clip is valid when 1 ≤ First ≤ Last ≤
// TotalFrames and its name is unique ignoring case and can name a file (an
// SMD exporter writes one file per clip). Clips may overlap.
//
// The package works on model.Model alone and knows nothing of file formats.
package clips

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"ms3dstudio/model"
)

// MaxName is the longest clip name in bytes.
const MaxName = 64

// MaxClips bounds how many clips Read and ParseList return, so that a
// hostile comment cannot make a caller build a huge list.
const MaxClips = 4096

// Clip is a named range of MilkShape frames, First to Last inclusive.
type Clip struct {
	Name        string
	First, Last int
}

// String formats the clip as its comment line, "idle 1-30".
func (c Clip) String() string { return fmt.Sprintf("%s %d-%d", c.Name, c.First, c.Last) }

// Frames returns the number of frames in the clip.
func (c Clip) Frames() int { return c.Last - c.First + 1 }

// Times returns the times in seconds of the clip's first and last frames
// at the model's frame rate (model.Model.EffectiveFPS), the playback range
// a player sets when the clip is selected.
func (c Clip) Times(m *model.Model) (start, end float32) {
	fps := m.EffectiveFPS()
	return float32(c.First) / fps, float32(c.Last) / fps
}

// Read returns the clips stored in m's model comment, in comment order, and
// findings for those that are not valid for m (see Validate). Invalid clips
// are returned too, so that an editor can show and repair them.
func Read(m *model.Model) ([]Clip, []model.Finding) {
	if !m.Comments.HasModel {
		return nil, nil
	}
	var out []Clip
	for _, line := range splitLines(string(m.Comments.Model)) {
		if c, ok := parseLine(line); ok && len(out) < MaxClips {
			out = append(out, c)
		}
	}
	return out, Validate(m, out)
}

// Write stores list in m's model comment, replacing the clips stored there
// before and keeping every other line of the comment. It returns an error,
// and changes nothing, when a clip is not valid for m (a finding of
// Validate with error severity). Writing no clips to a model whose comment
// holds none leaves the model untouched, so that a file without clips
// encodes to the same bytes. The lines use the comment's line ends (CRLF,
// as MilkShape writes, for a new comment).
func Write(m *model.Model, list []Clip) error {
	for _, f := range Validate(m, list) {
		if f.Severity == model.Error {
			return fmt.Errorf("clips: %s", f.Message)
		}
	}
	old := ""
	if m.Comments.HasModel {
		old = string(m.Comments.Model)
	}
	eol := "\r\n"
	if strings.Contains(old, "\n") && !strings.Contains(old, "\r\n") {
		eol = "\n"
	}
	lines := splitLines(old)
	kept := lines[:0:0]
	removed := false
	for _, l := range lines {
		if _, ok := parseLine(l); ok {
			removed = true
			continue
		}
		kept = append(kept, l)
	}
	if !removed && len(list) == 0 {
		return nil
	}
	// Trailing empty lines of the user's text are dropped so that the clip
	// lines follow it directly and repeated writes do not add blank lines.
	for len(kept) > 0 && strings.TrimSpace(kept[len(kept)-1]) == "" {
		kept = kept[:len(kept)-1]
	}
	for _, c := range list {
		kept = append(kept, c.String())
	}
	if m.Comments.SubVersion == 0 {
		m.Comments.SubVersion = 1
	}
	m.Comments.HasModel = true
	m.Comments.Model = model.Str(strings.Join(kept, eol))
	return nil
}

// Validate checks list against m: each clip's range inside the timeline
// (1 ≤ First ≤ Last ≤ TotalFrames), names that can name a file, and names
// unique ignoring case. Overlapping clips are allowed. Each finding points
// at the clip's index (model.PartClip).
func Validate(m *model.Model, list []Clip) []model.Finding {
	var out []model.Finding
	seen := make(map[string]int, len(list))
	for i, c := range list {
		at := model.At(model.PartClip, i)
		if msg := nameProblem(c.Name); msg != "" {
			out = append(out, model.Finding{Code: model.CodeClipName, Severity: model.Error, Where: at,
				Message: fmt.Sprintf("clip %d %q: %s", i, c.Name, msg), Fix: "rename the clip"})
		}
		if c.First < 1 || c.Last < c.First || c.Last > int(m.TotalFrames) {
			out = append(out, model.Finding{Code: model.CodeClipRange, Severity: model.Error, Where: at,
				Message: fmt.Sprintf("clip %q covers frames %d-%d, outside the timeline's frames 1-%d", c.Name, c.First, c.Last, m.TotalFrames),
				Fix:     "move the range inside the timeline"})
		}
		key := strings.ToLower(c.Name)
		if first, dup := seen[key]; dup {
			out = append(out, model.Finding{Code: model.CodeClipDuplicate, Severity: model.Error, Where: at,
				Message: fmt.Sprintf("clip %d has the name %q of clip %d", i, c.Name, first), Fix: "rename the later clip"})
			continue
		}
		seen[key] = i
	}
	return out
}

// MakeName returns name made into a valid clip name for an importer: each
// character that a clip line or a file name cannot hold becomes "_", the
// name is cut to MaxName−4 bytes without splitting a character (room for a
// suffix that makes it unique), and a name with nothing left, or only "."
// or "..", becomes fallback.
func MakeName(name, fallback string) string {
	var b strings.Builder
	for _, r := range name {
		if badRune(r) {
			r = '_'
		}
		if b.Len()+utf8.RuneLen(r) > MaxName-4 {
			break
		}
		b.WriteRune(r)
	}
	out := b.String()
	if out == "" || out == "." || out == ".." {
		return fallback
	}
	return out
}

// badRune reports a character that a clip line or a file name cannot hold.
func badRune(r rune) bool {
	return r <= ' ' || r == 0x7f || strings.ContainsRune(`/\:*?"<>|,`, r)
}

// nameProblem says what is wrong with a clip name, or returns "".
func nameProblem(name string) string {
	switch {
	case name == "":
		return "the name is empty"
	case len(name) > MaxName:
		return fmt.Sprintf("the name is %d bytes, the limit is %d", len(name), MaxName)
	case name == "." || name == "..":
		return "the name cannot name a file"
	}
	for _, r := range name {
		if badRune(r) {
			return fmt.Sprintf("the name holds %q, which a clip line or a file name cannot hold", r)
		}
	}
	return ""
}

// ParseList reads clips from text, one per line, in either form that
// MilkShape-era pipelines wrote: "name first-last" (model comments; a colon
// or an equals sign may follow the name, and the dash may be "..", an en
// dash, or spaces around a dash) or "first,last,name" (the OGRE exporter's
// split file). Blank lines and lines starting with "#" or "//" are skipped;
// any other line that is not a clip is an error naming its line number.
// The clips are not validated against a model: use Validate.
func ParseList(text string) ([]Clip, error) {
	var out []Clip
	for i, line := range splitLines(text) {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "//") {
			continue
		}
		c, ok := parseLine(t)
		if !ok {
			c, ok = parseSplitLine(t)
		}
		if !ok {
			return nil, fmt.Errorf("clips: line %d: %q is neither \"name first-last\" nor \"first,last,name\"", i+1, t)
		}
		if len(out) == MaxClips {
			return nil, fmt.Errorf("clips: line %d: more than %d clips", i+1, MaxClips)
		}
		out = append(out, c)
	}
	return out, nil
}

// FormatList returns list as text that ParseList and the model comment
// read: one "name first-last" line per clip, each ended by "\n".
func FormatList(list []Clip) string {
	var b strings.Builder
	for _, c := range list {
		b.WriteString(c.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// splitLines splits s at "\n", dropping a "\r" before it. The empty string
// has no lines.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// parseLine reads "name first-last": a name of printable non-space bytes,
// optionally followed by ":" or "=", then two positive frame numbers joined
// by "-", "–" or "..", with optional spaces around every part.
func parseLine(line string) (Clip, bool) {
	t := strings.TrimSpace(line)
	sp := strings.IndexAny(t, " \t")
	if sp < 0 {
		return Clip{}, false
	}
	name, rest := t[:sp], strings.TrimSpace(t[sp:])
	name = strings.TrimRight(name, ":=")
	rest = strings.TrimSpace(strings.TrimLeft(rest, ":="))
	var a, b string
	for _, sep := range []string{"..", "–", "-"} {
		if i := strings.Index(rest, sep); i > 0 {
			a, b = strings.TrimSpace(rest[:i]), strings.TrimSpace(rest[i+len(sep):])
			break
		}
	}
	first, ok1 := frameNumber(a)
	last, ok2 := frameNumber(b)
	if !ok1 || !ok2 || nameProblem(name) != "" {
		return Clip{}, false
	}
	return Clip{Name: name, First: first, Last: last}, true
}

// parseSplitLine reads the OGRE exporter's "first,last,name".
func parseSplitLine(line string) (Clip, bool) {
	parts := strings.Split(line, ",")
	if len(parts) != 3 {
		return Clip{}, false
	}
	first, ok1 := frameNumber(strings.TrimSpace(parts[0]))
	last, ok2 := frameNumber(strings.TrimSpace(parts[1]))
	name := strings.TrimSpace(parts[2])
	if !ok1 || !ok2 || nameProblem(name) != "" {
		return Clip{}, false
	}
	return Clip{Name: name, First: first, Last: last}, true
}

// frameNumber parses a decimal frame number of at most 9 digits.
func frameNumber(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}
