package ms3dstudio

import _ "embed"

// Icon is the application icon (icon.png, drawn by internal/genicon).
//
//go:embed icon.png
var Icon []byte
