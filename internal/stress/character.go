package stress

import (
	"fmt"
	"math"
	"strings"

	"ms3dstudio/model"
)

// The character model's shape: that of a detailed game character, the
// size where decoding speed is felt (see Character).
const (
	CharacterVertices = 28000
	CharacterJoints   = 77
	// CharacterKeys counts rotation and position keys together.
	CharacterKeys   = 8500
	characterGroups = 14
	characterFrames = 100
	characterFPS    = 30
	// characterMoving is how many joints have position keys as well as
	// rotation keys (the root, the hips, the feet and hands' IK targets).
	characterMoving = (CharacterKeys - CharacterJoints*characterFrames) / characterFrames
)

// limb is one body part: a chain of joints with a tube of skin around it.
type limb struct {
	name  string
	bones int        // joints in the chain
	from  [3]float64 // where the chain starts, in model space
	dir   [3]float64 // its direction; the length of the chain
	r     float64    // the tube's radius
	mat   int        // material index
}

// The body: 14 limbs of 77 joints with the root. Spine and head are one
// chain; each hand has a palm and three fingers of three bones.
var limbs = []limb{
	{"Spine", 6, [3]float64{0, 9, 0}, [3]float64{0, 6, 0}, 1.6, 0},
	{"Head", 4, [3]float64{0, 15, 0}, [3]float64{0, 3, 0.2}, 1.1, 1},
	{"L Arm", 4, [3]float64{1.6, 14, 0}, [3]float64{6, -0.5, 0}, 0.45, 0},
	{"R Arm", 4, [3]float64{-1.6, 14, 0}, [3]float64{-6, -0.5, 0}, 0.45, 0},
	{"L Leg", 5, [3]float64{0.8, 9, 0}, [3]float64{0.2, -9, 0.4}, 0.7, 2},
	{"R Leg", 5, [3]float64{-0.8, 9, 0}, [3]float64{-0.2, -9, 0.4}, 0.7, 2},
	{"L Finger0", 4, [3]float64{7.8, 13.5, 0.2}, [3]float64{0.9, -0.1, 0.3}, 0.08, 3},
	{"L Finger1", 4, [3]float64{7.8, 13.5, 0}, [3]float64{1.1, -0.1, 0}, 0.08, 3},
	{"L Finger2", 4, [3]float64{7.8, 13.5, -0.2}, [3]float64{1.0, -0.1, -0.2}, 0.08, 3},
	{"R Finger0", 4, [3]float64{-7.8, 13.5, 0.2}, [3]float64{-0.9, -0.1, 0.3}, 0.08, 3},
	{"R Finger1", 4, [3]float64{-7.8, 13.5, 0}, [3]float64{-1.1, -0.1, 0}, 0.08, 3},
	{"R Finger2", 4, [3]float64{-7.8, 13.5, -0.2}, [3]float64{-1.0, -0.1, -0.2}, 0.08, 3},
	{"Ponytail", 12, [3]float64{0, 17, -0.9}, [3]float64{0, -5, -1.5}, 0.3, 4},
	{"Cape", 12, [3]float64{0, 14.5, -1.7}, [3]float64{0, -10, -0.8}, 2.2, 5},
}

