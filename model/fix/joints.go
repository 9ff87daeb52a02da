package fix

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"ms3dstudio/model"
	"ms3dstudio/model/fit"
	"ms3dstudio/model/num"
	"ms3dstudio/model/validate"
)

// DefaultFPS is the frame rate Fix writes for one that is below 1, absurdly
// high or not a number: MilkShape's own default.
const DefaultFPS = 24

// keyframer fixes the frame rate and the current time.
func (f *fixer) keyframer() {
	m := f.m
	loc := f.at(model.PartKeyframer, -1)
	if f.on(model.CodeKeyframerNonFinite) {
		var how []string
		if !num.Finite(m.FPS) {
			how = append(how, fmt.Sprintf("frame rate %g → %d", m.FPS, DefaultFPS)+f.fpsEffect())
			m.FPS = DefaultFPS
		}
		if !num.Finite(m.CurrentTime) {
			how = append(how, fmt.Sprintf("current time %g → 0", m.CurrentTime))
			m.CurrentTime = 0
		}
		if how != nil {
			f.add(model.CodeKeyframerNonFinite, loc, "%s", strings.Join(how, ", "))
		}
	}
	if fps := m.FPS; num.Finite(fps) && (fps < 1 || fps > validate.MaxFPS) && f.on(model.CodeFPS) {
		f.add(model.CodeFPS, loc, "frame rate %g → %d%s", fps, DefaultFPS, f.fpsEffect())
		m.FPS = DefaultFPS
	}
}

// fpsEffect says what setting the frame rate to DefaultFPS changes: key
// times are seconds and stay, so only the length of the animation, which is
// counted in frames, changes.
func (f *fixer) fpsEffect() string {
	m := f.m
	was := m.EffectiveFPS()
	s := fmt.Sprintf(" (players used %g)", was)
	if m.TotalFrames > 0 {
		s += fmt.Sprintf("; key times are in seconds and stay, but the %d frames now last %.4g s instead of %.4g s",
			m.TotalFrames, float64(m.TotalFrames)/DefaultFPS, float64(m.TotalFrames)/float64(was))
	}
	return s
}

// joints fixes rest poses, keys, the hierarchy, joint colours and the
// model extras.
func (f *fixer) joints() {
	m := f.m
	for i := range m.Joints {
		j := &m.Joints[i]
		if f.on(model.CodeJointNonFinite) {
			var how []string
			for _, v := range []struct {
				name string
				c    *[3]float32
			}{{"rest rotation", &j.Rotation}, {"rest position", &j.Position}} {
				for k, x := range v.c {
					if !num.Finite(x) {
						how = append(how, fmt.Sprintf("%s %c %g → 0", v.name, "xyz"[k], x))
						v.c[k] = 0
					}
				}
			}
			if how != nil {
				f.add(model.CodeJointNonFinite, f.at(model.PartJoint, i), "joint %d (%s): %s", i, quote(j.Name), strings.Join(how, ", "))
			}
		}
		j.RotationKeys = f.keys(i, false, j.RotationKeys)
		j.PositionKeys = f.keys(i, true, j.PositionKeys)
	}
	f.hierarchy()
	if m.JointExtraSubVersion != 0 && f.on(model.CodeJointColorNonFinite) {
		for i := range m.Joints {
			j := &m.Joints[i]
			if !num.Finite3(j.Color) {
				f.add(model.CodeJointColorNonFinite, f.at(model.PartJointExtra, i), "joint %d (%s): colour %s → white (1, 1, 1)", i, quote(j.Name), vec(j.Color))
				j.Color = [3]float32{1, 1, 1}
			}
		}
	}
	if x := &m.Extra; x.SubVersion != 0 && f.on(model.CodeModelExtraNonFinite) {
		how := orDefault(nil, "joint size", &x.JointSize, 1, "")
		how = orDefault(how, "alpha reference", &x.AlphaRef, 0.5, "")
		if how != nil {
			f.add(model.CodeModelExtraNonFinite, f.at(model.PartModelExtra, -1), "%s (MilkShape's defaults)", strings.Join(how, ", "))
		}
	}
}

// keyAt locates key k (numbered as before Fix) of a joint: at the key's
// offset when the Locator knows it, else at the joint's.
func (f *fixer) keyAt(joint int, position bool, k int) model.Location {
	loc := f.at(model.PartJoint, joint)
	if kl, ok := f.opt.Locator.(validate.KeyLocator); ok {
		if off := kl.JointKeyOffset(joint, position, k); off >= 0 {
			loc.Offset = off
		}
	}
	return loc
}

