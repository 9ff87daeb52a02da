package document

import (
	"ms3dstudio/model"
	"ms3dstudio/model/clips"
)

// SetClips replaces the model's named clips (stored in the model comment,
// see model/clips) with list, as one undoable edit. An invalid list (a
// range outside the timeline, two clips of one name) is refused and the
// model left unchanged.
func SetClips(list []clips.Clip) Command {
	list = append([]clips.Clip(nil), list...)
	return Bulk("Edit clips", Comments, func(m *model.Model) error { return clips.Write(m, list) })
}
