package proxy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/observe"
)

// Hostile-input tests: bytes no well-behaved upstream or client sends. The proxy must neither
// crash, nor hang, nor grow without bound; what it cannot judge it passes as it came.

// exchangeThrough sends request to path through a toolfix Server (opts) to an upstream answering
// 200 with contentType and body, and returns what the client got, the counters and the request
// body the upstream saw.
func exchangeThrough(t testing.TB, opts Options, path string, request []byte, contentType string, body []byte) ([]byte, observe.Snapshot, []byte) {
	t.Helper()
	gotReq := make(chan []byte, 1)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		gotReq <- b
		w.Header().Set("Content-Type", contentType)
		_, _ = w.Write(body)
	}))
	defer up.Close()
	srv, ps := newServer(t, up.URL, opts)
	req, _ := http.NewRequest(http.MethodPost, ps.URL+path, bytes.NewReader(request))
	req.Header.Set("Content-Type", "application/json")
	_, out := readAnswer(t, ps.Client(), req)
	return out, srv.Stats.Snapshot(), <-gotReq
}

func TestNonUTF8Bytes(t *testing.T) {
	text := func(s string) string {
		return `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"` + s + `"}}`
	}
	tests := []struct {
		name, request string
		body          string
	}{
		{"raw invalid bytes in text", todoRequest, sseOf(evStart, evTextStart, text("caf\xe9 \xff\xfe \xc3"), evStop0, evMsgDelta, evMsgStop)},
		{"invalid bytes in the event line", todoRequest, "event: \xff\xfe\ndata: {\"type\":\"ping\"}\n\n" + sseOf(evMsgStop)},
		{"lone surrogate escapes", todoRequest, sseOf(evStart, evTextStart, text(`\ud800 and \udfff`), evStop0, evMsgStop)},
		{"invalid bytes in a fitting tool input", todoRequest, sseOf(evStart, evToolStart, toolDelta("{\"todos\":[{\"content\":\"\xff\xfe\"}]}"), evStop1, evMsgDelta, evMsgStop)},
		{"invalid bytes in a stringified tool input", todoRequest, sseOf(evStart, evToolStart, toolDelta("{\"todos\":\"[{\\\"content\\\":\\\"\xff\x80\\\"}]\"}"), evStop1, evMsgDelta, evMsgStop)},
		{"invalid bytes in leaked markup", todoRequest, sseOf(evStart, evTextStart, text(`Running.\n<invoke name=\"Bash\"><parameter name=\"command\">ls \xff\xfe</parameter></invoke>`), evStop0, evMsgDelta, evMsgStop)},
		{"invalid bytes in the request's tools", `{"tools":[{"name":"T\xff","input_schema":{"type":"object","properties":{"\xfe":{"type":"array"}}}}]}`,
			sseOf(evStart, strings.ReplaceAll(evToolStart, "TodoWrite", "T\xff"), toolDelta("{\"\xfe\":\"[1]\"}"), evStop1, evMsgStop)},
		{"random high bytes between events", todoRequest, sseOf(evStart) + "\x80\x81\xfe\xff\n\n" + sseOf(evMsgStop)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, snap, gotReq := exchangeThrough(t, Options{}, "/v1/messages", []byte(tc.request), "text/event-stream", []byte(tc.body))
			if string(gotReq) != tc.request {
				t.Fatal("the request changed on its way upstream")
			}
			checkAnthropicExchange(t, []byte(tc.request), []byte(tc.body), out, true, snap)
		})
	}
	t.Run("non-streamed body", func(t *testing.T) {
		body := []byte("{\"type\":\"message\",\"content\":[{\"type\":\"text\",\"text\":\"\xff\"},{\"type\":\"tool_use\",\"id\":\"t\",\"name\":\"TodoWrite\",\"input\":{\"todos\":\"[{\\\"content\\\":\\\"\xfe\\\"}]\"}}],\"stop_reason\":\"tool_use\"}")
		out, snap, _ := exchangeThrough(t, Options{}, "/v1/messages", []byte(todoRequest), "application/json", body)
		checkAnthropicExchange(t, []byte(todoRequest), body, out, false, snap)
	})
}

// lineReader yields prefix, then n bytes of fill, then suffix, without holding them in memory.
type lineReader struct {
	prefix, suffix string
	fill           byte
	n              int
	off            int
}

