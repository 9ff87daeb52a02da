// Package texout gives the texture path a model exporter (B3D, MD2, MD3,
// OBJ) writes for a material, and the finding it raises when the texture
// file cannot be found: the rule of model/texpath's ExportPath, worded
// once for every exporter.
package texout

import (
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/model/texpath"
)

// Path returns the path a file exported into outDir names the texture of
// material i of m by (texpath.ExportPath). When res looks textures up and
// does not find this one, missing is the warning that says its path is
// written as stored; it is nil otherwise, and always when res is nil.
func Path(res *texpath.Resolver, m *model.Model, i int, outDir string) (path string, missing *model.Finding) {
	mt := &m.Materials[i]
	path, found := texpath.ExportPath(res, mt.Texture, outDir)
	if res == nil || found {
		return path, nil
	}
	return path, &model.Finding{Code: model.CodeTextureMissing, Severity: model.Warning, Where: model.At(model.PartMaterial, i),
		Message: fmt.Sprintf("material %q: texture %q not found; its path is written as stored", mt.Name.Display(), mt.Texture.Display())}
}
