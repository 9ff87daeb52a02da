package glr_test

import (
	"runtime"
	"testing"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"

	"ms3dstudio/viewport/internal/glr"
	"ms3dstudio/viewport/internal/gltest"
)

// toolkitWindowDepthBits creates a hidden window as the toolkit would (with
// whatever hints are set, plus a GL 3.3 core context to ask it), and
// returns the depth and stencil bits of its default framebuffer.
func toolkitWindowDepthBits(t *testing.T) (depth, stencil int32) {
	t.Helper()
	var win *glfw.Window
	var err error
	gltest.OnMain(func() {
		glfw.WindowHint(glfw.Visible, glfw.False)
		glfw.WindowHint(glfw.ContextVersionMajor, 3)
		glfw.WindowHint(glfw.ContextVersionMinor, 3)
		glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
		glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
		win, err = glfw.CreateWindow(64, 64, "toolkit window", nil, nil)
	})
	if err != nil {
		t.Fatal(err)
	}
	defer gltest.OnMain(win.Destroy)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	win.MakeContextCurrent()
	defer glfw.DetachCurrentContext()
	if err := gl.Init(); err != nil {
		t.Fatal(err)
	}
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	// An attachment that is not there has type NONE, and asking its
	// size is then an error.
	bits := func(att, size uint32) int32 {
		var typ, n int32
		gl.GetFramebufferAttachmentParameteriv(gl.FRAMEBUFFER, att, gl.FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &typ)
		if typ != gl.NONE {
			gl.GetFramebufferAttachmentParameteriv(gl.FRAMEBUFFER, att, size, &n)
		}
		return n
	}
	depth = bits(gl.DEPTH, gl.FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE)
	stencil = bits(gl.STENCIL, gl.FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE)
	if e := gl.GetError(); e != gl.NO_ERROR {
		t.Fatalf("asking the window's framebuffer: GL error 0x%x", e)
	}
	return depth, stencil
}

// TestLeanToolkitWindowsHaveNoDepthBuffer: after LeanToolkitWindows, the
// windows made next (the toolkit's) have neither depth nor stencil bits,
// also once the viewport's own context was created (which restores the
// default hints); without it they have GLFW's default depth buffer, so the
// check can tell the two apart.
func TestLeanToolkitWindowsHaveNoDepthBuffer(t *testing.T) {
	gltest.Require(t)
	gltest.OnMain(glfw.DefaultWindowHints)
	if d, _ := toolkitWindowDepthBits(t); d == 0 {
		t.Fatalf("a window with the default hints has no depth bits: the check below proves nothing")
	}
	t.Cleanup(func() { gltest.OnMain(glr.ForgetLeanToolkitWindows) })
	var err error
	gltest.OnMain(func() { err = glr.LeanToolkitWindows() })
	if err != nil {
		t.Fatal(err)
	}
	if d, s := toolkitWindowDepthBits(t); d != 0 || s != 0 {
		t.Errorf("after LeanToolkitWindows: depth %d, stencil %d bits; want none", d, s)
	}
	var ctx *glr.Context
	gltest.OnMain(func() { ctx, err = glr.CreateContext() })
	if err != nil {
		t.Fatal(err)
	}
	gltest.OnMain(ctx.Destroy)
	if d, s := toolkitWindowDepthBits(t); d != 0 || s != 0 {
		t.Errorf("after the viewport's context was made: depth %d, stencil %d bits; want none", d, s)
	}
}