// keys removes keys whose time or value is not finite and sorts the rest
// by time, keeping the first of keys with the same time. It returns the
// keys to keep (the same slice when nothing changed).
func (f *fixer) keys(joint int, position bool, keys []model.Key) []model.Key {
	kind := "rotation"
	if position {
		kind = "position"
	}
	name := quote(f.m.Joints[joint].Name)
	n := len(keys)
	// orig[k] is the index before Fix of the key now at k.
	var orig []int
	remove := func(code model.Code, why string, bad func(model.Key) bool) {
		if !f.on(code) {
			return
		}
		var gone []int
		for k, key := range keys {
			if bad(key) {
				gone = append(gone, k)
			}
		}
		if gone == nil {
			return
		}
		if orig == nil {
			orig = make([]int, len(keys))
			for k := range orig {
				orig[k] = k
			}
		}
		kept := make([]model.Key, 0, len(keys)-len(gone))
		keptOrig := make([]int, 0, len(keys)-len(gone))
		origGone := make([]int, len(gone))
		for g, k := range gone {
			origGone[g] = orig[k]
		}
		for k, key := range keys {
			if !bad(key) {
				kept = append(kept, key)
				keptOrig = append(keptOrig, orig[k])
			}
		}
		f.add(code, f.keyAt(joint, position, origGone[0]), "joint %d (%s): removed %d of its %s whose %s (keys %s)",
			joint, name, len(gone), plural(n, kind+" key"), why, list(origGone, 8))
		keys, orig = kept, keptOrig
	}
	remove(model.CodeKeyTimeNonFinite, "time is not finite", func(k model.Key) bool { return !num.Finite(k.Time) })
	remove(model.CodeKeyNonFinite, "value is not finite", func(k model.Key) bool { return !num.Finite3(k.Value) })
	if !f.on(model.CodeKeyOrder) {
		return keys
	}
	// Keys whose time is not finite (when that fix is skipped) keep their
	// places; the others are sorted into the remaining places.
	outOfOrder, firstBad, finiteKeys := 0, -1, 0
	prev := float32(math.Inf(-1))
	for k, key := range keys {
		if !num.Finite(key.Time) {
			continue
		}
		finiteKeys++
		if !(key.Time > prev) {
			outOfOrder++
			if firstBad < 0 {
				firstBad = k
			}
		}
		prev = key.Time
	}
	if outOfOrder == 0 {
		return keys
	}
	sorted := make([]model.Key, 0, finiteKeys)
	for _, key := range keys {
		if num.Finite(key.Time) {
			sorted = append(sorted, key)
		}
	}
	model.SortKeys(sorted)
	uniq := sorted[:0]
	for _, key := range sorted {
		if len(uniq) > 0 && uniq[len(uniq)-1].Time == key.Time {
			continue
		}
		uniq = append(uniq, key)
	}
	merged := len(sorted) - len(uniq)
	out := make([]model.Key, 0, len(uniq)+len(keys)-len(sorted))
	next := 0
	for _, key := range keys {
		switch {
		case !num.Finite(key.Time):
			out = append(out, key)
		case next < len(uniq):
			out = append(out, uniq[next])
			next++
		}
	}
	origFirst := firstBad
	if orig != nil {
		origFirst = orig[firstBad]
	}
	msg := fmt.Sprintf("joint %d (%s): sorted its %s by time (%d were not after the key before them, the first is key %d)",
		joint, name, plural(len(sorted), kind+" key"), outOfOrder, origFirst)
	if merged > 0 {
		msg += fmt.Sprintf(" and dropped %s whose time repeats an earlier key's (the first of each time is kept)", plural(merged, "key"))
	}
	f.add(model.CodeKeyOrder, f.keyAt(joint, position, origFirst), "%s", msg)
	return out
}

