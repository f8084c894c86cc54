// Package exchange is one forwarded request's answer: it reads the upstream's response and writes
// it to the client, repaired where a dialect (package anthropic, openai or responses) finds a
// broken tool call, else byte for byte as it came, failing open on any doubt or panic. The proxy
// hands it a response whose headers it has already copied (Env.Respond); Replay runs the very same
// code offline over a saved body, for `toolfix analyze` and `toolfix replay`.
//
// The order of calls, top to bottom (file in brackets):
//
//	Env.Respond                                   [exchange.go]
//	  └─ respond: handlingOf(status, Content-Type, method, request)   [handling.go]
//	       │       streamLabelledJSON(first 64 bytes)  for a JSON-labelled body
//	       ├─ handleSSEAsJSON ─► sseAsJSON: read whole ─► repairBody ─► JSON  [jsonanswer.go]
//	       ├─ handleStream ────► stream: newStreamRepairer(dialect)           [stream.go, dialects.go]
//	       │                      watchUndeclared, keepAlive while a span is held  [undeclared.go, keepalive.go]
//	       │                      pumpStream: sse.Reader ─► Push/End ─► batchWriter ─► client
//	       ├─ handleJSON ──────► json: read up to MaxJSONBody ─► repairBody  [exchange.go, dialects.go]
//	       └─ handleCopy ──────► copy: as it comes, flushed per read
//
// Each repair and fail-open is counted in Env.Stats, logged once and noted in the exchange's
// observe.Capture. Nothing here knows routes, listeners or request headers: those are the
// proxy's (package proxy).
package exchange
