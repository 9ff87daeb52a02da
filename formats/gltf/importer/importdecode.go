package importer

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"path"
	"reflect"
	"strings"

	qgltf "github.com/qmuntal/gltf"
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

// GLB container constants (glTF 2.0 §4.4).
const (
	glbMagic     = 0x46546C67 // "glTF"
	glbChunkJSON = 0x4E4F534A
	glbChunkBIN  = 0x004E4942
)

// source is a glTF file being read: its JSON document, the GLB binary chunk
// and the folder its external buffers are read from.
type source struct {
	doc  *qgltf.Document
	bin  []byte // the GLB BIN chunk, nil for .gltf
	fsys fs.FS
	// budget is the number of bytes of input read so far (the file and the
	// external buffers): what may be allocated for data the file does not
	// store, such as accessors without a buffer view.
	budget  int64
	buffers [][]byte
	loaded  []bool
	cache   map[accessorKey]*accessorData
}

// decode reads a .gltf or .glb file's bytes.
func decode(data []byte, fsys fs.FS) (*source, error) {
	s := &source{fsys: fsys, budget: int64(len(data)), cache: map[accessorKey]*accessorData{}}
	js := data
	if len(data) >= 4 && binary.LittleEndian.Uint32(data) == glbMagic {
		var err error
		if js, s.bin, err = splitGLB(data); err != nil {
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
	s.doc = doc
	s.buffers = make([][]byte, len(doc.Buffers))
	s.loaded = make([]bool, len(doc.Buffers))
	return s, nil
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

// buffer returns the bytes of buffer i, reading it on first use: the GLB
// binary chunk, a data URI, or a file in the model's folder. Exactly
// byteLength bytes are kept, and never more are allocated than the source
// holds.
func (s *source) buffer(i int) ([]byte, error) {
	if s.loaded[i] {
		return s.buffers[i], nil
	}
	b := s.doc.Buffers[i]
	at := fmt.Sprintf("/buffers/%d", i)
	if b == nil {
		return nil, errAt(at, "null buffer")
	}
	n := b.ByteLength
	if n < 1 {
		return nil, errAt(at+"/byteLength", "byte length %d (want at least 1)", n)
	}
	var data []byte
	switch {
	case b.URI == "" && i == 0 && s.bin != nil:
		if len(s.bin) < n {
			return nil, errAt(at+"/byteLength", "%d bytes, the GLB binary chunk holds %d", n, len(s.bin))
		}
		data = s.bin[:n:n]
	case b.URI == "":
		return nil, errAt(at+"/uri", "the buffer has no URI and the file no GLB binary chunk")
	case strings.HasPrefix(b.URI, "data:"):
		d, err := dataURI(b.URI)
		if err != nil {
			return nil, &ImportError{Path: at + "/uri", Err: err}
		}
		if len(d) < n {
			return nil, errAt(at+"/byteLength", "%d bytes, the data URI holds %d", n, len(d))
		}
		data = d[:n:n]
	default:
		name, err := relativeURI(b.URI)
		if err != nil {
			return nil, &ImportError{Path: at + "/uri", Err: err}
		}
		if data, err = s.readFile(name, n); err != nil {
			return nil, &ImportError{Path: at + "/uri", Err: err}
		}
	}
	s.buffers[i], s.loaded[i] = data, true
	return data, nil
}

// readFile reads the first n bytes of the named file of the model's folder,
// after checking that it has them.
func (s *source) readFile(name string, n int) ([]byte, error) {
	if s.fsys == nil {
		return nil, fmt.Errorf("%q: no folder to read external files from", name)
	}
	f, err := s.fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() || st.Size() < int64(n) {
		return nil, fmt.Errorf("%q holds %d bytes, the buffer needs %d", name, st.Size(), n)
	}
	data := make([]byte, n)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, fmt.Errorf("reading %q: %w", name, err)
	}
	s.budget += int64(n)
	return data, nil
}

// relativeURI turns a URI reference into a path inside the model's folder:
// percent-decoded, slash-separated, and refused when it has a scheme, is
// absolute or climbs out of the folder.
func relativeURI(uri string) (string, error) {
	u, err := url.Parse(strings.ReplaceAll(uri, `\`, "/"))
	if err != nil {
		return "", fmt.Errorf("URI %q: %w", uri, err)
	}
	if u.Scheme != "" || u.Host != "" {
		return "", fmt.Errorf("URI %q is not a file beside the model; only those are read", uri)
	}
	name := path.Clean(u.Path)
	if !fs.ValidPath(name) || name == "." {
		return "", fmt.Errorf("URI %q leaves the model's folder; only files inside it are read", uri)
	}
	return name, nil
}

// dataURI decodes a base64 data URI ("data:application/octet-stream;base64,…").
func dataURI(uri string) ([]byte, error) {
	head, payload, ok := strings.Cut(uri, ",")
	if !ok || !strings.HasSuffix(head, ";base64") {
		return nil, errors.New("a data URI that is not base64")
	}
	enc := base64.StdEncoding
	if !strings.HasSuffix(payload, "=") && len(payload)%4 != 0 {
		enc = base64.RawStdEncoding
	}
	data := make([]byte, enc.DecodedLen(len(payload)))
	n, err := enc.Decode(data, []byte(payload))
	if err != nil {
		return nil, fmt.Errorf("data URI: %w", err)
	}
	return data[:n], nil
}

// dataURIMime returns the media type of a data URI.
func dataURIMime(uri string) string {
	head, _, _ := strings.Cut(strings.TrimPrefix(uri, "data:"), ",")
	mime, _, _ := strings.Cut(head, ";")
	return mime
}
