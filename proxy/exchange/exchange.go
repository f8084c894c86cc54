package exchange

import (
	"bufio"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/toolfix/toolfix/proxy/observe"
	"github.com/toolfix/toolfix/proxy/repair"
)

// DefaultMaxJSONBody is the largest non-streamed response body, in bytes, that is read into memory
// to be repaired when Limits.MaxJSONBody is zero: 32 MiB. A larger body passes through as it is.
const DefaultMaxJSONBody = 32 << 20

// Limits bound what one exchange holds in memory. The zero value of each field means its default.
type Limits struct {
	// MaxJSONBody is the largest non-streamed body repaired in memory, in bytes; zero means
	// DefaultMaxJSONBody.
	MaxJSONBody int64
	// MaxEvent is the largest SSE event repaired, in bytes; zero means sse.DefaultMaxEvent. A larger
	// event, and everything after it in that stream, passes through unrepaired.
	MaxEvent int
	// MaxHeld is the most bytes of one tool call's input (or leaked-call text tail) a stream
	// holds for repair; zero means repair.DefaultMaxHeld. Past it the held bytes go out as they
	// came, logged as a fail-open.
	MaxHeld int
}

// Env is what the exchanges of one proxy share: its counters, its log, the clock of the
// keep-alives and the limits. Create it with NewEnv; it is safe for concurrent use.
type Env struct {
	stats *observe.Stats
	log   *slog.Logger
	clock Clock
	opts  Limits
}

// NewEnv builds the shared part of every exchange: stats counts repairs, fail-opens and open
// streams (never nil); log receives one line per repair, fail-open and upstream read error (nil
// discards them); clock times the keep-alives (nil means the system clock).
func NewEnv(stats *observe.Stats, log *slog.Logger, clock Clock, limits Limits) *Env {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if clock == nil {
		clock = realClock{}
	}
	if limits.MaxJSONBody <= 0 {
		limits.MaxJSONBody = DefaultMaxJSONBody
	}
	return &Env{stats: stats, log: log, clock: clock, opts: limits}
}

// Request is what an exchange knows of the request it answers.
type Request struct {
	// Route is the route's name, "" for the root route; only logged.
	Route string
	// Dialect is DialectFor of the request path: "anthropic", "chat", "responses", or "" for a
	// path toolfix does not repair.
	Dialect string
	// Body is the request body as it went upstream, read only for its tools (and "stream"); nil
	// when it was too large to hold and was streamed.
	Body []byte
	// TextFormat is the route's opt-in leaked-call text format ("" for none).
	TextFormat string
}

// Respond writes the answer to one forwarded request: resp's status and body, repaired or as they
// came (w's headers already hold resp's, less the hop-by-hop ones). It decides once how the body
// is handled (see handlingOf), then hands it to one of sseAsJSON, stream, json or copy, which
// write to w until the body ends; cap (nil: none) notes what the repair did. A failed upstream
// read after the status was written aborts the response (panic(http.ErrAbortHandler)), so that the
// client sees a broken answer rather than a clean end.
func (e *Env) Respond(w http.ResponseWriter, resp *http.Response, req Request, cap *observe.Capture) {
	ex := &exchange{s: e, route: req.Route, w: w, resp: resp, request: req.Body, dialect: req.Dialect, textFormat: req.TextFormat, cap: cap}
	ex.respond()
}

// exchange is one forwarded request's response side.
type exchange struct {
	s       *Env
	route   string
	w       http.ResponseWriter
	resp    *http.Response
	request []byte
	dialect string
	// textFormat is the route's opt-in leaked-call text format ("" for none).
	textFormat string
	cap        *observe.Capture // nil when no sample is captured
}

// respond decides once how the body is handled and hands it to the one writer of that handling.
func (ex *exchange) respond() {
	h := handlingOf(ex.dialect, ex.resp.StatusCode, ex.resp.Header.Get("Content-Type"), ex.resp.Request.Method, ex.request)
	if h == handleJSON {
		h = streamLabelledJSON(h, ex.request, ex.peekHead(64))
	}
	var rep streamRepairer
	if h == handleStream {
		rep = newStreamRepairer(ex.dialect, ex.request, ex.textFormat, ex.s.opts.MaxHeld, ex.reporter(nil))
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

// json reads a non-streamed body up to the size limit and writes it repaired; a body it cannot
// read whole, or one over the limit, goes on by copy as it came.
func (ex *exchange) json() {
	limit := ex.s.opts.MaxJSONBody
	body, err := io.ReadAll(io.LimitReader(ex.resp.Body, limit+1))
	if err != nil {
		ex.copy(body)
		return
	}
	if int64(len(body)) > limit {
		ex.s.log.Info("body over the repair size limit, passed through", "route", ex.route, "bytes", len(body))
		ex.copy(body)
		return
	}
	if u := ex.undeclaredFor(); u != nil {
		u.body(body)
	}
	out, _ := repairBody(ex.dialect, ex.request, body, ex.textFormat, ex.reporter(nil), ex.panicked)
	ex.w.Header().Set("Content-Length", strconv.Itoa(len(out)))
	ex.w.WriteHeader(ex.resp.StatusCode)
	_, _ = ex.w.Write(out)
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

func (ex *exchange) reporter(tool *string) *repair.Reporter {
	return &repair.Reporter{
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

// panicked reports a fail-open after a panic in the dialect.
func (ex *exchange) panicked(p any) {
	ex.s.stats.FailOpen()
	ex.cap.FailOpen("panic in repair")
	ex.s.log.Error("fail open after panic in repair", "route", ex.route, "dialect", ex.dialect, "panic", panicText(p))
}
