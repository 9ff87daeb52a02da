package smd

import (
	"encoding/binary"
	"math"
	"math/bits"
	"unsafe"

	"ms3dstudio/internal/textnum"
	"ms3dstudio/model/num"
)

// nonFinite and parseFloat are the number rules every text format shares
// (internal/textnum).
func nonFinite(b []byte) bool { return textnum.NonFinite(b) }

func parseFloat(b []byte) (float64, bool) { return textnum.ParseFloat(b) }

// pow10u and pow10f hold the powers of ten up to 10⁸ as integers and
// floats, padded so that an index masked with 15 needs no bounds check.
var (
	pow10u = [16]uint64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8}
	pow10f = [16]float64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8}
)

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

// scanner walks the fields of a line (runs of bytes other than space and
// tab), for tests.
type scanner struct {
	b []byte
	i int
}

// float reads the next field as scanFloat does.
func (s *scanner) float() (float32, bool) {
	v, i, ok := scanFloat(s.b, skipSep(s.b, s.i))
	s.i = i
	return v, ok
}

// skipSep returns the index of the first byte of b at or after i that is
// not a space or a tab.
func skipSep(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i
}

// scanInt reads the field starting at b[i] as atoi does, and returns the
// index after the digits read.
func scanInt(b []byte, i int) (int, int, bool) {
	neg := false
	if i < len(b) && (b[i] == '-' || b[i] == '+') {
		neg = b[i] == '-'
		i++
	}
	n, d0 := 0, i
	for i < len(b) && b[i]-'0' <= 9 {
		n = n*10 + int(b[i]-'0')
		i++
	}
	if i == d0 || i-d0 > 9 || i < len(b) && b[i] != ' ' && b[i] != '\t' {
		return 0, i, false
	}
	if neg {
		n = -n
	}
	return n, i, true
}

// load64 returns the eight bytes at p, the first lowest.
func load64(p unsafe.Pointer) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(p)[:])
}

// nonDigits returns x with the high bit of each byte that is not an ASCII
// digit set, and no other bits: a byte c is a digit when both c and c+6
// have 3 as their high nibble. The carry out of a byte ≥ 0xFA changes only
// the bytes after it, past the first non-digit.
func nonDigits(x uint64) uint64 {
	const hi, threes, six = 0xF0F0F0F0F0F0F0F0, 0x3030303030303030, 0x0606060606060606
	return (x&hi ^ threes) | ((x+six)&hi ^ threes)
}

// scanFloat reads the field starting at b[i] as parser.number does when it
// accepts it — a finite number within float32's range — and returns the
// index after it.
func scanFloat(b []byte, i int) (float32, int, bool) {
	if v, e, ok := fastFloat(b, i); ok {
		return v, e, true
	}
	return fieldFloat(b, i)
}

// fastFloat reads the field starting at b[i] when it is a plain decimal of
// one to seven integer digits and one to eight fraction digits, or none and
// no point, what SMD
// writers print, with a sign or not; it reports whether it did. The
// mantissa and the power of ten are those of parseFloat's exact path, so
// the value is too. It reads up to 18 bytes from i, within b's capacity but
// maybe past its end, and uses none past the end: a field running past the
// end is not taken.
func fastFloat(b []byte, i int) (float32, int, bool) {
	if i < 0 || cap(b)-i < 18 {
		return 0, 0, false
	}
	base := unsafe.Pointer(unsafe.SliceData(b))
	c := *(*byte)(unsafe.Add(base, i))
	neg := c == '-'
	j := i
	if neg || c == '+' {
		j++
	}
	x := load64(unsafe.Add(base, j))
	k := uint(bits.TrailingZeros64(nonDigits(x))) / 8
	if k-1 >= 7 { // no digit, or eight
		return 0, 0, false
	}
	mant := eightDigits(x << ((64 - 8*k) & 63))
	e := j + int(k)
	frac := uint(0)
	if *(*byte)(unsafe.Add(base, e)) == '.' {
		y := load64(unsafe.Add(base, e+1))
		frac = uint(bits.TrailingZeros64(nonDigits(y))) / 8
		if frac == 0 { // "5.", left to fieldFloat
			return 0, 0, false
		}
		mant = mant*pow10u[frac&15] + eightDigits(y<<((64-8*frac)&63))
		e += 1 + int(frac)
	}
	if next := *(*byte)(unsafe.Add(base, e)); e != len(b) && (e > len(b) || next != ' ' && next != '\t') {
		return 0, 0, false
	}
	v := float64(mant) / pow10f[frac&15]
	if neg {
		v = -v
	}
	return float32(v), e, true
}

