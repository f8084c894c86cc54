package inspect

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"

	"github.com/toolfix/toolfix/proxy/exchange"
	"github.com/toolfix/toolfix/proxy/sample"
)

// Protocols are the protocol names Load and FromBodies take, as the shared cases name them.
var Protocols = []string{"anthropic", "openai", "responses"}

// PathOf is the request path a client posts to for protocol (one of Protocols): "/v1/messages"
// for "anthropic" and for any name it does not know, "/v1/chat/completions" for "openai",
// "/v1/responses" for "responses". FromBodies gives an exchange this path, and the proxy's tests post
// the shared cases to it.
func PathOf(protocol string) string {
	switch protocol {
	case "openai":
		return "/v1/chat/completions"
	case "responses":
		return "/v1/responses"
	}
	return "/v1/messages"
}

// protocolOf names the protocol of a sample's dialect.
func protocolOf(dialect string) string {
	if dialect == "chat" {
		return "openai"
	}
	return dialect
}

// Load reads a file given to analyze or replay: a sample (see package sample), or a raw upstream
// body — an SSE stream, a JSON document, or a whole HTTP response as captured with `curl -i` (its
// chunked encoding and gzip undone). Any of these may be gzip-compressed, and CRLF line endings are
// kept as they are. For a raw body, request is the client's request body (nil when unknown: then no
// tool schemas are known and only the rules that need none apply) and protocol the API ("" to guess
// from the bodies). A request given beside a sample replaces the sample's own, and is refused as
// FromBodies refuses one (a response, or not a JSON object). The error says what the file is not.
func Load(data, request []byte, protocol string) (*sample.Exchange, error) {
	data, err := sample.Gunzip(data)
	if err != nil {
		return nil, err
	}
	x, err := sample.Parse(data)
	if err == nil {
		if request != nil {
			// a sample holds its own request: one given beside it replaces it, so it is checked
			// as FromBodies checks one
			if request, err = sample.Gunzip(request); err != nil {
				return nil, fmt.Errorf("reading the request: %w", err)
			}
			if requestIsResponse(request) {
				return nil, errRequestIsResponse
			}
			if err := checkRequest(request); err != nil {
				return nil, err
			}
			x.Request.Body = request
		}
		return x, nil
	}
	if !errors.Is(err, sample.ErrNotSample) {
		return nil, err
	}
	return FromBodies(request, data, protocol)
}

// ErrUnreadable is a file that is neither a sample nor an upstream body: not JSON, not an SSE
// stream, not a captured HTTP response.
var ErrUnreadable = errors.New("it is neither a toolfix sample nor an API body toolfix can read (a JSON response, an SSE stream or a captured HTTP response); give it a sample from ~/.local/state/toolfix/samples or a response body saved from the upstream")

// FromBodies builds an exchange from a request body and a raw upstream body (see Load), as if the
// proxy had captured it: status 200 (or the captured response's), the path of protocol, and a
// Content-Type saying whether the body is SSE. request is decompressed when gzip-compressed.
func FromBodies(request, upstream []byte, protocol string) (*sample.Exchange, error) {
	request, err := sample.Gunzip(request)
	if err != nil {
		return nil, fmt.Errorf("reading the request: %w", err)
	}
	upstream, err = sample.Gunzip(upstream)
	if err != nil {
		return nil, fmt.Errorf("reading the upstream body: %w", err)
	}
	status, header := http.StatusOK, http.Header{}
	captured := bytes.HasPrefix(upstream, []byte("HTTP/"))
	if captured {
		// curl -i writes an HTTP/2 or HTTP/3 status line without a minor version ("HTTP/2 200"),
		// which http.ReadResponse reads only with one
		for _, v := range []string{"HTTP/2 ", "HTTP/3 "} {
			if bytes.HasPrefix(upstream, []byte(v)) {
				upstream = append([]byte(v[:len(v)-1]+".0 "), upstream[len(v):]...)
			}
		}
		resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(upstream)), nil)
		if err != nil {
			return nil, fmt.Errorf("reading the captured HTTP response: %w", err)
		}
		body, err := io.ReadAll(resp.Body)
		if err != nil && len(body) == 0 {
			return nil, fmt.Errorf("reading the captured HTTP response's body: %w", err)
		}
		if strings.EqualFold(resp.Header.Get("Content-Encoding"), "gzip") {
			if body, err = sample.Gunzip(body); err != nil {
				return nil, fmt.Errorf("reading the captured HTTP response's body: %w", err)
			}
			resp.Header.Del("Content-Encoding")
		}
		status, header, upstream = resp.StatusCode, resp.Header, body
	}
	stream := looksSSE(upstream)
	if !captured && !stream && !json.Valid(bytes.TrimPrefix(upstream, []byte("\xEF\xBB\xBF"))) {
		return nil, ErrUnreadable
	}
	if header.Get("Content-Type") == "" {
		if stream {
			header.Set("Content-Type", "text/event-stream")
		} else {
			header.Set("Content-Type", "application/json")
		}
	}
	if err := checkBodies(request, upstream, protocol); err != nil {
		return nil, err
	}
	if protocol == "" {
		protocol = guessProtocol(request, upstream)
	}
	known := false
	for _, p := range Protocols {
		known = known || p == protocol
	}
	if !known {
		return nil, fmt.Errorf("protocol %q: want one of %s", protocol, strings.Join(Protocols, ", "))
	}
	dialect, err := exchange.DialectOf(protocol)
	if err != nil {
		return nil, err
	}
	return &sample.Exchange{
		Format: sample.FormatVersion, Route: "", Dialect: dialect, Method: http.MethodPost, Path: PathOf(protocol),
		Request:  sample.Part{Header: http.Header{"Content-Type": {"application/json"}}, Body: request},
		Response: sample.Part{Status: status, Header: header, Body: upstream},
	}, nil
}

