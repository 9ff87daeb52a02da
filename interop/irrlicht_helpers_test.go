package interop_test

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"ms3dstudio/formats/ms3d"
	"ms3dstudio/interop/irrlicht"
	"ms3dstudio/model"
	"ms3dstudio/model/anim/animtest"
)

// drawnAs lists, for each Irrlicht buffer, the triangles of m it draws, as
// corner vertex indices in Irrlicht's corner order (2, 1, 0: both its MS3D
// loader and our B3D export reverse the corners, as the mirrored z needs).
// bufferOf names the buffer of each group (−1: not drawn). A model with a
// triangle or vertex index out of range has no layout: ok is false.
func drawnAs(m *model.Model, buffers int, bufferOf func(g int) int) (tris [][][3]uint32, ok bool) {
	out := make([][][3]uint32, buffers)
	for g, grp := range m.Groups {
		b := bufferOf(g)
		if b < 0 {
			continue
		}
		for _, ti := range grp.Triangles {
			if int(ti) >= len(m.Triangles) {
				return nil, false
			}
			v := m.Triangles[ti].Vertices
			for _, vi := range v {
				if int(vi) >= len(m.Vertices) {
					return nil, false
				}
			}
			out[b] = append(out[b], [3]uint32{v[2], v[1], v[0]})
		}
	}
	return out, true
}

// corners gives the positions of the corners of tris.
func corners(tris [][][3]uint32, pos [][3]float32) [][][3][3]float32 {
	out := make([][][3][3]float32, len(tris))
	for b, list := range tris {
		out[b] = make([][3][3]float32, len(list))
		for t, c := range list {
			out[b][t] = [3][3]float32{pos[c[0]], pos[c[1]], pos[c[2]]}
		}
	}
	return out
}

// ms3dBuffers is how Irrlicht's MS3D loader lays a model out: one buffer a
// material (one when there is none), each group in the buffer of its
// material, a group without one (or with an index past the materials) in
// buffer 0.
func ms3dBuffers(m *model.Model) ([][][3]uint32, bool) {
	n := max(len(m.Materials), 1)
	return drawnAs(m, n, func(g int) int {
		if mt := int(m.Groups[g].Material); mt >= 0 && mt < n {
			return mt
		}
		return 0
	})
}

// fiveFrames returns five frames across Irrlicht's frame loop, two of them
// between whole frames; a static mesh gets frame 0.
func fiveFrames(start, end int) []float64 {
	if end <= start {
		return []float64{float64(start)}
	}
	span := float64(end - start)
	var out []float64
	for _, u := range []float64{0, 0.27, 0.5, 0.73, 1} {
		out = append(out, float64(start)+math.Round(u*span*100)/100)
	}
	return out
}

// fiveWholeFrames is fiveFrames rounded to whole frames, where B3D keys
// are.
func fiveWholeFrames(start, end int) []float64 {
	out := fiveFrames(start, end)
	for i := range out {
		out[i] = math.Round(out[i])
	}
	return out
}

// judged is how Irrlicht played a file against our pose of a model.
type judged struct {
	mesh *irrlicht.Mesh
	// worst is the largest corner distance over the frames, as a fraction
	// of the model's size; err says why there is none (Irrlicht refused the
	// file, drew other buffers or triangle counts).
	worst float64
	at    string
	err   error
}

// judge loads path in Irrlicht at five frames of its loop and compares the
// triangles it draws (laid out as layout says, in drawnAs's form) with m
// posed at the same times (Irrlicht's frame f is MilkShape frame f+1 at the
// model's frame rate).
func judge(t *testing.T, h *irrlicht.Harness, path string, m *model.Model, layout func(*model.Model) ([][][3]uint32, bool)) judged {
	t.Helper()
	return judgeAt(t, h, path, m, layout, fiveFrames)
}

// judgeAt is judge at the frames that frames chooses in the loop.
func judgeAt(t *testing.T, h *irrlicht.Harness, path string, m *model.Model, layout func(*model.Model) ([][][3]uint32, bool), frames func(start, end int) []float64) judged {
	t.Helper()
	tris, ok := layout(m)
	if !ok {
		return judged{err: errors.New("the model has indices out of range: no reference to judge by")}
	}
	probe, err := h.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !probe.Loaded {
		return judged{mesh: probe, err: errRefused(probe)}
	}
	mesh, err := h.Load(path, frames(probe.StartFrame, probe.EndFrame)...)
	if err != nil {
		t.Fatal(err)
	}
	j := judged{mesh: mesh}
	p, s := animtest.NewPoser(m), animtest.Size(m)
	for k, f := range mesh.Frames {
		want := corners(tris, p.At(float32(irrlicht.TimeOfFrame(f.Frame, float64(m.EffectiveFPS())))))
		d, at, err := mesh.Compare(k, want)
		if err != nil {
			j.err = err
			return j
		}
		if d/s > j.worst || k == 0 {
			j.worst, j.at = d/s, at
			if d/s > 0 {
				j.at = "frame " + ftoa(f.Frame) + ", " + at
			}
		}
	}
	return j
}

type refusedError struct {
	log     []string
	crashed string
}

func (e refusedError) Error() string {
	msg := "Irrlicht refuses the file"
	if e.crashed != "" {
		return "Irrlicht crashes on the file (" + e.crashed + ")"
	}
	for _, l := range e.log {
		if len(l) > 6 && l[:6] == "error:" {
			msg += ": " + l
		}
	}
	return msg
}

func errRefused(m *irrlicht.Mesh) error { return refusedError{m.Log, m.Crashed} }

func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// writeMS3D writes m as name in a new temporary folder and returns its path.
func writeMS3D(t *testing.T, dir, name string, m *model.Model) string {
	t.Helper()
	data, err := ms3d.Encode(m)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
