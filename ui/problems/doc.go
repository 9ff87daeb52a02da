// Package problems is the problems panel of the editor (Problems): the
// document's findings with their severity, code, place and message, the
// reader or engine the model must load in, and the buttons that fix one
// code or all; selecting a finding selects what it is about through the
// shared hub. FixableIn says which findings the automatic fixes can clear.
// The fix preview itself is the editor's (Editor.FixProblems): the panel
// asks for it through OnFix.
//
// Dependencies: problems imports document, model, model/fix,
// model/compat, ui/hub and ui/widgets; the editor (ui) imports it. It runs
// on Fyne's goroutine and starts no goroutine.
package problems
