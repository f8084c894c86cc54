package inspect

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"net/http/httputil"
	"slices"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/linediff"
)

func gz(b []byte) []byte {
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return out.Bytes()
}

// httpCapture is a whole HTTP response as `curl -i --raw` saves it: chunked and gzipped.
func httpCapture(body []byte) []byte {
	var chunked bytes.Buffer
	cw := httputil.NewChunkedWriter(&chunked)
	z := gz(body)
	for len(z) > 0 {
		n := min(len(z), 100)
		_, _ = cw.Write(z[:n])
		z = z[n:]
	}
	_ = cw.Close()
	return append([]byte("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n"), append(chunked.Bytes(), "\r\n"...)...)
}

func TestLoadShapes(t *testing.T) {
	c := cases.NamedForTest(t, "anthropic", "stringified-array-todos")
	crlf := bytes.ReplaceAll(c.Upstream, []byte("\n"), []byte("\r\n"))
	tests := []struct {
		name   string
		data   []byte
		status int
	}{
		{"raw", c.Upstream, 200},
		{"gzip", gz(c.Upstream), 200},
		{"crlf", crlf, 200},
		{"gzip crlf", gz(crlf), 200},
		{"http capture", httpCapture(c.Upstream), 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x, err := Load(tc.data, c.Request, "")
			if err != nil {
				t.Fatal(err)
			}
			if !x.Response.Stream() || x.Dialect != "anthropic" || x.Response.Status != tc.status {
				t.Fatalf("read as dialect %q stream %v status %d", x.Dialect, x.Response.Stream(), x.Response.Status)
			}
			r, err := Analyze(x)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Faults) != 1 || r.Faults[0].ID != "D13" || !r.Repaired("coerce") || r.After.Error != "" {
				t.Errorf("faults %+v repairs %+v after %+v", r.Faults, r.Repairs, r.After)
			}
		})
	}
}

func TestGuessProtocol(t *testing.T) {
	all := cases.ForTest(t)
	for _, c := range all {
		if got := guessProtocol(c.Request, c.Upstream); got != c.Protocol {
			t.Errorf("%s/%s guessed as %s", c.Protocol, c.Name, got)
		}
	}
	// Text that names another API's event or object types is text, not a field.
	for _, c := range []struct{ name, upstream, want string }{
		{"chat stream saying response.", "data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\\\"response.completed\\\" and \\\"message_start\\\"\"}}]}\n\ndata: [DONE]\n\n", "openai"},
		{"chat stream without object", "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\\\"type\\\":\\\"message\\\"\"}}]}\n\n", "openai"},
		{"anthropic stream saying chat.completion", "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"content\":[]}}\n\nevent: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"delta\":{\"text\":\"\\\"response.created\\\"\"}}\n\n", "anthropic"},
		{"anthropic JSON saying object response", `{"type":"message","content":[{"type":"text","text":"\"object\":\"response\" and \"response.done\""}]}`, "anthropic"},
		{"responses JSON saying choices", `{"object":"response","output":[{"type":"message","content":[{"type":"output_text","text":"\"choices\" and \"message_start\""}]}]}`, "responses"},
		{"chat JSON saying type message", `{"object":"chat.completion","choices":[{"message":{"content":"\"type\":\"message\""}}]}`, "openai"},
	} {
		if !json.Valid([]byte(c.upstream)) && !looksSSE([]byte(c.upstream)) {
			t.Fatalf("%s: test body is neither JSON nor SSE", c.name)
		}
		if got := guessProtocol(nil, []byte(c.upstream)); got != c.want {
			t.Errorf("%s: guessed %s, want %s", c.name, got, c.want)
		}
	}
	if _, err := FromBodies(nil, []byte("{}"), "gemini"); err == nil {
		t.Errorf("an unknown protocol was accepted")
	}
}

func TestEventsKeepOffsets(t *testing.T) {
	body := []byte(": ping\r\n\r\nevent: a\r\ndata: {\"type\":\"a\",\"index\":2}\r\n\r\ndata: null\n\ndata: {\"object\":\"chat.completion.chunk\"}")
	evs := Events(body)
	if len(evs) != 4 {
		t.Fatalf("%d events: %+v", len(evs), evs)
	}
	want := []struct {
		off   int
		name  string
		typ   string
		index int
		obj   bool
	}{{0, "", "", -1, false}, {bytes.Index(body, []byte("event: a")), "a", "a", 2, true}, {bytes.Index(body, []byte("data: null")), "", "", -1, false}, {bytes.Index(body, []byte(`data: {"object"`)), "", "", -1, true}}
	for i, w := range want {
		e := evs[i]
		if e.Offset != w.off || e.Name != w.name || e.Type != w.typ || e.Index != w.index || e.Object != w.obj {
			t.Errorf("event %d: %+v, want %+v", i, e, w)
		}
	}
	if evs[3].ObjectName != "chat.completion.chunk" {
		t.Errorf("object name %q", evs[3].ObjectName)
	}
}

