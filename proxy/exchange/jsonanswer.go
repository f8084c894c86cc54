package exchange

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
)

// textFormat returns the opt-in leaked-call text format of the exchange's route ("" for none).
func (ex *exchange) textFormat() string { return ex.format }

// RequestAsksJSON reports whether a request body is a JSON object that does not ask for a stream
// ("stream" false or absent). A body that cannot be read (not JSON, or too large to have been
// read) asks for nothing toolfix knows.
func RequestAsksJSON(request []byte) bool {
	var r struct {
		Stream *bool `json:"stream"`
	}
	return json.Unmarshal(request, &r) == nil && (r.Stream == nil || !*r.Stream)
}

// shapesSSEAsJSON reports whether the dialect's JSON repairer turns an SSE answer to a
// non-streamed request into the JSON object the request asked for (docs/faults.md D55): Chat
// Completions (openai.RepairCompletion), Messages (anthropic.RepairMessage) and Responses
// (responses.RepairResponse); that is every dialect toolfix repairs.
func shapesSSEAsJSON(dialect string) bool { return dialect != "" }

// sseAsJSON answers a non-streamed Chat Completions or Messages request that the upstream answered
// with an SSE stream (handleSSEAsJSON) with the chat.completion or message JSON it asked for
// (docs/faults.md D55: decolua/9router #3492), repaired like any JSON answer. When the stream cannot be
// read as one answer, or is over the size limit, it passes the body as it came.
func (ex *exchange) sseAsJSON() {
	limit := ex.s.opts.MaxJSONBody
	body, err := ex.readWhole(limit)
	if err != nil || int64(len(body)) > limit {
		ex.copy(body)
		return
	}
	tools, err := ToolsOf(ex.dialect, ex.request)
	out, changed := repairBody(ex.dialect, ex.request, tools, body, ex.textFormat(), readable(ex.reporter(nil), err), ex.panicked)
	if !changed {
		ex.w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		ex.w.WriteHeader(ex.resp.StatusCode)
		_, _ = ex.w.Write(body)
		return
	}
	ex.w.Header().Set("Content-Type", "application/json")
	ex.w.Header().Set("Content-Length", strconv.Itoa(len(out)))
	ex.w.WriteHeader(errorStatus(out, ex.resp.StatusCode))
	_, _ = ex.w.Write(out)
}

// readWhole reads the upstream body up to limit+1 bytes (so that a longer one shows), into one
// buffer of the size its Content-Length gives when that is known and within the limit: a 30 MB
// answer read by io.ReadAll's growing buffer would leave as much again behind. A body of unknown
// length is read by readChunked. The sample's capture keeps the buffer by reference
// (observe.Capture.Whole), not a copy of it: the buffer is never written to after.
func (ex *exchange) readWhole(limit int64) ([]byte, error) {
	done := ex.cap.Whole()
	body, err := ex.readBody(limit)
	done(body)
	return body, err
}

// readBody is readWhole's read.
func (ex *exchange) readBody(limit int64) ([]byte, error) {
	r := io.LimitReader(ex.resp.Body, limit+1)
	n := ex.resp.ContentLength
	if n <= 0 || n > limit {
		return readChunked(r)
	}
	body := make([]byte, 0, n+1) // +1: the read that finds the end needs room
	for {
		m, err := r.Read(body[len(body):cap(body)])
		body = body[:len(body)+m]
		if err != nil {
			if errors.Is(err, io.EOF) {
				return body, nil
			}
			return body, err
		}
		if len(body) == cap(body) {
			body = append(body, 0)[:len(body)] // longer than it said: grow as ReadAll would
		}
	}
}

// wholeChunk is the size of readChunked's pieces.
const wholeChunk = 256 << 10

// wholeChunks are readChunked's pieces, reused from one answer to the next.
var wholeChunks = sync.Pool{New: func() any { b := make([]byte, wholeChunk); return &b }}

// readChunked reads r to its end as io.ReadAll does (what it read, and the error that stopped it
// but io.EOF), into pieces of 256 KiB from a pool, copied once into a buffer of the body's size:
// io.ReadAll's growing buffer clears and copies a 24 MB body about twice over (issue 21 item 2).
func readChunked(r io.Reader) ([]byte, error) {
	var pieces []*[]byte
	defer func() {
		for _, p := range pieces {
			wholeChunks.Put(p)
		}
	}()
	total, last := 0, wholeChunk
	var err error
	for err == nil {
		if last == wholeChunk {
			pieces = append(pieces, wholeChunks.Get().(*[]byte))
			last = 0
		}
		var n int
		n, err = r.Read((*pieces[len(pieces)-1])[last:])
		last += n
		total += n
	}
	if err == io.EOF {
		err = nil // as io.ReadAll: the end, not an error (an upstream cut short gives another)
	}
	body := make([]byte, 0, total)
	for i, p := range pieces {
		if i == len(pieces)-1 {
			body = append(body, (*p)[:last]...)
		} else {
			body = append(body, *p...)
		}
	}
	return body, err
}

// errorStatus is the HTTP status of a JSON answer made from a stream: the stream's own status,
// unless the answer is an error object (the stream ended in an error event), which a client reads
// as an error only with an error status: the status the API gives that error (Anthropic's error
// types, docs.anthropic.com/en/api/errors; OpenAI's error type or code, or a numeric code a
// gateway sets), else 500.
func errorStatus(answer []byte, status int) int {
	var e struct {
		Type  string `json:"type"`
		Error *struct {
			Type string          `json:"type"`
			Code json.RawMessage `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal(answer, &e) != nil || e.Error == nil || (e.Type != "" && e.Type != "error") {
		return status
	}
	var code string
	if json.Unmarshal(e.Error.Code, &code) != nil {
		var n int
		if json.Unmarshal(e.Error.Code, &n) == nil && n >= 400 && n <= 599 {
			return n
		}
	}
	for _, name := range []string{e.Error.Type, code} {
		if st, ok := errorStatuses[name]; ok {
			return st
		}
	}
	return http.StatusInternalServerError
}

// errorStatuses maps the error types and codes of the Anthropic and OpenAI APIs to the HTTP status
// those APIs answer them with.
var errorStatuses = map[string]int{
	"invalid_request_error": http.StatusBadRequest,
	"authentication_error":  http.StatusUnauthorized,
	"invalid_api_key":       http.StatusUnauthorized,
	"billing_error":         http.StatusPaymentRequired,
	"permission_error":      http.StatusForbidden,
	"not_found_error":       http.StatusNotFound,
	"request_too_large":     http.StatusRequestEntityTooLarge,
	"rate_limit_error":      http.StatusTooManyRequests,
	"rate_limit_exceeded":   http.StatusTooManyRequests,
	"insufficient_quota":    http.StatusTooManyRequests,
	"timeout_error":         http.StatusGatewayTimeout,
	"overloaded_error":      529,
	"server_error":          http.StatusInternalServerError,
	"api_error":             http.StatusInternalServerError,
}
