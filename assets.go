package ms3dstudio

import _ "embed"

// Icon is the application icon (icon.png, drawn by tools/genicon).
//
//go:embed icon.png
var Icon []byte
