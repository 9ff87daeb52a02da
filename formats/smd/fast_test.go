package smd

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"ms3dstudio/model"
)

// readBoth reads data with and without the fast paths and fails t unless
// both give the same file, findings and error.
func readBoth(t *testing.T, name string, data []byte) {
	t.Helper()
	fast, ffs, ferr := read(bytes.NewReader(data), "f.smd", false)
	slow, sfs, serr := read(bytes.NewReader(data), "f.smd", true)
	if !reflect.DeepEqual(ferr, serr) {
		t.Fatalf("%s: error %v with the fast paths, %v without", name, ferr, serr)
	}
	if !reflect.DeepEqual(ffs, sfs) {
		t.Fatalf("%s: findings\n%v\nwith the fast paths,\n%v\nwithout", name, ffs, sfs)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("%s: the fast paths read another file", name)
	}
	// In parallel, in batches of one to three lines.
	for _, lines := range []int{1, 3} {
		par, pfs, perr := readWith(bytes.NewReader(data), "f.smd", readMode{workers: 2, batchLines: lines})
		if !reflect.DeepEqual(perr, serr) || !reflect.DeepEqual(pfs, sfs) || !reflect.DeepEqual(par, slow) {
			t.Fatalf("%s: read in parallel (batches of %d lines), another file, findings or error (%v, want %v)", name, lines, perr, serr)
		}
	}
}

// oddNumbers are fields the fast paths must read exactly as parseFloat and
// number do, or leave to them.
var oddNumbers = []string{
	"0", "-0", "+0", "0.0", "-0.000000", "1", "-1", "10.000000", "0.013000", "-0.0130001",
	"1.5707963267948966", "3.14159265358979323846", "123456789012345678", "1234567890123456789",
	"9007199254740993", "0.9007199254740993", ".5", "5.", "-.5", "+.5", ".", "-", "+", "",
	"1e3", "1E-3", "-2.5e+10", "1e39", "-1e39", "3.4028235e38", "3.4028236e38", "1e-50",
	"nan", "NaN", "-nan", "inf", "-inf", "1.#QNAN0", "-1.#IND00", "1.#INF00",
	"0x1p3", "1_000", "1,5", "12a", "a12", "1.2.3", "--1", "\"1\"", "0.00000000000000000001",
	"0.1234567", "0.12345678", "0.123456789", "12345678.12345678", "99999999.99999999",
	"0.000000000000000000001", "0.0000000000000000000001",
}

// TestFastPathsAgree reads the table, the benchmark's file and files of odd
// numbers, bones and layouts with and without the fast paths.
func TestFastPathsAgree(t *testing.T) {
	for _, tt := range readTests {
		readBoth(t, tt.name, []byte(tt.in))
	}
	readBoth(t, "big", bigSMD(2000))
	r := rand.New(rand.NewPCG(12, 12))
	pick := func() string {
		if r.IntN(3) == 0 {
			return oddNumbers[r.IntN(len(oddNumbers))]
		}
		return strconv.FormatFloat((r.Float64()*2-1)*math.Pow(10, float64(r.IntN(12)-6)), 'f', r.IntN(12), 64)
	}
	sep := func() string { return []string{" ", " ", " ", "  ", "\t", " \t "}[r.IntN(6)] }
	bone := func() string { return []string{"0", "1", "2", "-1", "7", "+1", "01", "x"}[r.IntN(8)] }
	for round := range 300 {
		var b strings.Builder
		b.WriteString("version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\n2 \"hand\" 1\nend\nskeleton\ntime 0\n")
		for range 1 + r.IntN(6) {
			fmt.Fprintf(&b, "%s%s", sep(), bone())
			for range 5 + r.IntN(3) {
				b.WriteString(sep() + pick())
			}
			if r.IntN(4) == 0 {
				b.WriteString(sep())
			}
			b.WriteString([]string{"\n", "\r\n"}[r.IntN(2)])
		}
		b.WriteString("end\ntriangles\n")
		for range 1 + r.IntN(8) {
			b.WriteString([]string{"skin", "skin", "other.bmp", " skin "}[r.IntN(4)] + "\n")
			for range 3 {
				b.WriteString(bone())
				for range 8 {
					b.WriteString(sep() + pick())
				}
				if r.IntN(3) > 0 {
					n := r.IntN(13)
					fmt.Fprintf(&b, "%s%d", sep(), n+r.IntN(2)*r.IntN(3)-1)
					for range n {
						b.WriteString(sep() + bone() + sep() + pick())
					}
				}
				if r.IntN(5) == 0 {
					b.WriteString(sep())
				}
				b.WriteString("\n")
			}
		}
		b.WriteString("end\n")
		readBoth(t, fmt.Sprintf("random file %d", round), []byte(b.String()))
	}
}

// TestScannerFloat checks the in-place parser against parseFloat on odd
// and random fields, with digits in the bytes past the line's end, which it
// may read but must not use.
func TestScannerFloat(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	fields := append([]string(nil), oddNumbers...)
	for range 20000 {
		d := make([]byte, 1+r.IntN(22))
		for i := range d {
			d[i] = "0123456789"[r.IntN(10)]
		}
		if k := r.IntN(len(d) + 1); k < len(d) && r.IntN(4) > 0 {
			d[k] = '.'
		}
		f := string(d)
		if r.IntN(3) == 0 {
			f = "-" + f
		}
		fields = append(fields, f)
	}
	for _, f := range fields {
		for _, tail := range []string{"", " 1", "\t", "5", "999999999"} {
			// The line is f; tail lies past its end, in its capacity.
			buf := []byte(f + tail)
			line := buf[:len(f)]
			s := scanner{b: line}
			got, ok := s.float()
			v, pok := parseFloat([]byte(f))
			want := float32(v)
			wantOK := pok && !math.IsNaN(v) && !math.IsInf(v, 0) && math.Abs(v) <= math.MaxFloat32 && !strings.HasPrefix(f, "\"")
			if ok != wantOK || ok && math.Float32bits(got) != math.Float32bits(want) {
				t.Fatalf("field %q (then %q): %v, %v; want %v, %v", f, tail, got, ok, want, wantOK)
			}
			if ok && s.i != len(f) {
				t.Fatalf("field %q: scanner stopped at %d", f, s.i)
			}
		}
	}
}

func TestEightDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		n := 1 + r.IntN(8)
		var d []byte
		for range n {
			d = append(d, "0123456789"[r.IntN(10)])
		}
		var x [8]byte
		copy(x[:], d)
		if n < 8 {
			x[n] = "x .\t/:"[r.IntN(6)] // a non-digit after them
		}
		u := uint64(0)
		for i := 7; i >= 0; i-- {
			u = u<<8 | uint64(x[i])
		}
		if n < 8 {
			if got := digitRun(u); got != n {
				t.Fatalf("digitRun(%q) = %d, want %d", x, got, n)
			}
		}
		want, _ := strconv.ParseUint(string(d), 10, 64)
		if got := eightDigits(u << (64 - 8*n)); got != want {
			t.Fatalf("eightDigits(%q) = %d, want %d", d, got, want)
		}
	}
	// Bytes ≥ 0xFA carry into the next byte; only bytes after a non-digit
	// are touched.
	for c := 0; c < 256; c++ {
		u := uint64(c) | uint64('5')<<8 | uint64('9')<<16
		want := 0
		if c >= '0' && c <= '9' {
			want = 8
		}
		got := digitRun(u | 0x3030303030<<24)
		if want == 0 && got != 0 || want == 8 && got != 8 {
			t.Fatalf("digitRun with first byte %#x = %d", c, got)
		}
	}
}

// chunkReader returns its data in reads of pseudo-random sizes, so that
// bufio's buffer is refilled at odd places and the bytes past a line's end
// are left over from earlier reads.
type chunkReader struct {
	data []byte
	r    *rand.Rand
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), len(c.data), 1+c.r.IntN(40000))
	copy(p, c.data[:n])
	c.data = c.data[n:]
	return n, nil
}

// randomSMD returns a Source reference SMD of n triangles of random
// numbers, and the offsets just past each triangle's last corner line.
func randomSMD(r *rand.Rand, n int) ([]byte, []int) {
	var b bytes.Buffer
	b.WriteString("version 1\nnodes\n0 \"root\" -1\n1 \"arm\" 0\nend\ntriangles\n")
	num := func() string {
		return strconv.FormatFloat((r.Float64()*2-1)*math.Pow(10, float64(r.IntN(4))), 'f', 6, 64)
	}
	var ends []int
	for range n {
		b.WriteString("skin\n")
		for range 3 {
			fmt.Fprintf(&b, "0 %s %s %s %s %s %s %s %s", num(), num(), num(), num(), num(), num(), num(), num())
			if r.IntN(2) == 0 {
				fmt.Fprintf(&b, " 1 1 %s", num())
			}
			b.WriteString("\n")
		}
		ends = append(ends, b.Len())
	}
	b.WriteString("end\n")
	return b.Bytes(), ends
}

// TestFastPathsAgreeStaleBytes reads files larger than the reader's buffer,
// delivered in odd chunks and cut short at random places — among them
// inside the last number of a triangle, so that the file ends with a line
// that reads and the buffer holds other digits after it — with and without
// the fast paths.
func TestFastPathsAgreeStaleBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	full, ends := randomSMD(r, 3000)
	for round := range 60 {
		var data []byte
		switch round % 4 {
		case 0:
			data = full
		case 1:
			data = full[:len(full)-r.IntN(len(full)/2)]
		default:
			// Drop the line end and one to five digits of the last number.
			end := ends[r.IntN(len(ends))]
			data = full[:end-2-r.IntN(5)]
		}
		seed := r.Uint64()
		read2 := func(slow bool) (*File, []model.Finding, error) {
			return read(&chunkReader{data: data, r: rand.New(rand.NewPCG(seed, 1))}, "f.smd", slow)
		}
		fast, ffs, ferr := read2(false)
		slow, sfs, serr := read2(true)
		if !reflect.DeepEqual(ferr, serr) || !reflect.DeepEqual(ffs, sfs) || !reflect.DeepEqual(fast, slow) {
			t.Fatalf("round %d (%d bytes): the fast paths read another file (errors %v, %v)", round, len(data), ferr, serr)
		}
		par, pfs, perr := readWith(&chunkReader{data: data, r: rand.New(rand.NewPCG(seed, 1))}, "f.smd", readMode{workers: 2, batchLines: 1 + round%5*300})
		if !reflect.DeepEqual(perr, serr) || !reflect.DeepEqual(pfs, sfs) || !reflect.DeepEqual(par, slow) {
			t.Fatalf("round %d (%d bytes): read in parallel, another file (errors %v, %v)", round, len(data), perr, serr)
		}
		readBoth(t, fmt.Sprintf("cut file %d", round), data)
	}
}

func TestIntFields(t *testing.T) {
	for k := range 32 {
		want := k == 0 || k == 9 || k >= 10 && k%2 == 0
		if got := intFields>>k&1 != 0; got != want {
			t.Errorf("field %d: integer %v, want %v", k, got, want)
		}
	}
}
