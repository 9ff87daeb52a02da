package accessor

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"path"
	"strings"
)

// buffer returns the bytes of buffer i, reading it on first use: the GLB
// binary chunk, a data URI, or a file in the model's folder. Exactly
// byteLength bytes are kept, and never more are allocated than the source
// holds.
func (r *Reader) buffer(i int) ([]byte, error) {
	if r.loaded[i] {
		return r.buffers[i], nil
	}
	b := r.doc.Buffers[i]
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
	case b.URI == "" && i == 0 && r.bin != nil:
		if len(r.bin) < n {
			return nil, errAt(at+"/byteLength", "%d bytes, the GLB binary chunk holds %d", n, len(r.bin))
		}
		data = r.bin[:n:n]
	case b.URI == "":
		return nil, errAt(at+"/uri", "the buffer has no URI and the file no GLB binary chunk")
	case strings.HasPrefix(b.URI, "data:"):
		d, err := DataURI(b.URI)
		if err != nil {
			return nil, &Error{Path: at + "/uri", Err: err}
		}
		if len(d) < n {
			return nil, errAt(at+"/byteLength", "%d bytes, the data URI holds %d", n, len(d))
		}
		data = d[:n:n]
	default:
		name, err := relativeURI(b.URI)
		if err != nil {
			return nil, &Error{Path: at + "/uri", Err: err}
		}
		if data, err = r.readFile(name, n); err != nil {
			return nil, &Error{Path: at + "/uri", Err: err}
		}
	}
	r.buffers[i], r.loaded[i] = data, true
	return data, nil
}

// readFile reads the first n bytes of the named file of the model's folder,
// after checking that it has them.
func (r *Reader) readFile(name string, n int) ([]byte, error) {
	if r.fsys == nil {
		return nil, fmt.Errorf("%q: no folder to read external files from", name)
	}
	f, err := r.fsys.Open(name)
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
	r.budget += int64(n)
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

// DataURI decodes a base64 data URI ("data:application/octet-stream;base64,…").
func DataURI(uri string) ([]byte, error) {
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