func (r *lineReader) Read(p []byte) (int, error) {
	total := len(r.prefix) + r.n + len(r.suffix)
	if r.off >= total {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && r.off < total {
		switch {
		case r.off < len(r.prefix):
			c := copy(p[k:], r.prefix[r.off:])
			k, r.off = k+c, r.off+c
		case r.off < len(r.prefix)+r.n:
			c := min(len(p)-k, len(r.prefix)+r.n-r.off)
			for i := range p[k : k+c] {
				p[k+i] = r.fill
			}
			k, r.off = k+c, r.off+c
		default:
			c := copy(p[k:], r.suffix[r.off-len(r.prefix)-r.n:])
			k, r.off = k+c, r.off+c
		}
	}
	return k, nil
}

// countingWriter counts bytes and keeps the first and last few.
type countingWriter struct {
	n          int64
	head, tail []byte
}

func (c *countingWriter) Write(p []byte) (int, error) {
	if len(c.head) < 256 {
		c.head = append(c.head, p[:min(len(p), 256-len(c.head))]...)
	}
	c.tail = append(c.tail, p...)
	if len(c.tail) > 256 {
		c.tail = append(c.tail[:0], c.tail[len(c.tail)-256:]...)
	}
	c.n += int64(len(p))
	return len(p), nil
}

// TestHundredMegabyteLine sends one line of 100 MB through each path and checks that it arrives
// whole while the process allocates a bounded amount: far less than the line (the size limits cap
// what is held), not a timing.
func TestHundredMegabyteLine(t *testing.T) {
	const n = 100 << 20
	tests := []struct {
		name, path, contentType, prefix, suffix string
		opts                                    Options
		maxAlloc                                uint64
	}{
		{"anthropic text delta", "/v1/messages", "text/event-stream", sseOf(evStart, evTextStart) + `event: content_block_delta` + "\n" + `data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"`, `"}}` + "\n\n" + sseOf(evStop0, evMsgStop), Options{}, 48 << 20},
		{"anthropic held tool input", "/v1/messages", "text/event-stream", sseOf(evStart, evToolStart) + `event: content_block_delta` + "\n" + `data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"todos\":\"`, `\"}"}}` + "\n\n" + sseOf(evStop1, evMsgStop), Options{}, 48 << 20},
		{"stream with no line end at all", "/v1/messages", "text/event-stream", "data: ", "", Options{}, 48 << 20},
		{"chat stream", "/v1/chat/completions", "text/event-stream", `data: {"choices":[{"delta":{"content":"`, `"}}]}` + "\n\ndata: [DONE]\n\n", Options{}, 48 << 20},
		{"responses stream", "/v1/responses", "text/event-stream", "event: response.output_text.delta\n" + `data: {"type":"response.output_text.delta","delta":"`, `"}` + "\n\n", Options{}, 48 << 20},
		{"a path passed by", "/v1/models", "text/event-stream", "data: ", "\n\n", Options{}, 8 << 20},
		{"JSON body over the repair limit", "/v1/messages", "application/json", `{"type":"message","content":[{"type":"text","text":"`, `"}]}`, Options{MaxJSONBody: 4 << 20}, 24 << 20},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.Copy(io.Discard, r.Body)
				w.Header().Set("Content-Type", tc.contentType)
				_, _ = io.CopyBuffer(w, &lineReader{prefix: tc.prefix, suffix: tc.suffix, fill: 'a', n: n}, make([]byte, 32<<10))
			}))
			defer up.Close()
			srv, ps := newServer(t, up.URL, tc.opts)
			var before, after runtimeMem
			before.read()
			resp := postTo(t, ps.Client(), ps.URL+tc.path, todoRequest)
			var cw countingWriter
			_, err := io.CopyBuffer(&cw, resp.Body, make([]byte, 32<<10))
			resp.Body.Close()
			after.read()
			if err != nil {
				t.Fatal(err)
			}
			want := int64(len(tc.prefix) + n + len(tc.suffix))
			if cw.n != want || !strings.HasPrefix(tc.prefix, string(cw.head[:min(len(cw.head), len(tc.prefix))])) || !strings.HasSuffix(string(cw.tail), tc.suffix) {
				t.Fatalf("got %d bytes (head %q, tail %q), want %d", cw.n, cw.head, cw.tail, want)
			}
			alloc := after.totalAlloc - before.totalAlloc
			t.Logf("allocated %d MiB in all to pass %d MiB (repairs %v, fail-opens %d)", alloc>>20, n>>20, srv.Stats.Snapshot().Repairs, srv.Stats.Snapshot().FailOpens)
			if alloc > tc.maxAlloc {
				t.Errorf("allocated %d MiB to pass one %d MiB line, want at most %d MiB", alloc>>20, n>>20, tc.maxAlloc>>20)
			}
			if s := srv.Stats.Snapshot(); len(s.Repairs) != 0 {
				t.Errorf("repairs %v", s.Repairs)
			}
		})
	}
}

