package ui

import (
	"fmt"
	"strings"

	"ms3dstudio/model"
)

// plural writes a count with its noun: "1 path", "2 paths".
func plural(n int, word string) string { return count(n, word, word+"s") }

// count writes a count with the singular or plural noun given: "1 vertex",
// "3 vertices".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// modelCounts writes the model's element counts joined by sep.
func modelCounts(m *model.Model, sep string) string {
	return strings.Join([]string{count(len(m.Vertices), "vertex", "vertices"), count(len(m.Triangles), "triangle", "triangles"),
		plural(len(m.Groups), "group"), plural(len(m.Materials), "material"), plural(len(m.Joints), "joint")}, sep)
}
