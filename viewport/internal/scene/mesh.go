// Package scene turns a model.Model into the flat, GPU-ready data the
// viewport's GL renderer draws, and holds the pure-Go parts of the viewport
// that need no GL: the orbit camera, the rest pose of the skeleton and the
// per-frame description handed from the UI goroutine to the render
// goroutine.
//
// Conventions follow docs/ms3d-format.md: positions are model space
// with +Y up; texture T has a top-left origin, which is exactly the row
// order of an image.Image uploaded top row first, so T is used unchanged;
// Material.Transparency is the opacity (1 = opaque); vertex influences come
// from model.Model.Influences.
package scene

import (
	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
)

// MaxJoints is the number of joints whose influences the viewport skins;
// influences of joints past it are dropped. A MilkShape file addresses 255
// joints; imports past that (a 3DS scene with more nodes) still play. The
// shader never reads joint matrices itself, only each corner's blend
// (BlendMatrices), so the limit is not the GL's.
const MaxJoints = 4096

// Vertex is one triangle corner as the renderer draws it. The layout is
// fixed (60 bytes, no padding); the renderer takes attribute offsets from it.
// Pos and Normal reach the shader posed (PoseCorners, from a buffer of
// their own), the other attributes as they are.
type Vertex struct {
	Pos    [3]float32
	Normal [3]float32
	// UV is (S, T) exactly as the file stores it: T = 0 is the top row of
	// the texture image.
	UV [2]float32
	// Joints and Weights are up to four influences; unused slots have weight
	// 0. A vertex whose weights are all 0 is not skinned and stays put.
	Joints  [4]uint16
	Weights [4]float32
	// Blend indexes Mesh.Blends: the corner's influences, whose matrix
	// poses it (PoseCorners). The shader does not read it.
	Blend uint32
}

// Point is a vertex position with its influences.
type Point struct {
	Pos     [3]float32
	Joints  [4]uint16
	Weights [4]float32
}

// Range is the run of Mesh.Vertices that draws one group.
type Range struct {
	// Group is the index of the group in the model.
	Group int
	// First and Count select corners in Mesh.Vertices (Count is a multiple
	// of 3).
	First, Count int32
	// Material indexes Mesh.Materials; DefaultMaterial when the group has
	// none or an index out of range.
	Material int
	// Centroid is the mean bind-pose position of the range's corners, used
	// to sort transparent groups back to front.
	Centroid [3]float32
	// InsideOut tells that the range's front faces look inwards: the
	// signed volume they enclose about Centroid is negative, as for a room
	// or a level modelled to be seen from inside. Seen from outside, such a
	// range's near side shows its back faces.
	InsideOut bool
}

// DefaultMaterial is the Range.Material of groups without a usable material:
// it selects Mesh.Default.
const DefaultMaterial = -1

// Material is a resolved material: colours, opacity and whether a texture
// image is expected for it.
type Material struct {
	Ambient, Diffuse, Specular, Emissive [4]float32
	// Shininess is the specular exponent (0–128).
	Shininess float32
	// Opacity is Material.Transparency clamped to 0–1 (1 = opaque).
	Opacity float32
	// Textured tells that the material names a texture file; when the
	// caller has no image for it, the renderer shows a placeholder.
	Textured bool
	// SphereMap is the material's sphere-map flag: the texture is an
	// environment map looked up by the reflected view direction, not by
	// the stored texture coordinates.
	SphereMap bool
}

// Transparency is the model-extra transparency mode (ms3d-format.md §3),
// numbered as the format's specification numbers it; MilkShape's own
// viewer swaps 1 and 2.
type Transparency int32

// The transparency modes.
const (
	// TransparencySimple blends translucent groups over the opaque ones,
	// sorted back to front by group, without writing depth.
	TransparencySimple Transparency = 0
	// TransparencyAlphaRef draws translucent groups with depth writes,
	// discarding fragments whose alpha is below Mesh.AlphaRef.
	TransparencyAlphaRef Transparency = 1
	// TransparencySortedTriangles blends translucent triangles back to
	// front one by one (in bind pose), whatever group they belong to.
	TransparencySortedTriangles Transparency = 2
)

