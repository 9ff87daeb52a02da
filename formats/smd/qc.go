package smd

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"
)

// QCSequence is one $sequence line of a studiomdl QC file: the sequence's
// name, its first SMD file and its frame rate (0 when the line names none:
// studiomdl then uses DefaultFPS).
type QCSequence struct {
	Name, File string
	FPS        float32
}

// ReadQCSequences returns the $sequence lines of a QC file, in order. It
// reads what the exporter writes and what hand-written QC files commonly
// hold ($sequence "name" "file" [options…] fps N, names quoted or not, //
// comments); a line it cannot make sense of is skipped, and a QC file has
// no other bearing on the model, so nothing here is an error.
func ReadQCSequences(data []byte) []QCSequence {
	var out []QCSequence
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		f := qcFields(line)
		if len(f) < 3 || !strings.EqualFold(f[0], "$sequence") {
			continue
		}
		s := QCSequence{Name: f[1], File: f[2]}
		for i := 3; i+1 < len(f); i++ {
			if strings.EqualFold(f[i], "fps") {
				if v, err := strconv.ParseFloat(f[i+1], 32); err == nil && v >= 1 && v <= 1000 {
					s.FPS = float32(v)
				}
			}
		}
		out = append(out, s)
	}
	return out
}

// QCFPS returns the frame rate a QC file gives the sequences of an SMD
// model: that of the first $sequence naming one, and whether there was one.
func QCFPS(data []byte) (float32, bool) {
	for _, s := range ReadQCSequences(data) {
		if s.FPS > 0 {
			return s.FPS, true
		}
	}
	return 0, false
}

// qcFields splits a QC line into words, a double-quoted string counting as
// one word without its quotes.
func qcFields(line string) []string {
	var out []string
	for {
		line = strings.TrimLeft(line, " \t\r")
		if line == "" {
			return out
		}
		if line[0] == '"' {
			end := strings.IndexByte(line[1:], '"')
			if end < 0 {
				return append(out, line[1:])
			}
			out = append(out, line[1:1+end])
			line = line[2+end:]
			continue
		}
		end := strings.IndexAny(line, " \t\r")
		if end < 0 {
			return append(out, line)
		}
		out = append(out, line[:end])
		line = line[end:]
	}
}
