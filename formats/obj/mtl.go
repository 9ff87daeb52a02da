package obj

import (
	"bytes"
	"fmt"
	"io"
	"path"

	"ms3dstudio/internal/textnum"
	"ms3dstudio/model"
	"ms3dstudio/model/num"
	"ms3dstudio/model/texpath"
)

// library is one MTL material library.
type library struct {
	name string // as the mtllib statement names it
	// rel is the library's folder relative to the OBJ's, for textures
	// named relative to the library.
	rel  string
	defs map[string]*definition
}

// definition is one newmtl of a library.
type definition struct {
	mat      model.Material
	texture  string // map_Kd as written, "" none
	alphaMap string // map_d as written
	lib      *library
}

// defaultMaterialNamed returns the material a usemtl name gets before its
// library sets anything: the OpenGL material defaults MilkShape uses.
func defaultMaterialNamed(name string) model.Material {
	return model.Material{Name: model.Str(name), Ambient: [4]float32{0.2, 0.2, 0.2, 1}, Diffuse: [4]float32{0.8, 0.8, 0.8, 1},
		Specular: [4]float32{0, 0, 0, 1}, Emissive: [4]float32{0, 0, 0, 1}, Transparency: 1}
}

// loadLibraries reads the libraries of an mtllib statement. A library
// name may hold spaces: the whole rest of the line is tried first, then
// each field as a name.
func (r *reader) loadLibraries(args [][]byte) {
	if len(args) == 0 {
		r.find(model.CodeOBJSyntax, model.Warning, "mtllib names no library")
		return
	}
	if r.opt.Files == nil {
		r.find(model.CodeOBJLibrary, model.Warning, "material library %q is not read (no folder to read it from); its materials get default colours", clip(joinFields(args, "")))
		return
	}
	whole := joinFields(args, "")
	if res := r.opt.Files.Resolve(model.Str(whole)); res.Found && len(args) > 1 {
		r.loadLibrary(whole, res)
		return
	}
	for _, a := range args {
		name := string(a)
		r.loadLibrary(name, r.opt.Files.Resolve(model.Str(name)))
	}
}

// loadLibrary reads one library found as res.
func (r *reader) loadLibrary(name string, res texpath.Result) {
	if !res.Found {
		r.find(model.CodeOBJLibrary, model.Warning, "material library %q was not found; its materials get default colours", clip(name))
		return
	}
	if _, done := r.libs[res.Path]; done {
		return
	}
	lib := &library{name: name, rel: path.Dir(r.opt.Files.Suggest(res)), defs: map[string]*definition{}}
	r.libs[res.Path] = lib
	r.libOrder = append(r.libOrder, lib)
	f, err := r.opt.Files.FS.Open(res.Path)
	if err != nil {
		r.find(model.CodeOBJLibrary, model.Warning, "material library %q cannot be read (%v); its materials get default colours", clip(name), err)
		return
	}
	data, err := io.ReadAll(io.LimitReader(f, maxLibrary+1))
	f.Close()
	switch {
	case err != nil:
		r.find(model.CodeOBJLibrary, model.Warning, "material library %q cannot be read (%v); its materials get default colours", clip(name), err)
		return
	case len(data) > maxLibrary:
		r.find(model.CodeOBJLibrary, model.Warning, "material library %q is larger than %d MB, which no material library is; it is not read", clip(name), maxLibrary>>20)
		return
	}
	r.parseLibrary(lib, data)
}

// parseLibrary reads the newmtl definitions of an MTL file.
func (r *reader) parseLibrary(lib *library, data []byte) {
	var cur *definition
	var fs [][]byte
	var scratch []byte
	find := func(number int, offset int64, code model.Code, sev model.Severity, format string, args ...any) {
		r.found.add(model.Finding{Code: code, Severity: sev, Where: model.Location{Part: model.PartMTLLine, Index: number, Offset: offset},
			Message: fmt.Sprintf("%s line %d: ", lib.name, number) + fmt.Sprintf(format, args...)})
	}
	eachLine(data, &scratch, func(line []byte, number int, offset int64) {
		fs = fields(line, fs[:0])
		if len(fs) == 0 {
			return
		}
		kw, args := string(fs[0]), fs[1:]
		if kw == "newmtl" {
			name := joinFields(args, "")
			if _, dup := lib.defs[name]; dup {
				find(number, offset, model.CodeOBJMaterial, model.Warning, "material %q is defined again; the first definition counts", clip(name))
				cur = &definition{lib: lib} // read, then forgotten
				return
			}
			cur = &definition{mat: defaultMaterialNamed(name), lib: lib}
			lib.defs[name] = cur
			return
		}
		if cur == nil {
			return // statements before the first newmtl belong to no material
		}
		num := func(k int) (float32, bool) {
			if k >= len(args) {
				return 0, false
			}
			v, ok := textnum.ParseFloat(args[k])
			if !ok || !num.Finite(float32(v)) {
				find(number, offset, model.CodeOBJSyntax, model.Error, "%s: %q is not a finite number; the statement is skipped", kw, clip(string(args[k])))
				return 0, false
			}
			return float32(v), true
		}
		colour := func(dst *[4]float32) {
			if len(args) > 0 && (string(args[0]) == "spectral" || string(args[0]) == "xyz") {
				find(number, offset, model.CodeOBJUnsupported, model.Info, "%s %s colours are not read; the default stays", kw, args[0])
				return
			}
			c0, ok := num(0)
			if !ok {
				if len(args) == 0 {
					find(number, offset, model.CodeOBJSyntax, model.Error, "%s needs a colour", kw)
				}
				return
			}
			c := [4]float32{c0, c0, c0, 1}
			if len(args) >= 3 {
				var ok1, ok2 bool
				c[1], ok1 = num(1)
				c[2], ok2 = num(2)
				if !ok1 || !ok2 {
					return
				}
			}
			*dst = c
		}
		switch kw {
		case "Ka":
			colour(&cur.mat.Ambient)
		case "Kd":
			colour(&cur.mat.Diffuse)
		case "Ks":
			colour(&cur.mat.Specular)
		case "Ke":
			colour(&cur.mat.Emissive)
		case "Ns":
			if v, ok := num(0); ok {
				cur.mat.Shininess = min(max(v, 0), 128)
			}
		case "d":
			k := 0
			if len(args) > 0 && string(args[0]) == "-halo" {
				k = 1
			}
			if v, ok := num(k); ok {
				cur.mat.Transparency = min(max(v, 0), 1)
			}
		case "Tr":
			if v, ok := num(0); ok {
				cur.mat.Transparency = 1 - min(max(v, 0), 1)
			}
		case "map_Kd":
			cur.texture = mapFile(args)
		case "map_d":
			cur.alphaMap = mapFile(args)
		}
	})
}

