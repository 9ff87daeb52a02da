// Package widgets holds the small widgets and helpers every panel of the
// editor uses: CommitEntry (an entry that commits on Enter or focus loss
// and shows the commit's error), the drop-down, check box, list and tree
// that let the editor's keys through when focused (KeySelect, KeyCheck,
// KeyList, KeyTree), LiveText for values that change every frame, the
// number and count formats the panels share (FormatFloat, Plural,
// FrameText …), the frame-tick spacing of the ruler and the dope sheet,
// and the app's theme.
//
// Dependencies: widgets is at the bottom of ui with hub; it imports only
// model and ui/internal/textimage, and every other package of ui may import
// it. Its widgets run on Fyne's goroutine and start no goroutine.
package widgets
