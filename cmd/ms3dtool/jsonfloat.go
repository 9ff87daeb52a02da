package main

import (
	"math"
	"strconv"
)

// jsonFloat is a float32 that marshals as the shortest decimal that reads
// back to the same float32, and as null when it is not finite (JSON has no
// NaN or infinity).
type jsonFloat float32

// MarshalJSON implements json.Marshaler.
func (f jsonFloat) MarshalJSON() ([]byte, error) {
	v := float64(f)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, v, 'g', -1, 32), nil
}
