package compat

import (
	"encoding/binary"
	"fmt"

	"ms3dstudio/model"
	"ms3dstudio/model/fix"
)

// The quirks of assimp's MS3D loader (code/AssetLib/MS3D/MS3DLoader.cpp,
// as in Debian's 5.2.5) and of the scene validation `assimp info` runs
// after it.

func checkVersion(m *model.Model, r Rule) []model.Finding {
	if m.Version == 0 || m.Version == 4 {
		return nil
	}
	return []model.Finding{finding(r.Code, model.At(model.PartHeader, -1),
		fmt.Sprintf("assimp refuses the file: it is version %d, and assimp reads only version 4", m.Version),
		"write version 4 (the records of versions 3 and 4 are identical)")}
}

func fixVersion(m *model.Model, r Rule) []fix.Change {
	if m.Version != 3 {
		return nil // other versions are not MS3D files the encoder writes
	}
	m.Version = 4
	return []fix.Change{change(r.Code, model.At(model.PartHeader, -1), "version 3 → 4 (the records are identical; nothing is lost)")}
}

func writesJointCount(m *model.Model) bool {
	return !(m.NoJointSection && len(m.Joints) == 0 && !writesComments(m))
}

func checkJointCount(m *model.Model, r Rule) []model.Finding {
	if writesJointCount(m) {
		return nil
	}
	return []model.Finding{finding(r.Code, model.At(model.PartKeyframer, -1),
		"assimp refuses the file: it ends after the keyframer header, and assimp reads a joint count past the end",
		"write a joint count of 0")}
}

func fixJointCount(m *model.Model, r Rule) []fix.Change {
	if writesJointCount(m) {
		return nil
	}
	m.NoJointSection = false
	return []fix.Change{change(r.Code, model.At(model.PartJoint, -1), "joint count 0 written after the keyframer header (nothing is lost)")}
}

// assimpCommentsRefusal simulates assimp reading the comments block the
// encoder writes for m: it reads each list's 4-byte count as 2 bytes and so
// reads every later field out of step. It returns why assimp refuses the
// file, or "" when it reads past the block without refusing (it keeps no
// comment in its scene, so nothing else is lost to the misreading).
func assimpCommentsRefusal(m *model.Model) string {
	if !writesComments(m) {
		return ""
	}
	c := &m.Comments
	if len(c.Groups) == 0 && len(c.Materials) == 0 && len(c.Joints) == 0 {
		// Three zero counts read as 2 bytes each, then the model-comment
		// flag is read from the zero high half of the material and joint
		// counts: assimp skips the model comment and stops.
		return ""
	}
	s := assimpStream{b: commentsBody(c)}
	s.size = len(s.b) + afterComments(m)
	lists := []struct {
		kind string
		n    int
		have int
	}{{"group", len(m.Groups), len(c.Groups)}, {"material", len(m.Materials), len(c.Materials)}, {"joint", len(m.Joints), len(c.Joints)}}
	for _, l := range lists {
		cnt, why := s.read(2)
		if why != "" {
			return why
		}
		for i := uint32(0); i < cnt; i++ {
			index, why := s.read(4)
			if why != "" {
				return why
			}
			length, why := s.read(4)
			if why != "" {
				return why
			}
			lead := fmt.Sprintf("it reads the %s comment count as 2 bytes (%d for %d comments) and every field after it out of step", l.kind, cnt, l.have)
			if index < uint32(l.n) && int64(length) > int64(s.size-s.pos) {
				return fmt.Sprintf("%s: it takes %d as the length of a comment, more than the %d bytes left, and refuses the file", lead, length, s.size-s.pos)
			}
			if int64(s.pos)+int64(length) > int64(s.size) {
				return fmt.Sprintf("%s: it skips a comment of %d bytes, past the end of the file, and refuses it", lead, length)
			}
			s.pos += int(length)
			if s.pos > len(s.b) {
				return lead + ": it skips on into the vertex data after the comments and may refuse the file there"
			}
		}
	}
	has, why := s.read(4)
	if why != "" {
		return why
	}
	if has != 0 {
		n, why := s.read(4)
		if why != "" {
			return why
		}
		if int64(n) > int64(s.size-s.pos) {
			return fmt.Sprintf("it reads the comment counts as 2 bytes and every field after them out of step: it takes %d as the length of the model comment, more than the %d bytes left, and refuses the file", n, s.size-s.pos)
		}
	}
	if s.size-s.pos > 4 {
		sv, why := s.read(4)
		if why != "" {
			return why
		}
		if sv > 1 && sv <= 3 && int64(len(m.Vertices))*int64(6+4*(sv-1)) > int64(s.size-s.pos) {
			return fmt.Sprintf("it reads the comment counts as 2 bytes and every field after them out of step: it takes %d as the vertex-extra sub-version and reads vertex extras past the end of the file", sv)
		}
	}
	return ""
}

