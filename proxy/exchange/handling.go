package exchange

import (
	"mime"
	"net/http"

	"github.com/toolfix/toolfix/proxy/sse"
)

// handling is what the proxy does with a response body.
type handling int

const (
	handleCopy      handling = iota // copied as it comes
	handleStream                    // framed and pumped through the dialect's streamRepairer
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
