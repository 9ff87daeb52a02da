package max3ds

import (
	"encoding/binary"
	"fmt"
	"os"

	"ms3dstudio/model"
)

// ReadFile decodes the 3DS file at path; see Decode.
func ReadFile(path string) (*Scene, []model.Finding, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("max3ds: %w", err)
	}
	return Decode(data)
}

// Decode reads a 3DS file held in data. The error is a *FormatError, returned
// only when data does not start with a 0x4D4D main chunk header; anything
// after that is read as far as it goes, with findings for what was cut,
// clamped or inconsistent. The Scene does not alias data.
func Decode(data []byte) (*Scene, []model.Finding, error) {
	if len(data) < headerSize {
		return nil, nil, &FormatError{Chunk: ChunkMain, Offset: 0,
			Msg: fmt.Sprintf("file is %d bytes, shorter than a chunk header", len(data))}
	}
	if id := binary.LittleEndian.Uint16(data); id != ChunkMain {
		return nil, nil, &FormatError{Chunk: id, Offset: 0,
			Msg: fmt.Sprintf("not a 3DS file: the first chunk is %#04x, want the main chunk %#04x", id, ChunkMain)}
	}
	d := &decoder{data: data}
	length := binary.LittleEndian.Uint32(data[2:])
	main := chunk{id: ChunkMain, start: 0, data: headerSize, end: len(data)}
	switch {
	case length < headerSize:
		d.chunkf(model.Code3DSChunkLength, model.Error, 0,
			"main chunk at offset 0x0: length %d is shorter than its own header; the whole file (%d bytes) is read instead", length, len(data))
	case uint64(length) > uint64(len(data)):
		d.chunkf(model.Code3DSChunkOverrun, model.Warning, 0,
			"main chunk at offset 0x0: length %d runs %d bytes past the end of the %d-byte file; clamped", length, uint64(length)-uint64(len(data)), len(data))
	default:
		main.end = int(length)
		if main.end < len(data) {
			d.chunkf(model.Code3DSTrailing, model.Info, main.end,
				"%d bytes follow the main chunk at offset %#x; ignored", len(data)-main.end, main.end)
		}
	}
	s := &Scene{MasterScale: 1}
	d.walk(main, main.data, func(c chunk) {
		switch c.id {
		case chunkVersion:
			s.Version = d.cursor(c).u32("version")
		case chunkEditor:
			d.editor(s, c)
		case chunkKeyframer:
			if s.Keyframer.Present {
				d.chunkf(model.Code3DSDuplicate, model.Warning, c.start, "a second keyframer chunk at offset %#x; ignored", c.start)
				return
			}
			d.keyframer(&s.Keyframer, c)
		}
	})
	return s, d.findings, nil
}

func (d *decoder) editor(s *Scene, c chunk) {
	d.walk(c, c.data, func(c chunk) {
		switch c.id {
		case chunkMeshVersion:
			s.MeshVersion = d.cursor(c).u32("mesh version")
		case chunkMasterScale:
			s.MasterScale = d.cursor(c).f32("master scale")
		case chunkMaterial:
			s.Materials = append(s.Materials, d.material(c))
		case chunkObject:
			d.object(s, c)
		}
	})
}

// colour reads the colour sub-chunks of c, preferring a linear colour to a
// gamma-corrected one when both are present.
func (d *decoder) colour(c chunk) (rgb [3]float32, ok bool) {
	linear := false
	d.walk(c, c.data, func(c chunk) {
		r := d.cursor(c)
		var v [3]float32
		switch c.id {
		case chunkColorF, chunkLinColorF:
			v = r.vec3("colour")
		case chunkColor24, chunkLinColor24:
			if r.need(3, "colour") {
				b := d.data[r.off : r.off+3]
				v = [3]float32{float32(b[0]) / 255, float32(b[1]) / 255, float32(b[2]) / 255}
			}
		default:
			return
		}
		if r.short {
			return
		}
		isLinear := c.id == chunkLinColorF || c.id == chunkLinColor24
		if isLinear || !linear {
			rgb, ok, linear = v, true, isLinear
		}
	})
	return rgb, ok
}

