package ms3d

import (
	"os"
	"testing"

	"ms3dstudio/internal/corpus"
)

// BenchmarkDecode decodes the largest corpus file.
func BenchmarkDecode(b *testing.B) {
	data, err := os.ReadFile(corpus.Largest(b))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncode encodes the largest corpus file's model.
func BenchmarkEncode(b *testing.B) {
	data, err := os.ReadFile(corpus.Largest(b))
	if err != nil {
		b.Fatal(err)
	}
	m, _, err := Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Encode(m); err != nil {
			b.Fatal(err)
		}
	}
}