// assimpStream reads the little-endian fields assimp reads, from the
// comments block b of a file that has size bytes from b's start on.
type assimpStream struct {
	b         []byte
	pos, size int
}

// read returns the next n-byte field, or why assimp fails there: past the
// end of the file, or (for bytes after the block, which this package does
// not lay out) in data whose reading depends on the vertex extras.
func (s *assimpStream) read(n int) (uint32, string) {
	switch {
	case s.pos+n > s.size:
		return 0, "it reads the comment counts as 2 bytes and every field after them out of step, reads past the end of the file and refuses it"
	case s.pos+n > len(s.b):
		return 0, "it reads the comment counts as 2 bytes and every field after them out of step, on into the vertex data after the comments, and may refuse the file there"
	}
	var v uint32
	if n == 2 {
		v = uint32(binary.LittleEndian.Uint16(s.b[s.pos:]))
	} else {
		v = binary.LittleEndian.Uint32(s.b[s.pos:])
	}
	s.pos += n
	return v, ""
}

func elementComments(c *model.Comments) int { return len(c.Groups) + len(c.Materials) + len(c.Joints) }

func checkAssimpComments(m *model.Model, r Rule) []model.Finding {
	why := assimpCommentsRefusal(m)
	if why == "" {
		return nil
	}
	fix := fmt.Sprintf("drop the %s on groups, materials and joints (the model comment is kept)", plural(elementComments(&m.Comments), "comment"))
	return []model.Finding{finding(r.Code, model.At(model.PartComments, -1), "assimp refuses the file: "+why, fix)}
}

func fixAssimpComments(m *model.Model, r Rule) []fix.Change {
	if assimpCommentsRefusal(m) == "" {
		return nil
	}
	var out []fix.Change
	c := &m.Comments
	for _, l := range []struct {
		kind string
		list []model.Comment
	}{{"group", c.Groups}, {"material", c.Materials}, {"joint", c.Joints}} {
		for _, e := range l.list {
			out = append(out, change(r.Code, model.At(model.PartComments, -1),
				fmt.Sprintf("comment on %s %d dropped: %s", l.kind, e.Index, clip(e.Text))))
		}
	}
	c.Groups, c.Materials, c.Joints = nil, nil, nil
	return out
}

// nonEmptyGroups counts the groups that list at least one triangle.
func nonEmptyGroups(m *model.Model) int {
	n := 0
	for _, g := range m.Groups {
		if len(g.Triangles) > 0 {
			n++
		}
	}
	return n
}

func checkEmptyGroups(m *model.Model, r Rule) []model.Finding {
	if nonEmptyGroups(m) == 0 {
		return nil // checkNoGroups says why nothing helps
	}
	var out []model.Finding
	for i, g := range m.Groups {
		if len(g.Triangles) == 0 {
			out = append(out, finding(r.Code, model.At(model.PartGroup, i),
				fmt.Sprintf("assimp refuses the file: group %d (%s) has no triangles, and assimp rejects the empty mesh it makes of it", i, quote(g.Name)),
				"delete the group (its name, flags, material index and comment are dropped)"))
		}
	}
	return out
}

func fixEmptyGroups(m *model.Model, r Rule) []fix.Change {
	if nonEmptyGroups(m) == 0 || nonEmptyGroups(m) == len(m.Groups) {
		return nil
	}
	var out []fix.Change
	keep := make([]int, len(m.Groups)) // new index of each group, or −1
	var groups []model.Group
	for i, g := range m.Groups {
		if len(g.Triangles) == 0 {
			keep[i] = -1
			msg := fmt.Sprintf("group %d (%s) deleted: it has no triangles (dropped: its name, flags %#x and material index %d", i, quote(g.Name), g.Flags, g.Material)
			if text, ok := model.CommentFor(m.Comments.Groups, i); ok {
				msg += ", and its comment " + clip(text)
			}
			out = append(out, change(r.Code, model.At(model.PartGroup, i), msg+")"))
			continue
		}
		keep[i] = len(groups)
		groups = append(groups, g)
	}
	m.Groups = groups
	renumbered := 0
	for i := range m.Triangles {
		t := &m.Triangles[i]
		if int(t.Group) < len(keep) && keep[t.Group] >= 0 && keep[t.Group] != int(t.Group) {
			t.Group = uint16(keep[t.Group])
			renumbered++
		}
	}
	if renumbered > 0 {
		out = append(out, change(r.Code, model.At(model.PartTriangle, -1),
			fmt.Sprintf("group index of %s renumbered after the deleted groups", plural(renumbered, "triangle"))))
	}
	var comments []model.Comment
	moved := 0
	for _, e := range m.Comments.Groups {
		if e.Index >= 0 && int(e.Index) < len(keep) {
			if keep[e.Index] < 0 {
				continue // logged with its group
			}
			if keep[e.Index] != int(e.Index) {
				e.Index = int32(keep[e.Index])
				moved++
			}
		}
		comments = append(comments, e)
	}
	if len(comments) != len(m.Comments.Groups) || moved > 0 {
		m.Comments.Groups = comments
	}
	if moved > 0 {
		out = append(out, change(r.Code, model.At(model.PartComments, -1),
			fmt.Sprintf("%s renumbered with their groups", plural(moved, "group comment"))))
	}
	return out
}

