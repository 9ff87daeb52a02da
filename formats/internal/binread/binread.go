// Package binread holds what the readers of Quake's MD2 and MD3 files
// share: their typed error, and reading the little-endian fields of a file
// held in memory while collecting findings; and ReadFile, which the B3D
// reader shares with them.
//
// Each format has its own FormatError, as each has its own Decode: it
// instantiates the type here with a Format of its own (an empty struct
// whose Name gives the prefix of the messages), so that errors.As tells an
// MD2 error from an MD3 one.
package binread

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"

	"ms3dstudio/model"
)

// Format names a file format. Name returns the prefix of its error
// messages, the format's name in lower case ("md2"); it is called on the
// zero value.
type Format interface {
	Name() string
}

// FormatError reports input that is not a file of format F its package
// can read: the part being read ("" for the header, "surface 2" …) and the
// byte offset where reading failed.
type FormatError[F Format] struct {
	Part   string
	Offset int64
	Msg    string
}

// Error formats the error as "md3: surface 1 at offset 0x2a4: ...", or
// "md2: at offset 0x4: ..." for the header.
func (e *FormatError[F]) Error() string {
	var f F
	if e.Part == "" {
		return fmt.Sprintf("%s: at offset %#x: %s", f.Name(), e.Offset, e.Msg)
	}
	return fmt.Sprintf("%s: %s at offset %#x: %s", f.Name(), e.Part, e.Offset, e.Msg)
}

// Errorf returns a *FormatError[F] for part at off, its message formatted.
func Errorf[F Format](part string, off int64, format string, args ...any) error {
	return &FormatError[F]{Part: part, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// Reader reads the fields of a file held in Data, at offsets the caller
// has checked, and collects the findings of the read.
type Reader struct {
	Data     []byte
	Findings []model.Finding
}

// Note adds a finding about the file at byte offset off.
func (r *Reader) Note(code model.Code, sev model.Severity, off int64, format string, args ...any) {
	r.Findings = append(r.Findings, model.Finding{Code: code, Severity: sev,
		Where: model.Location{Part: model.PartFile, Index: -1, Offset: off}, Message: fmt.Sprintf(format, args...)})
}

// I32 returns the little-endian int32 at off.
func (r *Reader) I32(off int64) int32 { return int32(binary.LittleEndian.Uint32(r.Data[off:])) }

// F32 returns the little-endian float32 at off.
func (r *Reader) F32(off int64) float32 {
	return math.Float32frombits(binary.LittleEndian.Uint32(r.Data[off:]))
}

// ReadFile reads the file at path whole and decodes it with decode; the
// error of reading it is returned as it is.
func ReadFile[F any](path string, decode func([]byte) (*F, []model.Finding, error)) (*F, []model.Finding, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return decode(data)
}
