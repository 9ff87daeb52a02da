package smd

import (
	"fmt"
	"math"
	"path"
	"strings"

	"github.com/go-gl/mathgl/mgl32"

	"ms3dstudio/model"
	"ms3dstudio/model/anim"
)

// Profile names the engine an export is for.
type Profile string

// The engine profiles.
const (
	// GoldSrc is Half-Life 1's engine: one bone per vertex, textures as
	// 8-bit indexed BMP files named by the material line.
	GoldSrc Profile = "goldsrc"
	// Source is Half-Life 2's engine: up to the weights the model has (MS3D
	// holds four), materials named without an extension.
	Source Profile = "source"
)

// ParseProfile returns the profile named s ("goldsrc" or "source").
func ParseProfile(s string) (Profile, error) {
	switch p := Profile(strings.ToLower(s)); p {
	case GoldSrc, Source:
		return p, nil
	}
	return "", fmt.Errorf("smd: unknown profile %q (want goldsrc or source)", s)
}

// Limits of an engine, as its studiomdl enforces them.
type Limits struct {
	// Bones is the most bones a model may have.
	Bones int
	// Influences is the most bones a vertex may have.
	Influences int
	// Vertices and Triangles bound a model's mesh (0: no limit worth
	// checking below what MS3D itself holds).
	Vertices, Triangles int
	// Textures is the most textures (skins) a model may have.
	Textures int
}

// LimitsOf returns the limits of a profile: GoldSrc's studiomdl takes 128
// bones, 2048 vertices and 20000 triangles per model and 100 textures, and
// one bone per vertex; Source's takes 128 bones and 3 weights per vertex in
// its compiled vertex format (more are accepted in the SMD and reduced by
// studiomdl), which is reported, not cut, on export.
func LimitsOf(p Profile) Limits {
	if p == GoldSrc {
		return Limits{Bones: 128, Influences: 1, Vertices: 2048, Triangles: 20000, Textures: 100}
	}
	return Limits{Bones: 128, Influences: 3}
}

// ValidateFor reports what the engine of profile p will not take from m as
// it would be exported: more bones than it allows, vertices without a bone
// (export assigns them to the nearest joint; FixUnboned does it in the
// model), vertices with more influences than the profile keeps, meshes
// over the engine's limits, and, last, textures GoldSrc cannot load,
// judged by their names alone (not named .bmp; document/engine judges the
// files themselves).
func ValidateFor(m *model.Model, p Profile) []model.Finding {
	lim := LimitsOf(p)
	var out []model.Finding
	if n := len(m.Joints); n > lim.Bones {
		out = append(out, model.Finding{Code: model.CodeEngineBones, Severity: model.Error, Where: model.At(model.PartJoint, lim.Bones),
			Message: fmt.Sprintf("%d joints; %s takes at most %d bones", n, p, lim.Bones),
			Fix:     "merge or delete joints"})
	}
	unboned, lost, firstUnboned, firstLost := 0, 0, -1, -1
	var inf [4]model.Influence
	for v := range m.Vertices {
		n := m.Influences(v, &inf)
		switch {
		case n == 0:
			unboned++
			if firstUnboned < 0 {
				firstUnboned = v
			}
		case n > lim.Influences:
			lost++
			if firstLost < 0 {
				firstLost = v
			}
		}
	}
	if unboned > 0 && len(m.Joints) > 0 {
		out = append(out, model.Finding{Code: model.CodeEngineUnboned, Severity: model.Warning, Where: model.At(model.PartVertex, firstUnboned),
			Message: fmt.Sprintf("%d vertices have no bone (the first is vertex %d); %s needs one for every vertex", unboned, firstUnboned, p),
			Fix:     "assign each to the nearest joint"})
	}
	if lost > 0 {
		what := "only its strongest bone is kept"
		if p == Source {
			what = fmt.Sprintf("studiomdl keeps the strongest %d", lim.Influences)
		}
		out = append(out, model.Finding{Code: model.CodeEngineWeightsLost, Severity: model.Warning, Where: model.At(model.PartVertex, firstLost),
			Message: fmt.Sprintf("%d vertices have more than %d bone influences (the first is vertex %d); %s", lost, lim.Influences, firstLost, what),
			Fix:     "keep the strongest influences"})
	}
	if lim.Vertices > 0 && len(m.Vertices) > lim.Vertices || lim.Triangles > 0 && len(m.Triangles) > lim.Triangles {
		out = append(out, model.Finding{Code: model.CodeEngineLimit, Severity: model.Warning, Where: model.At(model.PartFile, -1),
			Message: fmt.Sprintf("%d vertices and %d triangles; %s takes at most %d and %d per model", len(m.Vertices), len(m.Triangles), p, lim.Vertices, lim.Triangles),
			Fix:     "split the mesh into body parts or reduce it"})
	}
	if lim.Textures > 0 && len(m.Materials) > lim.Textures {
		out = append(out, model.Finding{Code: model.CodeEngineLimit, Severity: model.Warning, Where: model.At(model.PartMaterial, lim.Textures),
			Message: fmt.Sprintf("%d materials; %s takes at most %d textures", len(m.Materials), p, lim.Textures)})
	}
	if p == GoldSrc {
		for i, mat := range m.Materials {
			tex := mat.Texture.Display()
			if tex == "" || strings.EqualFold(path.Ext(strings.ReplaceAll(tex, "\\", "/")), ".bmp") {
				continue
			}
			out = append(out, model.Finding{Code: model.CodeEngineTexture, Severity: model.Warning, Where: model.At(model.PartMaterial, i),
				Message: fmt.Sprintf("material %q uses %q; GoldSrc loads 8-bit indexed BMP files only, and the export names it %q", mat.Name.Display(), tex, GoldSrcTexture(mat)),
				Fix:     "convert the texture to an 8-bit indexed BMP beside the model"})
		}
	}
	return out
}

// FixUnboned assigns every vertex without a valid bone to the joint nearest
// to it in the bind pose and returns how many it changed. A model without
// joints is left alone (export gives it a root bone of its own).
func FixUnboned(m *model.Model) int {
	if len(m.Joints) == 0 {
		return 0
	}
	pos := restPositions(m)
	var inf [4]model.Influence
	n := 0
	for v := range m.Vertices {
		if m.Influences(v, &inf) > 0 {
			continue
		}
		vx := &m.Vertices[v]
		vx.Bones = [4]uint16{uint16(nearest(pos, vx.Position)), model.NoBone, model.NoBone, model.NoBone}
		vx.Weights = [3]uint8{}
		n++
	}
	return n
}

// restPositions returns each joint's bind-pose position in model space.
func restPositions(m *model.Model) [][3]float32 {
	sk, _ := anim.NewSkeleton(m)
	g := make([]mgl32.Mat4, sk.Len())
	sk.RestPose(g)
	out := make([][3]float32, len(g))
	for i := range g {
		out[i] = [3]float32{g[i].At(0, 3), g[i].At(1, 3), g[i].At(2, 3)}
	}
	return out
}

// nearest returns the index of the position closest to p (the lowest index
// among equals).
func nearest(pos [][3]float32, p [3]float32) int {
	best, bestD := 0, math.Inf(1)
	for i, q := range pos {
		dx, dy, dz := float64(q[0]-p[0]), float64(q[1]-p[1]), float64(q[2]-p[2])
		if d := dx*dx + dy*dy + dz*dz; d < bestD {
			best, bestD = i, d
		}
	}
	return best
}