func TestDiffText(t *testing.T) {
	if d := Diff([]byte("a\nb\n"), []byte("a\nb\n"), 3); d != "" {
		t.Errorf("equal bodies: %q", d)
	}
	d := Diff([]byte("a\nb\nc\n"), []byte("a\nB\r\nc\n"), 1)
	want := "@@ -1,3 +1,3 @@\n a\n-b\n+B  ⟨\"\\r\\n\"⟩\n c\n"
	if d != want {
		t.Errorf("got\n%s\nwant\n%s", d, want)
	}
}

func FuzzDiff(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nc\nd\n")
	f.Add("data: 1\n\ndata: 2\n\n", "data: 1\n\ndata: 3\n\n")
	f.Fuzz(func(t *testing.T, a, b string) {
		la, lb := splitLines([]byte(a)), splitLines([]byte(b))
		if strings.Join(la, "") != a {
			t.Fatalf("splitLines lost bytes")
		}
		if err := linediff.Check(linediff.Script(la, lb), la, lb); err != nil {
			t.Fatal(err)
		}
		if (Diff([]byte(a), []byte(b), 2) == "") != (a == b) {
			t.Fatalf("Diff empty iff equal broken")
		}
	})
}

// TestLoadSampleChecksRequest: a request given beside a sample replaces the sample's own and is
// refused as FromBodies refuses one, gzip-compressed or not.
func TestLoadSampleChecksRequest(t *testing.T) {
	anthReq := `{"model":"m","max_tokens":9,"messages":[{"role":"user","content":"hi"}],"tools":[{"name":"t","input_schema":{"type":"object"}}]}`
	anthSSE := "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[]}}\n\nevent: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"
	x, err := FromBodies([]byte(`{"model":"other","messages":[]}`), []byte(anthSSE), "")
	if err != nil {
		t.Fatal(err)
	}
	data, err := x.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte(anthReq))
	w.Close()
	for _, tc := range []struct {
		name, wantErr string // wantErr "" loads
		req           []byte
		wantReq       string // the request the exchange holds when it loads
	}{
		{"none", "", nil, `{"model":"other","messages":[]}`},
		{"a request", "", []byte(anthReq), anthReq},
		{"a gzip-compressed request", "", gz.Bytes(), anthReq},
		{"a response", "request body is an upstream response", []byte(anthSSE), ""},
		{"not JSON", "not a JSON object", []byte("hello\n"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x, err := Load(data, tc.req, "")
			checkRefusal(t, err, tc.wantErr)
			if err == nil && string(x.Request.Body) != tc.wantReq {
				t.Fatalf("request %q, want %q", x.Request.Body, tc.wantReq)
			}
		})
	}
}

// FuzzLoadAnalyze feeds arbitrary files to analyze: it must never panic.
func FuzzLoadAnalyze(f *testing.F) {
	for _, c := range cases.ForTest(f) {
		f.Add(c.Upstream, c.Request)
	}
	f.Add(httpCapture([]byte("data: {}\n\n")), []byte(nil))
	f.Fuzz(func(t *testing.T, data, request []byte) {
		x, err := Load(data, request, "")
		if err != nil {
			return
		}
		r, err := Analyze(x)
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := r.WriteText(&b, true); err != nil {
			t.Fatal(err)
		}
	})
}

// TestStructureFaults: analyze names a finish replayed after message_stop (D73) and a Responses
// call without its done or with an empty name there (D74) in the struct-* cases that hold them,
// and neither in their look-alikes.
func TestStructureFaults(t *testing.T) {
	for _, c := range cases.ForTest(t) {
		if !strings.HasPrefix(c.Name, "struct-") || c.Protocol == "openai" {
			continue // the Chat structure rows are others (D70-D72)
		}
		t.Run(c.Protocol+"/"+c.Name, func(t *testing.T) {
			x, err := FromBodies(c.Request, c.Upstream, c.Protocol)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Analyze(x)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, f := range r.Faults {
				found = found || f.ID == "D73" || f.ID == "D74"
			}
			if want := !c.Want.Passthrough; found != want {
				t.Errorf("D73/D74 found %v, want %v: %+v", found, want, r.Faults)
			}
		})
	}
}