// checkBodies refuses bodies that cannot be what they were given as, so that an analysis or a
// replay is never of the wrong thing: a request that is a response (an SSE stream, or JSON naming
// an API's response type), an upstream body that is a request (JSON with a model and messages or
// input, naming no response type), both at once (the files swapped), a request that is not a
// JSON object (checkRequest), and a protocol other than the one the upstream body's own fields
// name. The errors say what to give instead.
func checkBodies(request, upstream []byte, protocol string) error {
	var named []string // the APIs the upstream body's own fields name, read once
	protocolsOfBody(upstream, func(p string) bool {
		if !slices.Contains(named, p) {
			named = append(named, p)
		}
		return true
	})
	reqIsResponse := requestIsResponse(request)
	upIsRequest := len(named) == 0 && looksLikeRequest(upstream)
	switch {
	case reqIsResponse && upIsRequest:
		return errors.New("the request and the upstream body are the wrong way round: the file given as the request is a response and the upstream body is a request; swap them (--request takes the client's request, FILE or --upstream the upstream's response)")
	case reqIsResponse:
		return errRequestIsResponse
	}
	if err := checkRequest(request); err != nil {
		return err
	}
	switch {
	case upIsRequest:
		return errors.New("the upstream body is a client's request (a model and its messages), not a response: give it as --request, and the upstream's response body as FILE or --upstream")
	}
	if protocol != "" && len(named) > 0 && !slices.Contains(named, protocol) {
		return fmt.Errorf("the upstream body is a %s response, not %s: give --protocol %s, or leave --protocol out and it is read from the bodies", apiName(named[0]), apiName(protocol), named[0])
	}
	return nil
}

// errRequestIsResponse is a body given as the client's request that is a response.
var errRequestIsResponse = errors.New("the request body is an upstream response, not the client's request: give --request the JSON body the client sent (its model, its messages or input, and its tools)")

// requestIsResponse reports whether request, given as the client's request body, is a response:
// an SSE stream, or JSON naming an API's response type.
func requestIsResponse(request []byte) bool {
	return len(bytes.TrimSpace(request)) > 0 && (looksSSE(request) || protocolOfBody(request) != "")
}

// checkRequest refuses a request body that cannot be a client's request: one that is not empty
// (empty is a request not known) and not a JSON object. Read as one, it would be taken silently as
// a request that declares no tools, and the analysis would say that no tools are known.
func checkRequest(request []byte) error {
	b := bytes.TrimSpace(bytes.TrimPrefix(request, []byte("\xEF\xBB\xBF")))
	if len(b) > 0 && (b[0] != '{' || !json.Valid(b)) {
		return errors.New("the request body is not a JSON object: give --request the JSON body the client sent (its model, its messages or input, and its tools), as saved from the client or a case folder's request.json")
	}
	return nil
}

// looksLikeRequest reports whether body is a JSON object shaped as a client's request (a model
// and messages or input); the caller has made sure it names no API's response type.
func looksLikeRequest(body []byte) bool {
	var top struct {
		Model    json.RawMessage `json:"model"`
		Messages json.RawMessage `json:"messages"`
		Input    json.RawMessage `json:"input"`
	}
	if looksSSE(body) || json.Unmarshal(bytes.TrimPrefix(body, []byte("\xEF\xBB\xBF")), &top) != nil {
		return false
	}
	return top.Model != nil && (top.Messages != nil || top.Input != nil)
}

