package clips

import (
	"fmt"
	"strings"
)

// Find returns the clip of list named name, ignoring case, as an exporter
// asked for one clip looks it up. The error, for a name no clip has, lists
// the names there are.
func Find(list []Clip, name string) (Clip, error) {
	names := make([]string, len(list))
	for i, c := range list {
		if strings.EqualFold(c.Name, name) {
			return c, nil
		}
		names[i] = c.Name
	}
	if len(names) == 0 {
		return Clip{}, fmt.Errorf("the model has no clip %q (it has none)", name)
	}
	return Clip{}, fmt.Errorf("the model has no clip %q (it has %s)", name, strings.Join(names, ", "))
}
