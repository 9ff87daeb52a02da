package batch

import (
	"strings"
	"testing"
	"time"
)

func TestProgress(t *testing.T) {
	var b strings.Builder
	clock := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	p := NewProgress(&b, "validate", 4)
	p.now = func() time.Time { return clock }
	p.start = clock

	clock = clock.Add(2 * time.Second)
	p.Finished(false)
	if got, want := b.String(), "\r\x1b[Kvalidate: 1/4 files, about 6 s left"; got != want {
		t.Fatalf("after one file: %q, want %q", got, want)
	}
	b.Reset()
	clock = clock.Add(10 * time.Millisecond)
	p.Finished(true) // within 100 ms of the last line: not drawn
	if b.String() != "" {
		t.Errorf("redrawn within 100 ms: %q", b.String())
	}
	p.Clear()
	if got := b.String(); got != "\r\x1b[K" {
		t.Errorf("Clear wrote %q", got)
	}
	b.Reset()
	p.Clear() // nothing shown: nothing to erase
	p.Redraw()
	if got, want := b.String(), "\r\x1b[Kvalidate: 2/4 files, 1 failed, about 2 s left"; got != want {
		t.Errorf("Redraw: %q, want %q", got, want)
	}
	b.Reset()
	clock = clock.Add(time.Millisecond)
	p.Finished(false)
	p.Finished(false) // the last file is always drawn
	if got, want := b.String(), "\r\x1b[Kvalidate: 4/4 files, 1 failed, about <1 s left"; got != want {
		t.Errorf("last file: %q, want %q", got, want)
	}
	b.Reset()
	clock = clock.Add(3 * time.Minute)
	p.Finish()
	if got, want := b.String(), "\r\x1b[Kvalidate: 4/4 files, 1 failed, took 3 min 2 s\n"; got != want {
		t.Errorf("Finish: %q, want %q", got, want)
	}
}

func TestProgressBeforeAnyFile(t *testing.T) {
	var b strings.Builder
	p := NewProgress(&b, "convert", 3)
	p.Redraw()
	if b.String() != "" {
		t.Errorf("drawn before any file finished: %q", b.String())
	}
}

func TestDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		400 * time.Millisecond: "<1 s", 1500 * time.Millisecond: "2 s", 59 * time.Second: "59 s",
		61 * time.Second: "1 min 1 s", 2*time.Hour + 10*time.Minute + 5*time.Second: "2 h 10 min",
	} {
		if got := duration(d); got != want {
			t.Errorf("duration(%v) = %q, want %q", d, got, want)
		}
	}
}
