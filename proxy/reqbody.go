package proxy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultRequestIdle is how long a request body may go without a byte arriving when
// Options.RequestIdle is zero: 60 seconds. A client that starts a body and then stalls is cut off,
// so that a trickling body cannot hold its memory and its upstream connection forever.
const DefaultRequestIdle = 60 * time.Second

// errRequestIdle is the error of a request body read that made no progress for RequestIdle.
var errRequestIdle = errors.New("no byte of the request body arrived in time")

// idleBody is a request body whose every Read must make progress within idle: before each Read
// it moves the connection's read deadline idle ahead (http.ResponseController), and a Read that
// times out returns errRequestIdle and cancels the exchange (cancel), so that a request already
// streaming upstream is abandoned there too. Once the body is read the deadline is cleared (see
// clear; net/http clears it too when it starts watching for a hang-up at the body's end), so that
// it never limits a long answer. Where the connection has no read deadline (a ResponseRecorder),
// reads are plain.
type idleBody struct {
	body   io.ReadCloser
	rc     *http.ResponseController
	idle   time.Duration
	cancel context.CancelFunc
	idled  atomic.Bool // a Read timed out
	// mu guards done: the transport reads a streamed body in its own goroutine while the handler
	// may clear the deadline.
	mu   sync.Mutex
	done bool // the deadline is cleared, or cannot be set here
}

func (b *idleBody) Read(p []byte) (int, error) {
	b.mu.Lock()
	if !b.done && b.rc.SetReadDeadline(time.Now().Add(b.idle)) != nil {
		b.done = true // not supported here: no deadline to keep or clear
	}
	b.mu.Unlock()
	n, err := b.body.Read(p)
	switch {
	case err != nil && errors.Is(err, os.ErrDeadlineExceeded):
		b.mu.Lock()
		b.idled.Store(true)
		b.done = true
		b.mu.Unlock()
		b.cancel()
		return n, fmt.Errorf("reading the request body: %w (%s)", errRequestIdle, b.idle)
	case err != nil:
		b.clear()
	}
	return n, err
}

// clear removes the read deadline once the body is read. After a Read timed out the deadline stays
// in the past, so that the server's own reads of what is left fail at once too and it closes the
// connection rather than wait for the rest of a body that is not coming.
func (b *idleBody) clear() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.done && !b.idled.Load() {
		b.done = true
		_ = b.rc.SetReadDeadline(time.Time{})
	}
}

func (b *idleBody) Close() error {
	b.clear()
	return b.body.Close()
}

// idleMessage is what a client whose request body stalled is told.
func idleMessage(idle time.Duration) string {
	return fmt.Sprintf("toolfix: the request body stopped arriving (no byte for %s), so the request was abandoned and not answered by the upstream; send the request again", idle)
}
