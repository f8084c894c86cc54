package exchange

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"

	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sample"
)

// ReplayResult is what the proxy would have sent a client for one upstream response.
type ReplayResult struct {
	// Dialect is the API the exchange was read as: "anthropic", "chat", "responses", or "" when
	// toolfix repairs nothing on that path (Body is then the upstream body).
	Dialect string
	// Body is the response body the client would receive.
	Body []byte
	// Repairs are the repairs applied, in order; FailOpens the reasons of repairs refused.
	Repairs   []sample.Repair
	FailOpens []string
	// Panicked is true when the dialect panicked and the rest of the body passed as it came.
	Panicked bool
}

// Changed reports whether the client would receive other bytes than the upstream sent.
func (r *ReplayResult) Changed(upstream []byte) bool { return !bytes.Equal(r.Body, upstream) }

// DialectOf names the dialect of path, which is either a request path ("/v1/messages",
// "/claude/v1/chat/completions?x=1") or a protocol name: "anthropic"; "openai" or "chat" for Chat
// Completions; "responses". It returns "" for "" and for a path toolfix does not repair, and an
// error for a name that is none of these.
func DialectOf(path string) (string, error) {
	if strings.Contains(path, "/") {
		return DialectFor(path), nil
	}
	switch strings.ToLower(path) {
	case "":
		return "", nil
	case "anthropic", "messages":
		return "anthropic", nil
	case "openai", "chat":
		return "chat", nil
	case "responses":
		return "responses", nil
	}
	return "", fmt.Errorf("protocol %q: want anthropic, openai or responses, or a request path", path)
}

// Replay runs the proxy's repair offline over one upstream response body, with the very code the
// proxy runs (the dialect's stream repairer through the same pump, or the same JSON repair, with the
// same fail-open on a panic) and the default limits of Options. path is a request path or a protocol
// name (see DialectOf); request is the client's request body, read only for its tools; stream says
// upstream is an SSE body rather than one JSON document. The error is DialectOf's.
func Replay(path string, request, upstream []byte, stream bool) (*ReplayResult, error) {
	ct := "application/json"
	if stream {
		ct = "text/event-stream"
	}
	return ReplayResponse(path, http.MethodPost, http.StatusOK, ct, "", request, upstream)
}

// ReplayResponse is Replay for a response with its method, status and Content-Type, which decide,
// as in the proxy, whether and how the body is repaired: only a 2xx answer to a known API path, an
// SSE stream, or (for POST) a JSON body or an SSE answer to a chat request that asked for JSON.
// textFormat is the route's opt-in leaked-call text format ("" for none; see Route.TextFormat).
func ReplayResponse(path, method string, status int, contentType, textFormat string, request, upstream []byte) (*ReplayResult, error) {
	dialect, err := DialectOf(path)
	if err != nil {
		return nil, err
	}
	res := &ReplayResult{Dialect: dialect, Body: upstream}
	rep := &repair.Reporter{
		Repaired: func(kind, tool string) { res.Repairs = append(res.Repairs, sample.Repair{Kind: kind, Tool: tool}) },
		FailOpen: func(reason string) { res.FailOpens = append(res.FailOpens, reason) },
	}
	panicked := func(any) {
		res.Panicked = true
		res.FailOpens = append(res.FailOpens, "panic in repair")
	}
	switch streamLabelledJSON(handlingOf(dialect, status, contentType, method, request), request, upstream) {
	case handleStream:
		sr := newStreamRepairer(dialect, request, textFormat, 0, rep)
		if sr == nil {
			return res, nil
		}
		var out bytes.Buffer
		_, _ = pumpStream(bytes.NewReader(upstream), &out, sr, 0, pumpHooks{panicked: panicked})
		res.Body = out.Bytes()
	case handleJSON, handleSSEAsJSON:
		if int64(len(upstream)) > DefaultMaxJSONBody {
			return res, nil
		}
		tools, _ := ToolsOf(dialect, request)
		res.Body, _ = repairBody(dialect, request, tools, upstream, textFormat, rep, panicked)
	}
	return res, nil
}

// ReplaySample replays a sample: its path, method, upstream status and Content-Type decide the
// handling, as they did in the proxy, and its route's text format is used.
func ReplaySample(x *sample.Exchange) (*ReplayResult, error) {
	path := x.Path
	if path == "" {
		path = x.Dialect
	}
	status := x.Response.Status
	if status == 0 {
		status = http.StatusOK
	}
	method := x.Method
	if method == "" {
		method = http.MethodPost
	}
	return ReplayResponse(path, method, status, x.Response.Header.Get("Content-Type"), x.TextFormat, x.Request.Body, x.Response.Body)
}
