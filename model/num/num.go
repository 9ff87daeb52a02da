// Package num holds the checks on floating-point values that every layer
// makes: whether a value is finite, and the value or 0 when it is not. It
// is the one home of these helpers (a file may hold NaN or ±Inf anywhere a
// float is stored, IEEE 754); it imports nothing of the project, so that
// every package, the model included, may use it.
package num

// Float is a floating-point type.
type Float interface{ ~float32 | ~float64 }

// Finite reports whether f is neither NaN nor infinite. (f − f is 0 for
// every finite f and NaN for NaN and ±Inf.)
func Finite[F Float](f F) bool { return f-f == 0 }

// Finite3 reports whether every component of v is finite.
func Finite3[F Float](v [3]F) bool { return Finite(v[0]) && Finite(v[1]) && Finite(v[2]) }

// AllFinite reports whether every value of vs is finite (true for none).
func AllFinite[F Float](vs ...F) bool {
	for _, f := range vs {
		if !Finite(f) {
			return false
		}
	}
	return true
}

// Or0 returns f, or 0 when f is NaN or infinite.
func Or0[F Float](f F) F {
	if Finite(f) {
		return f
	}
	return 0
}

// Or0x3 returns v with its non-finite components replaced by 0.
func Or0x3[F Float](v [3]F) [3]F { return [3]F{Or0(v[0]), Or0(v[1]), Or0(v[2])} }
