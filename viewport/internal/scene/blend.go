package scene

import "github.com/go-gl/mathgl/mgl32"

// Blend is one distinct set of influences: the joints and weights that
// some corners share (unused slots have weight 0). A blend whose weights
// are all 0 moves nothing.
type Blend struct {
	Joints  [4]uint16
	Weights [4]float32
}

// blendIndex gives blends their index in Mesh.Blends while Build runs.
type blendIndex map[Blend]uint32

// of returns the index of the blend with vx's influences, adding it to
// mesh.Blends when it is new.
func (bi blendIndex) of(mesh *Mesh, vx *Vertex) uint32 {
	b := Blend{Joints: vx.Joints, Weights: vx.Weights}
	i, ok := bi[b]
	if !ok {
		i = uint32(len(mesh.Blends))
		mesh.Blends = append(mesh.Blends, b)
		bi[b] = i
	}
	return i
}

// BlendMatrices writes the matrix of every blend in mesh.Blends for the
// skinning matrices skin into dst, 16 floats (column-major) per blend:
// the weighted sum of its joints' matrices, or the identity for a blend
// without influences. Joints past the end of skin count as the identity.
// dst must hold 16·len(mesh.Blends) floats.
func (mesh *Mesh) BlendMatrices(skin []mgl32.Mat4, dst []float32) {
	id := mgl32.Ident4()
	for bi := range mesh.Blends {
		b := &mesh.Blends[bi]
		out := (*[16]float32)(dst[16*bi : 16*bi+16])
		if b.Weights == [4]float32{} {
			*out = id
			continue
		}
		*out = [16]float32{}
		for k, w := range b.Weights {
			if w == 0 {
				continue
			}
			m := &id
			if j := int(b.Joints[k]); j < len(skin) {
				m = &skin[j]
			}
			for e := range out {
				out[e] += w * m[e]
			}
		}
	}
}

// Posed is a corner's position and normal in the current pose.
type Posed struct {
	Pos, Normal [3]float32
}

// BindPose writes every corner of mesh.Unique unmoved into dst, which
// must hold len(mesh.Unique).
func (mesh *Mesh) BindPose(dst []Posed) {
	for i := range mesh.Unique {
		dst[i] = Posed{Pos: mesh.Unique[i].Pos, Normal: mesh.Unique[i].Normal}
	}
}

// PoseCorners writes every corner of mesh.Unique moved by its blend's
// matrix in mats (as BlendMatrices writes them) into dst, which must hold
// len(mesh.Unique): the position by the whole matrix, the normal by its
// upper 3×3 (the shader normalises it).
//
// The renderer poses on the CPU rather than in the vertex shader: with
// llvmpipe's vertex stage on one thread, the 16 texel fetches of four
// joint matrices took 11–15 ms of the stress model's frame and one blend
// matrix's four still took 7; posing its 33,024 corners here takes well
// under that (BenchmarkPoseStress).
func (mesh *Mesh) PoseCorners(mats []float32, dst []Posed) {
	for i := range mesh.Unique {
		v := &mesh.Unique[i]
		m := (*[16]float32)(mats[16*v.Blend : 16*v.Blend+16])
		p, n := v.Pos, v.Normal
		dst[i] = Posed{
			Pos: [3]float32{
				m[0]*p[0] + m[4]*p[1] + m[8]*p[2] + m[12],
				m[1]*p[0] + m[5]*p[1] + m[9]*p[2] + m[13],
				m[2]*p[0] + m[6]*p[1] + m[10]*p[2] + m[14],
			},
			Normal: [3]float32{
				m[0]*n[0] + m[4]*n[1] + m[8]*n[2],
				m[1]*n[0] + m[5]*n[1] + m[9]*n[2],
				m[2]*n[0] + m[6]*n[1] + m[10]*n[2],
			},
		}
	}
}
