package cmd

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// waitNoticeAfter is how long a network step of `toolfix update` may take before it is named.
const waitNoticeAfter = 3 * time.Second

// waitNotice names, in one line on out, a step of `toolfix update` that has not ended after a
// delay: "Waiting: listing the releases of toolfix/toolfix at https://api.github.com/ …". A new
// step replaces the one waited for; stop ends it, and nothing is printed after stop returns.
type waitNotice struct {
	out   io.Writer
	after time.Duration // < 0: print at once (tests)

	mu      sync.Mutex
	timer   *time.Timer
	stopped bool
}

// newWaitNotice returns a waitNotice on out; after 0 means waitNoticeAfter, < 0 means at once.
func newWaitNotice(out io.Writer, after time.Duration) *waitNotice {
	if after == 0 {
		after = waitNoticeAfter
	}
	return &waitNotice{out: out, after: after}
}

// step starts waiting for what, in words.
func (w *waitNotice) step(what string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.timer != nil {
		w.timer.Stop()
	}
	print := func() { fmt.Fprintf(w.out, "Waiting: %s …\n", what) }
	if w.after < 0 {
		print()
		return
	}
	w.timer = time.AfterFunc(w.after, func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if !w.stopped {
			print()
		}
	})
}

func (w *waitNotice) stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopped = true
	if w.timer != nil {
		w.timer.Stop()
	}
}
