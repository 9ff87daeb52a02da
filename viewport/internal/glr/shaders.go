package glr

import (
	"strconv"
	"strings"

	"ms3dstudio/viewport/internal/scene"
)

// The mesh program draws surfaces (lit, textured, heat-map), flat-coloured
// wireframes, picking IDs and the normal lines. It is compiled in several
// variants (see variant) rather than switched by uniforms: llvmpipe runs
// both sides of a branch on a uniform for every vertex and fragment, so
// every feature compiled in costs its full price even when it is off.
//
// Skinning happens on the CPU (Renderer.pose): the shader gets posed
// positions and normals.
const meshVertexShader = `#version 330 core
layout(location = 0) in vec3 aPos;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec2 aUV;
layout(location = 3) in uvec4 aJoints;
layout(location = 4) in vec4 aWeights;

uniform mat4 uView;
uniform mat4 uProj;
#ifdef HEAT
uniform int uHeatJoint;
#endif
#ifdef NORMAL_LINES
uniform float uNormalLength;
#endif

out vec3 vNormal;
out vec3 vViewPos;
out vec2 vUV;
out float vHeat;

void main() {
	vec4 p = vec4(aPos, 1.0);
	vec3 n = aNormal;
#ifdef NORMAL_LINES
	if ((gl_VertexID & 1) == 1) {
		float len = length(n);
		if (len > 1e-6) {
			p.xyz += n / len * uNormalLength;
		}
	}
#endif
	float heat = 0.0;
#ifdef HEAT
	for (int i = 0; i < 4; i++) {
		if (int(aJoints[i]) == uHeatJoint) {
			heat += aWeights[i];
		}
	}
#endif
	vec4 vp = uView * p;
	vViewPos = vp.xyz;
	vNormal = mat3(uView) * n;
	vUV = aUV;
	vHeat = heat;
	gl_Position = uProj * vp;
}
`

// shading selects what the mesh program's fragment shader computes.
type shading uint8

const (
	shadeLit  shading = iota // lit by the material, textured
	shadeHeat                // lit heat map of one joint's weights
	shadeFlat                // uColor, unlit (wireframe, picking, normal lines)
)

// variant is one compiled form of the mesh program.
type variant struct {
	shading shading
	// sphereMap (lit only) looks the texture up by the reflected view
	// direction, for materials with the sphere-map flag.
	sphereMap bool
	// specular (lit only) adds the material's specular highlight; without
	// it the highlight is left out, for materials whose specular colour is
	// black (MilkShape's default, and most materials in the corpus): the
	// power and two normalisations a fragment cost more than the rest of
	// its lighting (jeep1: 10 ms a frame with them, 5.6 without any).
	specular bool
	// opaque (lit only) drops the alpha test, for surfaces whose every
	// texel and material are opaque: a shader that may discard makes
	// llvmpipe (and some GPUs) shade fragments before testing depth;
	// without it fragments behind what is already drawn are never shaded.
	opaque bool
	// normalLines (flat only) moves every odd vertex along its normal:
	// the normal-lines overlay draws each vertex as a two-vertex line.
	normalLines bool
}

// sources returns the variant's vertex and fragment shader sources: the
// mesh shaders with the variant's defines after the #version line.
func (v variant) sources() (vertex, fragment string) {
	var vd, fd []string
	switch v.shading {
	case shadeHeat:
		vd = append(vd, "HEAT")
		fd = append(fd, "SHADE_HEAT")
	case shadeFlat:
		fd = append(fd, "SHADE_FLAT")
		if v.normalLines {
			vd = append(vd, "NORMAL_LINES")
		}
	default:
		if v.sphereMap {
			fd = append(fd, "SPHERE_MAP")
		}
		if v.specular {
			fd = append(fd, "SPECULAR")
		}
		if v.opaque {
			fd = append(fd, "OPAQUE")
		}
	}
	fd = append(fd, lightDefines...)
	return withDefines(meshVertexShader, vd), withDefines(meshFragmentShader, fd)
}

// lightDefines define the fragment shader's lights from scene's, which the
// software renderer shades with too.
var lightDefines = []string{
	"KEY_LIGHT " + glslVec3(scene.KeyLight),
	"FILL_LIGHT " + glslVec3(scene.FillLight),
	"FILL_STRENGTH " + glslFloat(scene.FillStrength),
	"AMBIENT_LIGHT " + glslFloat(scene.AmbientLight),
}

func glslVec3(v [3]float32) string {
	return "vec3(" + glslFloat(v[0]) + ", " + glslFloat(v[1]) + ", " + glslFloat(v[2]) + ")"
}

