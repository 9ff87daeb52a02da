package glr

import (
	"errors"
	"fmt"
	"runtime"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// Context is a hidden GLFW window that owns a GL 3.3 core context of its
// own (not shared with the toolkit's). Creating and destroying it must
// happen on the main thread; using it happens on one goroutine locked to
// its OS thread (see Attach).
type Context struct {
	win *glfw.Window
}

// toolkitWindowsLean is set by LeanToolkitWindows: the window hints it
// sets are set again after CreateContext restores the defaults.
var toolkitWindowsLean bool

// LeanToolkitWindows makes the windows GLFW creates from now on (the
// toolkit's) have no depth and no stencil buffer. Fyne never tests depth
// or stencil, but GLFW gives a window a 24-bit depth and an 8-bit stencil
// buffer by default and Fyne clears the depth buffer on every paint: with
// software GL that clear, a read-modify-write of every pixel's depth word
// to keep its stencil bits, is a large share of the toolkit's paint. It
// must run on the main thread with GLFW
// initialised, before the window is shown; with GLFW not initialised it
// does nothing and reports it.
func LeanToolkitWindows() (err error) {
	defer func() {
		// go-gl/glfw panics when GLFW is not initialised.
		if p := recover(); p != nil {
			err = fmt.Errorf("glr: setting the toolkit's window hints: %v", p)
		}
	}()
	setLeanHints()
	toolkitWindowsLean = true
	return nil
}

func setLeanHints() {
	glfw.WindowHint(glfw.DepthBits, 0)
	glfw.WindowHint(glfw.StencilBits, 0)
}

// CreateContext creates the hidden window. It must run on the main thread
// with GLFW initialised. It restores the default window hints afterwards,
// because hints are global and a toolkit that creates its next window with
// our core-profile hints fails.
func CreateContext() (ctx *Context, err error) {
	keepDriverMemory()
	defer func() {
		// go-gl/glfw panics on programmer errors such as GLFW not being
		// initialised; report them instead of taking the UI down.
		if p := recover(); p != nil {
			err = fmt.Errorf("glr: creating the hidden GL window: %v", p)
		}
	}()
	defer func() {
		glfw.DefaultWindowHints()
		if toolkitWindowsLean {
			setLeanHints()
		}
	}()
	glfw.WindowHint(glfw.Visible, glfw.False)
	glfw.WindowHint(glfw.FocusOnShow, glfw.False)
	glfw.WindowHint(glfw.ContextVersionMajor, 3)
	glfw.WindowHint(glfw.ContextVersionMinor, 3)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	win, err := glfw.CreateWindow(1, 1, "ms3dstudio offscreen", nil, nil)
	if err != nil {
		return nil, fmt.Errorf("glr: creating a hidden window with a GL 3.3 core context: %w", err)
	}
	if win == nil {
		return nil, errors.New("glr: creating a hidden window with a GL 3.3 core context failed")
	}
	return &Context{win: win}, nil
}

// Attach makes the context current on the calling goroutine's OS thread,
// which it locks, and loads the GL 3.3 function table. Every GL call
// after it must come from the same goroutine until Detach.
func (c *Context) Attach() error {
	runtime.LockOSThread()
	c.win.MakeContextCurrent()
	if err := gl.Init(); err != nil {
		return fmt.Errorf("glr: loading GL 3.3 functions: %w", err)
	}
	return nil
}

// Detach releases the context from the calling thread so that the window
// can be destroyed on the main thread.
func (c *Context) Detach() {
	glfw.DetachCurrentContext()
}

// Destroy destroys the hidden window and its context. It must run on the
// main thread, after Detach.
func (c *Context) Destroy() {
	if c.win != nil {
		c.win.Destroy()
		c.win = nil
	}
}
