package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"time"
)

// upstream is the loopback mock API both proxies forward to. Its paths:
//
//	/big/v1/messages, /big/v1/chat/completions    the healthy stream of Options.BigMB, at once
//	/json/v1/messages, /json/v1/chat/completions   the healthy JSON answers of jsonanswers.go
//	/paced/v1/messages, /paced/v1/chat/completions n=N text deltas every=DURATION apart, each
//	                                              stamped with its send time; gated=1 holds the
//	                                              stream after the first delta until the gate opens
//	/tool/v1/messages?bytes=N                     a TodoWrite call whose todos array (about N bytes)
//	                                              arrives as one JSON string, in 4 KiB deltas
//	/pacedtool/, /bigtool/, /bomb/                see streaming.go
//	/readyz                                       200, for HAProxy's check of a floor replica
type upstream struct {
	srv   *httptest.Server
	epoch time.Time // stamps are nanoseconds since epoch, on this process's monotonic clock

	anthropicBig, chatBig     []byte
	anthropicWhole, chatWhole []byte // the whole (non-streamed) answers, see jsonanswers.go

	mu    sync.Mutex
	gate  chan struct{}
	tools map[int][]byte // tool streams by size
}

func newUpstream(bigBytes, jsonBytes int) *upstream {
	u := &upstream{epoch: time.Now(), gate: make(chan struct{}), tools: map[int][]byte{}}
	u.anthropicBig = healthyAnthropic(bigBytes)
	u.chatBig = healthyChat(bigBytes)
	u.anthropicWhole = healthyAnthropicWhole(jsonBytes)
	u.chatWhole = healthyChatWhole(jsonBytes)
	u.srv = httptest.NewServer(u)
	return u
}

// stamp is the time since the epoch, in nanoseconds.
func (u *upstream) stamp() int64 { return int64(time.Since(u.epoch)) }

// newGate closes nothing and returns a fresh closed-later gate for the next gated streams.
func (u *upstream) newGate() chan struct{} {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.gate = make(chan struct{})
	return u.gate
}