// apiName is how a person calls the API of a protocol name ("anthropic", "openai", "responses").
func apiName(protocol string) string {
	switch protocol {
	case "anthropic":
		return "Messages (--protocol anthropic)"
	case "openai":
		return "Chat Completions (--protocol openai)"
	case "responses":
		return "Responses (--protocol responses)"
	}
	return protocol
}

// looksSSE reports whether body starts like a Server-Sent Events stream rather than JSON.
func looksSSE(body []byte) bool {
	b := bytes.TrimLeft(bytes.TrimPrefix(body, []byte("\xEF\xBB\xBF")), " \t\r\n")
	for _, p := range []string{"event:", "data:", ":", "id:", "retry:"} {
		if bytes.HasPrefix(b, []byte(p)) {
			return true
		}
	}
	return false
}

// guessProtocol tells the API from the bodies: the event and object types the response's own
// fields name first (protocolOfBody), then the shape of the request; Anthropic when nothing says.
// Only fields are read, never text: a streamed answer whose text says "response." is not a
// Responses stream.
func guessProtocol(request, upstream []byte) string {
	if p := protocolOfBody(upstream); p != "" {
		return p
	}
	var req struct {
		Input    json.RawMessage `json:"input"`
		Messages json.RawMessage `json:"messages"`
		Tools    []struct {
			InputSchema json.RawMessage `json:"input_schema"`
			Function    json.RawMessage `json:"function"`
		} `json:"tools"`
	}
	if json.Unmarshal(request, &req) == nil {
		switch {
		case req.Input != nil:
			return "responses"
		case len(req.Tools) > 0 && req.Tools[0].Function != nil:
			return "openai"
		}
	}
	return "anthropic"
}

// protocolOfBody is the API a response body names in its own fields, "" when none does: the first
// that protocolsOfBody reports.
func protocolOfBody(body []byte) string {
	first := ""
	protocolsOfBody(body, func(p string) bool { first = p; return false })
	return first
}

// protocolsOfBody calls named, in the body's order, with each API a response body names in its
// own fields, until named returns false: for an SSE body each event's name, data "type" and
// data "object" (Responses' "response.*" events, Anthropic's message and content block events, a
// "chat.completion.chunk" or a chunk with "choices"); for a JSON body its top-level "object"
// ("response", "chat.completion"), then its "type" ("message"), then "choices". An object comes
// before a type, so that a translator's chat.completion that also says "type":"message" is Chat.
func protocolsOfBody(body []byte, named func(p string) bool) {
	if looksSSE(body) {
		for _, ev := range Events(body) {
			for _, p := range [3]string{protocolOfNames(ev.Name, "", ""), protocolOfNames("", ev.Type, ""), protocolOfNames("", "", ev.ObjectName)} {
				if p != "" && !named(p) {
					return
				}
			}
			if ev.Object && ev.Type == "" && ev.ObjectName == "" {
				var c struct {
					Choices json.RawMessage `json:"choices"`
				}
				if json.Unmarshal([]byte(ev.Data), &c) == nil && c.Choices != nil && !named("openai") {
					return
				}
			}
		}
		return
	}
	var top struct {
		Object  string          `json:"object"`
		Type    string          `json:"type"`
		Choices json.RawMessage `json:"choices"`
	}
	if json.Unmarshal(bytes.TrimPrefix(body, []byte("\xEF\xBB\xBF")), &top) != nil {
		return
	}
	for _, p := range [2]string{protocolOfNames("", "", top.Object), protocolOfNames("", top.Type, "")} {
		if p != "" && !named(p) {
			return
		}
	}
	if top.Choices != nil {
		named("openai")
	}
}

// protocolOfNames is the API an event's name, its data's type and its object name belong to; ""
// when none names one. The type "message" is an Anthropic answer's; as an event's name it is
// SSE's default type, which any server may write on every event, and names no API.
func protocolOfNames(name, typ, object string) string {
	for _, t := range []string{name, typ} {
		switch {
		case strings.HasPrefix(t, "response."):
			return "responses"
		case t == "message_start", t == "message_delta", t == "message_stop", strings.HasPrefix(t, "content_block_"):
			return "anthropic"
		}
	}
	if typ == "message" {
		return "anthropic"
	}
	switch {
	case object == "response":
		return "responses"
	case strings.HasPrefix(object, "chat.completion"):
		return "openai"
	}
	return ""
}
