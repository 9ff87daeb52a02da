// Package ms3dstudio holds the assets of MS3D Studio that live at the root of
// the repository, where `fyne package` and the README expect them.
package ms3dstudio

import _ "embed"

// Icon is the application icon (icon.png, drawn by internal/genicon).
//
//go:embed icon.png
var Icon []byte