func (u *upstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	w.Header().Set("Content-Type", "text/event-stream")
	chat := strings.HasSuffix(r.URL.Path, "/chat/completions")
	switch {
	case strings.HasPrefix(r.URL.Path, "/big/"), strings.HasPrefix(r.URL.Path, "/json/"):
		body := u.anthropicBig
		if chat {
			body = u.chatBig
		}
		if strings.HasPrefix(r.URL.Path, "/json/") {
			w.Header().Set("Content-Type", "application/json")
			body = u.anthropicWhole
			if chat {
				body = u.chatWhole
			}
		}
		for b := body; len(b) > 0; {
			n := min(32<<10, len(b))
			if _, err := w.Write(b[:n]); err != nil {
				return
			}
			b = b[n:]
		}
	case strings.HasPrefix(r.URL.Path, "/paced/"):
		u.paced(w, r, chat)
	case strings.HasPrefix(r.URL.Path, "/tool/"):
		n, _ := strconv.Atoi(r.URL.Query().Get("bytes"))
		_, _ = w.Write(u.toolStream(n))
	case strings.HasPrefix(r.URL.Path, "/pacedtool/"):
		u.pacedTool(w, r, chat)
	case strings.HasPrefix(r.URL.Path, "/bigtool/"):
		n, _ := strconv.Atoi(r.URL.Query().Get("bytes"))
		u.bigTool(w, n)
	case strings.HasPrefix(r.URL.Path, "/whole/"):
		u.whole(w, r, chat)
	case strings.HasPrefix(r.URL.Path, "/bomb/"):
		n, _ := strconv.Atoi(r.URL.Query().Get("bytes"))
		u.bomb(w, n)
	case r.URL.Path == "/readyz": // HAProxy's check of a floor replica (replicas.go), answered here through it
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"status":"ready"}`)
	default:
		http.NotFound(w, r)
	}
}

// paced sends n stamped text deltas every interval, flushing each.
func (u *upstream) paced(w http.ResponseWriter, r *http.Request, chat bool) {
	q := r.URL.Query()
	n, _ := strconv.Atoi(q.Get("n"))
	every, _ := time.ParseDuration(q.Get("every"))
	u.mu.Lock()
	gate := u.gate
	u.mu.Unlock()
	rc := http.NewResponseController(w)
	send := func(s string) bool {
		_, err := io.WriteString(w, s)
		return err == nil && rc.Flush() == nil
	}
	if chat {
		if !send(`data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}` + "\n\n") {
			return
		}
	} else if !send(anthropicEvent("message_start", `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}`) +
		anthropicEvent("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`)) {
		return
	}
	var tick *time.Ticker
	for i := 0; i < n; i++ {
		if i == 1 {
			if q.Get("gated") == "1" {
				select {
				case <-gate:
				case <-r.Context().Done():
					return
				}
				// Spread the streams over the interval, as independent sessions are.
				time.Sleep(time.Duration(rand.Int64N(int64(every) + 1)))
			}
			tick = time.NewTicker(every)
			defer tick.Stop()
		}
		if i >= 1 {
			select {
			case <-tick.C:
			case <-r.Context().Done():
				return
			}
		}
		text := fmt.Sprintf("Step %d at %d ns. ", i, u.stamp())
		var ev string
		if chat {
			ev = `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"` + text + `"},"finish_reason":null}]}` + "\n\n"
		} else {
			ev = anthropicEvent("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"`+text+`"}}`)
		}
		if !send(ev) {
			return
		}
	}
	if chat {
		send(`data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}` + "\n\ndata: [DONE]\n\n")
		return
	}
	send(anthropicEvent("content_block_stop", `{"type":"content_block_stop","index":0}`) +
		anthropicEvent("message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":5}}`) +
		anthropicEvent("message_stop", `{"type":"message_stop"}`))
}

func anthropicEvent(typ, data string) string { return "event: " + typ + "\ndata: " + data + "\n\n" }

// toolRequest offers TodoWrite as Claude Code does, and Bash.
const toolRequest = `{"model":"m","stream":true,"max_tokens":1024,"messages":[{"role":"user","content":"plan it"}],"tools":[` +
	`{"name":"TodoWrite","input_schema":{"type":"object","properties":{"todos":{"type":"array","items":{"type":"object","properties":{"content":{"type":"string"},"status":{"type":"string","enum":["pending","in_progress","completed"]}},"required":["content","status"]}}},"required":["todos"]}},` +
	`{"name":"Bash","input_schema":{"type":"object","properties":{"command":{"type":"string"}},"required":["command"]}}]}`

// chatRequest is a streamed Chat Completions request offering one function.
const chatRequest = `{"model":"m","stream":true,"messages":[{"role":"user","content":"go"}],"tools":[{"type":"function","function":{"name":"read","parameters":{"type":"object","properties":{"path":{"type":"string"},"limit":{"type":"integer"}},"required":["path"]}}}]}`

// toolStream returns (building once per size) a Messages stream whose one TodoWrite call carries
// about n bytes of todos as a JSON string: {"todos": "[{\"content\": …}, …]"}, in 4 KiB deltas.
func (u *upstream) toolStream(n int) []byte {
	u.mu.Lock()
	defer u.mu.Unlock()
	if b, ok := u.tools[n]; ok {
		return b
	}
	input, _ := stringifiedTodos(n)
	var b bytes.Buffer
	b.WriteString(anthropicEvent("message_start", `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}`))
	b.WriteString(anthropicEvent("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"TodoWrite","input":{}}}`))
	for s := input; len(s) > 0; {
		k := min(4096, len(s))
		q, _ := json.Marshal(s[:k]) // the input is ASCII: any cut is a whole character
		b.WriteString(anthropicEvent("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":`+string(q)+`}}`))
		s = s[k:]
	}
	b.WriteString(anthropicEvent("content_block_stop", `{"type":"content_block_stop","index":0}`))
	b.WriteString(anthropicEvent("message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":5}}`))
	b.WriteString(anthropicEvent("message_stop", `{"type":"message_stop"}`))
	u.tools[n] = b.Bytes()
	return u.tools[n]
}

