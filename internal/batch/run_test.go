package batch

import (
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"
)

// TestRunOrder: results come out in the order of the input whatever order
// the jobs end in (later jobs end first here), each once.
func TestRunOrder(t *testing.T) {
	const n = 40
	var emitted, finished []int
	Run(n, 4, func(i int) int {
		time.Sleep(time.Duration(n-i) * 200 * time.Microsecond)
		return i * i
	}, func(i, r int) {
		finished = append(finished, i)
	}, func(i, r int) {
		if r != i*i {
			t.Errorf("result %d is %d, want %d", i, r, i*i)
		}
		emitted = append(emitted, i)
	})
	for i, e := range emitted {
		if e != i {
			t.Fatalf("emitted %v, want 0…%d in order", emitted, n-1)
		}
	}
	if len(emitted) != n || len(finished) != n {
		t.Fatalf("%d emitted, %d finished, want %d", len(emitted), len(finished), n)
	}
	inOrder := true
	for i, f := range finished {
		inOrder = inOrder && f == i
	}
	if inOrder {
		t.Errorf("the jobs finished in input order: the test did not reorder them")
	}
}

// TestRunJobs: at most jobs run at once, and with several they overlap.
func TestRunJobs(t *testing.T) {
	for _, jobs := range []int{1, 3} {
		var running, most atomic.Int32
		Run(12, jobs, func(i int) struct{} {
			now := running.Add(1)
			for {
				m := most.Load()
				if now <= m || most.CompareAndSwap(m, now) {
					break
				}
			}
			time.Sleep(2 * time.Millisecond)
			running.Add(-1)
			return struct{}{}
		}, nil, func(int, struct{}) {})
		if got := most.Load(); got > int32(jobs) || (jobs > 1 && got < 2) {
			t.Errorf("jobs %d: %d ran at once", jobs, got)
		}
	}
}

// TestRunFailureIsolation: a job that fails (an error in its result, or
// a long one) does not stop or change the others.
func TestRunFailureIsolation(t *testing.T) {
	const n = 30
	bad := map[int]bool{}
	for range 8 {
		bad[rand.IntN(n)] = true
	}
	got := map[int]string{}
	Run(n, 3, func(i int) error {
		if bad[i] {
			return fmt.Errorf("file %d is corrupt", i)
		}
		return nil
	}, nil, func(i int, err error) {
		got[i] = fmt.Sprint(err)
	})
	for i := range n {
		want := "<nil>"
		if bad[i] {
			want = fmt.Sprintf("file %d is corrupt", i)
		}
		if got[i] != want {
			t.Errorf("job %d: %q, want %q", i, got[i], want)
		}
	}
}

func TestRunNothing(t *testing.T) {
	Run(0, 0, func(int) int { t.Fatal("job called"); return 0 }, nil, func(int, int) { t.Fatal("emit called") })
}
