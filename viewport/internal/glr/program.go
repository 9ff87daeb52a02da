package glr

import (
	"fmt"
	"strings"

	"github.com/go-gl/gl/v3.3-core/gl"
)

// program is a linked GL program with its uniform locations by name.
type program struct {
	id       uint32
	uniforms map[string]int32
}

func newProgram(vertexSrc, fragmentSrc string, uniforms ...string) (*program, error) {
	vs, err := compileShader(vertexSrc, gl.VERTEX_SHADER)
	if err != nil {
		return nil, err
	}
	defer gl.DeleteShader(vs)
	fs, err := compileShader(fragmentSrc, gl.FRAGMENT_SHADER)
	if err != nil {
		return nil, err
	}
	defer gl.DeleteShader(fs)
	id := gl.CreateProgram()
	gl.AttachShader(id, vs)
	gl.AttachShader(id, fs)
	gl.LinkProgram(id)
	if log, failed := statusFailed(id, gl.LINK_STATUS, gl.GetProgramiv, gl.GetProgramInfoLog); failed {
		gl.DeleteProgram(id)
		return nil, fmt.Errorf("glr: linking program: %s", log)
	}
	p := &program{id: id, uniforms: make(map[string]int32, len(uniforms))}
	for _, name := range uniforms {
		p.uniforms[name] = gl.GetUniformLocation(id, gl.Str(name+"\x00"))
	}
	return p, nil
}

// loc returns the location of a uniform declared to newProgram (−1, which
// GL ignores, when the compiler optimised it away).
func (p *program) loc(name string) int32 {
	l, ok := p.uniforms[name]
	if !ok {
		panic("glr: uniform " + name + " not declared")
	}
	return l
}

func (p *program) delete() {
	if p != nil && p.id != 0 {
		gl.DeleteProgram(p.id)
		p.id = 0
	}
}

func compileShader(src string, kind uint32) (uint32, error) {
	id := gl.CreateShader(kind)
	csrc, free := gl.Strs(src + "\x00")
	gl.ShaderSource(id, 1, csrc, nil)
	free()
	gl.CompileShader(id)
	if log, failed := statusFailed(id, gl.COMPILE_STATUS, gl.GetShaderiv, gl.GetShaderInfoLog); failed {
		gl.DeleteShader(id)
		what := "vertex"
		if kind == gl.FRAGMENT_SHADER {
			what = "fragment"
		}
		return 0, fmt.Errorf("glr: compiling %s shader: %s", what, log)
	}
	return id, nil
}

// statusFailed reports whether the status (gl.LINK_STATUS of a program,
// gl.COMPILE_STATUS of a shader) that getiv reads of id is false, and then
// the info log that getLog reads of it.
func statusFailed(id, status uint32, getiv func(uint32, uint32, *int32), getLog func(uint32, int32, *int32, *uint8)) (string, bool) {
	var ok int32
	getiv(id, status, &ok)
	if ok != gl.FALSE {
		return "", false
	}
	var n int32
	getiv(id, gl.INFO_LOG_LENGTH, &n)
	if n <= 0 {
		return "(no log)", true
	}
	buf := make([]uint8, n+1)
	getLog(id, n, nil, &buf[0])
	return strings.TrimRight(string(buf), "\x00\n"), true
}
