// Package stress builds a model at the MS3D format's limits for speed
// work: 65,535 vertices and 65,535 triangles in 32 textured groups, 128
// joints in a swaying chain with keys, and four bone weights on every
// vertex (ms3d-format.md: counts are 16-bit, vertex-extra sub-version 3).
package stress

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"ms3dstudio/model"
)

// The model's limits and shape.
const (
	Vertices  = math.MaxUint16
	Triangles = math.MaxUint16
	Groups    = 32
	Joints    = 128
	radial    = 255 // vertices per ring
	rings     = Vertices / radial
	fps       = 24
	frames    = 48
	height    = 16.0
)

// TextureName returns the texture file of group g's material.
func TextureName(g int) string { return fmt.Sprintf("stress-%02d.png", g) }

// Texture returns group g's 64×64 texture: a checker in its own hue.
func Texture(g int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	hue := float64(g) / Groups
	c := color.RGBA{uint8(128 + 127*math.Cos(2*math.Pi*hue)), uint8(128 + 127*math.Cos(2*math.Pi*(hue-1.0/3))), uint8(128 + 127*math.Cos(2*math.Pi*(hue-2.0/3))), 255}
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			if (x/8+y/8)%2 == 0 {
				img.SetRGBA(x, y, c)
			} else {
				img.SetRGBA(x, y, color.RGBA{c.R / 2, c.G / 2, c.B / 2, 255})
			}
		}
	}
	return img
}

// Model returns a new stress model: a tube of rings up the Y axis skinned
// to a chain of joints.
func Model() *model.Model {
	m := &model.Model{Version: 4, FPS: fps, CurrentTime: 1.0 / fps, TotalFrames: frames, VertexExtraSubVersion: 3, JointExtraSubVersion: 1}
	for j := 0; j < Joints; j++ {
		jt := model.Joint{Name: model.Str(fmt.Sprintf("j%03d", j)), Color: [3]float32{1, float32(j) / Joints, 0}}
		if j > 0 {
			jt.Parent = model.Str(fmt.Sprintf("j%03d", j-1))
			jt.Position = [3]float32{0, height / Joints, 0}
		}
		for _, f := range []int{1, 13, 25, 37, frames} {
			ph := 2*math.Pi*float64(f-1)/float64(frames-1) - 0.2*float64(j)
			jt.RotationKeys = append(jt.RotationKeys, model.Key{Time: float32(f) / fps, Value: [3]float32{0, 0, float32(0.02 * math.Sin(ph))}})
			jt.PositionKeys = append(jt.PositionKeys, model.Key{Time: float32(f) / fps})
		}
		m.Joints = append(m.Joints, jt)
	}
	for g := 0; g < Groups; g++ {
		m.Materials = append(m.Materials, model.Material{Name: model.Str(fmt.Sprintf("m%02d", g)),
			Ambient: [4]float32{0.3, 0.3, 0.3, 1}, Diffuse: [4]float32{1, 1, 1, 1}, Specular: [4]float32{0.2, 0.2, 0.2, 1},
			Emissive: [4]float32{0, 0, 0, 1}, Shininess: 8, Transparency: 1, Texture: model.Str(TextureName(g))})
		m.Groups = append(m.Groups, model.Group{Name: model.Str(fmt.Sprintf("g%02d", g)), Material: int16(g)})
	}
	for r := 0; r < rings; r++ {
		y := height * float64(r) / float64(rings-1)
		j := min(int(y/height*Joints), Joints-1)
		b := func(k int) uint16 { return uint16(min(max(j+k, 0), Joints-1)) }
		for a := 0; a < radial; a++ {
			ang := 2 * math.Pi * float64(a) / radial
			m.Vertices = append(m.Vertices, model.Vertex{
				Position: [3]float32{float32(math.Cos(ang)), float32(y), float32(-math.Sin(ang))},
				Bones:    [4]uint16{b(0), b(-1), b(1), b(2)}, Weights: [3]uint8{55, 20, 15},
			})
		}
	}
	normal := func(v int) [3]float32 { p := m.Vertices[v].Position; return [3]float32{p[0], 0, p[2]} }
	uv := func(v int) (float32, float32) { return float32(v%radial) / radial * 8, float32(v/radial) / rings * 64 }
	per := (Triangles + Groups - 1) / Groups
	for r := 0; r+1 < rings && len(m.Triangles) < Triangles; r++ {
		for a := 0; a < radial && len(m.Triangles) < Triangles; a++ {
			v00, v01 := r*radial+a, r*radial+(a+1)%radial
			v10, v11 := v00+radial, v01+radial
			for _, tri := range [][3]int{{v00, v01, v11}, {v00, v11, v10}} {
				if len(m.Triangles) == Triangles {
					break
				}
				g := len(m.Triangles) / per
				t := model.Triangle{Group: uint16(g), SmoothingGroup: 1}
				for k, v := range tri {
					t.Vertices[k] = uint32(v)
					t.Normals[k] = normal(v)
					t.S[k], t.T[k] = uv(v)
				}
				m.Groups[g].Triangles = append(m.Groups[g].Triangles, uint32(len(m.Triangles)))
				m.Triangles = append(m.Triangles, t)
			}
		}
	}
	m.CountReferences()
	return m
}
