package exchange

import (
	"sync"
	"time"
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
// client goes under mu. The pump holds it for as long as it works through what it read (see
// resume and pause), so that a fast stream takes the lock once per upstream read, not once per
// event; the keep-alive loop gets it while the pump waits for the upstream, which is the only
// time a keep-alive can be due.
type keepAlive struct {
	mu      sync.Mutex
	clock   Clock
	holder  spanHolder
	out     *batchWriter
	flush   func() // writes out what is gathered; called with mu held
	since   time.Time
	n       int64 // out.n when the pump last paused
	stopped bool
	done    chan struct{}
	wg      sync.WaitGroup
}

// resume takes the lock for the pump, after an upstream read.
func (ka *keepAlive) resume() { ka.mu.Lock() }

// pause notes whether the dialect holds a span and since when the client has had no byte, writes
// out what the pump gathered, and lets the lock go while the pump waits for the upstream. The note
// comes first, so that the client cannot see the bytes before it is taken.
func (ka *keepAlive) pause() {
	ka.note()
	ka.flush()
	ka.mu.Unlock()
}

// note records, with the lock held, whether a span is held and since when: from the first pause
// that finds it held, and again whenever bytes went out since the last pause.
func (ka *keepAlive) note() {
	holding := !ka.stopped && ka.holder.HoldingSpan()
	switch {
	case !holding:
		ka.since = time.Time{}
	case ka.since.IsZero() || ka.out.n != ka.n:
		ka.since = ka.clock.Now()
	}
	ka.n = ka.out.n
}

// broke stops the keep-alives for good after a panic in the dialect (the pump then writes the
// rest as it came); called by the pump with the lock held.
func (ka *keepAlive) broke() { ka.stopped = true }

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