// fieldFloat is scanFloat for any field: it cuts the field and hands it to
// parseFloat.
func fieldFloat(b []byte, i int) (float32, int, bool) {
	start := i
	for i < len(b) && b[i] != ' ' && b[i] != '\t' {
		i++
	}
	f := b[start:i]
	if len(f) == 0 || f[0] == '"' {
		return 0, i, false
	}
	v, ok := parseFloat(f)
	if !ok || !num.Finite(v) || math.Abs(v) > math.MaxFloat32 {
		return 0, i, false
	}
	return float32(v), i, true
}

// initKnown fills known from the nodes read so far, once there are some.
func (p *parser) initKnown() {
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
}

// knownBone reports whether id is a bone of the nodes section; initKnown
// must have run since the nodes section.
func (p *parser) knownBone(id int) bool {
	return uint(id) < uint(len(p.known)) && p.known[id]
}

// lexed is a line of numbers as lexLine reads it: the fields in order,
// integers as int32 and floats as float32 bits.
type lexed struct {
	nf   int
	vals [32]uint32
}

// intFields has bit k set for the integer fields of a vertex (or bone)
// line: the bone (0), the link count (9) and the bones of the links (10,
// 12, … 30).
const intFields = 1 | 1<<9 | 0x55555555&^0x3FF

// lexLine reads a vertex or bone line of plain numbers in one pass: the
// fields intFields names as atoi does, the others as plain decimals of one to
// seven integer digits and one to eight fraction digits (or none and no
// point), what SMD writers print. It reports whether every field was such a
// number; it reads nothing else. Floats are read as fastFloat does, with
// parseFloat's mantissa and power of ten, so to the same value. It calls
// nothing, which keeps the line's state in registers; it loads up to 18
// bytes past a field's start, within b's capacity, and uses none past b's
// end.
func lexLine(b []byte, out *lexed) bool {
	n := len(b)
	if cap(b)-n < 18 {
		return false
	}
	base := unsafe.Pointer(unsafe.SliceData(b))
	at := func(i int) byte { return *(*byte)(unsafe.Add(base, i)) }
	i, nf := 0, 0
	for {
		for i < n && (at(i) == ' ' || at(i) == '\t') {
			i++
		}
		if i == n {
			break
		}
		if nf == len(out.vals) {
			return false
		}
		c := at(i)
		neg := c == '-'
		if neg || c == '+' {
			i++
		}
		if intFields>>nf&1 != 0 {
			v, d0 := uint32(0), i
			for i < n && at(i)-'0' <= 9 {
				v = v*10 + uint32(at(i)-'0')
				i++
			}
			if i == d0 || i-d0 > 9 {
				return false
			}
			if neg {
				v = -v
			}
			out.vals[nf] = v
		} else {
			x := load64(unsafe.Add(base, i))
			t := nonDigits(x)
			k := uint(bits.TrailingZeros64(t)) / 8
			if k-1 >= 7 { // no digit, or eight
				return false
			}
			var mant uint64
			frac := uint(0)
			if byte(x>>(8*k&63)) != '.' {
				mant = eightDigits(x << ((64 - 8*k) & 63))
				i += int(k)
			} else if end := uint(bits.TrailingZeros64(t&^(0xFF<<(8*k&63)))) / 8; end > k+1 && (end < 8 || at(i+8)-'0' > 9) {
				// The number ends within x: take its digits without
				// the point, in one go.
				low := uint64(1)<<(8*k&63) - 1
				z := x&low | x>>8&^low
				frac = end - k - 1
				mant = eightDigits(z << ((64 - 8*(end-1)) & 63))
				i += int(end)
			} else {
				mant = eightDigits(x << ((64 - 8*k) & 63))
				i += int(k)
				y := load64(unsafe.Add(base, i+1))
				frac = uint(bits.TrailingZeros64(nonDigits(y))) / 8
				if frac == 0 {
					return false
				}
				mant = mant*pow10u[frac&15] + eightDigits(y<<((64-8*frac)&63))
				i += 1 + int(frac)
			}
			v := float64(int64(mant)) / pow10f[frac&15]
			if neg {
				v = -v
			}
			out.vals[nf] = math.Float32bits(float32(v))
		}
		// The field must end at a separator or the line's end.
		if i > n || i < n && at(i) != ' ' && at(i) != '\t' {
			return false
		}
		nf++
	}
	out.nf = nf
	return true
}

