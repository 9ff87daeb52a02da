// Command ms3dtool inspects, validates, fixes, poses and converts MilkShape
// 3D models in batch. It uses the same packages as the MS3D Studio app but
// needs neither cgo nor a display.
//
// Usage:
//
//	ms3dtool COMMAND [flags] FILE...
//
// Every command that reads files also takes folders and several files at
// once (batch.go, internal/batchcmd): -r, --jobs N, --json as JSON Lines,
// --out-dir DIR.
//
// Run "ms3dtool help" for the list of commands. Exit status: 0 on success,
// 1 when a command found errors, 2 on usage errors or unreadable files.
// Messages go to stderr; --json output is one JSON document on stdout (in
// a batch, one JSON object a file).
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// command is one subcommand of ms3dtool.
type command struct {
	name, usage, summary string
	run                  func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

// register adds a subcommand; each command's file registers itself from init.
func register(name, usage, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	if _, dup := commands[name]; dup {
		panic("ms3dtool: command registered twice: " + name)
	}
	commands[name] = command{name: name, usage: usage, summary: summary, run: run}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run dispatches to a subcommand and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		help(stderr)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		help(stdout)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "ms3dtool: unknown command %q\n\n", args[0])
		help(stderr)
		return 2
	}
	if code, ok := runBatch(c, args[1:], stdout, stderr); ok {
		return code
	}
	return c.run(args[1:], stdout, stderr)
}

func help(w io.Writer) {
	fmt.Fprintln(w, "ms3dtool: inspect, validate, fix, pose and convert MilkShape 3D models")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := commands[n]
		fmt.Fprintf(w, "  ms3dtool %s\n      %s\n", c.usage, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Batch: the commands that read files (all but report) also take folders and several files at")
	fmt.Fprintln(w, "once: -r walks the folders' trees, --jobs N runs N files at a time (default one a CPU),")
	fmt.Fprintln(w, "--json prints one JSON object a file (JSON Lines), and the commands that write a file per")
	fmt.Fprintln(w, "input take --out-dir DIR (convert and transform: with --to EXT). The exit status is the worst.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Exit status: 0 success, 1 errors found, 2 usage error or unreadable file.")
}
