package importer

import (
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"

	"ms3dstudio/model"
)

// DefaultImportFPS is the timeline's frame rate when ImportOptions.FPS is 0.
const DefaultImportFPS = 30

// ImportOptions tune Import.
type ImportOptions struct {
	// FPS is the frame rate of the MilkShape timeline; channels whose keys
	// fall between its frames, and cubic-spline channels, are sampled at
	// it. 0 means DefaultImportFPS.
	FPS float32
	// Name is the model's name (its file name without extension):
	// embedded images without a name of their own are named after it.
	Name string
}

// Image is an image the glTF file embeds (a data URI or a GLB buffer view).
// A MilkShape material can only name a texture file, so the materials name
// Name, and the caller writes Data under that name beside the model when
// it is saved.
type Image struct {
	// Name is a file name without folders, unique among the import's
	// images (ignoring case), with the extension of its type.
	Name string
	// MimeType is "image/png" or "image/jpeg".
	MimeType string
	Data     []byte
}

// Imported is what Import builds from a glTF file.
type Imported struct {
	Model *model.Model
	// Images are the embedded images the materials name (see Image).
	Images []Image
	// Errors holds, per clip in timeline order, the largest distance
	// between a vertex as the MilkShape model plays it and as the glTF
	// file does, measured at every frame and halfway between frames
	// (bounded over the box of the vertices each joint moves).
	Errors []float64
	// Size is the diagonal of the model's bounding box in the rest pose.
	Size float64
}

// ImportFile imports the .gltf or .glb file at path. External buffers are
// read from the file's folder through an os.Root, so neither ".." nor a
// symbolic link leads out of it.
func ImportFile(path string, opt ImportOptions) (*Imported, []model.Finding, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("gltf: %w", err)
	}
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return nil, nil, fmt.Errorf("gltf: %w", err)
	}
	defer root.Close()
	if opt.Name == "" {
		opt.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	return Import(data, root.FS(), opt)
}

// Import builds a MilkShape model from the bytes of a .gltf or .glb file,
// reading external buffers through fsys (the model's folder; nil when there
// is none). See the package documentation for what becomes what. The error
// is an *ImportError naming the JSON pointer at fault when the file cannot
// be read; everything the model could not hold is a finding.
func Import(data []byte, fsys fs.FS, opt ImportOptions) (*Imported, []model.Finding, error) {
	fps := float64(opt.FPS)
	if fps == 0 {
		fps = DefaultImportFPS
	}
	if !(fps >= 1) || math.IsInf(fps, 0) {
		return nil, nil, fmt.Errorf("gltf: frame rate %v is not a number of at least 1", opt.FPS)
	}
	src, err := decode(data, fsys)
	if err != nil {
		return nil, nil, err
	}
	im := &importer{src: src, opt: opt, fps: fps, m: &model.Model{Version: 4, FPS: float32(fps)}}
	if err := im.run(); err != nil {
		return nil, im.findings, importError(err)
	}
	return &Imported{Model: im.m, Images: im.images, Errors: im.errors, Size: im.size}, im.findings, nil
}

// importer holds the state of one import.
type importer struct {
	src      *source
	opt      ImportOptions
	fps      float64
	m        *model.Model
	findings []model.Finding
	g        *graph
	def      *pose // the scene without animation
	clips    []clipSource

	jointOf []int // node → its MS3D joint (the first, for a node with several), −1
	joints  []jointInfo
	restInv []mat4 // each joint's rest local transform, inverted (see key)
	prims   []*primData
	images  []Image
	errors  []float64

	matMap     []int // glTF material → MS3D material, −1
	imageNames *namer
	imagePath  map[int]string // glTF image → texture path
	size       float64

	triangles int   // triangles so far, for the flattening limit
	spent     int64 // steps of work so far, see spend
}

// spend charges n steps of work (a node posed, a vertex moved by a morph
// target) and reports whether the total is still within what the file's
// size allows: 64 steps a byte of input, and 2^24 more. Repeating data
// costs a file few bytes (every channel or morph target may name one
// accessor, one key at a huge time makes a long timeline), so time is
// bounded separately from memory.
func (im *importer) spend(n int64) bool {
	im.spent += n
	return im.spent <= 64*im.src.Budget()+1<<24
}

