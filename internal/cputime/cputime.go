// Package cputime reads how much CPU time the whole process has used: every
// thread, including the ones a software OpenGL driver (Mesa's llvmpipe)
// rasterises on. Benchmarks divide it by the frames shown to get a cost per
// frame that, unlike frames per second, hardly changes when other programs
// load the machine.
package cputime

import "time"

// Process returns the user plus system CPU time the process has used so
// far, and false where the platform gives no such figure.
func Process() (time.Duration, bool) { return process() }
