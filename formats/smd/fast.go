package smd

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"math/bits"
	"strconv"
	"unsafe"
)

// nonFinite recognises the NaN and infinity spellings of C runtimes.
func nonFinite(b []byte) bool {
	s := bytes.ToLower(bytes.TrimLeft(b, "+-"))
	return bytes.HasPrefix(s, []byte("nan")) || bytes.HasPrefix(s, []byte("inf")) || bytes.Contains(s, []byte(".#"))
}

var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// parseFloat parses a decimal number. Plain decimals whose digits fit in
// 2^53 take an exact fast path (the mantissa and the power of ten are both
// exact doubles, so one division rounds correctly); anything else goes to
// strconv.ParseFloat.
func parseFloat(b []byte) (float64, bool) {
	i, neg := 0, false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		i = 1
	}
	var mant uint64
	start := i
	for i < len(b) && b[i]-'0' <= 9 {
		mant = mant*10 + uint64(b[i]-'0')
		i++
	}
	ndig := i - start
	frac := 0
	if i < len(b) && b[i] == '.' {
		i++
		fs := i
		for i < len(b) && b[i]-'0' <= 9 {
			mant = mant*10 + uint64(b[i]-'0')
			i++
		}
		frac = i - fs
		ndig += frac
	}
	if i == len(b) && ndig > 0 && ndig <= 18 && mant <= 1<<53 && frac < len(pow10) {
		v := float64(mant) / pow10[frac]
		if neg {
			v = -v
		}
		return v, true
	}
	if len(b) == 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(unsafe.String(&b[0], len(b)), 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && ne.Err == strconv.ErrRange {
			return v, true
		}
		return 0, false
	}
	return v, true
}

// pow10u holds the powers of ten up to 10⁸ as integers.
var pow10u = [...]uint64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8}

// digitRun returns how many of the eight bytes of x, first byte lowest, are
// ASCII digits before the first that is not. A byte c is a digit when both
// c and c+6 have 3 as their high nibble. The carry out of a byte ≥ 0xFA
// changes only the bytes after it, past the first non-digit.
func digitRun(x uint64) int {
	const hi, threes, six = 0xF0F0F0F0F0F0F0F0, 0x3030303030303030, 0x0606060606060606
	t := (x&hi ^ threes) | ((x+six)&hi ^ threes)
	return bits.TrailingZeros64(t) / 8
}

// eightDigits returns the number written by the eight ASCII digits of x,
// first byte lowest and most significant; zero bytes count as leading
// zeros. It pairs digits, then pairs of pairs, then the two halves, one
// multiplication each.
func eightDigits(x uint64) uint64 {
	x = (x & 0x0F0F0F0F0F0F0F0F) * (10<<8 + 1) >> 8
	x = (x & 0x00FF00FF00FF00FF) * (100<<16 + 1) >> 16
	return (x & 0x0000FFFF0000FFFF) * (10000<<32 + 1) >> 32
}

