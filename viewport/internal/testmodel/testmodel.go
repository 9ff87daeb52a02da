// Package testmodel builds small synthetic models for the viewport's tests:
// coloured quads facing the camera, a two-bone bar for skinning and a
// textured torus.
package testmodel

import (
	"image"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
)

// Quad is an axis-aligned rectangle in the plane z = Z.
type Quad struct {
	X0, Y0, X1, Y1, Z float32
	// Diffuse is the material colour; Opacity the material's transparency
	// field (1 = opaque, 0 is read as 1 here for convenience).
	Diffuse [3]float32
	Opacity float32
	// Textured gives the material a texture path.
	Textured bool
	// NoMaterial leaves the group without a material (index −1).
	NoMaterial bool
	// Back makes the quad face −Z (winding and normals reversed).
	Back bool
}

// Quads returns a model with one group and one material per quad, in
// order. Each quad's texture coordinates put S = 0, T = 0 at its top-left
// corner (+Y up, +X right seen from +Z) and S = 1, T = 1 at the bottom
// right, the MS3D convention.
func Quads(qs ...Quad) *model.Model {
	m := &model.Model{Version: 4, FPS: 24}
	for qi, q := range qs {
		base := uint32(len(m.Vertices))
		corners := [4][2]float32{{q.X0, q.Y1}, {q.X1, q.Y1}, {q.X0, q.Y0}, {q.X1, q.Y0}} // TL TR BL BR
		uv := [4][2]float32{{0, 0}, {1, 0}, {0, 1}, {1, 1}}
		for _, c := range corners {
			m.Vertices = append(m.Vertices, model.Vertex{Position: [3]float32{c[0], c[1], q.Z}, Bones: [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone}})
		}
		// Counter-clockwise seen from +Z: BL BR TR, BL TR TL.
		tris := [2][3]int{{2, 3, 1}, {2, 1, 0}}
		n := [3]float32{0, 0, 1}
		if q.Back {
			tris = [2][3]int{{2, 1, 3}, {2, 0, 1}}
			n = [3]float32{0, 0, -1}
		}
		g := model.Group{Name: model.Str("quad"), Material: int16(qi)}
		if q.NoMaterial {
			g.Material = -1
		}
		for _, t := range tris {
			tri := model.Triangle{Group: uint16(qi), SmoothingGroup: 1}
			for c, k := range t {
				tri.Vertices[c] = base + uint32(k)
				tri.Normals[c] = n
				tri.S[c], tri.T[c] = uv[k][0], uv[k][1]
			}
			g.Triangles = append(g.Triangles, uint32(len(m.Triangles)))
			m.Triangles = append(m.Triangles, tri)
		}
		m.Groups = append(m.Groups, g)
		op := q.Opacity
		if op == 0 {
			op = 1
		}
		mat := model.Material{
			Name:         model.Str("mat"),
			Diffuse:      [4]float32{q.Diffuse[0], q.Diffuse[1], q.Diffuse[2], 1},
			Ambient:      [4]float32{0, 0, 0, 1},
			Specular:     [4]float32{0, 0, 0, 1},
			Emissive:     [4]float32{0, 0, 0, 1},
			Transparency: op,
		}
		if q.Textured {
			mat.Texture = model.Str("texture.png")
		}
		m.Materials = append(m.Materials, mat)
	}
	return m
}

// Bar returns a flat bar facing +Z from x = 0 to x = 2, y in [−0.15, 0.15],
// cut into quarters, with two joints: "root" at the origin and its child
// "tip" at x = 1. Vertices with x < 1 follow the root, the others the tip.
func Bar() *model.Model {
	m := &model.Model{Version: 4, FPS: 24}
	xs := []float32{0, 0.5, 1, 1.5, 2}
	for _, x := range xs {
		bone := uint16(0)
		if x >= 1 {
			bone = 1
		}
		for _, y := range []float32{0.15, -0.15} {
			m.Vertices = append(m.Vertices, model.Vertex{Position: [3]float32{x, y, 0}, Bones: [4]uint16{bone, model.NoBone, model.NoBone, model.NoBone}})
		}
	}
	g := model.Group{Name: model.Str("bar"), Material: 0}
	for i := 0; i+1 < len(xs); i++ {
		tl, bl := uint32(2*i), uint32(2*i+1)
		tr, br := tl+2, bl+2
		for _, t := range [2][3]uint32{{bl, br, tr}, {bl, tr, tl}} {
			tri := model.Triangle{Vertices: t, SmoothingGroup: 1}
			for c := range 3 {
				tri.Normals[c] = [3]float32{0, 0, 1}
			}
			g.Triangles = append(g.Triangles, uint32(len(m.Triangles)))
			m.Triangles = append(m.Triangles, tri)
		}
	}
	m.Groups = []model.Group{g}
	m.Materials = []model.Material{{
		Name: model.Str("white"), Ambient: [4]float32{0.2, 0.2, 0.2, 1}, Diffuse: [4]float32{1, 1, 1, 1},
		Specular: [4]float32{0, 0, 0, 1}, Emissive: [4]float32{0, 0, 0, 1}, Transparency: 1,
	}}
	m.Joints = []model.Joint{
		{Name: model.Str("root")},
		{Name: model.Str("tip"), Parent: model.Str("root"), Position: [3]float32{1, 0, 0}},
	}
	return m
}

