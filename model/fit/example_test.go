package fit_test

import (
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/model/fit"
)

// ExampleFit fits a scene of 300 groups that use three materials: groups
// of one material merge until 255 are left, and nothing else changes.
func ExampleFit() {
	m := scene(300, 3, func(g int) int { return g % 3 })
	for _, f := range fit.Plan(m, fit.Options{}) { // what a save would change
		if f.Where.Index < 0 {
			fmt.Println(f.Message)
		}
	}
	r := fit.Fit(m, fit.Options{})
	fmt.Println(len(m.Groups), "groups; fits:", r.Fits)
	// Output:
	// 300 groups → 255: an MS3D triangle names its group with a byte
	// 255 groups; fits: true
}

// ExampleSplit cuts a model of 90,000 vertices into MS3D-sized parts.
func ExampleSplit() {
	m := scene(30000, 1, func(int) int { return 0 })
	parts, found, err := fit.Split(m, fit.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range found {
		if f.Code == model.CodeFitSplit {
			fmt.Println(f.Message)
		}
	}
	fmt.Println(len(parts), "parts")
	// Output:
	// part 1 of 2: 65424 vertices, 21808 triangles, 191 groups
	// part 2 of 2: 24576 vertices, 8192 triangles, 64 groups
	// 2 parts
}
