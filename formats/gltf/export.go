package gltf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	qgltf "github.com/qmuntal/gltf"

	"ms3dstudio/internal/atomicfile"
	"ms3dstudio/model"
	"ms3dstudio/model/anim"
	"ms3dstudio/model/clips"
	"ms3dstudio/model/num"
	"ms3dstudio/model/texpath"
)

// Generator is written into the asset's generator field.
const Generator = "MS3D Studio"

// Options control an export.
type Options struct {
	// ModelDir is the folder of the model file; texture paths are resolved
	// from it (see model/texpath). When both ModelDir and Resolver are
	// empty, materials are exported without textures.
	ModelDir string
	// SearchDirs are extra folders where textures are looked up by file
	// name, as the application's texture search folders.
	SearchDirs []string
	// Resolver, when not nil, is used instead of ModelDir and SearchDirs.
	Resolver *texpath.Resolver

	// Clips, when not empty, exports one animation per clip, named after
	// the clip, whose time 0 is the clip's first frame. Without clips the
	// whole timeline is one animation whose times are the model's own: the
	// pose at glTF time t is the viewport's pose at time t.
	Clips []clips.Clip
	// AnimationName names the animation exported when Clips is empty
	// ("Take" when empty).
	AnimationName string
}

// ErrFormat is wrapped by WriteFile's error for a file name whose
// extension is neither .glb nor .gltf.
var ErrFormat = errors.New("gltf: unknown output format")

// Write exports m to w as a binary glTF (.glb), with textures embedded. The
// findings say what had to be repaired or left out; the error is returned
// only when nothing could be written (invalid options, a write error).
func Write(w io.Writer, m *model.Model, opt Options) ([]model.Finding, error) {
	doc, _, findings, err := build(m, opt, &embedSink{})
	if err != nil {
		return findings, err
	}
	if err := encode(w, doc, true); err != nil {
		return findings, fmt.Errorf("gltf: writing glb: %w", err)
	}
	return findings, nil
}

// WriteFile exports m to the file at path, choosing the container by the
// extension (ignoring case): ".glb" writes one binary file with embedded
// textures; ".gltf" writes the JSON document, its buffer as NAME.bin and the
// textures as image files, all in path's folder (an image file of the same
// name that holds other bytes is not overwritten: the image gets a numbered
// name instead). Files are written atomically. It returns the files
// written, path last.
func WriteFile(path string, m *model.Model, opt Options) ([]string, []model.Finding, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".glb":
		var buf bytes.Buffer
		findings, err := Write(&buf, m, opt)
		if err != nil {
			return nil, findings, err
		}
		if err := atomicfile.WriteFile(path, buf.Bytes(), 0o644, false); err != nil {
			return nil, findings, fmt.Errorf("gltf: %w", err)
		}
		return []string{path}, findings, nil
	case ".gltf":
		return writeGLTF(path, m, opt)
	}
	return nil, nil, fmt.Errorf("%w: %q (want .glb or .gltf)", ErrFormat, filepath.Base(path))
}

func writeGLTF(path string, m *model.Model, opt Options) ([]string, []model.Finding, error) {
	dir := filepath.Dir(path)
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	sink := &fileSink{dir: dir, reserved: map[string]bool{strings.ToLower(base + ".bin"): true}}
	doc, _, findings, err := build(m, opt, sink)
	if err != nil {
		return nil, findings, err
	}
	var bin []byte
	if len(doc.Buffers) > 0 {
		bin = doc.Buffers[0].Data
		doc.Buffers[0].URI = uriEscape(base + ".bin")
	}
	var js bytes.Buffer
	if err := encode(&js, doc, false); err != nil {
		return nil, findings, fmt.Errorf("gltf: encoding %s: %w", filepath.Base(path), err)
	}
	var written []string
	for _, f := range sink.files {
		p := filepath.Join(dir, f.name)
		if err := atomicfile.WriteFile(p, f.data, 0o644, false); err != nil {
			return written, findings, fmt.Errorf("gltf: writing texture: %w", err)
		}
		written = append(written, p)
	}
	if bin != nil {
		p := filepath.Join(dir, base+".bin")
		if err := atomicfile.WriteFile(p, bin, 0o644, false); err != nil {
			return written, findings, fmt.Errorf("gltf: writing buffer: %w", err)
		}
		written = append(written, p)
	}
	if err := atomicfile.WriteFile(path, js.Bytes(), 0o644, false); err != nil {
		return written, findings, fmt.Errorf("gltf: %w", err)
	}
	return append(written, path), findings, nil
}

func encode(w io.Writer, doc *qgltf.Document, binary bool) error {
	e := qgltf.NewEncoder(w)
	e.AsBinary = binary
	if !binary {
		e.SetJSONIndent("", "  ")
	}
	return e.Encode(doc)
}

// exportInfo tells the tests how the document maps back to the model.
type exportInfo struct {
	// meshVertex lists, per glTF mesh, the model vertex of each glTF vertex.
	meshVertex [][]int
	// shift is, per animation, the model time at glTF time 0.
	shift []float64
}

// builder holds the state of one export.
type builder struct {
	m        *model.Model
	opt      Options
	doc      *qgltf.Document
	sink     imageSink
	findings []model.Finding
	info     exportInfo

	skel      *anim.Skeleton
	jointNode []int // glTF node of each joint
	rootNode  int   // the skeleton's root node, −1 without joints
}

func build(m *model.Model, opt Options, sink imageSink) (*qgltf.Document, *exportInfo, []model.Finding, error) {
	if m == nil {
		return nil, nil, nil, errors.New("gltf: no model")
	}
	b := &builder{m: m, opt: opt, sink: sink, rootNode: -1}
	if err := b.checkClips(); err != nil {
		return nil, nil, nil, err
	}
	b.doc = qgltf.NewDocument()
	b.doc.Asset.Generator = Generator
	b.doc.Scenes[0].Name = "Scene"

	b.skeleton()
	if err := b.materials(); err != nil {
		return nil, nil, b.findings, err
	}
	b.meshes()
	b.animations()
	return b.doc, &b.info, b.findings, nil
}

func (b *builder) checkClips() error {
	for i, c := range b.opt.Clips {
		start, end := c.Times(b.m)
		if !(start <= end) || !num.Finite(start) || !num.Finite(end) {
			return fmt.Errorf("gltf: clip %d %q: frames %d-%d do not make a range", i, c.Name, c.First, c.Last)
		}
	}
	return nil
}

// note records a repair the export made.
func (b *builder) note(code model.Code, sev model.Severity, where model.Location, format string, args ...any) {
	b.findings = append(b.findings, model.Finding{Code: code, Severity: sev, Where: where, Message: fmt.Sprintf(format, args...)})
}

func (b *builder) addNode(n *qgltf.Node) int {
	b.doc.Nodes = append(b.doc.Nodes, n)
	return len(b.doc.Nodes) - 1
}

func (b *builder) addRoot(node int) {
	b.doc.Scenes[0].Nodes = append(b.doc.Scenes[0].Nodes, node)
}