// percent reads the percentage sub-chunk of c as a fraction.
func (d *decoder) percent(c chunk) (v float32, ok bool) {
	d.walk(c, c.data, func(c chunk) {
		r := d.cursor(c)
		switch c.id {
		case chunkPercentInt:
			p := int16(r.u16("percentage"))
			if !r.short {
				v, ok = float32(p)/100, true
			}
		case chunkPercentFloat:
			p := r.f32("percentage")
			if !r.short {
				v, ok = p, true
			}
		}
	})
	return v, ok
}

func (d *decoder) material(c chunk) Material {
	m := Material{Offset: int64(c.start)}
	d.walk(c, c.data, func(c chunk) {
		switch c.id {
		case chunkMatName:
			m.Name = d.cursor(c).cstr("material name")
		case chunkMatAmbient:
			m.Ambient, _ = d.colour(c)
		case chunkMatDiffuse:
			m.Diffuse, _ = d.colour(c)
		case chunkMatSpecular:
			m.Specular, _ = d.colour(c)
		case chunkMatShininess:
			m.Shininess, _ = d.percent(c)
		case chunkMatStrength:
			m.ShininessStrength, _ = d.percent(c)
		case chunkMatTransp:
			m.Transparency, _ = d.percent(c)
		case chunkMatTwoSided:
			m.TwoSided = true
		case chunkMatShading:
			m.Shading = d.cursor(c).u16("shading")
		case chunkMatTexMap:
			m.Texture = d.textureMap(c)
		}
	})
	return m
}

func (d *decoder) textureMap(c chunk) TextureMap {
	t := TextureMap{Amount: 1, UScale: 1, VScale: 1}
	d.walk(c, c.data, func(c chunk) {
		r := d.cursor(c)
		switch c.id {
		case chunkPercentInt:
			if p := int16(r.u16("map amount")); !r.short {
				t.Amount = float32(p) / 100
			}
		case chunkPercentFloat:
			if p := r.f32("map amount"); !r.short {
				t.Amount = p
			}
		case chunkMapFile:
			t.File = r.cstr("texture file name")
		case chunkMapTiling:
			t.Tiling = r.u16("tiling flags")
		case chunkMapUScale:
			t.UScale = r.f32("U scale")
		case chunkMapVScale:
			t.VScale = r.f32("V scale")
		case chunkMapUOffset:
			t.UOffset = r.f32("U offset")
		case chunkMapVOffset:
			t.VOffset = r.f32("V offset")
		case chunkMapRotation:
			t.Rotation = r.f32("map rotation")
		}
	})
	return t
}

func (d *decoder) object(s *Scene, c chunk) {
	r := d.cursor(c)
	name := r.cstr("object name")
	hidden := false
	d.walk(c, r.off, func(sub chunk) {
		switch sub.id {
		case chunkObjHidden:
			hidden = true
		case chunkTriMesh:
			o := d.trimesh(sub)
			o.Name, o.Hidden, o.Offset = name, hidden, int64(c.start)
			s.Objects = append(s.Objects, o)
		case chunkLight:
			s.Lights = append(s.Lights, d.light(name, c, sub))
		case chunkCamera:
			s.Cameras = append(s.Cameras, d.camera(name, c, sub))
		}
	})
}

