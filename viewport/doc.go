// Package viewport is MS3D Studio's 3D view: a Fyne widget that shows a
// model.Model drawn by an offscreen OpenGL 3.3 core renderer.
//
// Fyne offers no custom GL inside a widget, so the View owns a hidden GLFW
// window with a GL 3.3 core context of its own (not shared with Fyne's),
// driven by one render goroutine locked to its OS thread. Each frame is
// drawn into a framebuffer object and read back with glReadPixels straight
// into an *image.RGBA, top row first (the projection flips Y and the front
// face is clockwise, so no CPU flip is needed). Frames travel through a
// triple buffer to a canvas.Raster whose generator only swaps buffers and
// reports the pixel size it wants, so the picture is exact on HiDPI
// screens and no GL call ever runs on Fyne's goroutine. The raster is
// sampled nearest (it is drawn 1:1), and LeanToolkitWindow, called by the
// app before its window is shown, takes the depth and stencil buffers
// Fyne never uses off the toolkit's window: with software GL the toolkit
// repaints the whole window for every frame, and clearing a depth buffer
// nothing tests is a read-modify-write of every pixel.
//
// Pacing: a frame is drawn only when something changed (a setter, the
// camera, the size) or SetPlaying is on; at most one finished frame waits
// for the raster and one more is drawn ahead while the toolkit paints, and
// at most one raster refresh is queued with fyne.Do (loop.go has the
// details and the reasons). An idle viewport costs no
// CPU. Window creation and destruction run on the main thread
// (fyne.DoAndWait from the render goroutine, and Stop).
//
// What it draws: every group with its material (textures with mipmaps,
// lighting, opacity from Material.Transparency with translucent groups
// blended after the opaque ones, back to front), per-corner normals and
// texture coordinates as stored (T has a top-left origin), skinning
// with up to four influences per vertex and up to 255 joints (on the
// CPU, see below), and the overlays of Options: wireframe, skeleton,
// normals, bounding box, grid, axes, two-sided lighting, back-face culling
// and a weight heat map of the highlighted joint. A material whose texture
// is missing shows a magenta and grey checker, never black.
//
// The default view looks from +Z towards −Z with +X to the right and +Y up,
// framed on the model. Input: left drag orbits, middle or right drag pans
// (the point under the pointer follows it), the wheel zooms 15 % per notch,
// a click picks (the nearest joint within 8 units when the skeleton is
// shown, otherwise the group under the pointer, read back from an ID
// render). With the keyboard focus, the arrows orbit, + and − zoom, F
// frames, Home and 1, 3, 7, 9 show the front, right, top and back views;
// other keys go on to the canvas's handlers.
//
// Use:
//
//	v := viewport.New()
//	v.SetModel(m, textures)              // textures[i] for m.Materials[i], nil if missing
//	v.SetOnPick(func(k viewport.PickKind, i int) { … })
//	w.SetContent(v)
//	w.SetCloseIntercept(func() { v.Stop(); w.Close() })
//	// every animation frame, from a ticker through fyne.Do:
//	v.SetPose(global, skin)              // model/anim: Pose, then SkinMatrices
//
// All methods are called on Fyne's goroutine and none waits for the
// renderer. Skinning runs on the render goroutine, on the CPU: each
// distinct set of influences gets its matrix once a frame, then each
// distinct corner is moved by it and uploaded (scene.Mesh.PoseCorners).
// With software GL that is several times cheaper than the vertex shader
// reading joint matrices from a texture. When no GL 3.3 context can be
// made the View shows the error (see Err) instead of a picture.
package viewport
