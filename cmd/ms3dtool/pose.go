package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/document"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/num"
)

func init() {
	register("pose", "pose FILE (--time T | --frame F)... [--json]",
		"pose the skeleton at times (seconds) or MilkShape frames (1-based, frame = time × fps); print each joint's global matrix, the skinned vertices and vertex normals",
		runPose)
}

// sample is one requested pose: a time in seconds or a MilkShape frame.
type sample struct {
	value float32
	frame bool
}

// sampleFlag appends --time and --frame values to one list, keeping the
// order of the command line.
type sampleFlag struct {
	list  *[]sample
	frame bool
}

func (f sampleFlag) String() string { return "" }

func (f sampleFlag) Set(s string) error {
	v, err := strconv.ParseFloat(s, 32)
	if err != nil || !num.Finite(v) {
		return fmt.Errorf("%q is not a finite number", s)
	}
	*f.list = append(*f.list, sample{value: float32(v), frame: f.frame})
	return nil
}

// runPose implements "ms3dtool pose". The JSON document is
//
//	{"frames":[{"time":T,"frame":F,
//	  "joints":[{"name":"…","global":[16 numbers, column-major]}],
//	  "vertices":[[x,y,z],…], "normals":[[x,y,z],…]}]}
//
// with one entry per --time or --frame in command-line order, joints and
// vertices in file order. "time" is in seconds and "frame" the matching
// MilkShape frame (time × fps, fps below 1 taken as 1). A vertex normal is
// the normalised sum of the skinned normals of the triangle corners that use
// the vertex, or (0,0,0) for a vertex no triangle uses. Numbers that are
// not finite (NaN or infinite coordinates stored in the file) are written as
// null, so the document is always valid JSON. Findings about the file go to
// stderr; they do not change the exit status.
func runPose(args []string, stdout, stderr io.Writer) int {
	const usage = "pose FILE (--time T | --frame F)... [--json]"
	fs := newFlagSet("pose", usage, stderr)
	var samples []sample
	fs.Var(sampleFlag{list: &samples}, "time", "pose at `T` seconds (repeatable)")
	fs.Var(sampleFlag{list: &samples, frame: true}, "frame", "pose at MilkShape frame `F`, 1-based (repeatable)")
	asJSON := fs.Bool("json", false, "write one JSON document to stdout")
	openOpt := openFlags(fs)
	files, err := parseInterleaved(fs, args)
	if err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2 // the flag package printed the error and the usage
	}
	switch {
	case len(files) != 1:
		return usageError(fs, stderr, "want exactly one FILE, got %d", len(files))
	case len(samples) == 0:
		return usageError(fs, stderr, "give at least one --time or --frame")
	}
	path := files[0]
	opt, err := openOpt()
	if err != nil {
		return usageError(fs, stderr, "%v", err)
	}
	d, err := document.OpenWith(path, opt)
	if err != nil {
		fmt.Fprintf(stderr, "ms3dtool pose: %v\n", err)
		return 2
	}
	m, findings := d.Model(), d.DecodeFindings()
	sk, f := anim.NewSkeleton(m)
	findings = append(findings, f...)
	sn, f := anim.NewSkinner(m)
	findings = append(findings, f...)
	for _, f := range findings {
		fmt.Fprintf(stderr, "ms3dtool pose: %s: %s\n", path, f)
	}

	p := poser{m: m, sk: sk, sn: sn,
		global: make([]mgl32.Mat4, sk.Len()), skin: make([]mgl32.Mat4, sk.Len()),
		pos: make([][3]float32, sn.Len()), corners: make([][3]float32, sn.Corners()), normals: make([][3]float32, sn.Len())}
	w := bufio.NewWriter(stdout)
	if *asJSON {
		w.WriteString(`{"frames":[`)
	}
	fps := m.EffectiveFPS()
	for i, s := range samples {
		t := s.value
		if s.frame {
			t = anim.FrameToTime(s.value, fps)
		}
		p.at(t)
		if *asJSON {
			if i > 0 {
				w.WriteByte(',')
			}
			p.writeJSON(w, t, anim.TimeToFrame(t, fps))
		} else {
			p.writeText(w, t, anim.TimeToFrame(t, fps))
		}
	}
	if *asJSON {
		w.WriteString("]}\n")
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "ms3dtool pose: writing output: %v\n", err)
		return 2
	}
	return 0
}

// poser holds one model's skeleton, skinner and frame buffers.
type poser struct {
	m                     *model.Model
	sk                    *anim.Skeleton
	sn                    *anim.Skinner
	global, skin          []mgl32.Mat4
	pos, corners, normals [][3]float32
}

// at poses and skins the model at t seconds.
func (p *poser) at(t float32) {
	p.sk.Pose(t, p.global)
	p.sk.SkinMatrices(p.global, p.skin)
	p.sn.Skin(p.skin, p.pos, p.corners)
	p.sn.VertexNormals(p.corners, p.normals)
}

func (p *poser) writeJSON(w *bufio.Writer, t, frame float32) {
	w.WriteString(`{"time":`)
	writeNum(w, t)
	w.WriteString(`,"frame":`)
	writeNum(w, frame)
	w.WriteString(`,"joints":[`)
	for j := range p.global {
		if j > 0 {
			w.WriteByte(',')
		}
		name, _ := json.Marshal(p.sk.Name(j)) // a string always marshals
		w.WriteString(`{"name":`)
		w.Write(name)
		w.WriteString(`,"global":[`)
		for k, c := range p.global[j] {
			if k > 0 {
				w.WriteByte(',')
			}
			writeNum(w, c)
		}
		w.WriteString("]}")
	}
	w.WriteString(`],"vertices":`)
	writeVecs(w, p.pos)
	w.WriteString(`,"normals":`)
	writeVecs(w, p.normals)
	w.WriteByte('}')
}

func writeVecs(w *bufio.Writer, vs [][3]float32) {
	w.WriteByte('[')
	for i, v := range vs {
		if i > 0 {
			w.WriteByte(',')
		}
		w.WriteByte('[')
		writeNum(w, v[0])
		w.WriteByte(',')
		writeNum(w, v[1])
		w.WriteByte(',')
		writeNum(w, v[2])
		w.WriteByte(']')
	}
	w.WriteByte(']')
}

// writeNum writes f as the shortest JSON number that reads back as the same
// float32, or null when f is NaN or infinite.
func writeNum(w *bufio.Writer, f float32) {
	if !num.Finite(f) {
		w.WriteString("null")
		return
	}
	var buf [32]byte
	w.Write(strconv.AppendFloat(buf[:0], float64(f), 'g', -1, 32))
}

// writeText prints a summary of one pose: each joint's origin and the box
// around the skinned vertices.
func (p *poser) writeText(w *bufio.Writer, t, frame float32) {
	fmt.Fprintf(w, "time %g s (frame %g): %d joints, %d vertices\n", t, frame, len(p.global), len(p.pos))
	for j, g := range p.global {
		fmt.Fprintf(w, "  joint %-3d %-24q origin (%g, %g, %g)\n", j, p.sk.Name(j), g[12], g[13], g[14])
	}
	var box model.Box
	for _, v := range p.pos {
		box.Add(v)
	}
	if lo, hi := box.Lo, box.Hi; box.OK {
		fmt.Fprintf(w, "  skinned vertices within (%g, %g, %g) – (%g, %g, %g)\n", lo[0], lo[1], lo[2], hi[0], hi[1], hi[2])
	}
}
