package interop_test

import (
	"maps"
	"slices"
)

// fileNames returns the keys of every map, once each, sorted: the files a
// recorded list and a measured one name between them.
func fileNames(lists ...map[string]string) []string {
	var names []string
	for _, l := range lists {
		names = append(names, slices.Collect(maps.Keys(l))...)
	}
	slices.Sort(names)
	return slices.Compact(names)
}
