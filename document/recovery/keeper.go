package recovery

import (
	"os"
	"sync"
	"time"
)

// AutosaveEvery is how often the app keeps a recovery copy of a document
// with changes made since the last one: at most this much work is lost
// when the app crashes, is killed or the machine loses power.
const AutosaveEvery = time.Minute

// A Keeper writes and removes a store's copies in the order they were
// asked for, writing in the background so that the caller (the UI
// goroutine) never waits for the disk. Every write or removal of a copy is
// made only if no later one of the same copy was asked for in the
// meantime: of several writes still waiting only the last is made, and a
// copy removed after a save never comes back from a write that was still
// on its way.
type Keeper struct {
	store *Store
	// io is held while a copy is written or removed.
	io sync.Mutex
	// mu guards asked and last: asked numbers every Keep, KeepNow and
	// Remove; last holds, per copy key, the number of the latest one.
	mu    sync.Mutex
	asked uint64
	last  map[string]uint64
	wg    sync.WaitGroup
}

// NewKeeper returns a keeper of the copies in s.
func NewKeeper(s *Store) *Keeper { return &Keeper{store: s, last: map[string]uint64{}} }

// ticket is one request: its number and the copy's key.
type ticket struct {
	n   uint64
	key string
}

// ask records a new request for original's copy.
func (k *Keeper) ask(original string) (ticket, error) {
	abs, err := absolute(original)
	if err != nil {
		return ticket{}, err
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.asked++
	t := ticket{k.asked, key(abs)}
	k.last[t.key] = t.n
	return t, nil
}

// latest reports whether no request for t's copy came after t.
func (k *Keeper) latest(t ticket) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.last[t.key] == t.n
}

// Keep writes data as the recovery copy of original, shown as name (see
// Store.Write), on another goroutine, and then calls done, when it is not
// nil, with the outcome, on that goroutine. A write overtaken by a later
// Keep, KeepNow or Remove of the same copy is not made, and done is not
// called.
func (k *Keeper) Keep(original, name string, data []byte, now time.Time, done func(Copy, error)) {
	t, err := k.ask(original)
	if err != nil {
		if done != nil {
			done(Copy{}, err)
		}
		return
	}
	k.wg.Add(1)
	go func() {
		defer k.wg.Done()
		k.io.Lock()
		defer k.io.Unlock()
		if !k.latest(t) {
			return
		}
		c, err := k.store.Write(original, name, data, now)
		if done != nil {
			done(c, err)
		}
	}()
}

// KeepNow writes the copy at once, for the moment the app is being
// stopped (the copy is marked Final, so another instance started before
// this process has ended offers it), after any write already under way,
// in place of those still waiting. Overtaken by a later request while it
// waited, it writes nothing and returns the zero Copy.
func (k *Keeper) KeepNow(original, name string, data []byte, now time.Time) (Copy, error) {
	t, err := k.ask(original)
	if err != nil {
		return Copy{}, err
	}
	k.io.Lock()
	defer k.io.Unlock()
	if !k.latest(t) {
		return Copy{}, nil
	}
	return k.store.write(original, name, data, now, true, os.Getpid())
}

// Remove deletes original's copy at once, after any write already under
// way, and cancels the writes of it still waiting.
func (k *Keeper) Remove(original string) error {
	t, err := k.ask(original)
	if err != nil {
		return err
	}
	k.io.Lock()
	defer k.io.Unlock()
	if !k.latest(t) {
		return nil
	}
	return k.store.Remove(original)
}

// Touch marks original's copy as still in use (Store.Touch), in the
// background. A touch that fails is not reported: the copy stays whole,
// and at worst another instance offers it after Lease.
func (k *Keeper) Touch(original string, now time.Time) {
	k.wg.Add(1)
	go func() {
		defer k.wg.Done()
		k.io.Lock()
		defer k.io.Unlock()
		k.store.Touch(original, now)
	}()
}

// Wait returns once every write asked for so far is made or cancelled.
func (k *Keeper) Wait() { k.wg.Wait() }
