package document

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"ms3dstudio/document/quake"
	"ms3dstudio/formats/b3d"
	gltfimporter "ms3dstudio/formats/gltf/importer"
	"ms3dstudio/formats/max3ds"
	"ms3dstudio/formats/ms3d"
	"ms3dstudio/formats/obj"
	"ms3dstudio/formats/smd"
	"ms3dstudio/model/transform"
)

// OpenOptions tune how files other than MS3D are imported.
type OpenOptions struct {
	// Pivot and KeepAxes are the .3ds import options (formats/max3ds).
	Pivot    max3ds.PivotRule
	KeepAxes bool
	// Anims are animation SMD files added to an .smd reference as clips,
	// each named after its file.
	Anims []string
	// Place, when not nil, transforms the model once it is read (a Z-up
	// file stood up, a model in metres scaled to centimetres): the first
	// command of the document's history, "Place model".
	Place *transform.Transform
	// FPS is the timeline's frame rate for a glTF import (0: 30), and
	// for an MD2 or MD3 import (0: 10, Quake's rate, or what an .md3's
	// animation.cfg gives).
	FPS float32
	// Frame, when above 0, opens an .md2 or .md3 file as the vertices of
	// that MilkShape frame (1 is key frame 0) alone; 0 opens the whole
	// animation, carried by joints fitted to it (MS3D has no vertex
	// animation; see formats/vertexanim.Animate).
	Frame int
}

// Import describes how a document that is not an MS3D file was read.
type Import struct {
	// Format is "3ds", "smd", "obj", "gltf", "b3d", "md2" or "md3".
	Format string
	// Info is the .3ds import summary (zero for other formats).
	Info max3ds.Info
	// ClipErrors holds, for a glTF import, the largest distance per clip
	// between the model as it plays and the glTF animation (see
	// importer.Imported.Errors); Size is the model's size they compare to.
	ClipErrors []float64
	Size       float64
	// Options are the options the file was imported with.
	Options OpenOptions
}

// Formats lists the file extensions Open reads.
var Formats = []string{".ms3d", ".3ds", ".smd", ".obj", ".gltf", ".glb", ".b3d", ".md2", ".md3"}

// CanOpen reports whether Open reads files with path's extension.
func CanOpen(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	for _, f := range Formats {
		if ext == f {
			return true
		}
	}
	return false
}

// Open reads the file at path: an MS3D file, or a .3ds, .smd, .obj, .gltf,
// .glb, .b3d, .md2 or .md3 file imported into a model with default
// options. The error
// wraps the reason when the file cannot be read at all; a file that reads
// with problems opens, and its problems are findings.
func Open(path string) (*Document, error) { return OpenWith(path, OpenOptions{}) }

// OpenWith is Open with import options. An imported document has no MS3D
// file yet: it starts modified (closing it asks once it is edited: see
// NeedsConfirm), and Save asks for an .ms3d name instead of overwriting
// the original. Images a glTF file
// embeds are kept in memory (the viewport shows them through
// TextureResolver) until the document is saved, when they are written
// beside the .ms3d file (see WriteImages): opening a file never writes
// into its folder.
func OpenWith(path string, opt OpenOptions) (*Document, error) {
	d, err := openWith(path, opt)
	if err != nil || opt.Place == nil {
		return d, err
	}
	if err := d.Do(TransformModel("Place model", *opt.Place)); err != nil {
		return nil, fmt.Errorf("opening %s: %w", path, err)
	}
	return d, nil
}

func openWith(path string, opt OpenOptions) (*Document, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".md2", ".md3":
		m, found, err := quake.Import(path, quake.ImportOptions{Frame: opt.Frame, FPS: opt.FPS})
		if err != nil {
			return nil, err
		}
		d := New(m, path, found)
		d.imported = &Import{Format: strings.TrimPrefix(ext, "."), Options: opt}
		d.MarkUnsaved()
		return d, nil
	case ".3ds":
		scene, found, err := max3ds.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("opening %s: %w", path, err)
		}
		m, info, more := max3ds.Import(scene, max3ds.Options{Pivot: opt.Pivot, KeepAxes: opt.KeepAxes})
		d := New(m, path, append(found, more...))
		d.imported = &Import{Format: "3ds", Info: info, Options: opt}
		d.MarkUnsaved()
		return d, nil
	case ".gltf", ".glb":
		res, found, err := gltfimporter.ImportFile(path, gltfimporter.ImportOptions{FPS: opt.FPS})
		if err != nil {
			return nil, fmt.Errorf("opening %s: %w", path, err)
		}
		d := New(res.Model, path, found)
		d.imported = &Import{Format: "gltf", Options: opt, ClipErrors: res.Errors, Size: res.Size}
		for _, img := range res.Images {
			d.pending = append(d.pending, PendingFile{Name: img.Name, Data: img.Data})
		}
		d.MarkUnsaved()
		return d, nil
	case ".obj":
		m, found, err := obj.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("opening %s: %w", path, err)
		}
		d := New(m, path, found)
		d.imported = &Import{Format: "obj", Options: opt}
		d.MarkUnsaved()
		return d, nil
	case ".b3d":
		f, found, err := b3d.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("opening %s: %w", path, err)
		}
		m, more := b3d.Import(f)
		d := New(m, path, append(found, more...))
		d.imported = &Import{Format: "b3d", Options: opt}
		d.MarkUnsaved()
		return d, nil
	case ".smd":
		m, found, err := smd.ImportFile(path, opt.Anims)
		if err != nil {
			return nil, err
		}
		d := New(m, path, found)
		d.imported = &Import{Format: "smd", Options: opt}
		d.MarkUnsaved()
		return d, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", path, err)
	}
	m, findings, rep, err := ms3d.DecodeRepairing(data)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", path, err)
	}
	if m == nil {
		return nil, fmt.Errorf("opening %s: not a readable MS3D file", path)
	}
	d := New(m, path, findings)
	d.learn(data, findings, rep)
	return d, nil
}

// Imported returns how the document was imported, or nil for an MS3D file
// (and after the import was saved as MS3D).
func (d *Document) Imported() *Import { return d.imported }
