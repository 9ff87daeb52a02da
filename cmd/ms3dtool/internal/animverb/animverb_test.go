package animverb

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"

	"ms3dstudio/model"
)

// twoJoints is a 10 fps model: hip with rotation keys at frames 1 and 5
// and a position key at 5, knee with a rotation key at 5.
func twoJoints() *model.Model {
	return &model.Model{FPS: 10, TotalFrames: 10, Joints: []model.Joint{
		{Name: "hip", RotationKeys: []model.Key{{Time: 0.1}, {Time: 0.5}}, PositionKeys: []model.Key{{Time: 0.5}}},
		{Name: "knee", Parent: "hip", RotationKeys: []model.Key{{Time: 0.5}}},
	}}
}

// keyCount counts the model's rotation and position keys.
func keyCount(m *model.Model) int {
	n := 0
	for _, j := range m.Joints {
		n += len(j.RotationKeys) + len(j.PositionKeys)
	}
	return n
}

// edit parses args for the verb and runs its edit on m.
func edit(t *testing.T, m *model.Model, verb string, args ...string) error {
	t.Helper()
	fs := flag.NewFlagSet(verb, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	run := Verbs[verb].Flags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	_, err := run(m)
	return err
}

// TestDeleteSelection deletes the keys a frame range, joints and a kind
// select, and refuses selections that cannot be read.
func TestDeleteSelection(t *testing.T) {
	for _, c := range []struct {
		args    []string
		deleted int
		usage   bool   // the error is a UsageError
		err     string // in the error; "" for none
	}{
		{args: []string{"--frame", "5"}, deleted: 3},
		{args: []string{"--frame", "1", "--to", "5"}, deleted: 4},
		{args: []string{"--frame", "5", "--joint", "hip", "--kind", "rot"}, deleted: 1},
		{args: []string{"--frame", "1", "--to", "5", "--joint", "knee"}, deleted: 1},
		{args: []string{"--frame", "5", "--kind", "pos"}, deleted: 1},
		{args: []string{"--frame", "3"}, deleted: 0},
		{args: []string{"--frame", "5", "--to", "1"}, usage: true, err: "--frame 5 is after --to 1"},
		{args: []string{"--frame", "5", "--kind", "twist"}, usage: true, err: "--kind is rot or pos"},
		{args: nil, usage: true, err: "give --frame"},
		{args: []string{"--frame", "5", "--joint", "nope"}, err: `no joint "nope" (the model has "hip", "knee")`},
	} {
		m := twoJoints()
		err := edit(t, m, "delete", c.args...)
		var u UsageError
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%v: %v", c.args, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err) || errors.As(err, &u) != c.usage):
			t.Errorf("%v: error %v, want %q (usage error: %v)", c.args, err, c.err, c.usage)
		case c.err == "" && keyCount(m) != 4-c.deleted:
			t.Errorf("%v: %d keys left, want %d", c.args, keyCount(m), 4-c.deleted)
		}
	}
}

// TestSetNeedsItsFlags: set refuses, as usage errors, a call without the
// flags it needs or with a vector that is not X,Y,Z.
func TestSetNeedsItsFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--frame", "1", "--rot", "0,0,30"}, "give --joint"},
		{[]string{"--joint", "hip", "--rot", "0,0,30"}, "give --frame"},
		{[]string{"--joint", "hip", "--frame", "1"}, "give --rot, --pos or both"},
	} {
		err := edit(t, twoJoints(), "set", c.args...)
		var u UsageError
		if !errors.As(err, &u) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want the usage error %q", c.args, err, c.want)
		}
	}
	for _, v := range []string{"1,2", "1,2,3,4", "1,x,2", "1,NaN,2", "1,+Inf,0"} {
		if err := edit(t, twoJoints(), "set", "--joint", "hip", "--frame", "1", "--rot", v); err == nil {
			t.Errorf("--rot %s was taken", v)
		}
	}
	m := twoJoints()
	if err := edit(t, m, "set", "--joint", "knee", "--frame", "1", "--rot", "0, 0, 30"); err != nil || len(m.Joints[1].RotationKeys) != 2 {
		t.Errorf("set knee at frame 1: %v, %d rotation keys", err, len(m.Joints[1].RotationKeys))
	}
}

// TestShiftAndScale: shift and scale need their number, as a usage error,
// and edit only the keys selected.
func TestShiftAndScale(t *testing.T) {
	for verb, flagName := range map[string]string{"shift": "--by", "scale": "--factor"} {
		var u UsageError
		if err := edit(t, twoJoints(), verb, "--from", "1"); !errors.As(err, &u) || err.Error() != "give "+flagName {
			t.Errorf("%s without %s: %v", verb, flagName, err)
		}
	}
	m := twoJoints()
	if err := edit(t, m, "shift", "--by", "2", "--from", "5", "--joint", "knee"); err != nil {
		t.Fatal(err)
	}
	if got := m.Joints[1].RotationKeys[0].Time; got < 0.699 || got > 0.701 || m.Joints[0].RotationKeys[1].Time != 0.5 {
		t.Errorf("knee's key at %g s, hip's at %g s; want 0.7 and 0.5", got, m.Joints[0].RotationKeys[1].Time)
	}
	m = twoJoints()
	if err := edit(t, m, "scale", "--factor", "2", "--joint", "hip", "--kind", "rot"); err != nil {
		t.Fatal(err)
	}
	if got := m.Joints[0].RotationKeys[1].Time; got < 0.899 || got > 0.901 || m.Joints[0].PositionKeys[0].Time != 0.5 {
		t.Errorf("hip's second rotation key at %g s, its position key at %g s; want 0.9 and 0.5", got, m.Joints[0].PositionKeys[0].Time)
	}
}