// Character returns a model shaped like a detailed game character: 28,000
// vertices and as many triangles in 14 groups (body parts, each a tube of
// skin in bands) over 6 textured
// materials, 77 joints in a tree (a root, the body's chains) with 8,500
// keys over 100 frames, every vertex weighted to two or three joints
// (vertex-extra sub-version 3), joint colours and model extras. It has no
// comments block: Assimp misreads that block's counts (model/compat) and
// refuses the file, and it is meant to be read by Assimp too. It is what the decoding benchmarks and the
// comparison with Assimp measure: the counts of a real file at the size
// where opening it is felt, which the corpus lacks.
func Character() *model.Model {
	m := &model.Model{Version: 4, FPS: characterFPS, CurrentTime: 1, TotalFrames: characterFrames,
		VertexExtraSubVersion: 3, JointExtraSubVersion: 1,
		Extra: model.ModelExtra{SubVersion: 1, JointSize: 0.5, TransparencyMode: 1, AlphaRef: 0.5}}
	for i, name := range []string{"skin", "face", "trousers", "hands", "hair", "cape"} {
		m.Materials = append(m.Materials, model.Material{Name: model.Str(name),
			Ambient: [4]float32{0.2, 0.2, 0.2, 1}, Diffuse: [4]float32{0.8, 0.8, 0.8, 1}, Specular: [4]float32{0.1, 0.1, 0.1, 1},
			Emissive: [4]float32{0, 0, 0, 1}, Shininess: float32(4 * (i + 1)), Transparency: 1,
			Texture: model.Str("textures/hero_" + name + ".tga")})
	}
	m.Materials[4].AlphaMap = model.Str("textures/hero_hair_alpha.tga")
	m.Materials[4].Mode = model.MaterialHasAlpha

	m.Joints = append(m.Joints, model.Joint{Name: "Bip01", Position: [3]float32{0, 9, 0}, Color: [3]float32{1, 1, 0}})
	global := [][3]float64{{0, 9, 0}} // each joint's rest position in model space
	first := make([]int, len(limbs))  // each limb's first joint
	last := func(l int) int { return first[l] + limbs[l].bones - 1 }
	for l, lb := range limbs {
		first[l] = len(m.Joints)
		parent := 0
		switch {
		case lb.name == "Head" || lb.name == "L Arm" || lb.name == "R Arm" || lb.name == "Ponytail" || lb.name == "Cape":
			parent = last(0) // the top of the spine
		case strings.HasPrefix(lb.name, "L Finger"):
			parent = last(2) // the left hand
		case strings.HasPrefix(lb.name, "R Finger"):
			parent = last(3)
		}
		for b := 0; b < lb.bones; b++ {
			at := add(lb.from, scale(lb.dir, float64(b)/float64(lb.bones)))
			m.Joints = append(m.Joints, model.Joint{Name: model.Str(fmt.Sprintf("Bip01 %s%d", lb.name, b+1)), Parent: m.Joints[parent].Name,
				Rotation: [3]float32{0, 0, float32(0.01 * float64(b))}, Position: vec(sub(at, global[parent])),
				Color: [3]float32{float32(l) / float32(len(limbs)), float32(b) / float32(lb.bones), 1}})
			global = append(global, at)
			parent = len(m.Joints) - 1
		}
	}

	// 100 frames of a walk: a rotation key on every frame of every joint,
	// position keys on the first characterMoving joints.
	for i := range m.Joints {
		j := &m.Joints[i]
		for f := 1; f <= characterFrames; f++ {
			ph := 2*math.Pi*float64(f-1)/characterFrames + 0.3*float64(i)
			t := float32(f) / characterFPS
			j.RotationKeys = append(j.RotationKeys, model.Key{Time: t,
				Value: [3]float32{float32(0.3 * math.Sin(ph)), float32(0.1 * math.Cos(ph)), float32(0.05 * math.Sin(2*ph))}})
			if i < characterMoving {
				j.PositionKeys = append(j.PositionKeys, model.Key{Time: t,
					Value: [3]float32{0, float32(0.2 * math.Abs(math.Sin(ph))), float32(0.1 * math.Cos(ph))}})
			}
		}
	}

	// Skin: each limb gets its share of the vertices as rings around its
	// chain, each ring weighted between the two nearest joints (and the
	// parent's last joint at the start of a limb).
	perLimb := CharacterVertices / len(limbs)
	for l, lb := range limbs {
		n := perLimb
		radial := []int{20, 25, 40, 50}[l%4] // an even number of rings each
		rings := n / radial
		g := model.Group{Name: model.Str(fmt.Sprintf("%s_mesh", lb.name)), Material: int16(lb.mat)}
		start := len(m.Vertices)
		for v := 0; v < n; v++ {
			r, a := v/radial, v%radial
			s := (float64(r) + 0.5) / float64(rings) // 0..1 along the chain
			ang := 2 * math.Pi * float64(a) / float64(radial)
			c := add(lb.from, scale(lb.dir, s))
			pos := add(c, [3]float64{lb.r * math.Cos(ang), lb.r * math.Sin(ang) * 0.3, lb.r * math.Sin(ang)})
			bone := s * float64(lb.bones)
			b0 := min(int(bone), lb.bones-1)
			b1 := min(b0+1, lb.bones-1)
			frac := bone - float64(b0)
			w0 := uint8(100 - 60*frac)
			vx := model.Vertex{Position: vec(pos), Bones: [4]uint16{uint16(first[l] + b0), uint16(first[l] + b1), model.NoBone, model.NoBone},
				Weights: [3]uint8{w0, 100 - w0, 0}, Extra: [2]uint32{uint32(v), 0xFFFFFFFF}}
			if b0 == 0 {
				vx.Bones[2] = 0 // the root holds the start of every limb a little
				vx.Weights = [3]uint8{w0 - 10, 100 - w0, 10}
			}
			m.Vertices = append(m.Vertices, vx)
		}
		// Rings are joined in pairs, bands of skin split at texture seams
		// as exporters split them: a triangle a vertex, which keeps the
		// triangle indices under 32,768 (Assimp reads them as signed).
		for r := 0; r+1 < rings; r += 2 {
			for a := 0; a < radial; a++ {
				v00, v01 := start+r*radial+a, start+r*radial+(a+1)%radial
				v10, v11 := v00+radial, v01+radial
				for _, tri := range [][3]int{{v00, v01, v11}, {v00, v11, v10}} {
					g.Triangles = append(g.Triangles, uint32(len(m.Triangles)))
					m.Triangles = append(m.Triangles, characterTriangle(m, tri, uint16(len(m.Groups)), radial, rings, start))
				}
			}
		}
		m.Groups = append(m.Groups, g)
	}
	m.CountReferences()
	return m
}

// characterTriangle is the triangle of vertices tri of a tube whose
// vertices start at start, with normals pointing away from the tube's axis
// and texture coordinates wrapped around it.
func characterTriangle(m *model.Model, tri [3]int, group uint16, radial, rings, start int) model.Triangle {
	t := model.Triangle{Group: group, SmoothingGroup: uint8(1 + group%32)}
	for k, v := range tri {
		t.Vertices[k] = uint32(v)
		a := float64((v-start)%radial) / float64(radial)
		t.Normals[k] = [3]float32{float32(math.Cos(2 * math.Pi * a)), 0, float32(math.Sin(2 * math.Pi * a))}
		t.S[k], t.T[k] = float32(a), float32((v-start)/radial)/float32(rings)
	}
	return t
}

func vec(v [3]float64) [3]float32 { return [3]float32{float32(v[0]), float32(v[1]), float32(v[2])} }

func add(a, b [3]float64) [3]float64 { return [3]float64{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

func sub(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

func scale(v [3]float64, k float64) [3]float64 { return [3]float64{v[0] * k, v[1] * k, v[2] * k} }
