package document

import (
	"fmt"
	"strings"

	"ms3dstudio/model"
)

// MaxComment bounds a comment's length; the format has no limit, but a
// comment longer than this is a mistake.
const MaxComment = 1 << 20

// ValueError reports an edit that was refused: an element that does not
// exist or a value the field cannot hold. Msg is a sentence fit for a
// validation message next to the field.
type ValueError struct {
	Part  string
	Index int
	Field string
	Msg   string
}

// Error formats the error as "joint 3 name: 40 bytes, at most 32 fit".
func (e *ValueError) Error() string {
	where := model.At(e.Part, e.Index).String()
	if e.Field != "" {
		where += " " + e.Field
	}
	return where + ": " + e.Msg
}

// checkName validates a name typed for a fixed 32-byte field.
func checkName(part string, index int, text string, s model.Str, allowEmpty bool) error {
	switch {
	case strings.IndexByte(text, 0) >= 0:
		return &ValueError{part, index, "name", "must not contain NUL"}
	case text == "" && !allowEmpty:
		return &ValueError{part, index, "name", "must not be empty"}
	case len(s) > model.NameSize:
		return &ValueError{part, index, "name", fmt.Sprintf("%q is %d bytes, at most %d fit", text, len(s), model.NameSize)}
	}
	return nil
}

// commentText converts text typed with "\n" line ends to the bytes stored,
// using CRLF line ends (MilkShape's) unless the old comment used bare LF.
func commentText(text string, old model.Str) model.Str {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	o := string(old)
	if strings.Contains(o, "\n") && !strings.Contains(o, "\r\n") {
		return model.EncodeText(text)
	}
	return model.EncodeText(strings.ReplaceAll(text, "\n", "\r\n"))
}

// CommentDisplay returns a stored comment as text for an editor: decoded
// for display, with CRLF line ends turned into "\n".
func CommentDisplay(s model.Str) string {
	return strings.ReplaceAll(s.Display(), "\r\n", "\n")
}
