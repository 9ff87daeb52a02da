package glr

// CompileEveryVariant compiles every variant of the mesh program on r's
// context, as drawing would on first use, and returns the first failure.
func (r *Renderer) CompileEveryVariant() (int, error) {
	for _, v := range variants() {
		r.program(v)
	}
	return len(r.progs), r.takeErr()
}
