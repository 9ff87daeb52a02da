//go:build race

package apptest

// raceEnabled reports whether the race detector is on: it slows every
// goroutine, Fyne's paint of the window included, several times over.
const raceEnabled = true
