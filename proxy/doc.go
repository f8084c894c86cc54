// Package proxy is toolfix's reverse proxy: it forwards every request untouched and repairs broken
// tool calls in the responses, failing open when unsure. This package listens, routes and
// forwards; one exchange's repair is package exchange's, and what toolfix notes of it (counters,
// metrics, samples) is package observe's. Imports run one way: proxy -> exchange -> observe, and
// both down to the dialects (anthropic, openai, responses, with repair and sse beneath them).
//
// A request, top to bottom (file in brackets):
//
//	client ──► Server.ServeHTTP                                  [server.go]
//	             │ browserRefusal ─► 403                          [browser.go]
//	             │ /healthz /metrics /stats ─► the proxy's own    [answers.go]
//	             │ HopHeader ─► 508 (a loop)
//	             │ pick(route) ─► 404 naming the routes
//	             │ isWebSocketUpgrade ─► 426                      [websocket.go]
//	             ▼
//	           forward                                            [forward.go]
//	             │ observe.NewRecorder(w)      status, bytes, first byte
//	             │ readRequest (idleBody: 408 on a stalled body)  [reqbody.go]
//	             │ upstreamRequest             headers as they came, less hop-by-hop
//	             │ Stats.Request, Samples.Start
//	             │ transport.RoundTrip ──► upstream
//	             │   └─ error: upstreamFailed ─► 502 / 408
//	             │ copy the answer's headers
//	             ▼
//	           exchange.Env.Respond ──► the bytes on the wire      [package exchange]
//	             │ (deferred) Stats.Finish, Samples.Save           [package observe]
//
// Every answer the proxy makes itself is shaped like the request path's API (writeError,
// apierror.go), so that the client's SDK shows its message. Config and routes (config.go) are
// read by `toolfix serve` and handed in as Options.
package proxy
