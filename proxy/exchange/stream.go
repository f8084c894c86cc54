package exchange

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"sync"

	"github.com/toolfix/toolfix/proxy/sse"
)

// streamRepairer is what a dialect offers for one streamed response. Push is given each framed
// piece in order and writes what may go now; End is called once at the end of the stream and writes
// whatever is still held. Held returns the raw bytes of every piece taken but not yet written, as
// they came, so that the pump can fail open after a panic.
type streamRepairer interface {
	Push(ev sse.Event, w io.Writer) error
	End(w io.Writer) error
	Held() []byte
}

// stream pumps an SSE body through the dialect's repairer, flushing whenever it would wait for the
// upstream, and fails open on a panic.
func (ex *exchange) stream(rep streamRepairer) {
	sh, holds := rep.(spanHolder) // asked of the dialect itself, before any wrapping
	rep = ex.watchUndeclared(rep)
	ex.s.stats.StreamOpened()
	defer ex.s.stats.StreamClosed()
	h := ex.w.Header()
	h.Del("Content-Length")
	ex.w.WriteHeader(ex.resp.StatusCode)
	rc := http.NewResponseController(ex.w)
	cw := &batchWriter{w: ex.w}
	flushNow := func() {
		if wrote, err := cw.flush(); wrote && err == nil {
			_ = rc.Flush()
		}
	}
	flush := flushNow
	if holds {
		ka := &keepAlive{clock: ex.s.clock, holder: sh, out: cw, flush: flushNow}
		rep = &lockedRepairer{streamRepairer: rep, ka: ka}
		flush = func() { ka.locked(flushNow) }
		ka.start()
		defer ka.stop()
	}
	readErr, writeErr := pumpStream(ex.resp.Body, cw, rep, ex.s.opts.MaxEvent, flush, ex.panicked)
	if writeErr != nil {
		return // writing to the client failed: it went away
	}
	flush()
	if readErr != nil {
		ex.abort(readErr)
	}
}

// pumpStream frames src as SSE and passes each piece through rep to w, calling beforeRead (when not
// nil) before every read of src that may block. After a panic in rep it writes what rep held and
// every later byte as it came, and calls panicked once. It returns the error that ended src (nil at
// its end) and the first error writing to w, after which it stops. The proxy and Replay share it.
func pumpStream(src io.Reader, w io.Writer, rep streamRepairer, maxEvent int, beforeRead func(), panicked func(any)) (readErr, writeErr error) {
	fr := &sse.Reader{R: src, MaxEvent: maxEvent, BeforeRead: beforeRead}
	broken := false // after a panic: pass every byte through
	for {
		ev, err := fr.Next()
		if err != nil {
			if !broken {
				_ = safely(rep, func() error { return rep.End(w) }, nil, &broken, w, panicked)
			}
			if errors.Is(err, io.EOF) {
				return nil, nil
			}
			return err, nil
		}
		if broken {
			_, err = w.Write(ev.Raw)
		} else {
			err = safely(rep, func() error { return rep.Push(ev, w) }, ev.Raw, &broken, w, panicked)
		}
		if err != nil {
			return nil, err
		}
	}
}

// safely runs one dialect call; on a panic it writes the held bytes and raw as they came, marks the
// stream broken and reports the panic.
func safely(rep streamRepairer, call func() error, raw []byte, broken *bool, w io.Writer, panicked func(any)) (err error) {
	defer func() {
		if p := recover(); p != nil {
			*broken = true
			panicked(p)
			if _, err = w.Write(rep.Held()); err == nil && raw != nil {
				_, err = w.Write(raw)
			}
		}
	}()
	return call()
}

// panicText describes a recovered panic for the log without its content: a runtime error's message
// (an index, a nil dereference: never data), else only the panic value's type, since a value built
// by code may quote the argument or text it choked on.
func panicText(p any) string {
	if re, ok := p.(runtime.Error); ok {
		return re.Error()
	}
	return fmt.Sprintf("%T", p)
}

// batchWriter gathers the small writes of one batch of events into one buffer, written to the
// client at each flush point (when the pump is about to wait for the upstream), so that a fast
// stream costs as few syscalls as a plain copy while a slow one still goes out event by event.
// The buffer comes from a pool and goes back at each flush, so an idle stream holds none.
type batchWriter struct {
	w   io.Writer
	buf *[]byte
	err error
	n   int64 // bytes taken so far
}

const batchSize = 32 << 10

var batchPool = sync.Pool{New: func() any { b := make([]byte, 0, batchSize); return &b }}

func (b *batchWriter) Write(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	b.n += int64(len(p))
	if b.buf == nil {
		b.buf = batchPool.Get().(*[]byte)
	}
	if len(*b.buf)+len(p) > batchSize {
		if err := b.writeOut(); err != nil {
			return 0, err
		}
		if len(p) >= batchSize {
			_, b.err = b.w.Write(p)
			return len(p), b.err
		}
	}
	*b.buf = append(*b.buf, p...)
	return len(p), nil
}

// writeOut writes the gathered bytes to the client.
func (b *batchWriter) writeOut() error {
	if b.buf != nil && len(*b.buf) > 0 && b.err == nil {
		_, b.err = b.w.Write(*b.buf)
		*b.buf = (*b.buf)[:0]
	}
	return b.err
}

// flush writes the gathered bytes, returns the buffer to the pool and reports whether anything
// was written since the last flush.
func (b *batchWriter) flush() (bool, error) {
	if b.buf == nil {
		return false, b.err
	}
	err := b.writeOut()
	batchPool.Put(b.buf)
	b.buf = nil
	return true, err
}
