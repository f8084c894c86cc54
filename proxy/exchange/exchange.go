package exchange

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"unsafe"

	"github.com/toolfix/toolfix/proxy/observe"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
)

// exchange is one forwarded request's response side.
type exchange struct {
	s       *Env
	route   string
	w       http.ResponseWriter
	resp    *http.Response
	request []byte
	dialect string
	format  string           // the route's opt-in leaked-call text format ("" for none)
	cap     *observe.Capture // nil when no sample is captured
}

func (ex *exchange) reporter(tool *string) *repair.Reporter {
	seen := map[string]bool{} // the undeclared tools logged, one line per name and response
	return &repair.Reporter{
		Undeclared: func(t string) {
			if !seen[t] {
				seen[t] = true
				ex.logUndeclared(t)
			}
		},
		Repaired: func(kind, t string) {
			ex.s.stats.Repair(kind)
			ex.cap.Repair(kind, t)
			ex.s.log.Info("repaired", "route", ex.route, "dialect", ex.dialect, "kind", kind, "tool", t)
		},
		FailOpen: func(reason string) {
			ex.s.stats.FailOpen()
			ex.cap.FailOpen(reason)
			ex.s.log.Info("fail open", "route", ex.route, "dialect", ex.dialect, "reason", reason)
		},
	}
}

// handling is what the proxy does with a response body.
type handling int

const (
	handleCopy      handling = iota // copied as it comes
	handleStream                    // framed and pumped through the dialect's sse.Repairer
	handleJSON                      // read whole and repaired by repairJSON
	handleSSEAsJSON                 // an SSE answer to a non-streamed request: see sseAsJSON
)

// handlingOf decides how a response to a request of dialect is handled, from its status, its
// Content-Type, the request method and body. Replay takes the same decision.
func handlingOf(dialect string, status int, contentType, method string, request []byte) handling {
	mt, _, _ := mime.ParseMediaType(contentType)
	ok := status >= 200 && status < 300
	switch {
	case ok && (mt == "text/event-stream" || mt == "text/plain") && shapesSSEAsJSON(dialect) && method == http.MethodPost && RequestAsksJSON(request):
		// text/plain: some gateways label the stream so; a body that is neither a stream nor JSON
		// passes as it came.
		return handleSSEAsJSON
	case ok && dialect != "" && mt == "text/event-stream":
		return handleStream
	case ok && dialect != "" && (mt == "application/json" || mt == "" || mt == "text/plain") && method == http.MethodPost:
		// text/plain: a gateway's label for a stream (see streamLabelledJSON) or for JSON.
		return handleJSON
	}
	return handleCopy
}

// streamLabelledJSON refines handleJSON by the start of the body (head, its first bytes): an SSE
// stream labelled application/json, text/plain or nothing that answers a request asking for a stream is
// handled as the stream it is, so that it stays a stream (byte-identical when healthy); only a
// request asking for no stream has it turned into JSON (D55). Replay takes the same decision.
func streamLabelledJSON(h handling, request, head []byte) handling {
	if h == handleJSON && sse.LooksLikeStream(head) && !RequestAsksJSON(request) {
		return handleStream
	}
	return h
}

// peekHead returns up to n first bytes of the upstream body without consuming them (ex.resp.Body
// then reads them again). It waits for those bytes or the end of the body.
func (ex *exchange) peekHead(n int) []byte {
	br := bufio.NewReaderSize(ex.resp.Body, max(n, 16))
	head, _ := br.Peek(n)
	ex.resp.Body = struct {
		io.Reader
		io.Closer
	}{br, ex.resp.Body}
	return head
}

// respond decides once how the body is handled and hands it to the one writer of that handling.
func (ex *exchange) respond() {
	h := handlingOf(ex.dialect, ex.resp.StatusCode, ex.resp.Header.Get("Content-Type"), ex.resp.Request.Method, ex.request)
	if h == handleJSON {
		h = streamLabelledJSON(h, ex.request, ex.peekHead(64))
	}
	var rep sse.Repairer
	if h == handleStream {
		rep = newStreamRepairer(ex.dialect, ex.request, ex.textFormat(), ex.s.opts.MaxHeld, ex.reporter(nil))
	}
	switch {
	case h == handleSSEAsJSON:
		ex.sseAsJSON()
	case h == handleStream && rep != nil:
		ex.stream(rep)
	case h == handleJSON:
		ex.json()
	default:
		ex.copy(nil)
	}
}

