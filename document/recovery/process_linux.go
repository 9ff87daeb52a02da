package recovery

import (
	"bytes"
	"fmt"
	"os"
)

// processRuns reports whether a process with number pid runs: it has an
// entry in /proc whose state is not zombie or dead. A crashed or killed
// process stays a zombie until its parent reaps it, which some launchers
// take their time to do (signal 0 would still find it).
func processRuns(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// "pid (comm) S …": the command may hold spaces and parentheses, the
	// state follows the last ')'.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 || i+2 >= len(stat) {
		return false
	}
	switch stat[i+2] {
	case 'Z', 'X', 'x':
		return false
	}
	return true
}