// mapArgs is how many values each texture map option takes (at most;
// -o, -s and -t take one to three numbers).
var mapArgs = map[string]int{"-blendu": 1, "-blendv": 1, "-bm": 1, "-boost": 1, "-cc": 1, "-clamp": 1, "-imfchan": 1,
	"-mm": 2, "-o": 3, "-s": 3, "-t": 3, "-texres": 1, "-type": 1}

// mapFile returns the file name of a map statement: what follows its
// options, spaces kept.
func mapFile(args [][]byte) string {
	i := 0
	for i < len(args) {
		n, ok := mapArgs[string(args[i])]
		if !ok {
			break
		}
		i++
		for k := 0; k < n && i < len(args); k++ {
			if _, isNum := textnum.ParseFloat(args[i]); !isNum && k > 0 {
				break
			}
			i++
		}
	}
	return string(bytes.Join(args[i:], []byte(" ")))
}

// materials resolves the groups' usemtl names into model materials, in the
// order first used, and sets each group's material.
func (r *reader) materials(groups []model.Group) []model.Material {
	var out []model.Material
	index := map[string]int{}
	for g := range groups {
		name := r.groupKeys[g].material
		if name == "" {
			continue
		}
		k, ok := index[name]
		if !ok {
			if len(out) == model.MaxMaterials {
				r.found.add(model.Finding{Code: model.CodeOBJLimit, Severity: model.Error, Where: model.At(model.PartGroup, g),
					Message: fmt.Sprintf("%s: material %q would be material %d, and a model addresses %d; group %q gets none", r.opt.Name, clip(name), len(out)+1, model.MaxMaterials, clip(r.groupKeys[g].name))})
				continue
			}
			k = len(out)
			index[name] = k
			out = append(out, r.newMaterial(k, name))
		}
		groups[g].Material = int16(k)
	}
	return out
}

// newMaterial builds model material k for a usemtl name.
func (r *reader) newMaterial(k int, name string) model.Material {
	var def *definition
	for _, lib := range r.libOrder {
		if d, ok := lib.defs[name]; ok {
			def = d
			break
		}
	}
	if def == nil {
		r.found.add(model.Finding{Code: model.CodeOBJMaterial, Severity: model.Warning, Where: model.At(model.PartMaterial, k),
			Message: fmt.Sprintf("%s: usemtl %q names a material no library defines; it gets default colours", r.opt.Name, clip(name))})
		return defaultMaterialNamed(name)
	}
	mt := def.mat
	mt.Texture = r.texture(k, "texture", def.texture, def.lib)
	mt.AlphaMap = r.texture(k, "alpha map", def.alphaMap, def.lib)
	return mt
}

// texture returns the path a material stores for a map file named in lib:
// the file found, relative to the OBJ's folder (looked up relative to it,
// then to the library's folder), or the name's portable spelling with a
// finding when it is not found.
func (r *reader) texture(k int, what, raw string, lib *library) model.Str {
	if raw == "" {
		return ""
	}
	portable, _ := texpath.Portable(model.Str(raw))
	if r.opt.Files == nil {
		return model.Str(portable)
	}
	res := r.opt.Files.Resolve(model.Str(raw))
	if !res.Found && lib.rel != "." && portable != "" {
		res = r.opt.Files.Resolve(model.Str(path.Join(lib.rel, portable)))
	}
	if !res.Found {
		code := model.CodeTextureMissing
		if what != "texture" {
			code = model.CodeAlphaMapMissing
		}
		r.found.add(model.Finding{Code: code, Severity: model.Warning, Where: model.At(model.PartMaterial, k),
			Message: fmt.Sprintf("%s: material %d: %s %q (library %s) was not found", r.opt.Name, k, what, clip(raw), lib.name)})
		return model.Str(portable)
	}
	return model.Str(r.opt.Files.Suggest(res))
}