// Mesh is the GPU-ready form of a model.
type Mesh struct {
	// Vertices holds three corners per drawn triangle, grouped by Ranges.
	Vertices []Vertex
	// Unique holds each distinct corner of Vertices once, in order of
	// first use, and Index gives for every corner of Vertices the position
	// of its copy in Unique: drawing Unique through Index draws Vertices.
	// Corners are equal when every field is; a smooth surface's corners of
	// one vertex share position, normal, UV and influences. Drawing
	// through the index lets the GL shade each shared vertex once instead
	// of once per triangle using it (on llvmpipe, whose vertex stage runs
	// on one thread, that is most of a big skinned model's cost).
	Unique []Vertex
	Index  []uint32
	// Blends holds each distinct set of influences of the corners once
	// (a mesh whose corners have none has one blend, without weights).
	Blends []Blend
	// Points holds each model vertex that some drawn corner uses, once,
	// for work on positions alone (PosedBounds).
	Points []Point
	// Ranges lists the non-empty groups in model order.
	Ranges []Range
	// Materials are the model's materials, index for index.
	Materials []Material
	// Default is the material of groups with none.
	Default Material
	// Joints is the number of joints in the model.
	Joints int
	// Parents holds each joint's parent index or −1.
	Parents []int
	// Rest holds the joints' global rest matrices (column-major 4×4), used
	// when the caller gives no pose.
	Rest []mgl32.Mat4
	// Colors holds the joint-extra colours, or nil when the model has none.
	Colors [][3]float32
	// Lo and Hi bound the drawn bind-pose positions; HasBounds is false for
	// a mesh with nothing to draw.
	Lo, Hi    [3]float32
	HasBounds bool
	// Skinned tells whether any corner has an influence.
	Skinned bool
	// Transparency and AlphaRef come from the model-extra block
	// (TransparencySimple and 0 when it is absent or the mode unknown).
	Transparency Transparency
	AlphaRef     float32
	// boxes bounds the points each joint moves (ClipBounds).
	boxes jointBoxes
	// Skipped counts triangles that were not drawn: listed by a second
	// group, out of range, or with a vertex index out of range or a
	// position that is not finite.
	Skipped int
}

// DefaultMaterialColors is the material used for groups without one: light
// grey, slightly shiny.
var DefaultMaterialColors = Material{
	Ambient:   [4]float32{0.2, 0.2, 0.2, 1},
	Diffuse:   [4]float32{0.8, 0.8, 0.8, 1},
	Specular:  [4]float32{0.2, 0.2, 0.2, 1},
	Shininess: 16,
	Opacity:   1,
}

// Build converts m into a Mesh. Each triangle is drawn once, by the first
// group that lists it (the format gives every triangle exactly one group;
// validation reports files that do not), so the output is bounded by the
// triangle count whatever the group lists hold. Broken references are
// skipped and counted, never fatal. m is only read; the Mesh shares nothing
// with it.
func Build(m *model.Model) *Mesh {
	mesh := &Mesh{Default: DefaultMaterialColors, Joints: len(m.Joints)}
	mesh.Materials = make([]Material, len(m.Materials))
	for i := range m.Materials {
		mesh.Materials[i] = resolveMaterial(&m.Materials[i])
	}
	if m.Extra.SubVersion != 0 {
		if t := Transparency(m.Extra.TransparencyMode); t == TransparencyAlphaRef || t == TransparencySortedTriangles {
			mesh.Transparency = t
		}
		mesh.AlphaRef = min(max(num.Or0(m.Extra.AlphaRef), 0), 1)
	}

	// Influences once per vertex.
	nv := len(m.Vertices)
	infl := make([][4]model.Influence, nv)
	ninfl := make([]uint8, nv)
	for v := 0; v < nv; v++ {
		ninfl[v] = uint8(m.Influences(v, &infl[v]))
	}

	listed := 0
	for gi := range m.Groups {
		listed += len(m.Groups[gi].Triangles)
	}
	mesh.Vertices = make([]Vertex, 0, 3*min(listed, len(m.Triangles)))
	mesh.Index = make([]uint32, 0, cap(mesh.Vertices))
	// firstCopy[v] is the first of vertex v's distinct corners in Unique
	// (−1: none yet), and nextCopy links each to the next one.
	firstCopy := make([]int32, nv)
	for v := range firstCopy {
		firstCopy[v] = -1
	}
	var nextCopy []int32
	blends, vertexBlend := blendIndex{}, make([]uint32, nv)
	used := make([]bool, nv)
	claimed := make([]bool, len(m.Triangles))
	for gi := range m.Groups {
		g := &m.Groups[gi]
		r := Range{Group: gi, First: int32(len(mesh.Vertices)), Material: DefaultMaterial}
		if mi := int(g.Material); mi >= 0 && mi < len(mesh.Materials) {
			r.Material = mi
		}
		var sum [3]float64
		for _, ti := range g.Triangles {
			if int(ti) >= len(m.Triangles) || claimed[ti] {
				mesh.Skipped++
				continue
			}
			claimed[ti] = true
			tri := &m.Triangles[ti]
			if !drawable(m, tri) {
				mesh.Skipped++
				continue
			}
			for c := 0; c < 3; c++ {
				vi := int(tri.Vertices[c])
				src := &m.Vertices[vi]
				vx := Vertex{Pos: src.Position, Normal: num.Or0x3(tri.Normals[c]), UV: [2]float32{num.Or0(tri.S[c]), num.Or0(tri.T[c])}}
				for k := 0; k < int(ninfl[vi]); k++ {
					in := infl[vi][k]
					if in.Joint >= MaxJoints {
						continue
					}
					vx.Joints[k] = uint16(in.Joint)
					vx.Weights[k] = in.Weight
					mesh.Skinned = true
				}
				if !used[vi] {
					// Corners of one vertex share its position and
					// influences: keep them, and their blend, once.
					used[vi] = true
					vertexBlend[vi] = blends.of(mesh, &vx)
					mesh.Points = append(mesh.Points, Point{Pos: vx.Pos, Joints: vx.Joints, Weights: vx.Weights})
				}
				vx.Blend = vertexBlend[vi]
				mesh.Vertices = append(mesh.Vertices, vx)
				k := firstCopy[vi]
				for k >= 0 && mesh.Unique[k] != vx {
					k = nextCopy[k]
				}
				if k < 0 {
					k = int32(len(mesh.Unique))
					mesh.Unique = append(mesh.Unique, vx)
					nextCopy = append(nextCopy, firstCopy[vi])
					firstCopy[vi] = k
				}
				mesh.Index = append(mesh.Index, uint32(k))
				mesh.extend(vx.Pos)
				for k := 0; k < 3; k++ {
					sum[k] += float64(vx.Pos[k])
				}
			}
		}
		r.Count = int32(len(mesh.Vertices)) - r.First
		if r.Count == 0 {
			continue
		}
		for k := 0; k < 3; k++ {
			r.Centroid[k] = float32(sum[k] / float64(r.Count))
		}
		r.InsideOut = signedVolume(mesh.Vertices[r.First:r.First+r.Count], r.Centroid) < 0
		mesh.Ranges = append(mesh.Ranges, r)
	}
	for ti := range claimed {
		if !claimed[ti] {
			mesh.Skipped++
		}
	}

	mesh.indexJointBoxes()
	h := m.ResolveHierarchy()
	mesh.Parents = h.Parent
	mesh.Rest = RestGlobals(m, &h)
	if m.JointExtraSubVersion != 0 {
		mesh.Colors = make([][3]float32, len(m.Joints))
		for i := range m.Joints {
			mesh.Colors[i] = m.Joints[i].Color
		}
	}
	return mesh
}