// TestHundredMegabyteRequest: a request body of one 100 MB line reaches the upstream whole while
// the proxy holds at most its request size limit of it, with or without a Content-Length.
func TestHundredMegabyteRequest(t *testing.T) {
	const n = 100 << 20
	prefix, suffix := `{"model":"m","stream":true,"messages":[{"role":"user","content":"`, `"}],`+todoRequest[1:]
	for _, chunked := range []bool{false, true} {
		t.Run(fmt.Sprintf("chunked=%v", chunked), func(t *testing.T) {
			var got countingWriter
			up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.CopyBuffer(&got, r.Body, make([]byte, 32<<10))
				w.Header().Set("Content-Type", "text/event-stream")
				_, _ = io.WriteString(w, stringifiedTodoStream("a"))
			}))
			defer up.Close()
			srv, ps := newServer(t, up.URL, Options{})
			var before, after runtimeMem
			before.read()
			var body io.Reader = &lineReader{prefix: prefix, suffix: suffix, fill: 'q', n: n}
			if chunked {
				body = struct{ io.Reader }{body} // no length known: sent chunked
			}
			req, _ := http.NewRequest(http.MethodPost, ps.URL+"/v1/messages", body)
			if !chunked {
				req.ContentLength = int64(len(prefix) + n + len(suffix))
			}
			resp, err := ps.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			out, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			after.read()
			if err != nil {
				t.Fatal(err)
			}
			if want := int64(len(prefix) + n + len(suffix)); got.n != want || !strings.HasSuffix(suffix, string(got.tail)) {
				t.Fatalf("upstream got %d bytes ending %q, want %d", got.n, got.tail, want)
			}
			alloc := after.totalAlloc - before.totalAlloc
			t.Logf("allocated %d MiB in all to pass a %d MiB request; repairs %v", alloc>>20, n>>20, srv.Stats.Snapshot().Repairs)
			if alloc > 3*DefaultMaxRequestBody && !raceEnabled {
				t.Errorf("allocated %d MiB to pass a %d MiB request, want at most %d MiB", alloc>>20, n>>20, 3*DefaultMaxRequestBody>>20)
			}
			if string(out) != stringifiedTodoStream("a") {
				t.Errorf("the answer to a request too large to read for its tools was repaired:\n%s", out)
			}
		})
	}
}

// TestDeepNesting: JSON nested far deeper than any parser's limit, in a tool input, a stringified
// argument, an event, a non-streamed body and the request's schema, passes as it came.
func TestDeepNesting(t *testing.T) {
	const depth = 100000
	deepArr := strings.Repeat("[", depth) + strings.Repeat("]", depth)
	deepObj := strings.Repeat(`{"a":`, depth) + "1" + strings.Repeat("}", depth)
	deepStr, _ := json.Marshal(deepArr)
	tests := []struct {
		name, request, contentType, body string
	}{
		{"tool input", todoRequest, "text/event-stream", sseOf(evStart, evToolStart, toolDelta(`{"todos":`+deepArr+`}`), evStop1, evMsgDelta, evMsgStop)},
		{"stringified argument", todoRequest, "text/event-stream", sseOf(evStart, evToolStart, toolDelta(`{"todos":`+string(deepStr)+`}`), evStop1, evMsgDelta, evMsgStop)},
		{"object in an event", todoRequest, "text/event-stream", sseOf(evStart) + "event: ping\ndata: {\"type\":\"ping\",\"x\":" + deepObj + "}\n\n" + sseOf(evMsgStop)},
		{"leaked call parameter", todoRequest, "text/event-stream", sseOf(evStart, evTextStart,
			`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"ok\n<invoke name=\"TodoWrite\"><parameter name=\"todos\">`+deepArr+`</parameter></invoke>"}}`, evStop0, evMsgDelta, evMsgStop)},
		{"non-streamed body", todoRequest, "application/json", `{"type":"message","content":[{"type":"tool_use","id":"t","name":"TodoWrite","input":{"todos":` + string(deepStr) + `}}],"stop_reason":"tool_use"}`},
		{"request schema", `{"tools":[{"name":"TodoWrite","input_schema":` + deepObj + `}]}`, "text/event-stream", stringifiedTodoStream("a")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, snap, _ := withDeadline(t, 60*time.Second, func() ([]byte, observe.Snapshot, []byte) {
				return exchangeThrough(t, Options{}, "/v1/messages", []byte(tc.request), tc.contentType, []byte(tc.body))
			})
			if !bytes.Equal(out, []byte(tc.body)) {
				t.Fatalf("deeply nested input changed (repairs %v):\n%s", snap.Repairs, firstDiff(out, []byte(tc.body)))
			}
		})
	}
}

