package glr

import (
	"math"
	"unsafe"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/viewport/internal/scene"
)

// lineVertex is one vertex of the line program (32 bytes).
type lineVertex struct {
	Pos   [3]float32
	Color [4]float32
	Size  float32
}

// drawWire draws the triangle edges (all groups with the wireframe
// overlay, and the highlighted group always) pulled slightly towards the
// viewer so they win over their own surfaces.
func (r *Renderer) drawWire(f *scene.Frame) {
	hl := -1
	for i := range r.mesh.Ranges {
		if r.mesh.Ranges[i].Group == f.HighlightGroup {
			hl = i
		}
	}
	if !f.Overlays.Wireframe && hl < 0 {
		return
	}
	r.use(f, variant{shading: shadeFlat})
	gl.BindVertexArray(r.meshVAO)
	p := r.meshProg
	gl.PolygonMode(gl.FRONT_AND_BACK, gl.LINE)
	gl.Enable(gl.POLYGON_OFFSET_LINE)
	gl.PolygonOffset(-1, -1)
	gl.Enable(gl.BLEND)
	gl.DepthMask(false)
	if f.Overlays.Wireframe {
		gl.Uniform4fv(p.loc("uColor"), 1, &WireColor[0])
		for i := range r.mesh.Ranges {
			drawCorners(&r.mesh.Ranges[i])
		}
	}
	if hl >= 0 {
		gl.Uniform4fv(p.loc("uColor"), 1, &HighlightColor[0])
		drawCorners(&r.mesh.Ranges[hl])
	}
	gl.DepthMask(true)
	gl.Disable(gl.BLEND)
	gl.Disable(gl.POLYGON_OFFSET_LINE)
	gl.PolygonMode(gl.FRONT_AND_BACK, gl.FILL)
}

// NormalLength returns the length of the normal lines: 3 % of the mesh's
// bounding-box diagonal.
func NormalLength(m *scene.Mesh) float32 {
	_, radius := m.Sphere()
	return 0.06 * radius
}

func (r *Renderer) drawNormals(f *scene.Frame) {
	r.use(f, variant{shading: shadeFlat, normalLines: true})
	gl.BindVertexArray(r.normalVAO)
	gl.Uniform1f(r.meshProg.loc("uNormalLength"), NormalLength(r.mesh))
	gl.Uniform4fv(r.meshProg.loc("uColor"), 1, &NormalColor[0])
	gl.Disable(gl.CULL_FACE)
	gl.DrawArraysInstanced(gl.LINES, 0, 2, int32(len(r.mesh.Unique)))
	gl.BindVertexArray(r.meshVAO)
}

// drawLines uploads vs and draws them with the line program.
func (r *Renderer) drawLines(vs []lineVertex, mode uint32, depth bool) {
	if len(vs) == 0 {
		return
	}
	p := r.lineProg
	gl.UseProgram(p.id)
	gl.UniformMatrix4fv(p.loc("uViewProj"), 1, false, &r.viewProj[0])
	gl.Uniform1i(p.loc("uPoints"), b2i(mode == gl.POINTS))
	gl.BindVertexArray(r.lineVAO)
	gl.BindBuffer(gl.ARRAY_BUFFER, r.lineVBO)
	gl.BufferData(gl.ARRAY_BUFFER, len(vs)*int(unsafe.Sizeof(vs[0])), unsafe.Pointer(&vs[0]), gl.STREAM_DRAW)
	gl.Disable(gl.CULL_FACE)
	if depth {
		gl.Enable(gl.DEPTH_TEST)
	} else {
		gl.Disable(gl.DEPTH_TEST)
	}
	gl.DrawArrays(mode, 0, int32(len(vs)))
	gl.Enable(gl.DEPTH_TEST)
	gl.BindVertexArray(0)
}

// gridStep returns a round grid spacing (1, 2 or 5 × 10ⁿ) for a scene of
// the given radius, about a fifth of it.
func gridStep(radius float32) float32 {
	target := float64(radius) / 5
	if !(target > 0) || math.IsInf(target, 0) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(target)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= target {
			return float32(m * p)
		}
	}
	return float32(10 * p)
}

