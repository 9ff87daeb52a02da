package importer

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"strings"

	qgltf "github.com/qmuntal/gltf"

	"ms3dstudio/formats/gltf/importer/internal/accessor"
)

// ImportError is the error of an import that cannot read its file. Path is
// the JSON pointer of the part at fault ("/accessors/3/count"), or empty for
// the container (a GLB header) or the file as a whole.
type ImportError struct {
	Path string
	Msg  string
	// Err is the underlying error, if any (a JSON syntax error, a file
	// that cannot be opened).
	Err error
}

func (e *ImportError) Error() string {
	msg := e.Msg
	if e.Err != nil {
		if msg != "" {
			msg += ": "
		}
		msg += e.Err.Error()
	}
	if e.Path == "" {
		return "gltf: " + msg
	}
	return "gltf: " + e.Path + ": " + msg
}

func (e *ImportError) Unwrap() error { return e.Err }

func errAt(at, format string, args ...any) error {
	return &ImportError{Path: at, Msg: fmt.Sprintf(format, args...)}
}

// importError returns err as an *ImportError: an error of the accessor
// package keeps its JSON pointer and message.
func importError(err error) error {
	var ae *accessor.Error
	if errors.As(err, &ae) {
		return &ImportError{Path: ae.Path, Err: ae.Err}
	}
	return err
}

// GLB container constants (glTF 2.0 §4.4).
const (
	glbMagic     = 0x46546C67 // "glTF"
	glbChunkJSON = 0x4E4F534A
	glbChunkBIN  = 0x004E4942
)

// source is a glTF file being read: its JSON document and the reader of
// the binary data it references.
type source struct {
	doc *qgltf.Document
	*accessor.Reader
}

// decode reads a .gltf or .glb file's bytes.
func decode(data []byte, fsys fs.FS) (*source, error) {
	js := data
	var bin []byte
	if len(data) >= 4 && binary.LittleEndian.Uint32(data) == glbMagic {
		var err error
		if js, bin, err = splitGLB(data); err != nil {
			return nil, err
		}
	}
	doc := new(qgltf.Document)
	if err := json.Unmarshal(js, doc); err != nil {
		return nil, locateJSONError(js, err)
	}
	if !strings.HasPrefix(doc.Asset.Version, "2.") {
		return nil, errAt("/asset/version", "version %q is not glTF 2.x", doc.Asset.Version)
	}
	return &source{doc: doc, Reader: accessor.NewReader(doc, bin, fsys, int64(len(data)))}, nil
}

// splitGLB returns the JSON and BIN chunks of a binary glTF.
func splitGLB(data []byte) (js, bin []byte, err error) {
	if len(data) < 20 {
		return nil, nil, errAt("", "glb: %d bytes, too short for the header and a chunk", len(data))
	}
	if v := binary.LittleEndian.Uint32(data[4:]); v != 2 {
		return nil, nil, errAt("", "glb: container version %d (want 2)", v)
	}
	length := uint64(binary.LittleEndian.Uint32(data[8:]))
	if length > uint64(len(data)) {
		return nil, nil, errAt("", "glb: header says %d bytes, the file has %d", length, len(data))
	}
	data = data[:length]
	for off, i := 12, 0; off < len(data); i++ {
		if len(data)-off < 8 {
			return nil, nil, errAt("", "glb: chunk %d header at offset %#x is cut short", i, off)
		}
		n := uint64(binary.LittleEndian.Uint32(data[off:]))
		typ := binary.LittleEndian.Uint32(data[off+4:])
		if n > uint64(len(data)-off-8) {
			return nil, nil, errAt("", "glb: chunk %d at offset %#x holds %d bytes, %d remain", i, off, n, len(data)-off-8)
		}
		body := data[off+8 : off+8+int(n)]
		switch {
		case i == 0 && typ != glbChunkJSON:
			return nil, nil, errAt("", "glb: the first chunk is not JSON (type %#x)", typ)
		case i == 0:
			js = body
		case i == 1 && typ == glbChunkBIN:
			bin = body
		}
		off += 8 + int(n)
	}
	return js, bin, nil
}

