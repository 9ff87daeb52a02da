package document

import (
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/model/animedit"
	"ms3dstudio/model/num"
)

// KeyKind selects a joint's rotation or position keys: the kinds of
// model/animedit, whose edits the document's key commands share.
type KeyKind = animedit.Kind

// The two kinds of joint keys.
const (
	RotationKey = animedit.Rotation
	PositionKey = animedit.Position
)

// KeysOf returns joint j's keys of kind k.
func KeysOf(j *model.Joint, k KeyKind) []model.Key {
	if k == PositionKey {
		return j.PositionKeys
	}
	return j.RotationKeys
}

func keysOf(j *model.Joint, k KeyKind) *[]model.Key {
	if k == PositionKey {
		return &j.PositionKeys
	}
	return &j.RotationKeys
}

// MaxKeys is the most keys of one kind a joint holds in a file.
const MaxKeys = animedit.MaxKeys

// insertKey returns a new slice with k at i. It never appends in place: a
// decoded model's key lists may share one backing array.
func insertKey(keys []model.Key, i int, k model.Key) []model.Key {
	out := make([]model.Key, 0, len(keys)+1)
	out = append(out, keys[:i]...)
	out = append(out, k)
	return append(out, keys[i:]...)
}

// removeKey returns a new slice without the key at i.
func removeKey(keys []model.Key, i int) []model.Key {
	out := make([]model.Key, 0, len(keys)-1)
	out = append(out, keys[:i]...)
	return append(out, keys[i+1:]...)
}

func checkKey(j int, kind KeyKind, k model.Key) error {
	if !num.Finite(k.Time) || k.Time < 0 {
		return &ValueError{model.PartJoint, j, kind.String() + " key time", fmt.Sprintf("must be a finite number of seconds ≥ 0, got %g", k.Time)}
	}
	if !num.Finite3(k.Value) {
		return &ValueError{model.PartJoint, j, kind.String() + " key value", fmt.Sprintf("must be finite, got %v", k.Value)}
	}
	return nil
}

func keyIndex(m *model.Model, j int, kind KeyKind, i int) error {
	if err := exists(m, model.PartJoint, j); err != nil {
		return err
	}
	if n := len(KeysOf(&m.Joints[j], kind)); i < 0 || i >= n {
		return &ValueError{model.PartJoint, j, kind.String() + " key", fmt.Sprintf("key %d does not exist (the joint has %d)", i, n)}
	}
	return nil
}

type addKey struct {
	joint    int
	kind     KeyKind
	key      model.Key
	at       int
	replaced bool
	old      model.Key
}

// AddKey returns the command that adds a key to joint j, keeping the keys
// sorted by time. A key at exactly the same time is replaced instead.
func AddKey(j int, kind KeyKind, k model.Key) Command {
	return &addKey{joint: j, kind: kind, key: k}
}

func (c *addKey) Label() string { return "Add " + c.kind.String() + " key" }

func (c *addKey) Apply(m *model.Model) (Change, error) {
	if err := exists(m, model.PartJoint, c.joint); err != nil {
		return Change{}, err
	}
	if err := checkKey(c.joint, c.kind, c.key); err != nil {
		return Change{}, err
	}
	keys := keysOf(&m.Joints[c.joint], c.kind)
	ch := Change{What: Keys, Part: model.PartJoint, Index: c.joint}
	for i, k := range *keys {
		if k.Time == c.key.Time {
			if k == c.key {
				return Change{}, nil
			}
			c.at, c.replaced, c.old = i, true, k
			(*keys)[i] = c.key
			return ch, nil
		}
	}
	if len(*keys) >= MaxKeys {
		return Change{}, &ValueError{model.PartJoint, c.joint, c.kind.String() + " keys", fmt.Sprintf("a joint holds at most %d", MaxKeys)}
	}
	c.at, c.replaced = model.InsertIndex(*keys, c.key.Time), false
	*keys = insertKey(*keys, c.at, c.key)
	return ch, nil
}

func (c *addKey) Revert(m *model.Model) {
	keys := keysOf(&m.Joints[c.joint], c.kind)
	if c.replaced {
		(*keys)[c.at] = c.old
		return
	}
	*keys = removeKey(*keys, c.at)
}

type setKey struct {
	joint, index int
	kind         KeyKind
	key, old     model.Key
	to           int
}

// SetKey returns the command that changes key i of joint j to k. When the
// time changes the key moves to keep the keys sorted by time; a time that
// another key already has is refused.
func SetKey(j int, kind KeyKind, i int, k model.Key) Command {
	return &setKey{joint: j, kind: kind, index: i, key: k}
}

func (c *setKey) Label() string { return "Set " + c.kind.String() + " key" }

func (c *setKey) Apply(m *model.Model) (Change, error) {
	if err := keyIndex(m, c.joint, c.kind, c.index); err != nil {
		return Change{}, err
	}
	if err := checkKey(c.joint, c.kind, c.key); err != nil {
		return Change{}, err
	}
	keys := keysOf(&m.Joints[c.joint], c.kind)
	old := (*keys)[c.index]
	if old == c.key {
		return Change{}, nil
	}
	for i, k := range *keys {
		if i != c.index && k.Time == c.key.Time {
			return Change{}, &ValueError{model.PartJoint, c.joint, c.kind.String() + " key time", fmt.Sprintf("key %d is already at %g s", i, k.Time)}
		}
	}
	c.old = old
	rest := removeKey(*keys, c.index)
	c.to = model.InsertIndex(rest, c.key.Time)
	if old.Time == c.key.Time {
		c.to = c.index // only the value changed: keep the key where it is
	}
	*keys = insertKey(rest, c.to, c.key)
	return Change{What: Keys, Part: model.PartJoint, Index: c.joint}, nil
}

func (c *setKey) Revert(m *model.Model) {
	keys := keysOf(&m.Joints[c.joint], c.kind)
	*keys = insertKey(removeKey(*keys, c.to), c.index, c.old)
}

type deleteKey struct {
	joint, index int
	kind         KeyKind
	old          model.Key
}

// DeleteKey returns the command that deletes key i of joint j.
func DeleteKey(j int, kind KeyKind, i int) Command {
	return &deleteKey{joint: j, kind: kind, index: i}
}

func (c *deleteKey) Label() string { return "Delete " + c.kind.String() + " key" }

func (c *deleteKey) Apply(m *model.Model) (Change, error) {
	if err := keyIndex(m, c.joint, c.kind, c.index); err != nil {
		return Change{}, err
	}
	keys := keysOf(&m.Joints[c.joint], c.kind)
	c.old = (*keys)[c.index]
	*keys = removeKey(*keys, c.index)
	return Change{What: Keys, Part: model.PartJoint, Index: c.joint}, nil
}

func (c *deleteKey) Revert(m *model.Model) {
	keys := keysOf(&m.Joints[c.joint], c.kind)
	*keys = insertKey(*keys, c.index, c.old)
}
