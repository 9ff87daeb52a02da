package max3ds

import (
	"ms3dstudio/model"
)

// nodeKinds maps node chunk ids to their kinds.
var nodeKinds = map[uint16]NodeKind{
	0xB001: NodeAmbient,
	0xB002: NodeObject,
	0xB003: NodeCamera,
	0xB004: NodeCameraTarget,
	0xB005: NodeOmni,
	0xB006: NodeSpot,
	0xB007: NodeSpotTarget,
}

func (d *decoder) keyframer(k *Keyframer, c chunk) {
	k.Present, k.Offset = true, int64(c.start)
	d.walk(c, c.data, func(c chunk) {
		r := d.cursor(c)
		switch c.id {
		case chunkKFHeader:
			k.Revision = r.u16("keyframer revision")
			k.Name = r.cstr("keyframer name")
			k.Length = r.u32("keyframer length")
		case chunkKFSegment:
			k.Start, k.End = r.i32("segment start"), r.i32("segment end")
			k.HasSegment = !r.short
		case chunkKFCurTime:
			k.Current = r.i32("current frame")
			k.HasCurrent = !r.short
		default:
			if kind, ok := nodeKinds[c.id]; ok {
				k.Nodes = append(k.Nodes, d.node(kind, c, len(k.Nodes)))
			}
		}
	})
}

func (d *decoder) node(kind NodeKind, c chunk, index int) Node {
	n := Node{Kind: kind, ID: uint16(index), Parent: NoParent, Offset: int64(c.start)}
	d.walk(c, c.data, func(c chunk) {
		r := d.cursor(c)
		switch c.id {
		case chunkNodeID:
			n.ID = r.u16("node id")
			n.HasID = !r.short
		case chunkNodeHeader:
			n.Name = r.cstr("node name")
			n.Flags1 = r.u16("node flags")
			n.Flags2 = r.u16("node flags")
			n.Parent = r.u16("node parent")
			if r.short {
				n.Parent = NoParent
			}
		case chunkInstance:
			n.Instance = r.cstr("instance name")
		case chunkPivot:
			n.Pivot = r.vec3("pivot")
		case chunkBBox:
			n.BBoxMin, n.BBoxMax = r.vec3("bounding box"), r.vec3("bounding box")
			n.HasBBox = !r.short
		case chunkPosTrack:
			n.Position = d.vecTrack(c)
		case chunkScaleTrack:
			n.Scale = d.vecTrack(c)
		case chunkRotTrack:
			n.Rotation = d.rotTrack(c)
		case chunkRollTrack:
			n.Roll = d.floatTrack(c)
		case chunkFOVTrack:
			n.FOV = d.floatTrack(c)
		case chunkHotTrack:
			n.Hotspot = d.floatTrack(c)
		case chunkFallTrack:
			n.Falloff = d.floatTrack(c)
		}
	})
	return n
}

// trackHeader reads a track's header and returns its flags and the number
// of keys announced, bounded by the keys of at least minKey bytes that fit.
func (d *decoder) trackHeader(r *cursor, minKey int) (flags uint16, n int) {
	flags = r.u16("track flags")
	r.u32("track header")
	r.u32("track header")
	at := r.off
	declared := r.u32("key count")
	if r.short {
		return flags, 0
	}
	fit := r.left() / minKey
	if uint64(declared) > uint64(fit) {
		d.chunkf(model.Code3DSCount, model.Error, at,
			"chunk %#04x at offset %#x: %d keys declared at offset %#x, at most %d fit in the %d bytes left",
			r.c.id, r.c.start, declared, at, fit, r.left())
		return flags, fit
	}
	return flags, int(declared)
}

// keyHeader reads a key's frame, spline flags and the TCB parameters the
// flags announce.
func keyHeader(r *cursor) Key {
	k := Key{Frame: r.i32("key frame"), Flags: r.u16("key flags")}
	if k.Flags&KeyTension != 0 {
		k.Tension = r.f32("key tension")
	}
	if k.Flags&KeyContinuity != 0 {
		k.Continuity = r.f32("key continuity")
	}
	if k.Flags&KeyBias != 0 {
		k.Bias = r.f32("key bias")
	}
	if k.Flags&KeyEaseTo != 0 {
		k.EaseTo = r.f32("key ease to")
	}
	if k.Flags&KeyEaseFrom != 0 {
		k.EaseFrom = r.f32("key ease from")
	}
	return k
}

// Keys are at least a frame and flags (6 bytes) plus their value.
const (
	minVecKey   = 6 + 12
	minRotKey   = 6 + 16
	minFloatKey = 6 + 4
)

// readTrack reads the track in c: its header, then up to the keys
// announced, each read by key (the value after the key's header), up to
// the first one cut short.
func readTrack[K any](d *decoder, c chunk, minKey int, key func(r *cursor, k Key) K) (flags uint16, keys []K) {
	r := d.cursor(c)
	flags, n := d.trackHeader(r, minKey)
	keys = make([]K, 0, n)
	for range n {
		k := key(r, keyHeader(r))
		if r.short {
			break
		}
		keys = append(keys, k)
	}
	return flags, keys
}

func (d *decoder) vecTrack(c chunk) VecTrack {
	t := VecTrack{Offset: int64(c.start)}
	t.Flags, t.Keys = readTrack(d, c, minVecKey, func(r *cursor, k Key) VecKey {
		return VecKey{Key: k, Value: r.vec3("key value")}
	})
	return t
}

func (d *decoder) rotTrack(c chunk) RotTrack {
	t := RotTrack{Offset: int64(c.start)}
	t.Flags, t.Keys = readTrack(d, c, minRotKey, func(r *cursor, k Key) RotKey {
		return RotKey{Key: k, Angle: r.f32("key angle"), Axis: r.vec3("key axis")}
	})
	return t
}

func (d *decoder) floatTrack(c chunk) FloatTrack {
	t := FloatTrack{Offset: int64(c.start)}
	t.Flags, t.Keys = readTrack(d, c, minFloatKey, func(r *cursor, k Key) FloatKey {
		return FloatKey{Key: k, Value: r.f32("key value")}
	})
	return t
}