// TestStreamStructureFaults: analyze names D70-D72 in the cases that show them, and none of them
// in their look-alikes.
func TestStreamStructureFaults(t *testing.T) {
	for name, want := range map[string]string{
		"struct-two-calls-one-index-whole":        "D70",
		"struct-two-calls-one-index-streamed":     "D70",
		"struct-two-calls-one-index-name-late":    "D70",
		"struct-two-calls-one-index-same-tool":    "D70",
		"struct-fresh-id-name-trailer-empty-args": "",
		"struct-fresh-id-name-trailer-two-calls":  "",
		"struct-fresh-id-trailer-no-name":         "",
		"struct-cumulative-arguments":             "D71",
		"struct-cumulative-head-repeated":         "D71",
		"struct-missing-type":                     "D72",
		"struct-fresh-id-every-delta-untouched":   "",
		"struct-same-id-repeated-untouched":       "",
		"struct-interleaved-indexes-untouched":    "",
		"struct-prefix-restated-untouched":        "",
	} {
		c := cases.NamedForTest(t, "openai", name)
		x, err := FromBodies(c.Request, c.Upstream, "openai")
		if err != nil {
			t.Fatal(err)
		}
		r, err := Analyze(x)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range r.Faults {
			if f.ID == "D70" || f.ID == "D71" || f.ID == "D72" {
				got = append(got, f.ID)
			}
		}
		if want == "" && len(got) > 0 || want != "" && !slices.Contains(got, want) {
			t.Errorf("%s: faults %v, want %q", name, got, want)
		}
	}
}

// TestTwoMessagesStopReasons: a stream holding two messages (a message_start after the first's
// message_stop) is judged per message: a tool_use message ending in tool_use followed by a text
// message ending in end_turn shows no D39, while each message that holds a tool_use and ends in
// end_turn or null does, named by its number.
func TestTwoMessagesStopReasons(t *testing.T) {
	req := []byte(`{"model":"m","stream":true,"messages":[{"role":"user","content":"hi"}],"tools":[{"name":"Read","input_schema":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}}]}`)
	ev := func(typ, data string) string { return "event: " + typ + "\ndata: " + data + "\n\n" }
	tool := func(stop string) string {
		return ev("message_start", `{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[]}}`) +
			ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"Read","input":{}}}`) +
			ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"path\":\"a\"}"}}`) +
			ev("content_block_stop", `{"type":"content_block_stop","index":0}`) +
			ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":`+stop+`},"usage":{"output_tokens":3}}`) +
			ev("message_stop", `{"type":"message_stop"}`)
	}
	text := func(stop string) string {
		return ev("message_start", `{"type":"message_start","message":{"id":"n","type":"message","role":"assistant","content":[]}}`) +
			ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`) +
			ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Done."}}`) +
			ev("content_block_stop", `{"type":"content_block_stop","index":0}`) +
			ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":`+stop+`},"usage":{"output_tokens":1}}`) +
			ev("message_stop", `{"type":"message_stop"}`)
	}
	tests := []struct {
		name, body, stops string
		d39               []string // where D39 is found
	}{
		{"a call, then text", tool(`"tool_use"`) + text(`"end_turn"`), "tool_use, end_turn", nil},
		{"text, then a call", text(`"end_turn"`) + tool(`"tool_use"`), "end_turn, tool_use", nil},
		{"a call ending in end_turn, then text", tool(`"end_turn"`) + text(`"end_turn"`), "end_turn, end_turn", []string{"message 1"}},
		{"text, then a call ending in null", text(`"end_turn"`) + tool(`null`), "end_turn, null", []string{"message 2"}},
		{"one message", tool(`"end_turn"`), "end_turn", []string{"message"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x, err := FromBodies(req, []byte(tc.body), "anthropic")
			if err != nil {
				t.Fatal(err)
			}
			r, err := Analyze(x)
			if err != nil {
				t.Fatal(err)
			}
			var d39 []string
			for _, f := range r.Faults {
				if f.ID == "D39" {
					d39 = append(d39, f.Where)
				}
			}
			if r.StopReason != tc.stops || !slices.Equal(d39, tc.d39) {
				t.Errorf("stop_reason %q, D39 at %q; want %q, %q", r.StopReason, d39, tc.stops, tc.d39)
			}
			if len(r.Blocks) != strings.Count(tc.body, "message_start\n") || r.Blocks[len(r.Blocks)-1].Message != len(r.Blocks)-1 {
				t.Errorf("blocks %+v", r.Blocks)
			}
		})
	}
}

