package clips_test

import (
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/model/clips"
)

// Clips live in the model comment, one "name first-last" line each, after
// the author's own text.
func Example() {
	m := &model.Model{TotalFrames: 60, FPS: 30}
	m.Comments = model.Comments{SubVersion: 1, HasModel: true, Model: "Zombie by X"}
	if err := clips.Write(m, []clips.Clip{{Name: "idle", First: 1, Last: 30}, {Name: "walk", First: 31, Last: 60}}); err != nil {
		fmt.Println(err)
	}
	fmt.Printf("%q\n", m.Comments.Model)
	list, findings := clips.Read(m)
	fmt.Println(list, len(findings))
	// Output:
	// "Zombie by X\r\nidle 1-30\r\nwalk 31-60"
	// [idle 1-30 walk 31-60] 0
}
