package main

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"ms3dstudio/internal/corpus"
)

// TestBatchProgressOnTerminal: with stderr a terminal, a batch draws its
// progress line there (files done of the total, failures, time left) and
// ends with the final count; stdout gets only the results; the exit
// status is the worst of the corpus's.
func TestBatchProgressOnTerminal(t *testing.T) {
	term := openTerminal(t)
	var out bytes.Buffer
	code := run([]string{"validate", "-r", corpus.Dir(t), "--json", "--jobs", "2"}, &out, term.Tty)
	got := term.Close()
	n := len(corpusModels(t))
	// Some corpus files have errors (1), and some no reader makes sense
	// of (2: corpus.Unreadable, assimp's malformed MD2).
	want := 1
	if len(corpus.Unreadable) > 0 {
		want = 2
	}
	if code != want {
		t.Errorf("exit %d, want %d", code, want)
	}
	if strings.Contains(out.String(), "\r") || len(jsonLines(t, out.String())) != n {
		t.Errorf("stdout holds progress or not %d lines:\n%s", n, out.String())
	}
	line := regexp.MustCompile(`\r\x1b\[Kms3dtool validate: \d+/` + strconv.Itoa(n) + ` files(, \d+ failed)?, about (<1|\d+) s left`)
	if !line.MatchString(got) {
		t.Errorf("no progress line on the terminal:\n%q", got)
	}
	final := regexp.MustCompile(`ms3dtool validate: ` + strconv.Itoa(n) + `/` + strconv.Itoa(n) + ` files, \d+ failed, took (<1|\d+) s\r?\n$`)
	if !final.MatchString(got) {
		t.Errorf("the terminal does not end with the final count:\n%q", got)
	}
}
