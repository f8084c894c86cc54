// Package exchange is one forwarded request's answer: it reads the upstream's response and writes
// it to the client, repaired where a dialect (package anthropic, openai or responses) finds a
// broken tool call, else byte for byte as it came, failing open on any doubt or panic. The proxy
// hands it a response whose headers it has already copied (Env.Respond); Replay runs the very same
// code offline over a saved body, for `toolfix analyze` and `toolfix replay`.
//
// The order of calls, top to bottom (file in brackets):
//
//	Env.Respond                                                     [env.go]
//	  └─ respond: handlingOf(status, Content-Type, method, request)  [exchange.go]
//	       │       streamLabelledJSON(first 64 bytes) for a JSON-labelled body
//	       ├─ handleSSEAsJSON ─► sseAsJSON: read whole ─► repairBody ─► JSON   [jsonanswer.go]
//	       ├─ handleStream ────► stream: newStreamRepairer(dialect)            [exchange.go, dialects.go]
//	       │                      keepAlive while a span is held (its lock once per read)
//	       │                      pumpStream: sse.Reader ─► Push/End ─► batchWriter ─► client
//	       ├─ handleJSON ──────► json: read up to MaxJSONBody ─► repairBody ─► client
//	       └─ handleCopy ──────► copy: as it comes, flushed per read
//
// repairBody and newStreamRepairer pick the dialect's repairer (dialects.go); calls to tools the
// request does not declare are logged from the dialect's reports (repair.Reporter.Undeclared), and
// from a whole Responses JSON answer by undeclared.go; keepalive.go sends a dialect's keep-alive while it
// holds a span.
//
// Each repair and fail-open is counted in the Env's observe.Stats, logged once and noted in the
// exchange's observe.Capture. Nothing here listens, picks a route or reads a request header: that
// is package proxy's.
package exchange