// How lexVertex took a line.
const (
	lexCareful = iota // not taken: the field scanner or the general path reads it
	lexPlain          // taken, without a link count
	lexLinks          // taken, with a link count and that many links
)

// lexVertex is the part of fastVertex that changes nothing but v and lx, so
// that workers can run it: when line is plain numbers naming known bones (or
// −1 for the parent bone), it writes v's bone, position, normal and UV,
// leaves the links in lx (bone 10+2k, weight 11+2k) and returns their count
// and lexPlain or lexLinks; otherwise it returns lexCareful, with v maybe
// written, which the other paths write again.
func (p *parser) lexVertex(line []byte, lx *lexed, v *Vertex) (int, int) {
	if !lexLine(line, lx) {
		return 0, lexCareful
	}
	nf := lx.nf
	n := (nf - 10) / 2
	if nf < 9 || nf > 9 && (nf&1 != 0 || int32(lx.vals[9]) != int32(n)) {
		return 0, lexCareful
	}
	id := int(int32(lx.vals[0]))
	if id != -1 && !p.knownBone(id) {
		return 0, lexCareful
	}
	for k := 0; k < n; k++ {
		if !p.knownBone(int(int32(lx.vals[10+2*k]))) {
			return 0, lexCareful
		}
	}
	f := func(k int) float32 { return math.Float32frombits(lx.vals[k]) }
	v.Bone = int32(id)
	v.Position = [3]float32{f(1), f(2), f(3)}
	v.Normal = [3]float32{f(4), f(5), f(6)}
	v.UV = [2]float32{f(7), f(8)}
	if nf == 9 {
		return 0, lexPlain
	}
	return n, lexLinks
}

// link returns link k of a line lexVertex took.
func (lx *lexed) link(k int) Link {
	return Link{Bone: int32(lx.vals[10+2*k]), Weight: math.Float32frombits(lx.vals[11+2*k])}
}

// fastVertex reads the current line into v as vertex would when the line is
// plain numbers naming known bones (or −1 for the parent bone), and reports
// whether it did; otherwise the links are unchanged, and v's bone, position,
// normal and UV may have been written, which the general path writes again.
func (p *parser) fastVertex(v *Vertex) bool {
	n, kind := p.lexVertex(p.line, &p.lex, v)
	switch kind {
	case lexCareful:
		return p.scanVertex(v)
	case lexPlain:
		// vertex leaves the link fields as they are: zero in a new
		// triangle.
		return true
	}
	if n > 0 {
		p.reserveLinks(n)
	}
	v.LinkStart, v.LinkCount = int32(len(p.f.Links)), int32(n)
	for k := 0; k < n; k++ {
		p.f.Links = append(p.f.Links, p.lex.link(k))
	}
	return true
}

