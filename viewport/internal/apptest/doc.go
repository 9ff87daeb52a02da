// Package apptest runs the viewport inside a real Fyne application (the
// GLFW driver, its 60 Hz loop and GL painter) under a display: frames reach
// the window, and closing the window through the close intercept stops the
// renderer without a deadlock; BenchmarkFrameRateInApp measures the frame
// rate the application shows. It holds tests only.
package apptest