func checkNoGroups(m *model.Model, r Rule) []model.Finding {
	if nonEmptyGroups(m) > 0 {
		return nil
	}
	msg := "assimp refuses the file: it has no groups, and assimp loads only groups"
	if len(m.Groups) > 0 {
		msg = "assimp refuses the file: no group has a triangle, and assimp rejects the empty meshes it makes of them"
	}
	return []model.Finding{finding(r.Code, model.At(model.PartGroup, -1), msg, "")}
}

// hasKeys reports whether any joint has a key.
func hasKeys(m *model.Model) bool {
	for _, j := range m.Joints {
		if len(j.RotationKeys) > 0 || len(j.PositionKeys) > 0 {
			return true
		}
	}
	return false
}

func checkNoKeys(m *model.Model, r Rule) []model.Finding {
	if len(m.Joints) == 0 || hasKeys(m) {
		return nil
	}
	return []model.Finding{finding(r.Code, model.At(model.PartJoint, -1),
		fmt.Sprintf("assimp refuses the file: it makes an animation of the %s, and none has a key, so the animation has no channel", plural(len(m.Joints), "joint")),
		"add a rotation key of (0, 0, 0) at frame 1 to a root joint (it keeps the joint at rest)")}
}

func fixNoKeys(m *model.Model, r Rule) []fix.Change {
	if len(m.Joints) == 0 || hasKeys(m) {
		return nil
	}
	// A root joint: assimp attaches the joints to its node tree from the
	// roots down, and a channel is only sure to find its node there.
	root := 0
	for i, j := range m.Joints {
		if j.Parent.Text() == "" {
			root = i
			break
		}
	}
	fps := m.EffectiveFPS()
	t := 1 / fps
	j := &m.Joints[root]
	j.RotationKeys = []model.Key{{Time: t}}
	out := []fix.Change{change(r.Code, model.At(model.PartJoint, root),
		fmt.Sprintf("joint %d (%s): rotation key (0, 0, 0) added at frame 1 (%g s), which keeps the joint at rest", root, quote(j.Name), t))}
	if need := m.FramesNeeded(t); float64(m.TotalFrames) < need {
		out = append(out, change(r.Code, model.At(model.PartKeyframer, -1),
			fmt.Sprintf("total frames %d → %d, to reach the added key", m.TotalFrames, int32(need))))
		m.TotalFrames = int32(need)
	}
	return out
}

func checkBoneID(m *model.Model, r Rule) []model.Finding {
	var out []model.Finding
	for i, v := range m.Vertices {
		if b := v.Bones[0]; b >= 128 && b != model.NoBone {
			out = append(out, finding(r.Code, model.At(model.PartVertex, i),
				fmt.Sprintf("assimp refuses the file: vertex %d is on joint %d, and assimp reads the bone byte as %d, which is no joint", i, b, int8(b)), ""))
			if len(out) == maxListed {
				break
			}
		}
	}
	return out
}

// maxListed caps the findings a rule lists for one model.
const maxListed = 20

func checkAssimpWeights(m *model.Model, r Rule) []model.Finding {
	if len(m.Joints) == 0 || vertexExtraSubVersion(m) == 0 {
		return nil
	}
	var in [4]model.Influence
	first, n := -1, 0
	for i := range m.Vertices {
		if m.Influences(i, &in) > 1 {
			if first < 0 {
				first = i
			}
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return []model.Finding{finding(r.Code, model.At(model.PartVertexExtra, -1),
		fmt.Sprintf("assimp misreads the skinning: %s (the first is vertex %d) have several bones, and assimp, which misreads the comments block before the vertex extras, moves each with its first bone only", vertices(n), first),
		"")}
}