// copy writes the status and the body as it comes, flushing after every read so that streams of a
// kind toolfix does not repair still flow at once. prefix, when not nil, was already read.
func (ex *exchange) copy(prefix []byte) {
	ex.w.WriteHeader(ex.resp.StatusCode)
	rc := http.NewResponseController(ex.w)
	if len(prefix) > 0 {
		if _, err := ex.w.Write(prefix); err != nil {
			return
		}
	}
	buf := make([]byte, 32<<10)
	for {
		n, err := ex.resp.Body.Read(buf)
		if n > 0 {
			if _, werr := ex.w.Write(buf[:n]); werr != nil {
				return
			}
			_ = rc.Flush()
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				ex.abort(err)
			}
			return
		}
	}
}

// abort ends the response abruptly after a failed upstream read, so that the client sees a broken
// stream rather than a clean end that was never sent.
func (ex *exchange) abort(err error) {
	if ex.resp.Request.Context().Err() != nil {
		return // the client hung up
	}
	ex.s.log.Warn("reading upstream", "route", ex.route, "error", err.Error())
	ex.cap.Fail("reading upstream: " + err.Error())
	panic(http.ErrAbortHandler)
}

// stream pumps an SSE body through the dialect's repairer, flushing whenever it would wait for the
// upstream, and fails open on a panic.
func (ex *exchange) stream(rep sse.Repairer) {
	sh, holds := rep.(spanHolder)
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
	hooks := pumpHooks{beforeRead: flushNow, panicked: ex.panicked}
	ex.cap.Stream()
	if holds {
		ka := &keepAlive{clock: ex.s.clock, holder: sh, out: cw, flush: flushNow}
		heldReads := 0 // the reads in a row at whose end the dialect held something
		hooks.beforeRead = func() {
			if heldReads++; !sh.HoldingSpan() {
				heldReads = 0
			} else if heldReads == spillAfterHeldReads {
				ex.cap.Spill() // a span held that long is one the dialect may repair: the exchange may become a sample
			}
			ka.pause()
		}
		hooks.afterRead = ka.resume
		hooks.panicked = func(p any) { ka.broke(); ex.panicked(p) }
		ka.start()
		defer ka.stop()
		ka.resume()
		defer ka.pause() // the pump ends holding the lock, with what it wrote last gathered
	}
	readErr, writeErr := pumpStream(ex.resp.Body, cw, rep, ex.s.opts.MaxEvent, hooks)
	if writeErr != nil {
		return // writing to the client failed: it went away
	}
	if !holds {
		flushNow()
	}
	if readErr != nil {
		ex.abort(readErr)
	}
}

// spillAfterHeldReads is how many upstream reads in a row must end with the dialect holding
// something before the exchange's capture goes to disk (observe.Capture.Spill): a healthy stream
// holds a piece now and then for an event or two (a text block's start, text that may begin
// markup), a faulty value it may repair for as long as the value lasts.
const spillAfterHeldReads = 4

// panicked reports a fail-open after a panic in the dialect.
func (ex *exchange) panicked(p any) {
	ex.s.stats.FailOpen()
	ex.cap.FailOpen("panic in repair")
	ex.s.log.Error("fail open after panic in repair", "route", ex.route, "dialect", ex.dialect, "panic", panicText(p))
}

// pumpHooks are what pumpStream calls besides the dialect; a nil func is not called.
type pumpHooks struct {
	beforeRead func()      // before every read of the upstream that may block
	afterRead  func()      // after each such read
	panicked   func(p any) // once, after a panic in the dialect
}

// pumpStream frames src as SSE and passes each piece through rep to w, calling the hooks around
// every read of src that may block. After a panic in rep it writes what rep held and every later
// byte as it came, and calls hooks.panicked once. It returns the error that ended src (nil at its
// end) and the first error writing to w, after which it stops. The proxy and Replay share it.
func pumpStream(src io.Reader, w io.Writer, rep sse.Repairer, maxEvent int, hooks pumpHooks) (readErr, writeErr error) {
	p := &pump{
		fr:       &sse.Reader{R: src, MaxEvent: maxEvent, BeforeRead: hooks.beforeRead, AfterRead: hooks.afterRead},
		w:        w,
		rep:      rep,
		panicked: hooks.panicked,
	}
	p.lend, _ = w.(*batchWriter)
	p.run, _ = rep.(sse.RunPusher)
	for {
		if done := p.events(); done {
			return p.readErr, p.writeErr
		}
	}
}

