package scene

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/internal/stress"
	"ms3dstudio/model"
	"ms3dstudio/model/sample"
)

// TestBlendsShareInfluences: every corner's blend holds its own
// influences, no blend is kept twice, and corners with equal influences
// share one: the stress model's 65,535 four-weight vertices, a ring of 255
// at a time on the same joints, have one blend per ring of joints.
func TestBlendsShareInfluences(t *testing.T) {
	for _, c := range []struct {
		name string
		mesh *Mesh
		max  int
	}{
		{"sample", Build(sample.Model()), 0},
		{"stress", Build(stress.Model()), 130},
	} {
		t.Run(c.name, func(t *testing.T) {
			seen := map[Blend]bool{}
			for i, b := range c.mesh.Blends {
				if seen[b] {
					t.Fatalf("blend %d %+v kept twice", i, b)
				}
				seen[b] = true
			}
			for i, v := range c.mesh.Vertices {
				if int(v.Blend) >= len(c.mesh.Blends) {
					t.Fatalf("corner %d: blend %d of %d", i, v.Blend, len(c.mesh.Blends))
				}
				if b := c.mesh.Blends[v.Blend]; b.Joints != v.Joints || b.Weights != v.Weights {
					t.Fatalf("corner %d: blend %+v, influences %v %v", i, b, v.Joints, v.Weights)
				}
			}
			if c.max > 0 && len(c.mesh.Blends) > c.max {
				t.Errorf("%d blends, want at most %d", len(c.mesh.Blends), c.max)
			}
			t.Logf("%d blends for %d distinct corners", len(c.mesh.Blends), len(c.mesh.Unique))
		})
	}
}

// TestPoseCornersMatchesInfluences poses every distinct corner of the
// stress model (four weights each) and of a model with unskinned and
// out-of-range vertices, and compares each with the weighted sum of its
// joints' matrices applied to it, computed here on its own: positions
// and normals must agree, and corners without influences stay put.
func TestPoseCornersMatchesInfluences(t *testing.T) {
	partial := sample.Model()
	for i := range partial.Vertices {
		if i%3 == 0 {
			partial.Vertices[i].Bones[0] = model.NoBone
		}
	}
	for name, m := range map[string]*model.Model{"stress": stress.Model(), "partial": partial} {
		mesh := Build(m)
		// Fewer matrices than joints: the missing ones are the identity.
		skin := make([]mgl32.Mat4, max(mesh.Joints-3, 1))
		for j := range skin {
			skin[j] = mgl32.Translate3D(0.1*float32(j%7), -0.05*float32(j%3), 0.02*float32(j)).
				Mul4(mgl32.HomogRotate3DZ(0.03 * float32(j))).Mul4(mgl32.HomogRotate3DX(-0.02 * float32(j)))
		}
		mats := make([]float32, 16*len(mesh.Blends))
		posed := make([]Posed, len(mesh.Unique))
		mesh.BlendMatrices(skin, mats)
		mesh.PoseCorners(mats, posed)
		moved, still := 0, 0
		for i, v := range mesh.Unique {
			wantP, wantN := mgl32.Vec3(v.Pos), mgl32.Vec3(v.Normal)
			if v.Weights != [4]float32{} {
				wantP, wantN = mgl32.Vec3{}, mgl32.Vec3{}
				for k, w := range v.Weights {
					m := mgl32.Ident4()
					if j := int(v.Joints[k]); j < len(skin) {
						m = skin[j]
					}
					wantP = wantP.Add(m.Mul4x1(mgl32.Vec3(v.Pos).Vec4(1)).Vec3().Mul(w))
					wantN = wantN.Add(m.Mat3().Mul3x1(mgl32.Vec3(v.Normal)).Mul(w))
				}
			}
			if !nearVec(posed[i].Pos, wantP, 1e-4) || !nearVec(posed[i].Normal, wantN, 1e-4) {
				t.Fatalf("%s corner %d: posed %v %v, want %v %v", name, i, posed[i].Pos, posed[i].Normal, wantP, wantN)
			}
			if posed[i].Pos == v.Pos {
				still++
			} else {
				moved++
			}
		}
		if moved == 0 {
			t.Errorf("%s: no corner moved", name)
		}
		if name == "partial" && still == 0 {
			t.Errorf("%s: every corner moved, though a third have no bone", name)
		}
	}
}

// BenchmarkPoseStress is the renderer's per-frame CPU skinning of the model
// at the format's limits: its blends' matrices, then its 33,024 distinct
// corners.
func BenchmarkPoseStress(b *testing.B) { benchPose(b, stress.Model()) }

// BenchmarkPoseWorstCase poses the stress model made as unfriendly as the
// format allows: every vertex its own weights (65 blends become
// thousands) and every corner its own normal (no corner shared).
func BenchmarkPoseWorstCase(b *testing.B) {
	m := stress.Model()
	for i := range m.Vertices {
		m.Vertices[i].Weights = [3]uint8{uint8(30 + i%40), uint8(10 + i/40%20), 15}
	}
	for t := range m.Triangles {
		for c := range 3 {
			m.Triangles[t].Normals[c][1] = float32(t*3+c) * 1e-6
		}
	}
	benchPose(b, m)
}

// benchPose poses m's mesh with every joint turned, as each frame of
// playback does, and reports its blend and corner counts.
func benchPose(b *testing.B, m *model.Model) {
	mesh := Build(m)
	skin := make([]mgl32.Mat4, len(m.Joints))
	for j := range skin {
		skin[j] = mgl32.HomogRotate3DZ(0.01 * float32(j))
	}
	mats := make([]float32, 16*len(mesh.Blends))
	posed := make([]Posed, len(mesh.Unique))
	b.ReportAllocs()
	for b.Loop() {
		mesh.BlendMatrices(skin, mats)
		mesh.PoseCorners(mats, posed)
	}
	b.ReportMetric(float64(len(mesh.Blends)), "blends")
	b.ReportMetric(float64(len(mesh.Unique)), "corners")
}
