package outline

import "ms3dstudio/ui/hub"

// The outline's top nodes and node ids, for the external tests (package
// outline_test, which build the whole editor).
const (
	NodeModel     = nodeModel
	NodeGroups    = nodeGroups
	NodeMaterials = nodeMaterials
	NodeJoints    = nodeJoints
)

// UIDOf maps a selection to its tree node.
func UIDOf(s hub.Selection) string { return uidOf(s) }
