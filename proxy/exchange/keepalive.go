package exchange

import (
	"io"
	"sync"
	"time"

	"github.com/toolfix/toolfix/proxy/sse"
)

// KeepAliveAfter is how long a held span may keep the client without a byte before toolfix sends
// a keep-alive of its own: Claude Code's stream watchdog (on by default since 2.1.196: "API Error:
// Response stalled mid-stream", "Stream idle timeout - partial response received") and the SDKs'
// idle timeouts take a longer silence for a stalled stream.
const KeepAliveAfter = 10 * time.Second

// keepAliveTick is how often the pump looks whether a keep-alive is due.
const keepAliveTick = time.Second

// Clock is the time source of the keep-alives, so that tests can move time without sleeping.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// Tick returns a channel that receives a value about every d, and a function that stops it.
	Tick(d time.Duration) (<-chan time.Time, func())
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) Tick(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTicker(d)
	return t.C, t.Stop
}

// spanHolder is what a dialect that holds a faulty span offers the pump: whether it holds one
// now, and the keep-alive to send while it does (an Anthropic ping, an SSE comment).
type spanHolder interface {
	HoldingSpan() bool
	KeepAlive() []byte
}

// keepAlive sends a dialect's keep-alive to the client while the dialect holds a span and the
// client has had no byte for KeepAliveAfter. Every call into the dialect and every write to the
// client goes under mu, the pump's from its goroutine and the keep-alive's from its own.
type keepAlive struct {
	mu      sync.Mutex
	clock   Clock
	holder  spanHolder
	out     *batchWriter
	flush   func() // writes out what is gathered; called with mu held
	since   time.Time
	stopped bool
	done    chan struct{}
	wg      sync.WaitGroup
}

// lockedRepairer runs a dialect's calls under the keep-alive's lock and notes when it starts and
// stops holding a span and when bytes go out.
type lockedRepairer struct {
	streamRepairer
	ka *keepAlive
}

func (l *lockedRepairer) Push(ev sse.Event, w io.Writer) error {
	return l.ka.run(func() error { return l.streamRepairer.Push(ev, w) })
}

func (l *lockedRepairer) End(w io.Writer) error {
	return l.ka.run(func() error { return l.streamRepairer.End(w) })
}

// run calls f under the lock. A panic in f stops the keep-alives for good (the pump then writes
// the rest as it came, outside the lock) and goes on up.
func (ka *keepAlive) run(f func() error) error {
	ka.mu.Lock()
	defer func() {
		if p := recover(); p != nil {
			ka.stopped = true
			ka.mu.Unlock()
			panic(p)
		}
		ka.mu.Unlock()
	}()
	n := ka.out.n
	err := f()
	holding := ka.holder.HoldingSpan()
	switch {
	case !holding:
		ka.since = time.Time{}
	case ka.since.IsZero() || ka.out.n != n:
		ka.since = ka.clock.Now()
	}
	return err
}

// locked runs f under the lock (the pump's flushes).
func (ka *keepAlive) locked(f func()) {
	ka.mu.Lock()
	defer ka.mu.Unlock()
	f()
}

// start runs the keep-alive loop until stop.
func (ka *keepAlive) start() {
	tick, stopTick := ka.clock.Tick(keepAliveTick)
	ka.done = make(chan struct{})
	ka.wg.Add(1)
	go func() {
		defer ka.wg.Done()
		defer stopTick()
		for {
			select {
			case <-ka.done:
				return
			case <-tick:
				ka.maybeSend()
			}
		}
	}()
}

// maybeSend sends one keep-alive when one is due.
func (ka *keepAlive) maybeSend() {
	ka.mu.Lock()
	defer ka.mu.Unlock()
	if ka.stopped || ka.since.IsZero() || !ka.holder.HoldingSpan() {
		return
	}
	now := ka.clock.Now()
	if now.Sub(ka.since) < KeepAliveAfter {
		return
	}
	if _, err := ka.out.Write(ka.holder.KeepAlive()); err != nil {
		ka.stopped = true
		return
	}
	ka.flush()
	ka.since = now
}

// stop ends the loop and waits for it.
func (ka *keepAlive) stop() {
	ka.mu.Lock()
	ka.stopped = true
	ka.mu.Unlock()
	close(ka.done)
	ka.wg.Wait()
}
