package proxy

import (
	"bytes"
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

// initialRequestBuffer is the first buffer, in bytes, for a request body of announced length; it
// doubles as the body arrives, up to the announced length.
const initialRequestBuffer = 1 << 20

// readRequest reads a request body to forward it and to read its tools. A body of at most
// MaxRequestBody bytes is returned whole in body; a larger one (by its Content-Length, or by
// reading past the limit) comes back as stream, the bytes read so far followed by the rest, to be
// sent as it comes, with body nil. It returns the error of a body that cannot be read.
func (s *Server) readRequest(r *http.Request) (body []byte, stream io.Reader, err error) {
	if r.Body == nil || r.Body == http.NoBody {
		return nil, nil, nil
	}
	limit := s.opts.MaxRequestBody
	switch {
	case r.ContentLength > limit:
		return nil, r.Body, nil
	case r.ContentLength >= 0:
		// Memory grows with the bytes that arrive, not with the size announced.
		body = make([]byte, 0, min(r.ContentLength, initialRequestBuffer))
		for int64(len(body)) < r.ContentLength {
			if len(body) == cap(body) {
				body = append(make([]byte, 0, min(2*int64(cap(body)), r.ContentLength)), body...)
			}
			n, err := r.Body.Read(body[len(body):min(int64(cap(body)), r.ContentLength)])
			body = body[:len(body)+n]
			if err == io.EOF && int64(len(body)) < r.ContentLength {
				err = io.ErrUnexpectedEOF
			}
			if err != nil && int64(len(body)) < r.ContentLength {
				return nil, nil, err
			}
		}
		return body, nil, nil
	}
	body, err = io.ReadAll(io.LimitReader(r.Body, limit+1))
	if err != nil {
		return nil, nil, err
	}
	if int64(len(body)) > limit {
		return nil, io.MultiReader(bytes.NewReader(body), r.Body), nil
	}
	return body, nil, nil
}