// hierarchy applies what model.ResolveHierarchy decides: joints whose
// parent is missing or that are where a cycle is cut become roots, later
// joints with a repeated name are renamed, and parent names found only by
// ignoring case are written exactly. Children resolve to the same parents
// as before.
func (f *fixer) hierarchy() {
	m := f.m
	h := m.ResolveHierarchy()
	if len(h.Findings) == 0 {
		return
	}
	// Every name in use, folded, so that a new name matches no joint and
	// no parent name, exactly or ignoring case.
	taken := fit.NewNames(model.NameSize)
	byFold := make(map[string]int, len(m.Joints))
	byName := make(map[model.Str]int, len(m.Joints))
	for i := range m.Joints {
		k := m.Joints[i].Name.Fold()
		taken.Add(m.Joints[i].Name)
		taken.Add(m.Joints[i].Parent)
		if _, seen := byFold[k]; !seen {
			byFold[k] = i
		}
		if _, seen := byName[m.Joints[i].Name.Text()]; !seen {
			byName[m.Joints[i].Name.Text()] = i
		}
	}
	for _, fd := range h.Findings {
		i := fd.Where.Index
		if i < 0 || i >= len(m.Joints) || !f.on(fd.Code) {
			continue
		}
		j := &m.Joints[i]
		loc := f.at(model.PartJoint, i)
		switch fd.Code {
		case model.CodeDuplicateName:
			old := j.Name
			first := byName[old.Text()]
			j.Name = taken.Unique(old.Text())
			f.add(fd.Code, loc, "joint %d: name %s → %s: joint %d has the same name, and children naming it keep resolving to joint %d",
				i, quote(old), quote(j.Name), first, first)
		case model.CodeParentMissing:
			f.add(fd.Code, loc, "joint %d (%s): parent %s → none: no joint has that name, so it is a root (as players treated it)", i, quote(j.Name), quote(j.Parent))
			j.Parent = ""
		case model.CodeParentCycle:
			f.add(fd.Code, loc, "joint %d (%s): parent %s → none: the joint was on a parent cycle, which is cut here (as players treated it)", i, quote(j.Name), quote(j.Parent))
			j.Parent = ""
		case model.CodeParentCase:
			p, ok := byFold[j.Parent.Fold()]
			if !ok {
				continue
			}
			old := j.Parent
			j.Parent = m.Joints[p].Name.Text()
			f.add(fd.Code, loc, "joint %d (%s): parent name %s → %s, spelt as joint %d spells it", i, quote(j.Name), quote(old), quote(j.Parent), p)
		}
	}
}

// totalFrames makes the total frame count non-negative and long enough for
// the last key, with the frame rate players use.
func (f *fixer) totalFrames() {
	if !f.on(model.CodeTotalFrames) {
		return
	}
	m := f.m
	loc := f.at(model.PartKeyframer, -1)
	if m.TotalFrames < 0 {
		f.add(model.CodeTotalFrames, loc, "total frames %d → 0", m.TotalFrames)
		m.TotalFrames = 0
	}
	last, joint := m.LastKey()
	if joint < 0 {
		return
	}
	fps := m.EffectiveFPS()
	frame := float64(last) * float64(fps)
	need := m.FramesNeeded(last)
	if need <= float64(m.TotalFrames) {
		return
	}
	if need > math.MaxInt32 {
		// No count of frames reaches the key: it is garbage (a misread
		// file), and only the user can tell what the animation's length is.
		return
	}
	total := int32(need)
	f.add(model.CodeTotalFrames, loc, "total frames %d → %d: joint %d (%s) has a key at %g s = frame %.4g at %g fps",
		m.TotalFrames, total, joint, quote(m.Joints[joint].Name), last, frame, fps)
	m.TotalFrames = total
}

// saneTimes reports whether every key time is finite and greater than the
// comments drops comments attached to elements that do not exist.
func (f *fixer) comments() {
	m := f.m
	if m.Comments.SubVersion == 0 || !f.on(model.CodeCommentIndex) {
		return
	}
	for _, l := range []struct {
		what  string
		list  *[]model.Comment
		count int
	}{
		{"group", &m.Comments.Groups, len(m.Groups)},
		{"material", &m.Comments.Materials, len(m.Materials)},
		{"joint", &m.Comments.Joints, len(m.Joints)},
	} {
		var kept []model.Comment
		dropped := false
		for c, e := range *l.list {
			if e.Index >= 0 && int(e.Index) < l.count {
				kept = append(kept, e)
				continue
			}
			dropped = true
			text := e.Text.Display()
			if utf8.RuneCountInString(text) > 60 {
				text = string([]rune(text)[:60]) + "…"
			}
			f.add(model.CodeCommentIndex, model.Location{Part: model.PartComments, Index: c, Offset: -1},
				"%s comment %d dropped: it is attached to %s %d, but the model has %s; its text was %q", l.what, c, l.what, e.Index, plural(l.count, l.what), text)
		}
		if dropped {
			*l.list = kept
		}
	}
}
