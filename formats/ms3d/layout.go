package ms3d

import "ms3dstudio/model"

// Record sizes in bytes, from ms3d-format.md §1–3.
const (
	headerSize        = 14
	vertexSize        = 15
	triangleSize      = 70
	groupFixedSize    = 36 // flags, name, count, material index
	materialSize      = 361
	keyframerSize     = 12
	jointFixedSize    = 93
	keySize           = 16
	nameSize          = model.NameSize
	pathSize          = model.PathSize
	jointExtraSize    = 12
	modelExtraSize    = 12
	commentEntryFixed = 8 // index and length
)

// Magic is the 10-byte identifier every MS3D file starts with.
const Magic = "MS3D000000"

// vertexExtraSize returns the size of one vertex-extra record for a
// sub-version, or 0 for an unknown sub-version.
func vertexExtraSize(subVersion int32) int {
	switch subVersion {
	case 1:
		return 6
	case 2:
		return 10
	case 3:
		return 14
	}
	return 0
}
