package clips

import "testing"

// TestFind checks that Find matches names ignoring case and that its error
// lists the names there are, or says there are none.
func TestFind(t *testing.T) {
	list := []Clip{{"Idle", 1, 10}, {"walk", 11, 20}}
	if c, err := Find(list, "WALK"); err != nil || c != list[1] {
		t.Errorf("Find(WALK) = %v, %v; want %v", c, err, list[1])
	}
	for _, tc := range []struct {
		list []Clip
		want string
	}{
		{list, `the model has no clip "run" (it has Idle, walk)`},
		{nil, `the model has no clip "run" (it has none)`},
	} {
		if _, err := Find(tc.list, "run"); err == nil || err.Error() != tc.want {
			t.Errorf("Find(%v, run) error %v, want %q", tc.list, err, tc.want)
		}
	}
}