// appendGrid adds a horizontal grid (model space is +Y up), ten steps each
// side of the model's centre, on the ground plane y = 0 or, for a model
// reaching below it, at the model's lowest point, so that it reads as a
// floor under the model rather than a plane through it.
func (r *Renderer) appendGrid() {
	var centre mgl32.Vec3
	radius := float32(5)
	floor := float32(0)
	if r.mesh != nil {
		centre, radius = r.mesh.Sphere()
		if r.mesh.HasBounds {
			floor = min(floor, r.mesh.Lo[1])
		}
	}
	step := gridStep(radius)
	cx := float32(math.Round(float64(centre[0]/step))) * step
	cz := float32(math.Round(float64(centre[2]/step))) * step
	const n = 10
	ext := step * n
	for i := -n; i <= n; i++ {
		o := float32(i) * step
		c := GridColor
		r.lines = append(r.lines,
			lineVertex{Pos: [3]float32{cx + o, floor, cz - ext}, Color: c},
			lineVertex{Pos: [3]float32{cx + o, floor, cz + ext}, Color: c},
			lineVertex{Pos: [3]float32{cx - ext, floor, cz + o}, Color: c},
			lineVertex{Pos: [3]float32{cx + ext, floor, cz + o}, Color: c})
	}
}

// appendAxes adds the X (red), Y (green) and Z (blue) axes from the
// origin, as long as two grid steps.
func (r *Renderer) appendAxes() {
	radius := float32(5)
	if r.mesh != nil {
		_, radius = r.mesh.Sphere()
	}
	l := gridStep(radius) * 2
	axes := [3][4]float32{{0.95, 0.25, 0.25, 1}, {0.3, 0.9, 0.3, 1}, {0.3, 0.5, 1, 1}}
	for k, c := range axes {
		var end [3]float32
		end[k] = l
		r.lines = append(r.lines, lineVertex{Color: c}, lineVertex{Pos: end, Color: c})
	}
}

func (r *Renderer) appendBox(lo, hi [3]float32, c [4]float32) {
	corner := func(i int) [3]float32 {
		p := lo
		for k := 0; k < 3; k++ {
			if i&(1<<k) != 0 {
				p[k] = hi[k]
			}
		}
		return p
	}
	for i := 0; i < 8; i++ {
		for k := 0; k < 3; k++ {
			if i&(1<<k) == 0 {
				r.lines = append(r.lines, lineVertex{Pos: corner(i), Color: c}, lineVertex{Pos: corner(i | 1<<k), Color: c})
			}
		}
	}
}

// drawSkeleton draws bones as lines from each joint to its parent and
// joints as round points, over everything (no depth test), the selected
// joint larger and in SelectedJoint colour.
func (r *Renderer) drawSkeleton(f *scene.Frame) {
	r.lines, r.points = r.lines[:0], r.points[:0]
	pos := func(j int) [3]float32 {
		g := f.JointGlobal(r.mesh, j)
		return [3]float32{g[12], g[13], g[14]}
	}
	for j := 0; j < r.mesh.Joints; j++ {
		c := JointColor
		// The file's joint colour, unless it would vanish on the dark
		// background.
		if r.mesh.Colors != nil {
			if jc := r.mesh.Colors[j]; max(jc[0], jc[1], jc[2]) >= 0.25 {
				c = [4]float32{jc[0], jc[1], jc[2], 1}
			}
		}
		size := float32(7)
		if j == f.HighlightJoint {
			c, size = SelectedJoint, 12
		}
		r.points = append(r.points, lineVertex{Pos: pos(j), Color: c, Size: size})
		if p := r.mesh.Parents[j]; p >= 0 {
			bc := BoneColor
			if j == f.HighlightJoint {
				bc = SelectedJoint
			}
			r.lines = append(r.lines, lineVertex{Pos: pos(p), Color: bc}, lineVertex{Pos: pos(j), Color: bc})
		}
	}
	r.drawLines(r.lines, gl.LINES, false)
	// The selected joint is drawn last so it is never hidden by another.
	if h := f.HighlightJoint; h >= 0 && h < len(r.points) {
		last := len(r.points) - 1
		r.points[h], r.points[last] = r.points[last], r.points[h]
	}
	r.drawLines(r.points, gl.POINTS, false)
}
