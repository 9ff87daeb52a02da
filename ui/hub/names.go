package hub

import (
	"fmt"

	"ms3dstudio/model"
)

// DisplayName shows a name, or "(unnamed group 3)" for an empty one.
func DisplayName(n model.Str, s Selection) string {
	if t := n.Display(); t != "" {
		return t
	}
	return fmt.Sprintf("(unnamed %s)", s)
}

// MaterialName names material i of m for a group: its name, "no material"
// for −1, or "material 5 (missing)" for an index out of range.
func MaterialName(m *model.Model, i int) string {
	switch {
	case i < 0:
		return "no material"
	case i >= len(m.Materials):
		return fmt.Sprintf("material %d (missing)", i)
	}
	return DisplayName(m.Materials[i].Name, Selection{Kind: KindMaterial, Index: i})
}
