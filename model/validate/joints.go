package validate

import (
	"fmt"
	"math"

	"ms3dstudio/model"
	"ms3dstudio/model/num"
)

func (c *checker) keyframer() {
	m := c.m
	loc := c.at(model.PartKeyframer, -1)
	if bad := nonFinite(vec("fps", []float32{m.FPS}, ""), vec("current time", []float32{m.CurrentTime}, "")); bad != "" {
		c.add(model.CodeKeyframerNonFinite, model.Error, loc, "", "not finite: %s", bad)
	}
	if num.Finite(m.FPS) && (m.FPS < 1 || m.FPS > MaxFPS) {
		why := "players use 1"
		if m.FPS > MaxFPS {
			why = "no animation needs that"
		}
		c.add(model.CodeFPS, model.Warning, loc, "set the frame rate to 24", "the frame rate is %g: %s", m.FPS, why)
	}
	if m.TotalFrames < 0 {
		c.add(model.CodeTotalFrames, model.Warning, loc, "set total frames to 0", "total frames is %d", m.TotalFrames)
		return
	}
	last, joint := m.LastKey()
	if joint < 0 {
		return
	}
	frame := float64(last) * float64(m.EffectiveFPS())
	need := m.FramesNeeded(last)
	if need > float64(m.TotalFrames) {
		fix := fmt.Sprintf("set total frames to %.0f", need)
		if need > math.MaxInt32 {
			fix = "" // no total-frames count reaches the key: the key is at fault
		}
		c.add(model.CodeTotalFrames, model.Warning, loc, fix,
			"the animation has %d frames, but joint %d (%q) has a key at %g s = frame %.4g: players stop before it",
			m.TotalFrames, joint, m.Joints[joint].Name.Display(), last, frame)
	}
}

func (c *checker) joints() {
	m := c.m
	h := m.ResolveHierarchy()
	for _, f := range h.Findings {
		if f.Where.Part == model.PartJoint && f.Where.Index >= 0 && c.opt.Locator != nil {
			f.Where.Offset = c.opt.Locator.Offset(model.PartJoint, f.Where.Index)
		}
		c.out = append(c.out, f)
	}
	for i := range m.Joints {
		j := &m.Joints[i]
		if bad := nonFinite(vec("rest rotation", j.Rotation[:], "xyz"), vec("rest position", j.Position[:], "xyz")); bad != "" {
			c.add(model.CodeJointNonFinite, model.Error, c.at(model.PartJoint, i), "", "joint %d (%q): not finite: %s", i, j.Name.Display(), bad)
		}
		c.keysOf(i, false, j.RotationKeys)
		c.keysOf(i, true, j.PositionKeys)
	}
	if m.JointExtraSubVersion != 0 {
		for i := range m.Joints {
			if bad := nonFinite(vec("colour", m.Joints[i].Color[:], "rgb")); bad != "" {
				c.add(model.CodeJointColorNonFinite, model.Error, c.at(model.PartJointExtra, i), "set the colour to white",
					"joint %d (%q): not finite: %s", i, m.Joints[i].Name.Display(), bad)
			}
		}
	}
	if x := m.Extra; x.SubVersion != 0 {
		if bad := nonFinite(vec("joint size", []float32{x.JointSize}, ""), vec("alpha reference", []float32{x.AlphaRef}, "")); bad != "" {
			c.add(model.CodeModelExtraNonFinite, model.Error, c.at(model.PartModelExtra, -1), "", "not finite: %s", bad)
		}
	}
}

// keysOf checks one joint's keys of one kind and reports, per problem, the
// first bad key and how many there are.
func (c *checker) keysOf(joint int, position bool, keys []model.Key) {
	kind := "rotation"
	if position {
		kind = "position"
	}
	name := c.m.Joints[joint].Name.Display()
	type tally struct{ first, n int }
	var nanTime, order, nanValue tally
	note := func(t *tally, k int) {
		if t.n == 0 {
			t.first = k
		}
		t.n++
	}
	prev := float32(math.Inf(-1))
	for k := range keys {
		key := &keys[k]
		if !num.Finite(key.Time) {
			note(&nanTime, k)
		} else {
			if !(key.Time > prev) {
				note(&order, k)
			}
			prev = key.Time
		}
		if !num.Finite3(key.Value) {
			note(&nanValue, k)
		}
	}
	if t := nanTime; t.n > 0 {
		c.add(model.CodeKeyTimeNonFinite, model.Error, c.keyAt(joint, position, t.first), "",
			"joint %d (%q): %s key %d has time %v; %d of its %d %s keys have times that are not finite",
			joint, name, kind, t.first, keys[t.first].Time, t.n, len(keys), kind)
	}
	if t := order; t.n > 0 {
		c.add(model.CodeKeyOrder, model.Error, c.keyAt(joint, position, t.first), "",
			"joint %d (%q): %s key %d has time %g, not after the previous key's %g; %d of its %d %s keys are out of order",
			joint, name, kind, t.first, keys[t.first].Time, prevFinite(keys, t.first), t.n, len(keys), kind)
	}
	if t := nanValue; t.n > 0 {
		v := keys[t.first].Value
		c.add(model.CodeKeyNonFinite, model.Error, c.keyAt(joint, position, t.first), "",
			"joint %d (%q): %s key %d has value (%v, %v, %v); %d of its %d %s keys have values that are not finite",
			joint, name, kind, t.first, v[0], v[1], v[2], t.n, len(keys), kind)
	}
}

// prevFinite returns the last finite key time before key k.
func prevFinite(keys []model.Key, k int) float32 {
	for i := k - 1; i >= 0; i-- {
		if num.Finite(keys[i].Time) {
			return keys[i].Time
		}
	}
	return float32(math.Inf(-1))
}