// BarBent returns the skinning matrices that bend the bar's tip 90° up
// about the tip joint (at x = 1): identity for the root,
// T(1,0,0)·Rz(90°)·T(−1,0,0) for the tip; and the matching joint global
// matrices.
func BarBent() (skin, global []mgl32.Mat4) {
	bend := mgl32.Translate3D(1, 0, 0).Mul4(mgl32.HomogRotate3DZ(mgl32.DegToRad(90))).Mul4(mgl32.Translate3D(-1, 0, 0))
	restTip := mgl32.Translate3D(1, 0, 0)
	return []mgl32.Mat4{mgl32.Ident4(), bend}, []mgl32.Mat4{mgl32.Ident4(), bend.Mul4(restTip)}
}

// Torus returns a smooth textured torus of 2·rings·sides triangles (one
// group, one material naming a texture) and its 512×512 texture.
func Torus(rings, sides int) (*model.Model, image.Image) {
	m := &model.Model{Version: 4, FPS: 24}
	const big, small = 1.0, 0.4
	for i := 0; i <= rings; i++ {
		u := 2 * math.Pi * float64(i) / float64(rings)
		for j := 0; j <= sides; j++ {
			v := 2 * math.Pi * float64(j) / float64(sides)
			r := big + small*math.Cos(v)
			m.Vertices = append(m.Vertices, model.Vertex{
				Position: [3]float32{float32(r * math.Cos(u)), float32(small * math.Sin(v)), float32(r * math.Sin(u))},
				Bones:    [4]uint16{model.NoBone, model.NoBone, model.NoBone, model.NoBone},
			})
		}
	}
	normal := func(i, j int) [3]float32 {
		u := 2 * math.Pi * float64(i) / float64(rings)
		v := 2 * math.Pi * float64(j) / float64(sides)
		return [3]float32{float32(math.Cos(v) * math.Cos(u)), float32(math.Sin(v)), float32(math.Cos(v) * math.Sin(u))}
	}
	g := model.Group{Name: model.Str("torus")}
	for i := 0; i < rings; i++ {
		for j := 0; j < sides; j++ {
			at := func(di, dj int) (uint32, [3]float32, float32, float32) {
				return uint32((i+di)*(sides+1) + j + dj), normal(i+di, j+dj), float32(i+di) / float32(rings) * 4, float32(j+dj) / float32(sides)
			}
			for _, tri := range [2][3][2]int{{{0, 0}, {0, 1}, {1, 1}}, {{0, 0}, {1, 1}, {1, 0}}} {
				t := model.Triangle{SmoothingGroup: 1}
				for c, k := range tri {
					t.Vertices[c], t.Normals[c], t.S[c], t.T[c] = at(k[0], k[1])
				}
				g.Triangles = append(g.Triangles, uint32(len(m.Triangles)))
				m.Triangles = append(m.Triangles, t)
			}
		}
	}
	m.Groups = []model.Group{g}
	m.Materials = []model.Material{{
		Name: model.Str("torus"), Ambient: [4]float32{0.2, 0.2, 0.2, 1}, Diffuse: [4]float32{0.8, 0.8, 0.8, 1},
		Specular: [4]float32{0.3, 0.3, 0.3, 1}, Shininess: 32, Transparency: 1, Texture: model.Str("torus.png"),
	}}
	tex := image.NewNRGBA(image.Rect(0, 0, 512, 512))
	for y := 0; y < 512; y++ {
		for x := 0; x < 512; x++ {
			tex.SetNRGBA(x, y, color.NRGBA{R: uint8(x / 2), G: uint8(y / 2), B: uint8((x ^ y) & 0xff), A: 255})
		}
	}
	return m, tex
}