// pump is one pumpStream's state.
type pump struct {
	fr       *sse.Reader
	w        io.Writer
	rep      sse.Repairer
	panicked func(any)

	lend              *batchWriter  // w when it is one: told each piece, which it may write without a copy
	run               sse.RunPusher // rep when it takes runs of pieces from the bytes read ahead
	broken            bool          // after a panic: every byte passes through
	raw               []byte        // the piece given to the dialect now; nil in End
	ending            bool          // End was called
	readErr, writeErr error
}

// events runs pieces through the dialect until the stream ends or a write fails (done), or the
// dialect panics: then it writes what the dialect held and the piece it choked on as they came,
// marks the pump broken and returns not done, and the caller calls it again. One recover serves
// every piece, so that a healthy piece costs no deferred call.
func (p *pump) events() (done bool) {
	defer func() {
		if x := recover(); x != nil {
			p.broken = true
			if p.panicked != nil {
				p.panicked(x)
			}
			_, err := p.w.Write(p.rep.Held())
			if err == nil && p.raw != nil {
				_, err = p.w.Write(p.raw)
			}
			if err != nil && !p.ending {
				p.writeErr, done = err, true
			}
			done = done || p.ending
		}
	}()
	for {
		if p.run != nil && !p.broken {
			// The pieces read ahead that the dialect would pass as they came go in one call and
			// one write (issue 21 item 3); Next goes on after them.
			if ahead := p.fr.Ahead(); len(ahead) > 0 {
				p.raw = nil // a panic in PushRun took nothing: its pieces come again from Next
				if n := p.run.PushRun(ahead, p.fr.Limit()); n > 0 {
					if p.lend != nil {
						p.lend.lent = ahead[:n]
					}
					_, err := p.w.Write(ahead[:n])
					p.fr.Skip(n)
					if err != nil {
						p.writeErr = err
						return true
					}
				}
			}
		}
		ev, err := p.fr.Next()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				p.readErr = err
			}
			if p.lend != nil {
				p.lend.lent = nil
			}
			if !p.broken {
				p.raw, p.ending = nil, true
				_ = p.rep.End(p.w)
			}
			return true
		}
		if p.lend != nil {
			p.lend.lent = ev.Raw
		}
		if p.broken {
			_, err = p.w.Write(ev.Raw)
		} else {
			p.raw = ev.Raw
			err = p.rep.Push(ev, p.w)
		}
		if err != nil {
			p.writeErr = err
			return true
		}
	}
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

// json reads a non-streamed body up to the size limit and writes it repaired; a body it cannot
// read whole, or one over the limit, goes on by copy as it came.
func (ex *exchange) json() {
	limit := ex.s.opts.MaxJSONBody
	body, err := ex.readWhole(limit)
	if err != nil {
		ex.copy(body)
		return
	}
	if int64(len(body)) > limit {
		ex.s.log.Info("body over the repair size limit, passed through", "route", ex.route, "bytes", len(body))
		ex.copy(body)
		return
	}
	tools, err := ToolsOf(ex.dialect, ex.request)
	if err == nil && ex.dialect == "responses" {
		newUndeclared(ex.dialect, tools, ex.logUndeclared).body(body) // the other dialects' repairers report each call as they read it
	}
	out, _ := repairBody(ex.dialect, ex.request, tools, body, ex.textFormat(), readable(ex.reporter(nil), err), ex.panicked)
	ex.w.Header().Set("Content-Length", strconv.Itoa(len(out)))
	ex.w.WriteHeader(ex.resp.StatusCode)
	_, _ = ex.w.Write(out)
}

// repairBody repairs a whole body with repairJSON against tools (the request's, read by ToolsOf),
// failing open (body as it came, panicked called) after a panic; changed is false when the body
// goes as it came. The request is read only for whether it asked for JSON. The proxy and Replay
// share it.
func repairBody(dialect string, request []byte, tools *repair.Tools, body []byte, textFormat string, rep *repair.Reporter, panicked func(any)) (out []byte, changed bool) {
	out = body
	defer func() {
		if p := recover(); p != nil {
			out, changed = body, false
			panicked(p)
		}
	}()
	stream := sse.LooksLikeStream(body)
	if stream && !RequestAsksJSON(request) {
		return body, false // a stream the client asked for is not the JSON repairers' (see streamLabelledJSON)
	}
	if fixed, ok := repairJSON(dialect, tools, body, textFormat, rep); ok {
		if !stream { // a stream made one answer (sseAsJSON) ends where its value does
			fixed = keepTrailingSpace(body, fixed)
		}
		out, changed = fixed, true
	}
	return out, changed
}