// locateJSONError turns a JSON decoding error into an ImportError naming
// the JSON pointer of the value at fault.
func locateJSONError(data []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return &ImportError{Path: pointerAt(data, syn.Offset), Msg: "invalid JSON", Err: err}
	case errors.As(err, &typ):
		return &ImportError{Path: pointerAt(data, typ.Offset), Err: err}
	}
	// An error of one of qmuntal/gltf's UnmarshalJSON methods carries no
	// offset: decode the elements one by one to find the one at fault.
	return &ImportError{Path: failingElement(data), Err: err}
}

// failingElement returns the pointer of the first top-level property or
// array element of a glTF document that does not decode on its own.
func failingElement(data []byte) string {
	var raw map[string]json.RawMessage
	if json.Unmarshal(data, &raw) != nil {
		return ""
	}
	rt := reflect.TypeOf(qgltf.Document{})
	for i := range rt.NumField() {
		f := rt.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		msg, ok := raw[name]
		if !ok || name == "" || name == "-" {
			continue
		}
		at := "/" + name
		if f.Type.Kind() != reflect.Slice || f.Type.Elem().Kind() != reflect.Pointer {
			if json.Unmarshal(msg, reflect.New(f.Type).Interface()) != nil {
				return at
			}
			continue
		}
		var elems []json.RawMessage
		if json.Unmarshal(msg, &elems) != nil {
			return at
		}
		for k, e := range elems {
			err := json.Unmarshal(e, reflect.New(f.Type.Elem().Elem()).Interface())
			if err == nil {
				continue
			}
			at = fmt.Sprintf("%s/%d", at, k)
			var typ *json.UnmarshalTypeError
			if errors.As(err, &typ) {
				at += pointerAt(e, typ.Offset)
			}
			return at
		}
	}
	return ""
}

// maxPointerParts is how many parts of a JSON pointer an error message
// shows; deeper ones are summarised.
const maxPointerParts = 12

// pointerAt returns the JSON pointer of the value being read at byte offset
// off of data. It walks the tokens with a stack, not by recursion, so a
// file nested 10,000 deep costs a 10,000-entry slice and no deep stack.
func pointerAt(data []byte, off int64) string {
	type frame struct {
		array   bool
		index   int
		key     string
		wantKey bool
	}
	var stack []frame
	dec := json.NewDecoder(bytes.NewReader(data))
	for dec.InputOffset() < off {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		var top *frame
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && !stack[len(stack)-1].array {
				stack[len(stack)-1].wantKey = true
			}
			continue
		}
		if top != nil && !top.array && top.wantKey {
			top.key, _ = tok.(string)
			top.wantKey = false
			continue
		}
		if top != nil && top.array {
			top.index++
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{wantKey: true})
		case json.Delim('['):
			stack = append(stack, frame{array: true, index: -1})
		default:
			if top != nil && !top.array {
				top.wantKey = true
			}
		}
	}
	var parts []string
	for _, f := range stack {
		switch {
		case f.array && f.index >= 0:
			parts = append(parts, fmt.Sprint(f.index))
		case !f.array && !f.wantKey:
			parts = append(parts, strings.ReplaceAll(strings.ReplaceAll(f.key, "~", "~0"), "/", "~1"))
		}
	}
	if len(parts) > maxPointerParts {
		n := len(parts)
		parts = append(parts[:maxPointerParts-2:maxPointerParts-2], fmt.Sprintf("…(%d levels)", n-maxPointerParts+2), parts[n-1])
	}
	if len(parts) == 0 {
		return ""
	}
	return "/" + strings.Join(parts, "/")
}

// dataURIMime returns the media type of a data URI.
func dataURIMime(uri string) string {
	head, _, _ := strings.Cut(strings.TrimPrefix(uri, "data:"), ",")
	mime, _, _ := strings.Cut(head, ";")
	return mime
}