// TestFromBodiesRefusesWrongBodies holds that bodies given the wrong way round, a request that is
// a response, an upstream body that is a request and a protocol the upstream body's own fields
// contradict are refused with a sentence saying what to give, while the right bodies load, with
// or without --protocol, and a body naming no API still takes the protocol given.
func TestFromBodiesRefusesWrongBodies(t *testing.T) {
	anthReq := `{"model":"m","max_tokens":9,"messages":[{"role":"user","content":"hi"}],"tools":[{"name":"t","input_schema":{"type":"object"}}]}`
	chatReq := `{"model":"m","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"t","parameters":{"type":"object"}}}]}`
	respReq := `{"model":"m","input":"hi"}`
	anthSSE := "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[]}}\n\nevent: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"
	chatSSE := "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"},\"finish_reason\":null}]}\n\ndata: [DONE]\n\n"
	chatJSON := `{"id":"c","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}]}`
	respJSON := `{"id":"r","object":"response","status":"completed","output":[]}`
	namedMessage := "event: message\ndata: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"},\"finish_reason\":null}]}\n\nevent: message\ndata: [DONE]\n\n"
	translated := `{"id":"c","object":"chat.completion","type":"message","choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}]}`
	for _, tc := range []struct {
		name, req, up, protocol, wantErr string // wantErr "" loads
		dialect                          string // the dialect it loads as, when it loads ("" not checked)
	}{
		{"anthropic stream", anthReq, anthSSE, "", "", ""},
		{"anthropic stream named", anthReq, anthSSE, "anthropic", "", ""},
		{"chat stream", chatReq, chatSSE, "openai", "", ""},
		{"chat whole", chatReq, chatJSON, "", "", ""},
		{"responses whole", respReq, respJSON, "responses", "", ""},
		{"no request", "", anthSSE, "", "", ""},
		{"a body naming no API takes the protocol given", chatReq, `{"choices_missing":true}`, "responses", "", ""},
		{"swapped", anthSSE, anthReq, "", "wrong way round", ""},
		{"swapped whole", chatJSON, chatReq, "openai", "wrong way round", ""},
		{"request is a response", anthSSE, anthSSE, "", "request body is an upstream response", ""},
		{"upstream is a request", anthReq, anthReq, "", "upstream body is a client's request", ""},
		{"responses request as upstream", respReq, respReq, "", "upstream body is a client's request", ""},
		{"wrong protocol", anthReq, anthSSE, "openai", "give --protocol anthropic", ""},
		{"wrong protocol whole", chatReq, chatJSON, "anthropic", "give --protocol openai", ""},
		{"wrong protocol responses", respReq, respJSON, "openai", "give --protocol responses", ""},
		// SSE's default event name on every Chat chunk names no API; the chunks' objects do
		{"chat chunks named message", chatReq, namedMessage, "", "", "chat"},
		{"chat chunks named message, protocol given", chatReq, namedMessage, "openai", "", "chat"},
		{"a translator's chat.completion saying type message", chatReq, translated, "", "", "chat"},
		{"a translator's chat.completion, protocol given", chatReq, translated, "openai", "", "chat"},
		{"a body naming two APIs takes either", chatReq, translated, "anthropic", "", "anthropic"},
		{"curl -i over HTTP/2", anthReq, "HTTP/2 200\r\ncontent-type: application/json\r\n\r\n" + `{"id":"msg_1","type":"message","role":"assistant","content":[],"stop_reason":"end_turn"}`, "", "", "anthropic"},
		{"a request with a byte order mark as the upstream body", anthReq, "\xEF\xBB\xBF" + anthReq, "", "upstream body is a client's request", ""},
		{"a response with a byte order mark as the request", "\xEF\xBB\xBF" + chatJSON, chatJSON, "", "request body is an upstream response", ""},
		// a request that is no JSON object would be read as one that declares no tools
		{"request not JSON", "notes about the session\n", anthSSE, "", "not a JSON object", ""},
		{"request a JSON list", `[` + anthReq + `]`, anthSSE, "", "not a JSON object", ""},
		{"request cut off", anthReq[:40], anthSSE, "", "not a JSON object", ""},
		{"request with a byte order mark", "\xEF\xBB\xBF" + anthReq, anthSSE, "", "", "anthropic"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x, err := FromBodies([]byte(tc.req), []byte(tc.up), tc.protocol)
			checkRefusal(t, err, tc.wantErr)
			if err == nil && tc.dialect != "" && x.Dialect != tc.dialect {
				t.Fatalf("loaded as %s, want %s", x.Dialect, tc.dialect)
			}
		})
	}
}

// checkRefusal fails t unless err is nil when wantErr is "" and otherwise an error saying wantErr.
func checkRefusal(t *testing.T, err error, wantErr string) {
	t.Helper()
	switch {
	case wantErr == "" && err != nil:
		t.Fatalf("refused: %v", err)
	case wantErr != "" && err == nil:
		t.Fatalf("loaded, want an error saying %q", wantErr)
	case wantErr != "" && !strings.Contains(err.Error(), wantErr):
		t.Fatalf("error %q does not say %q", err, wantErr)
	}
}