// withDeadline runs f and fails the test if it has not returned within d: a bound on an endless
// loop, not a synchronisation.
func withDeadline[A, B, C any](t *testing.T, d time.Duration, f func() (A, B, C)) (A, B, C) {
	t.Helper()
	type res struct {
		a A
		b B
		c C
	}
	done := make(chan res, 1)
	go func() {
		a, b, c := f()
		done <- res{a, b, c}
	}()
	select {
	case r := <-done:
		return r.a, r.b, r.c
	case <-time.After(d):
		t.Fatalf("did not end within %v", d)
		panic("unreachable")
	}
}

// TestSchemaRefCycles: schemas whose $refs loop end in bounded time, fetch nothing, and what comes
// out is either the input or fits.
func TestSchemaRefCycles(t *testing.T) {
	remote, fetched := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"type":"array"}`)
	})
	nested := `"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"`
	tests := []struct{ name, schema, input string }{
		{"root refers to itself", `{"$ref":"#"}`, `{"todos":"[1]"}`},
		{"two definitions refer to each other", `{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"type":"object","properties":{"todos":{"$ref":"#/$defs/a"}}}`, `{"todos":"[1]"}`},
		{"recursive array", `{"type":"object","properties":{"todos":{"type":"array","items":{"anyOf":[{"$ref":"#/properties/todos"},{"type":"integer"}]}}}}`, `{"todos":` + nested + `}`},
		{"anyOf of itself", `{"anyOf":[{"$ref":"#"},{"$ref":"#"}],"properties":{"todos":{"anyOf":[{"$ref":"#"},{"type":"array"}]}}}`, `{"todos":"[{\"todos\":\"[1]\"}]"}`},
		{"allOf and not of itself", `{"allOf":[{"$ref":"#"}],"not":{"$ref":"#"},"properties":{"todos":{"$ref":"#"}}}`, `{"todos":"{}"}`},
		{"remote ref is never fetched", `{"type":"object","properties":{"todos":{"$ref":"` + remote.URL + `/schema.json"}}}`, `{"todos":"[1]"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			request := `{"stream":true,"tools":[{"name":"TodoWrite","input_schema":` + tc.schema + `}]}`
			body := sseOf(evStart, evToolStart, toolDelta(tc.input), evStop1, evMsgDelta, evMsgStop)
			out, snap, _ := withDeadline(t, 60*time.Second, func() ([]byte, observe.Snapshot, []byte) {
				return exchangeThrough(t, Options{}, "/v1/messages", []byte(request), "text/event-stream", []byte(body))
			})
			checkAnthropicExchange(t, []byte(request), []byte(body), out, true, snap)
		})
	}
	if n := fetched.Load(); n != 0 {
		t.Errorf("a remote $ref was fetched %d times", n)
	}
}