// stringifiedTodos returns a TodoWrite input of about n bytes whose todos array is sent as one
// JSON string, and the number of todos in it. It is ASCII only.
func stringifiedTodos(n int) (string, int) {
	var inner strings.Builder
	inner.WriteByte('[')
	count := 0
	for inner.Len() < n {
		if count > 0 {
			inner.WriteString(", ")
		}
		fmt.Fprintf(&inner, `{"content": "Step %d: fix the parser for CRLF input split across reads", "status": "pending"}`, count)
		count++
	}
	inner.WriteByte(']')
	q, _ := json.Marshal(inner.String())
	return `{"todos": ` + string(q) + `}`, count
}

// healthyWords are the words of every healthy text, with markup-like prose a repair must leave be.
const healthyWords = "Let me look at the failing test first, then the parser. The CRLF input is split across reads so the framer must keep state; a < b holds and <div> is fine in prose."

// healthyAnthropic builds a healthy Messages stream of about size bytes: text deltas of the size
// models send, with a tool_use block every 200 events.
func healthyAnthropic(size int) []byte {
	var b bytes.Buffer
	b.WriteString(anthropicEvent("message_start", `{"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","model":"claude","content":[],"stop_reason":null,"usage":{"input_tokens":10,"output_tokens":1}}}`))
	words := strings.Fields(healthyWords)
	for idx := 0; b.Len() < size; idx += 2 {
		b.WriteString(anthropicEvent("content_block_start", fmt.Sprintf(`{"type":"content_block_start","index":%d,"content_block":{"type":"text","text":""}}`, idx)))
		for i := 0; i < 200; i++ {
			sep := " "
			if i%40 == 39 {
				sep = `\n\n`
			}
			b.WriteString(anthropicEvent("content_block_delta", fmt.Sprintf(`{"type":"content_block_delta","index":%d,"delta":{"type":"text_delta","text":"%s%s"}}`, idx, words[(i+idx)%len(words)], sep)))
		}
		b.WriteString(anthropicEvent("content_block_stop", fmt.Sprintf(`{"type":"content_block_stop","index":%d}`, idx)))
		b.WriteString(anthropicEvent("content_block_start", fmt.Sprintf(`{"type":"content_block_start","index":%d,"content_block":{"type":"tool_use","id":"toolu_%d","name":"Read","input":{}}}`, idx+1, idx)))
		for _, p := range []string{`{\"file_`, `path\": \"/repo/`, `main.go\", \"limit\": 40}`} {
			b.WriteString(anthropicEvent("content_block_delta", fmt.Sprintf(`{"type":"content_block_delta","index":%d,"delta":{"type":"input_json_delta","partial_json":"%s"}}`, idx+1, p)))
		}
		b.WriteString(anthropicEvent("content_block_stop", fmt.Sprintf(`{"type":"content_block_stop","index":%d}`, idx+1)))
	}
	b.WriteString(anthropicEvent("message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":5}}`))
	b.WriteString(anthropicEvent("message_stop", `{"type":"message_stop"}`))
	return b.Bytes()
}

// healthyChat builds a healthy Chat Completions stream of about size bytes: content deltas, with
// a tool call every 200 chunks (one choice, as the SDKs send), ended by a finish chunk and [DONE].
// Each tool call has its own index within the one message, as a model sends parallel calls.
func healthyChat(size int) []byte {
	var b bytes.Buffer
	chunk := func(delta, finish string) {
		b.WriteString(`data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + finish + `}]}` + "\n\n")
	}
	chunk(`{"role":"assistant","content":""}`, "null")
	words := strings.Fields(healthyWords)
	call := 0
	for b.Len() < size {
		for i := 0; i < 200; i++ {
			sep := " "
			if i%40 == 39 {
				sep = `\n\n`
			}
			chunk(`{"content":"`+words[(i+call)%len(words)]+sep+`"}`, "null")
		}
		chunk(fmt.Sprintf(`{"tool_calls":[{"index":%d,"id":"call_%d","type":"function","function":{"name":"read","arguments":""}}]}`, call, call), "null")
		for _, p := range []string{`{\"path\": \"/repo/`, `main.go\", \"limit\": 40}`} {
			chunk(fmt.Sprintf(`{"tool_calls":[{"index":%d,"function":{"arguments":"%s"}}]}`, call, p), "null")
		}
		call++
	}
	chunk(`{}`, `"tool_calls"`)
	b.WriteString("data: [DONE]\n\n")
	return b.Bytes()
}
