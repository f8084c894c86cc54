package exchange

import (
	"log/slog"
	"net/http"

	"github.com/toolfix/toolfix/proxy/observe"
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
	// Log receives this request's lines (a gateway's carry its request id); nil means the Env's.
	Log *slog.Logger
}

// Respond writes the answer to one forwarded request: resp's status and body, repaired or as they
// came (w's headers already hold resp's, less the hop-by-hop ones). It decides once how the body
// is handled (see handlingOf), then hands it to one of sseAsJSON, stream, json or copy, which
// write to w until the body ends; cap (nil: none) notes what the repair did. A failed upstream
// read after the status was written aborts the response (panic(http.ErrAbortHandler)), so that the
// client sees a broken answer rather than a clean end.
func (e *Env) Respond(w http.ResponseWriter, resp *http.Response, req Request, cap *observe.Capture) {
	if req.Log != nil && req.Log != e.log {
		own := *e
		own.log = req.Log
		e = &own
	}
	ex := &exchange{s: e, route: req.Route, w: w, resp: resp, request: req.Body, dialect: req.Dialect, format: req.TextFormat, cap: cap}
	ex.respond()
}
