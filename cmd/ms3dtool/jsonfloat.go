package main

import (
	"strconv"

	"ms3dstudio/model/num"
)

// jsonFloat is a float32 that marshals as the shortest decimal that reads
// back to the same float32, and as null when it is not finite (JSON has no
// NaN or infinity).
type jsonFloat float32

// MarshalJSON implements json.Marshaler.
func (f jsonFloat) MarshalJSON() ([]byte, error) {
	v := float64(f)
	if !num.Finite(v) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, v, 'g', -1, 32), nil
}
