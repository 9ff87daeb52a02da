// Package textnum parses the numbers of text model formats (SMD, OBJ, MTL)
// from byte slices: ParseFloat reads decimals as strconv.ParseFloat does,
// allocating nothing, with an exact fast path for the plain decimals these
// files are made of; NonFinite recognises the NaN and infinity spellings
// of C runtimes so that a reader can report them instead of calling them
// garbage.
package textnum

import (
	"bytes"
	"errors"
	"strconv"
	"unsafe"
)

// NonFinite recognises the NaN and infinity spellings of C runtimes.
func NonFinite(b []byte) bool {
	s := bytes.ToLower(bytes.TrimLeft(b, "+-"))
	return bytes.HasPrefix(s, []byte("nan")) || bytes.HasPrefix(s, []byte("inf")) || bytes.Contains(s, []byte(".#"))
}

var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// ParseFloat parses a decimal number. Plain decimals whose digits fit in
// 2^53 take an exact fast path (the mantissa and the power of ten are both
// exact doubles, so one division rounds correctly); anything else goes to
// strconv.ParseFloat.
func ParseFloat(b []byte) (float64, bool) {
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