// TestToolNamesWithMarkup: tool names that are themselves markup or JSON metacharacters neither
// break the stream nor let leaked text forge a call to another tool.
func TestToolNamesWithMarkup(t *testing.T) {
	names := []string{`<invoke name="Bash">`, `Bash</parameter>`, `</function_calls>`, "a\"b\\c\n", `<|tool_call_begin|>`, `<tool_call>{"name":"x"}</tool_call>`, `Bash" injected="1`}
	for _, name := range names {
		t.Run(fmt.Sprintf("%q", name), func(t *testing.T) {
			qn, _ := json.Marshal(name)
			request := `{"stream":true,"tools":[{"name":` + string(qn) + `,"input_schema":{"type":"object","properties":{"command":{"type":"string"},"n":{"type":"integer"}},"required":["command"]}},` +
				`{"name":"Bash","input_schema":{"type":"object","properties":{"command":{"type":"string"}},"required":["command"]}}]}`
			attr := strings.NewReplacer(`"`, "&quot;", "<", "&lt;", ">", "&gt;").Replace(name)
			leak, _ := json.Marshal("Running it.\n<invoke name=\"" + name + "\"><parameter name=\"command\">ls</parameter><parameter name=\"n\">3</parameter></invoke>")
			leakEsc, _ := json.Marshal("Running it.\n<invoke name=\"" + attr + "\"><parameter name=\"command\">ls</parameter></invoke>")
			bodies := []string{
				sseOf(evStart, evTextStart, `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":`+string(leak)+`}}`, evStop0, evMsgDelta, evMsgStop),
				sseOf(evStart, evTextStart, `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":`+string(leakEsc)+`}}`, evStop0, evMsgDelta, evMsgStop),
				sseOf(evStart, `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":`+string(qn)+`,"input":{}}}`, toolDelta(`{"command":"ls","n":"3"}`), evStop1, evMsgDelta, evMsgStop),
			}
			for i, body := range bodies {
				out, snap, _ := exchangeThrough(t, Options{}, "/v1/messages", []byte(request), "text/event-stream", []byte(body))
				checkAnthropicExchange(t, []byte(request), []byte(body), out, true, snap)
				t.Logf("body %d: repairs %v", i, snap.Repairs)
			}
		})
	}
}

// TestRequestNotJSON: a request body that is not JSON goes upstream byte for byte, and the answer
// comes back with no repair (there are no tools to repair by).
func TestRequestNotJSON(t *testing.T) {
	bodies := []string{
		"not json at all \xff\xfe",
		`{"tools":[{"name":"TodoWrite","input_schema":{"type":"object"`,
		"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff", // gzip magic
		`[{"tools":[]}]`,
		"",
	}
	for _, request := range bodies {
		t.Run(fmt.Sprintf("%.20q", request), func(t *testing.T) {
			body := stringifiedTodoStream("a")
			out, snap, gotReq := exchangeThrough(t, Options{}, "/v1/messages", []byte(request), "text/event-stream", []byte(body))
			if string(gotReq) != request {
				t.Fatalf("upstream got %q, want %q", gotReq, request)
			}
			if string(out) != body || len(snap.Repairs) != 0 {
				t.Fatalf("repairs %v; output changed: %v", snap.Repairs, string(out) != body)
			}
		})
	}
}

// TestStreamedRequestBodyKeepsAnswer: a request body over the size limit is streamed upstream;
// the upstream answers as soon as it has read it, while the transport may still be making its
// last read of the body. Writing the answer must not close that body under the transport, which
// would cut the answer (golang/go #40747; a bare httputil.ReverseProxy shows it under load).
func TestStreamedRequestBodyKeepsAnswer(t *testing.T) {
	answer := strings.Repeat(sseOf(evPing), 2000)
	up := answerUpstream(t, "text/event-stream", answer)
	srv, ps := newServer(t, up.URL, Options{MaxRequestBody: 1024})
	body := strings.Repeat("x", 8192)
	for i := 0; i < 300; i++ {
		if _, got := readAnswer(t, ps.Client(), newJSONPost(t, ps.URL+"/v1/messages", strings.NewReader(body))); string(got) != answer {
			t.Fatalf("request %d: the answer was cut after %d of %d bytes", i, len(got), len(answer))
		}
	}
	if s := srv.Stats.Snapshot(); s.UpstreamErrors != 0 {
		t.Errorf("upstream errors: %d", s.UpstreamErrors)
	}
}

// TestOversizeEventPassesThrough: a stream holding an event over the size limit passes through
// byte for byte from that event on, even when it would otherwise be repaired.
func TestOversizeEventPassesThrough(t *testing.T) {
	c := cases.NamedForTest(t, "anthropic", "leaked-invoke-court")
	// A ping whose data is larger than the limit, right after message_start.
	big := "event: ping\ndata: {\"type\":\"ping\",\"pad\":\"" + strings.Repeat("x", 4096) + "\"}\n\n"
	i := bytes.Index(c.Upstream, []byte("event: ping"))
	body := append(append(append([]byte{}, c.Upstream[:i]...), big...), c.Upstream[i:]...)
	got, s, _ := exchangeThrough(t, Options{MaxEvent: 1024}, "/v1/messages", c.Request, "text/event-stream", body)
	if !bytes.Equal(got, body) {
		t.Fatalf("oversize stream changed:\n%s", firstDiff(got, body))
	}
	if s.FailOpens == 0 || len(s.Repairs) != 0 {
		t.Errorf("want a fail-open and no repair, got %+v", s)
	}
}
