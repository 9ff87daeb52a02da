package model

// Parts of the text files that findings of the OBJ importer point at.
const (
	// PartOBJLine is a line of an OBJ file: Location.Index is the 1-based
	// line number and Location.Offset the byte offset of the line's start.
	PartOBJLine = "obj-line"
	// PartMTLLine is a line of an MTL material library, numbered the same
	// way; the message names the library.
	PartMTLLine = "mtl-line"
)

// Findings raised while reading a Wavefront OBJ file and its MTL material
// libraries (formats/obj).
const (
	// CodeOBJSyntax: a statement's numbers or fields cannot be read.
	CodeOBJSyntax Code = "obj.syntax"
	// CodeOBJIndex: a face names a position, texture coordinate or normal
	// that does not exist.
	CodeOBJIndex Code = "obj.index"
	// CodeOBJDegenerate: a face has fewer than three distinct corners or no
	// area.
	CodeOBJDegenerate Code = "obj.degenerate"
	// CodeOBJPolygon: a polygon could not be triangulated by ear clipping.
	CodeOBJPolygon Code = "obj.polygon"
	// CodeOBJMaterial: usemtl names a material no library defines, or a
	// library defines one twice.
	CodeOBJMaterial Code = "obj.material"
	// CodeOBJLibrary: a material library named by mtllib is missing or
	// unreadable.
	CodeOBJLibrary Code = "obj.mtl-missing"
	// CodeOBJUnsupported: statements the importer does not use (lines,
	// points, curves, surfaces) were skipped.
	CodeOBJUnsupported Code = "obj.unsupported"
	// CodeOBJSmoothing: more smoothing groups than MilkShape's 32.
	CodeOBJSmoothing Code = "obj.smoothing"
	// CodeOBJUnused: positions that no face uses were left out.
	CodeOBJUnused Code = "obj.unused-vertices"
	// CodeOBJLimit: more groups or materials than the model can address.
	CodeOBJLimit Code = "obj.limit"
	// CodeOBJMore: findings of one code past the first hundred, counted.
	CodeOBJMore Code = "obj.more"
)

func init() {
	declareCodes(
		CodeInfo{CodeOBJSyntax, Error, "an OBJ or MTL statement's numbers or fields cannot be read; a position, texture coordinate or normal reads as 0 (so later indices still count right), anything else is skipped"},
		CodeInfo{CodeOBJIndex, Error, "an OBJ face names a position, texture coordinate or normal that does not exist (or index 0); a bad position drops the face, a bad texture coordinate or normal only that corner's value"},
		CodeInfo{CodeOBJDegenerate, Warning, "an OBJ face has fewer than three distinct corners or no area, or a polygon's corner lies on its neighbours' line; it is left out"},
		CodeInfo{CodeOBJPolygon, Warning, "an OBJ polygon crosses itself or is too large for ear clipping (over 4096 corners); it is triangulated as well as can be (a fan for the large ones)"},
		CodeInfo{CodeOBJMaterial, Warning, "usemtl names a material that no material library defines (it gets default colours), or a library defines a name twice (the first counts)"},
		CodeInfo{CodeOBJLibrary, Warning, "a material library named by mtllib is missing, unreadable or too large; its materials get default colours"},
		CodeInfo{CodeOBJUnsupported, Info, "OBJ statements the importer does not use (lines, points, free-form curves and surfaces, unknown keywords) were skipped"},
		CodeInfo{CodeOBJSmoothing, Warning, "the OBJ file has more than the 32 smoothing groups MilkShape holds; later ones share numbers with earlier ones"},
		CodeInfo{CodeOBJUnused, Info, "OBJ positions that no face uses were left out of the model"},
		CodeInfo{CodeOBJLimit, Error, "the OBJ file has more groups or materials than the model can address; later faces go into the last group, or get no material"},
		CodeInfo{CodeOBJMore, Info, "more OBJ findings of one code than the hundred listed; they are counted, not listed"},
	)
}