// jointInfo is an MS3D joint: the node it follows and its rest pose.
type jointInfo struct {
	node   int
	parent int // MS3D joint, −1
	// q and kinv split the node's world matrix in the scene without
	// animation: world = q·k with q rigid. The joint follows
	// world(t)·kinv, which is rigid while the node's scale stays what it
	// was (see polar).
	q, kinv mat4
	rest    mat4 // the rigid rest (global) matrix
	hasRest bool
	box     model.Box // the rest positions of the vertices it moves
}

func (im *importer) note(code model.Code, sev model.Severity, at, format string, args ...any) {
	im.findings = append(im.findings, model.Finding{Code: code, Severity: sev,
		Where:   model.Location{Part: model.PartGLTF, Index: -1, Offset: -1, Path: at},
		Message: fmt.Sprintf(format, args...)})
}

func (im *importer) run() error {
	doc := im.src.doc
	im.extensions()
	g, err := buildGraph(doc)
	if err != nil {
		return err
	}
	im.g = g
	im.def = g.newPose()
	g.evaluate(im.def, nil, 0, false)
	if err := im.readAnimations(); err != nil {
		return err
	}
	if err := im.readPrimitives(); err != nil {
		return err
	}
	if err := im.makeJoints(); err != nil {
		return err
	}
	if err := im.bindSkins(); err != nil {
		return err
	}
	if err := im.materials(); err != nil {
		return err
	}
	im.geometry()
	im.animate()
	im.morphs()
	return nil
}

// supportedExtensions are the extensions whose content the import uses or
// that change nothing it reads.
var supportedExtensions = map[string]bool{
	"KHR_materials_emissive_strength": true,
	"KHR_mesh_quantization":           true, // integer attributes are read as any other
}

func (im *importer) extensions() {
	doc := im.src.doc
	required := map[string]bool{}
	for _, e := range doc.ExtensionsRequired {
		required[e] = true
	}
	for i, e := range doc.ExtensionsUsed {
		if supportedExtensions[e] {
			continue
		}
		sev, what := model.Info, "is not applied"
		if required[e] {
			sev, what = model.Warning, "is required by the file but not applied; what it holds is missing"
		}
		im.note(model.CodeGLTFExtension, sev, fmt.Sprintf("/extensionsUsed/%d", i), "extension %s %s", e, what)
	}
}

// makeJoints makes an MS3D joint of every node that a skin uses as a joint
// or an animation moves, in hierarchy order. Each joint's parent is its
// nearest ancestor that is a joint too: the nodes between fold into it.
func (im *importer) makeJoints() error {
	doc, g := im.src.doc, im.g
	isJoint := make([]bool, len(doc.Nodes))
	for _, p := range im.prims {
		if p.skin < 0 {
			continue
		}
		for k, n := range doc.Skins[p.skin].Joints {
			at := fmt.Sprintf("/skins/%d/joints/%d", p.skin, k)
			if n < 0 || n >= len(doc.Nodes) {
				return errAt(at, "node %d does not exist (the file has %d)", n, len(doc.Nodes))
			}
			if !g.inScene[n] {
				return errAt(at, "node %d is not in the scene", n)
			}
			isJoint[n] = true
		}
	}
	for _, c := range im.clips {
		for _, ch := range c.channels {
			isJoint[ch.node] = true
		}
	}
	im.jointOf = make([]int, len(doc.Nodes))
	for i := range im.jointOf {
		im.jointOf[i] = -1
	}
	for _, n := range g.order {
		if !isJoint[n] {
			continue
		}
		parent := -1
		for a := g.parent[n]; a >= 0; a = g.parent[a] {
			if im.jointOf[a] >= 0 {
				parent = im.jointOf[a]
				break
			}
		}
		q, k := im.def.world[n].polar()
		kinv, ok := k.inverse()
		if !ok {
			im.note(model.CodeGLTFScale, model.Warning, fmt.Sprintf("/nodes/%d", n), "node %d is scaled to nothing; its joint keeps its rotation only", n)
		}
		im.jointOf[n] = len(im.joints)
		im.joints = append(im.joints, jointInfo{node: n, parent: parent, q: q, kinv: kinv})
	}
	if len(im.joints) > model.MaxJoints {
		return errAt("/nodes", "%d joints, more than a model holds (%d)", len(im.joints), model.MaxJoints)
	}
	return nil
}

// nodeName returns node n's name, or a name made from its index.
func (im *importer) nodeName(n int) string {
	if name := im.src.doc.Nodes[n].Name; name != "" {
		return name
	}
	return fmt.Sprintf("node%d", n)
}