// keepTrailingSpace gives a repaired body the white space that followed the upstream body's JSON
// value (most servers end an answer with a newline), which the dialects' repairers, writing the
// value, leave out: the repair changes the call, nothing after it. fixed is returned as it is
// when it ends in white space of its own, or body has none or ends in something else than an
// object's closer (an answer followed by `data: [DONE]`, D55, ends where its object does).
func keepTrailingSpace(body, fixed []byte) []byte {
	const space = " \t\r\n"
	value := bytes.TrimRight(body, space)
	tail := body[len(value):]
	if len(tail) == 0 || !bytes.HasSuffix(value, []byte("}")) || len(fixed) == 0 || bytes.IndexByte([]byte(space), fixed[len(fixed)-1]) >= 0 {
		return fixed
	}
	if cap(fixed)-len(fixed) >= len(tail) && !overlaps(fixed[:cap(fixed)], body) {
		return append(fixed, tail...) // in the repairer's own spare room: no copy of a large answer
	}
	return append(fixed[:len(fixed):len(fixed)], tail...)
}

// overlaps reports whether a and b share memory.
func overlaps(a, b []byte) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	a0, a1 := uintptr(unsafe.Pointer(&a[0])), uintptr(unsafe.Pointer(&a[len(a)-1]))
	b0, b1 := uintptr(unsafe.Pointer(&b[0])), uintptr(unsafe.Pointer(&b[len(b)-1]))
	return a0 <= b1 && b0 <= a1
}

// batchWriter gathers the small writes of one batch of events into one buffer, written to the
// client at each flush point (when the pump is about to wait for the upstream), so that a fast
// stream costs as few syscalls as a plain copy while a slow one still goes out event by event.
// The buffer comes from a pool and goes back at each flush, so an idle stream holds none.
//
// A piece written as it came (the pump's current piece, lent, passed on by the dialect unchanged)
// is not copied while the batch holds nothing else: consecutive such pieces are consecutive bytes
// of the framer's buffer, which stays as it is until the flush (sse.Reader calls BeforeRead before
// it touches its buffer), so the batch is then one run of that buffer, written from it (issue 21
// item 3). A write of anything else behind the run copies the run into the buffer first, in order.
type batchWriter struct {
	w    io.Writer
	buf  *[]byte
	run  []byte // the batch's bytes in the framer's buffer, not copied; before anything in buf
	lent []byte // the piece the pump hands the dialect now, in the framer's buffer
	err  error
	n    int64 // bytes taken so far
}

// batchSize is the most a batchWriter gathers before it writes, in bytes: more than the events
// of one upstream read (sse's reads are up to 32 KiB, and a piece may wait in front of them), so
// that each read costs one write to the client.
const batchSize = 64 << 10

var batchPool = sync.Pool{New: func() any { b := make([]byte, 0, batchSize); return &b }}

func (b *batchWriter) Write(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	b.n += int64(len(p))
	if (b.buf == nil || len(*b.buf) == 0) && len(b.lent) == len(p) && &b.lent[0] == &p[0] {
		switch {
		case len(b.run) == 0:
			b.run = p
			return len(p), nil
		case cap(b.run) >= len(b.run)+len(p) && &b.run[:len(b.run)+1][len(b.run)] == &p[0]:
			b.run = b.run[:len(b.run)+len(p)] // the next piece of the same read
			return len(p), nil
		}
	}
	if b.buf == nil {
		b.buf = batchPool.Get().(*[]byte)
	}
	if len(b.run) > 0 {
		// Something else follows the run: it goes into the buffer first, so the order holds.
		if len(b.run)+len(p) > batchSize {
			if err := b.writeOut(); err != nil {
				return 0, err
			}
		} else {
			*b.buf, b.run = append(*b.buf, b.run...), nil
		}
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

// writeOut writes the gathered bytes to the client: the run, then the buffer.
func (b *batchWriter) writeOut() error {
	if len(b.run) > 0 && b.err == nil {
		_, b.err = b.w.Write(b.run)
	}
	b.run = nil
	if b.buf != nil && len(*b.buf) > 0 && b.err == nil {
		_, b.err = b.w.Write(*b.buf)
		*b.buf = (*b.buf)[:0]
	}
	return b.err
}

// flush writes the gathered bytes, returns the buffer to the pool and reports whether anything
// was written since the last flush.
func (b *batchWriter) flush() (bool, error) {
	if b.buf == nil && len(b.run) == 0 {
		return false, b.err
	}
	err := b.writeOut()
	if b.buf != nil {
		batchPool.Put(b.buf)
		b.buf = nil
	}
	return true, err
}