// atoi parses a decimal integer of at most 9 digits with an optional sign.
func atoi(b []byte) (int, bool) {
	i, neg := 0, false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		i = 1
	}
	if i == len(b) || len(b)-i > 9 {
		return 0, false
	}
	n := 0
	for ; i < len(b); i++ {
		if b[i] < '0' || b[i] > '9' {
			return 0, false
		}
		n = n*10 + int(b[i]-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// scanner walks the fields of a line: runs of bytes other than space and
// tab.
type scanner struct {
	b []byte
	i int
}

// next returns the next field, or nil at the end of the line.
func (s *scanner) next() []byte {
	b, i := s.b, s.i
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	start := i
	for i < len(b) && b[i] != ' ' && b[i] != '\t' {
		i++
	}
	s.i = i
	if start == i {
		return nil
	}
	return b[start:i]
}

// int reads the next field as atoi does.
func (s *scanner) int() (int, bool) {
	f := s.next()
	if len(f) == 0 || f[0] == '"' {
		return 0, false
	}
	return atoi(f)
}

// float reads the next field as parser.number does when it accepts it: a
// finite number within float32's range. A plain decimal — what SMD writers
// print — is parsed in place, its fraction eight digits at a time, to the
// value parseFloat's exact path gives; any other field goes to parseFloat.
func (s *scanner) float() (float32, bool) {
	b, i := s.b, s.i
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	start := i
	neg := false
	if i < len(b) && (b[i] == '-' || b[i] == '+') {
		neg = b[i] == '-'
		i++
	}
	var mant uint64
	d0 := i
	for i < len(b) && b[i]-'0' <= 9 {
		mant = mant*10 + uint64(b[i]-'0')
		i++
	}
	ndig, frac := i-d0, 0
	if i < len(b) && b[i] == '.' {
		i++
		f0 := i
		if full := b[:cap(b)]; len(full)-i >= 8 {
			// Bytes past the line's end may be read here, but never
			// used: n stops at the line's end.
			x := binary.LittleEndian.Uint64(full[i:])
			n := min(digitRun(x), len(b)-i)
			if n > 0 {
				mant = mant*pow10u[n] + eightDigits(x<<(64-8*n))
				i += n
			}
		}
		for i < len(b) && b[i]-'0' <= 9 {
			mant = mant*10 + uint64(b[i]-'0')
			i++
		}
		frac = i - f0
		ndig += frac
	}
	if ndig > 0 && ndig <= 18 && mant <= 1<<53 && frac < len(pow10) && (i == len(b) || b[i] == ' ' || b[i] == '\t') {
		v := float64(mant) / pow10[frac]
		if neg {
			v = -v
		}
		s.i = i
		return float32(v), true
	}
	s.i = start
	f := s.next()
	if len(f) == 0 || f[0] == '"' {
		return 0, false
	}
	v, ok := parseFloat(f)
	if !ok || math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > math.MaxFloat32 {
		return 0, false
	}
	return float32(v), true
}

// knownBone reports whether id is a bone of the nodes section.
func (p *parser) knownBone(id int) bool {
	if p.known == nil && len(p.byID) > 0 {
		n := 0
		for id := range p.byID {
			n = max(n, int(id)+1)
		}
		p.known = make([]bool, n)
		for id := range p.byID {
			p.known[id] = true
		}
	}
	return id >= 0 && id < len(p.known) && p.known[id]
}

// fastVertex reads the current line into v as vertex would when the line is
// plain numbers naming known bones (or −1 for the parent bone), and reports
// whether it did; otherwise v and the links are unchanged.
func (p *parser) fastVertex(v *Vertex) bool {
	s := scanner{b: p.line}
	id, ok := s.int()
	if !ok || id != -1 && !p.knownBone(id) {
		return false
	}
	var f [8]float32
	for k := range f {
		if f[k], ok = s.float(); !ok {
			return false
		}
	}
	out := Vertex{Bone: int32(id),
		Position: [3]float32{f[0], f[1], f[2]}, Normal: [3]float32{f[3], f[4], f[5]}, UV: [2]float32{f[6], f[7]}}
	count := s.next()
	if count == nil {
		// vertex leaves the link fields as they are: zero in a new
		// triangle.
		out.LinkStart, out.LinkCount = v.LinkStart, v.LinkCount
		*v = out
		return true
	}
	n, ok := atoi(count)
	// split takes at most len(p.fields) fields: 10 + 2n.
	if !ok || n < 0 || 10+2*n > len(p.fields) {
		return false
	}
	start := len(p.f.Links)
	for range n {
		b, ok := s.int()
		if !ok || !p.knownBone(b) {
			p.f.Links = p.f.Links[:start]
			return false
		}
		w, ok := s.float()
		if !ok {
			p.f.Links = p.f.Links[:start]
			return false
		}
		p.growLinks()
		p.f.Links = append(p.f.Links, Link{Bone: int32(b), Weight: w})
	}
	if s.next() != nil {
		p.f.Links = p.f.Links[:start]
		return false
	}
	out.LinkStart, out.LinkCount = int32(start), int32(n)
	*v = out
	return true
}

// growLinks makes room for one more link, growing File.Links to what the
// rest of the input will need if it goes on as it went so far: one or two
// allocations in a file of a million links, instead of the dozens append
// makes, each a copy. The guess never exceeds a link per four bytes left.
func (p *parser) growLinks() {
	l := p.f.Links
	if len(l) < cap(l) {
		return
	}
	c := max(2*len(l), 64)
	if p.size > 0 && p.next > 0 && p.next < p.size {
		left := p.size - p.next
		guess := int64(len(l)) * p.size / p.next * 9 / 8
		c = int(min(max(int64(c), guess), int64(len(l))+left/4+1))
	}
	p.f.Links = append(make([]Link, 0, c), l...)
}

// fastBonePose reads the current line as a bone line of the skeleton
// section when it is plain numbers naming a known bone, appending the pose,
// and reports whether it did.
func (p *parser) fastBonePose() bool {
	if p.nposes >= MaxPoses {
		return false
	}
	s := scanner{b: p.line}
	id, ok := s.int()
	if !ok || !p.knownBone(id) {
		return false
	}
	bp := BonePose{Bone: int32(id)}
	for k := 0; k < 3; k++ {
		if bp.Position[k], ok = s.float(); !ok {
			return false
		}
	}
	for k := 0; k < 3; k++ {
		if bp.Rotation[k], ok = s.float(); !ok {
			return false
		}
	}
	if s.next() != nil {
		return false
	}
	p.nposes++
	p.poses = append(p.poses, bp)
	return true
}