// glslFloat writes x as a GLSL float literal (always with a point or an
// exponent, which GLSL needs to read a float).
func glslFloat(x float32) string {
	s := strconv.FormatFloat(float64(x), 'g', -1, 32)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

// withDefines inserts one #define line per name after src's first line
// (the #version line).
func withDefines(src string, names []string) string {
	var b strings.Builder
	version, rest, _ := strings.Cut(src, "\n")
	b.WriteString(version)
	b.WriteString("\n")
	for _, n := range names {
		b.WriteString("#define " + n + "\n")
	}
	b.WriteString(rest)
	return b.String()
}

const meshFragmentShader = `#version 330 core
in vec3 vNormal;
in vec3 vViewPos;
in vec2 vUV;
in float vHeat;

uniform sampler2D uTex;
uniform vec4 uAmbient;
uniform vec4 uDiffuse;
uniform vec4 uSpecular;
uniform vec4 uEmissive;
uniform float uShininess;
uniform float uOpacity;
uniform int uTwoSided;
uniform vec4 uColor;
uniform vec4 uTint;
uniform float uAlphaRef;

out vec4 fragColor;

// The lights (scene.KeyLight, FillLight, FillStrength, AmbientLight) come
// as defines inserted by sources.
const vec3 keyDir = normalize(KEY_LIGHT);
const vec3 fillDir = normalize(FILL_LIGHT);
const vec3 ambientLight = vec3(AMBIENT_LIGHT);

#ifdef SHADE_HEAT
vec3 heatRamp(float w) {
	w = clamp(w, 0.0, 1.0);
	// blue (0) -> cyan -> green (0.5) -> yellow -> red (1)
	vec3 c = vec3(0.0, 0.0, 1.0);
	c = mix(c, vec3(0.0, 1.0, 1.0), smoothstep(0.0, 0.25, w));
	c = mix(c, vec3(0.0, 1.0, 0.0), smoothstep(0.25, 0.5, w));
	c = mix(c, vec3(1.0, 1.0, 0.0), smoothstep(0.5, 0.75, w));
	c = mix(c, vec3(1.0, 0.0, 0.0), smoothstep(0.75, 1.0, w));
	return c;
}
#endif

void main() {
#ifdef SHADE_FLAT
	fragColor = uColor;
#else
	vec3 n = vNormal;
	float len = length(n);
	n = len > 1e-6 ? n / len : vec3(0.0, 0.0, 1.0);
	if (!gl_FrontFacing && uTwoSided != 0) {
		n = -n;
	}
	float key = max(dot(n, keyDir), 0.0);
	float fill = FILL_STRENGTH * max(dot(n, fillDir), 0.0);
#ifdef SHADE_HEAT
	vec3 rgb = heatRamp(vHeat) * (0.35 + 0.65 * key + fill);
	float alpha = 1.0;
#else
	vec2 uv = vUV;
#ifdef SPHERE_MAP
	// Sphere-map environment lookup (OpenGL's GL_SPHERE_MAP): the
	// reflected view direction picks the texel. T grows downwards in MS3D
	// images, so the reflection's +Y is the top row.
	vec3 rf = reflect(normalize(vViewPos), n);
	float m = 2.0 * sqrt(rf.x * rf.x + rf.y * rf.y + (rf.z + 1.0) * (rf.z + 1.0));
	uv = vec2(rf.x / m + 0.5, 0.5 - rf.y / m);
#endif
	vec4 tex = texture(uTex, uv);
	vec3 lit = uAmbient.rgb * ambientLight + uDiffuse.rgb * (key + fill);
	vec3 spec = vec3(0.0);
#ifdef SPECULAR
	if (key > 0.0) {
		vec3 h = normalize(keyDir + normalize(-vViewPos));
		spec = uSpecular.rgb * pow(max(dot(n, h), 0.0), max(uShininess, 1.0));
	}
#endif
	vec3 rgb = uEmissive.rgb + tex.rgb * lit + spec;
	float alpha = uOpacity * tex.a;
#ifndef OPAQUE
	// uAlphaRef is the model extra's alpha reference in its
	// depth-buffered mode, 0 otherwise.
	if (alpha < max(uAlphaRef, 1.0 / 255.0)) {
		discard;
	}
#endif
#endif
	rgb = mix(rgb, uTint.rgb, uTint.a);
	fragColor = vec4(rgb, alpha);
#endif
}
`

// The line program draws the grid, axes, bounding box and skeleton from
// per-vertex colours; with uPoints set it draws round points.
const lineVertexShader = `#version 330 core
layout(location = 0) in vec3 aPos;
layout(location = 1) in vec4 aColor;
layout(location = 2) in float aSize;

uniform mat4 uViewProj;

out vec4 vColor;

void main() {
	vColor = aColor;
	gl_PointSize = aSize;
	gl_Position = uViewProj * vec4(aPos, 1.0);
}
`

const lineFragmentShader = `#version 330 core
in vec4 vColor;
uniform int uPoints;
out vec4 fragColor;

void main() {
	if (uPoints != 0) {
		vec2 d = gl_PointCoord - vec2(0.5);
		if (dot(d, d) > 0.25) {
			discard;
		}
	}
	fragColor = vColor;
}
`
