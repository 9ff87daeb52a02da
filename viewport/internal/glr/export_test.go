package glr

import "github.com/go-gl/glfw/v3.3/glfw"

// CompileEveryVariant compiles every variant of the mesh program on r's
// context, as drawing would on first use, and returns the first failure.
func (r *Renderer) CompileEveryVariant() (int, error) {
	for _, v := range variants() {
		r.program(v)
	}
	return len(r.progs), r.takeErr()
}

// ForgetLeanToolkitWindows undoes LeanToolkitWindows, for the tests after
// the one that called it. It must run on the main thread.
func ForgetLeanToolkitWindows() {
	toolkitWindowsLean = false
	glfw.DefaultWindowHints()
}
