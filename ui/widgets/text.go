package widgets

import (
	"fmt"
	"strings"

	"ms3dstudio/model"
)

// Plural writes a count with its noun: "1 path", "2 paths".
func Plural(n int, word string) string { return Count(n, word, word+"s") }

// Count writes a count with the singular or plural noun given: "1 vertex",
// "3 vertices".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// ModelCounts writes the model's element counts joined by sep.
func ModelCounts(m *model.Model, sep string) string {
	return strings.Join([]string{Count(len(m.Vertices), "vertex", "vertices"), Count(len(m.Triangles), "triangle", "triangles"),
		Plural(len(m.Groups), "group"), Plural(len(m.Materials), "material"), Plural(len(m.Joints), "joint")}, sep)
}