// scanVertex is fastVertex for the lines lexLine does not take, field by
// field with scanFloat.
func (p *parser) scanVertex(v *Vertex) bool {
	b := p.line
	id, i, ok := scanInt(b, skipSep(b, 0))
	if !ok || id != -1 && !p.knownBone(id) {
		return false
	}
	v.Bone = int32(id)
	for k := range 3 {
		if v.Position[k], i, ok = scanFloat(b, skipSep(b, i)); !ok {
			return false
		}
	}
	for k := range 3 {
		if v.Normal[k], i, ok = scanFloat(b, skipSep(b, i)); !ok {
			return false
		}
	}
	for k := range 2 {
		if v.UV[k], i, ok = scanFloat(b, skipSep(b, i)); !ok {
			return false
		}
	}
	if i = skipSep(b, i); i == len(b) {
		// vertex leaves the link fields as they are: zero in a new
		// triangle.
		return true
	}
	n, i, ok := scanInt(b, i)
	// split takes at most len(p.fields) fields: 10 + 2n.
	if !ok || n < 0 || 10+2*n > len(p.fields) {
		return false
	}
	var links [(len(p.fields) - 10) / 2]Link
	for k := range n {
		bone, j, ok := scanInt(b, skipSep(b, i))
		if !ok || !p.knownBone(bone) {
			return false
		}
		w, j, ok := scanFloat(b, skipSep(b, j))
		if !ok {
			return false
		}
		links[k], i = Link{Bone: int32(bone), Weight: w}, j
	}
	if skipSep(b, i) != len(b) {
		return false
	}
	if n > 0 {
		p.reserveLinks(n)
	}
	v.LinkStart, v.LinkCount = int32(len(p.f.Links)), int32(n)
	p.f.Links = append(p.f.Links, links[:n]...)
	return true
}

// reserveLinks makes room for n more links, growing File.Links to what the
// rest of the input will need if it goes on as it went so far: one or two
// allocations in a file of a million links, instead of the dozens append
// makes, each a copy. The guess never exceeds a link per four bytes left
// (beyond the n of the current line).
func (p *parser) reserveLinks(n int) {
	l := p.f.Links
	if cap(l)-len(l) >= n {
		return
	}
	c := max(2*len(l), 64)
	if p.size > 0 && p.next > 0 && p.next < p.size {
		left := p.size - p.next
		guess := int64(len(l)) * p.size / p.next * 9 / 8
		c = int(min(max(int64(c), guess), int64(len(l))+left/4+1))
	}
	p.f.Links = append(make([]Link, 0, max(c, len(l)+n)), l...)
}

// growLinks makes room for one more link.
func (p *parser) growLinks() { p.reserveLinks(1) }

// fastBonePose reads the current line as a bone line of the skeleton
// section when it is plain numbers naming a known bone, appending the pose,
// and reports whether it did.
func (p *parser) fastBonePose() bool {
	if p.nposes >= MaxPoses {
		return false
	}
	var bp BonePose
	if lx := &p.lex; lexLine(p.line, lx) {
		if lx.nf != 7 || !p.knownBone(int(int32(lx.vals[0]))) {
			return false
		}
		bp.Bone = int32(lx.vals[0])
		for k := range 3 {
			bp.Position[k] = math.Float32frombits(lx.vals[1+k])
			bp.Rotation[k] = math.Float32frombits(lx.vals[4+k])
		}
	} else {
		b := p.line
		id, i, ok := scanInt(b, skipSep(b, 0))
		if !ok || !p.knownBone(id) {
			return false
		}
		bp.Bone = int32(id)
		for k := range 6 {
			dst := &bp.Position[k%3]
			if k >= 3 {
				dst = &bp.Rotation[k-3]
			}
			if *dst, i, ok = scanFloat(b, skipSep(b, i)); !ok {
				return false
			}
		}
		if skipSep(b, i) != len(b) {
			return false
		}
	}
	p.nposes++
	p.poses = append(p.poses, bp)
	return true
}
