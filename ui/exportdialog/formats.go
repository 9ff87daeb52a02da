package exportdialog

import (
	"fmt"
	"strings"

	"ms3dstudio/model"
	"ms3dstudio/model/clips"
	"ms3dstudio/ui/widgets"
)

// option is one row of the dialog's options, shown for the formats that
// list it.
type option int

const (
	// optProfile is the engine an SMD is for (GoldSrc or Source).
	optProfile option = iota
	// optAnimations is which animation SMDs to write: every clip, one,
	// or none.
	optAnimations
	// optClip is one clip or the whole timeline.
	optClip
	// optFPS is the frame rate written (B3D) or sampled at (MD2, MD3).
	optFPS
	// optSkin is the skin size an MD2 counts texture coordinates in.
	optSkin
	// optPose is the current frame or the rest pose, for static formats.
	optPose
	// optSplit splits a model one MS3D file cannot hold.
	optSplit
)

// format is one format the dialog writes: its extension (which
// exporter.Write goes by), its name in the format choice, the options it
// shows, and what it writes besides them, said in a note under them.
type format struct {
	ext     string
	label   string
	options []option
	// note says what the format writes that the options do not set, for
	// the model m ("" says nothing).
	note func(m *model.Model, plan []model.Finding) string
}

// formats lists every format of exporter.Formats (a test checks
// that none is missing), in the order the format choice shows them.
var formats = []format{
	{".glb", "glTF 2.0 binary (.glb)", nil, gltfNote},
	{".gltf", "glTF 2.0 (.gltf + .bin)", nil, gltfNote},
	{".obj", "Wavefront OBJ (.obj + .mtl)", []option{optPose}, nil},
	{".smd", "Valve SMD for studiomdl (.smd + .qc)", []option{optProfile, optAnimations}, nil},
	{".b3d", "Blitz3D B3D (Irrlicht, Luanti)", []option{optClip, optFPS}, b3dNote},
	{".md2", "Quake 2 MD2", []option{optClip, optFPS, optSkin}, md2Note},
	{".md3", "Quake 3 MD3", []option{optClip, optFPS}, md3Note},
	{".ms3d", "MilkShape 3D (.ms3d)", []option{optSplit}, ms3dNote},
}

// formatOf returns the format whose extension is ext (any case), or false.
func formatOf(ext string) (format, bool) {
	for _, f := range formats {
		if strings.EqualFold(f.ext, ext) {
			return f, true
		}
	}
	return format{}, false
}

// has reports whether f shows option o.
func (f format) has(o option) bool {
	for _, x := range f.options {
		if x == o {
			return true
		}
	}
	return false
}

func gltfNote(m *model.Model, _ []model.Finding) string {
	list, _ := clips.Read(m)
	switch {
	case len(list) > 0:
		names := make([]string, len(list))
		for i, c := range list {
			names[i] = c.Name
		}
		return fmt.Sprintf("Each clip becomes an animation of its own (%s: %s).", widgets.Plural(len(list), "clip"), strings.Join(names, ", "))
	case animated(m):
		return "The whole timeline becomes one animation."
	}
	return ""
}

func b3dNote(m *model.Model, _ []model.Finding) string {
	return fmt.Sprintf("Frame n of the B3D is MilkShape frame n; the frame rate is the one written in its ANIM chunk (empty: the model's %s).", widgets.FormatFloat(m.EffectiveFPS()))
}

func md2Note(*model.Model, []model.Finding) string {
	return "MD2 holds no frame rate and Quake 2 plays 10 frames a second: a frame rate of 10 keeps the speed (empty: every frame). An empty skin size is read from the texture."
}

func md3Note(*model.Model, []model.Finding) string {
	return "animation.cfg is written beside the file when the clips are named for Quake 3's player animations (BOTH_DEATH1 … LEGS_TURN). Empty frame rate: every frame."
}

// ms3dNote says what fitting the model to MS3D's limits will change, from
// the document's save plan.
func ms3dNote(_ *model.Model, plan []model.Finding) string {
	var over []string
	for _, f := range plan {
		if f.Code == model.CodeFitTooLarge {
			over = append(over, f.Message)
		}
	}
	switch {
	case len(over) > 0:
		return "One MS3D file cannot hold this model (" + strings.Join(over, "; ") + "): tick Split to write it as several files, or choose glTF or OBJ."
	case len(plan) > 0:
		return fmt.Sprintf("The file is fitted to MS3D's limits: %s, listed after writing (the document is not changed).", widgets.Count(len(plan), "change", "changes"))
	}
	return ""
}

// animated reports whether m has keys.
func animated(m *model.Model) bool {
	for _, j := range m.Joints {
		if len(j.RotationKeys)+len(j.PositionKeys) > 0 {
			return true
		}
	}
	return false
}