func (d *decoder) trimesh(c chunk) Object {
	o := Object{VertexOffset: -1}
	d.walk(c, c.data, func(c chunk) {
		r := d.cursor(c)
		switch c.id {
		case chunkVertices:
			if o.Vertices != nil {
				d.chunkf(model.Code3DSDuplicate, model.Warning, c.start, "a second vertex list at offset %#x; ignored", c.start)
				return
			}
			n := r.count("vertices", 12)
			o.Vertices = make([][3]float32, n)
			for i := range o.Vertices {
				o.Vertices[i] = r.vec3("vertex")
			}
			o.VertexOffset = int64(c.start)
		case chunkUVs:
			if o.UVs != nil {
				d.chunkf(model.Code3DSDuplicate, model.Warning, c.start, "a second texture coordinate list at offset %#x; ignored", c.start)
				return
			}
			n := r.count("texture coordinates", 8)
			o.UVs = make([][2]float32, n)
			for i := range o.UVs {
				o.UVs[i] = [2]float32{r.f32("u"), r.f32("v")}
			}
		case chunkFaces:
			if o.Faces != nil {
				d.chunkf(model.Code3DSDuplicate, model.Warning, c.start, "a second face list at offset %#x; ignored", c.start)
				return
			}
			d.faces(&o, c)
		case chunkMeshMatrix:
			if !r.need(48, "mesh matrix") {
				return
			}
			for i := range o.Matrix {
				o.Matrix[i] = r.f32("mesh matrix")
			}
			o.HasMatrix = true
		}
	})
	return o
}

func (d *decoder) faces(o *Object, c chunk) {
	r := d.cursor(c)
	n := r.count("faces", 8)
	o.Faces = make([]Face, n)
	for i := range o.Faces {
		b := d.data[r.off : r.off+8]
		o.Faces[i] = Face{
			V:     [3]uint16{binary.LittleEndian.Uint16(b), binary.LittleEndian.Uint16(b[2:]), binary.LittleEndian.Uint16(b[4:])},
			Flags: binary.LittleEndian.Uint16(b[6:]),
		}
		r.off += 8
	}
	d.walk(c, r.off, func(c chunk) {
		r := d.cursor(c)
		switch c.id {
		case chunkFaceMat:
			g := FaceGroup{Offset: int64(c.start)}
			g.Material = r.cstr("material name")
			k := r.count("face indices", 2)
			g.Faces = make([]uint16, k)
			for i := range g.Faces {
				g.Faces[i] = r.u16("face index")
			}
			o.Groups = append(o.Groups, g)
		case chunkSmooth:
			if o.Smoothing != nil {
				d.chunkf(model.Code3DSDuplicate, model.Warning, c.start, "a second smoothing group list at offset %#x; ignored", c.start)
				return
			}
			// One mask per face; the chunk has no count of its own.
			k := min(n, r.left()/4)
			if k < n {
				d.chunkf(model.Code3DSCount, model.Warning, c.start,
					"chunk %#04x at offset %#x: smoothing masks for %d of %d faces; the others are flat", c.id, c.start, k, n)
			}
			o.Smoothing = make([]uint32, n)
			for i := range k {
				o.Smoothing[i] = r.u32("smoothing mask")
			}
		}
	})
}

func (d *decoder) light(name string, obj, c chunk) Light {
	r := d.cursor(c)
	l := Light{Name: name, Offset: int64(obj.start), Color: [3]float32{1, 1, 1}}
	l.Position = r.vec3("light position")
	d.walk(c, r.off, func(sub chunk) {
		switch sub.id {
		case chunkColorF, chunkLinColorF, chunkColor24, chunkLinColor24:
			if rgb, ok := d.colour(chunk{id: c.id, start: sub.start, data: sub.start, end: sub.end}); ok {
				l.Color = rgb
			}
		case chunkSpotlight:
			r := d.cursor(sub)
			l.Spot = true
			l.Target = r.vec3("spot target")
			l.Hotspot = r.f32("hotspot")
			l.Falloff = r.f32("falloff")
		}
	})
	return l
}

func (d *decoder) camera(name string, obj, c chunk) Camera {
	r := d.cursor(c)
	cam := Camera{Name: name, Offset: int64(obj.start)}
	cam.Position = r.vec3("camera position")
	cam.Target = r.vec3("camera target")
	cam.Roll = r.f32("camera roll")
	cam.Lens = r.f32("camera lens")
	return cam
}