// signedVolume returns six times the volume that the triangles of corners
// (three a triangle) enclose about centre, positive when their front faces
// (counter-clockwise seen from the front) look outwards. For an open
// surface it measures the cone from centre, which tells which way the
// surface mostly faces.
func signedVolume(corners []Vertex, centre [3]float32) float64 {
	var v float64
	for i := 0; i+2 < len(corners); i += 3 {
		var p [3][3]float64
		for c := range p {
			for k := range 3 {
				p[c][k] = float64(corners[i+c].Pos[k]) - float64(centre[k])
			}
		}
		a, b, c := p[0], p[1], p[2]
		v += a[0]*(b[1]*c[2]-b[2]*c[1]) + a[1]*(b[2]*c[0]-b[0]*c[2]) + a[2]*(b[0]*c[1]-b[1]*c[0])
	}
	return v
}

// drawable reports whether every corner of tri names an existing vertex with
// a finite position.
func drawable(m *model.Model, tri *model.Triangle) bool {
	for c := 0; c < 3; c++ {
		vi := int(tri.Vertices[c])
		if vi >= len(m.Vertices) {
			return false
		}
		for _, x := range m.Vertices[vi].Position {
			if !num.Finite(x) {
				return false
			}
		}
	}
	return true
}

// extend grows the mesh's bounds to hold p, a drawn (so finite) position.
func (mesh *Mesh) extend(p [3]float32) {
	b := model.Box{Lo: mesh.Lo, Hi: mesh.Hi, OK: mesh.HasBounds}
	b.Add(p)
	mesh.Lo, mesh.Hi, mesh.HasBounds = b.Lo, b.Hi, b.OK
}

func resolveMaterial(src *model.Material) Material {
	mt := Material{
		Ambient:   or0x4(src.Ambient),
		Diffuse:   or0x4(src.Diffuse),
		Specular:  or0x4(src.Specular),
		Emissive:  or0x4(src.Emissive),
		Shininess: min(max(num.Or0(src.Shininess), 0), 128),
		Opacity:   min(max(src.Transparency, 0), 1),
		Textured:  src.Texture.Text() != "",
		SphereMap: src.Mode&model.MaterialSphereMap != 0,
	}
	if !num.Finite(src.Transparency) {
		mt.Opacity = 1
	}
	return mt
}

// or0x4 returns v with its non-finite components replaced by 0.
func or0x4(v [4]float32) [4]float32 {
	return [4]float32{num.Or0(v[0]), num.Or0(v[1]), num.Or0(v[2]), num.Or0(v[3])}
}
