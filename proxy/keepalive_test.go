package proxy

import (
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/toolfix/toolfix/proxy/sse"
)

// fakeClock is a Clock the test moves: Now is what set last said, and the ticks are the test's.
type fakeClock struct {
	mu   sync.Mutex
	now  time.Time
	tick chan time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Unix(1_800_000_000, 0), tick: make(chan time.Time)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Tick(time.Duration) (<-chan time.Time, func()) { return c.tick, func() {} }

// advance moves the clock by d and ticks once (the keep-alive loop has looked when this returns).
// A loop that takes no tick fails the test rather than hanging it (the guard is not a wait: the
// ticks are taken at once by a loop that runs).
func (c *fakeClock) advance(t *testing.T, d time.Duration) {
	t.Helper()
	c.mu.Lock()
	c.now = c.now.Add(d)
	now := c.now
	c.mu.Unlock()
	for range 2 { // the second tick is taken only once the first was handled
		select {
		case c.tick <- now:
		case <-time.After(30 * time.Second):
			t.Fatal("no keep-alive loop takes the clock's ticks")
		}
	}
}

// streamStep is one step of a paced stream: what the upstream sends next, and what the client
// must read before the next step (nothing: read nothing now).
type streamStep struct {
	send    string        // bytes the upstream writes and flushes
	advance time.Duration // or: move the clock by this and tick
	read    []string      // the pieces the client reads next, in order
}

// runSteps serves a paced upstream through toolfix with a fake clock and plays the steps: each
// step's pieces must reach the client before the next upstream write, so nothing waits for what
// comes after it (no sleeps: the reads block until the bytes come).
func runSteps(t *testing.T, path, request string, steps []streamStep) {
	t.Helper()
	up, send := pacedUpstream(t, "text/event-stream")
	clock := newFakeClock()
	_, ps := newServer(t, up.URL, Options{Clock: clock})
	resps := make(chan *http.Response, 1)
	go func() { resps <- postTo(t, http.DefaultClient, ps.URL+path, request) }()
	var r *sse.Reader
	for i, st := range steps {
		if st.advance > 0 {
			clock.advance(t, st.advance)
		} else {
			send <- []byte(st.send)
		}
		if r == nil { // the proxy answers with the upstream's first bytes
			resp := <-resps
			defer resp.Body.Close()
			r = &sse.Reader{R: resp.Body}
		}
		for _, want := range st.read {
			if got := nextPiece(t, r); got != want {
				t.Fatalf("step %d: the client read %q, want %q", i, got, want)
			}
		}
	}
	close(send)
}

const keepAlivePing = "event: ping\ndata: {\"type\": \"ping\"}\n\n"

func TestToolInputStreamsThroughTheProxy(t *testing.T) {
	start, toolStart := sseOf(evStart), sseOf(evToolStart)
	d1, d2, d3 := sseOf(toolDelta(`{"todos": [`)), sseOf(toolDelta(`{"content": "a"}`)), sseOf(toolDelta(`]}`))
	ok1, bad1, bad2 := sseOf(toolDelta(`{"todos": `)), sseOf(toolDelta(`"[{\"content\": `)), sseOf(toolDelta(`\"a\"}]"}`))
	ping, stop, end := sseOf(evPing), sseOf(evStop1), sseOf(evMsgDelta, evMsgStop)
	repaired := sseOf(toolDelta(`[{"content":"a"}]}`))
	tests := []struct {
		name  string
		steps []streamStep
	}{
		{"healthy: every delta at once", []streamStep{
			{send: start, read: []string{start}}, {send: toolStart, read: []string{toolStart}},
			{send: d1, read: []string{d1}}, {send: d2, read: []string{d2}}, {send: ping, read: []string{ping}},
			{send: d3, read: []string{d3}}, {send: stop, read: []string{stop}},
		}},
		{"faulty: held from the faulty delta, pings pass, keep-alive after 10 s", []streamStep{
			{send: start, read: []string{start}}, {send: toolStart, read: []string{toolStart}},
			{send: ok1, read: []string{ok1}},
			{send: bad1},
			{send: ping, read: []string{ping}},
			{advance: 5 * time.Second},
			{advance: 6 * time.Second, read: []string{keepAlivePing}},
			{advance: 3 * time.Second},
			{send: bad2},
			{send: stop, read: []string{repaired, stop}},
			{send: end, read: []string{sseOf(evMsgDelta), sseOf(evMsgStop)}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			runSteps(t, "/v1/messages", todoRequest, tt.steps)
		})
	}
}

// chatToolRequest offers bash (command: string, timeout: number) in Chat Completions.
const chatToolRequest = `{"model":"m","stream":true,"messages":[],"tools":[{"type":"function","function":{"name":"bash",` +
	`"parameters":{"type":"object","properties":{"command":{"type":"string"},"timeout":{"type":"number"}},"required":["command"]}}}]}`

func chatArgs(text string) string {
	q, _ := json.Marshal(text)
	return chatChunk(`{"tool_calls":[{"index":0,"function":{"arguments":`+string(q)+`}}]}`, "null")
}

func TestChatCallStreamsThroughTheProxy(t *testing.T) {
	head := chatChunk(`{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"bash","arguments":""}}]}`, "null")
	a1, a2, a3 := chatArgs(`{"command": `), chatArgs(`"ls -la"`), chatArgs(`}`)
	bad1, bad2 := chatArgs(`, "timeout": "3`), chatArgs(`0"}`)
	comment, finish, done := ": ping\n\n", chatChunk(`{}`, `"tool_calls"`), "data: [DONE]\n\n"
	tests := []struct {
		name  string
		steps []streamStep
	}{
		{"healthy: the first delta and every argument delta at once", []streamStep{
			{send: head, read: []string{head}}, {send: a1, read: []string{a1}}, {send: comment, read: []string{comment}},
			{send: a2, read: []string{a2}}, {send: a3, read: []string{a3}}, {send: finish, read: []string{finish}}, {send: done, read: []string{done}},
		}},
		{"faulty: held from the faulty delta, comments pass, keep-alive after 10 s", []streamStep{
			{send: head, read: []string{head}}, {send: a1, read: []string{a1}}, {send: a2, read: []string{a2}},
			{send: bad1}, {send: comment, read: []string{comment}},
			{advance: 11 * time.Second, read: []string{": toolfix keep-alive\n\n"}},
			{send: bad2},
			{send: finish, read: []string{chatArgs(`, "timeout": 30}`), finish}},
			{send: done, read: []string{done}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			runSteps(t, "/v1/chat/completions", chatToolRequest, tt.steps)
		})
	}
}

// oneOfSchema is a tool parameter spec whose branches both take an object with a member a, a
// string in one and an integer in the other: a string there is held (a repair may be needed),
// but is not a fault.
const oneOfSchema = `{"type":"object","properties":{"spec":{"oneOf":[` +
	`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},` +
	`{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]}]}},"required":["spec"]}`

// responsesEvent is one Responses SSE event of type typ with the members in data.
func responsesEvent(typ, data string) string {
	return "event: " + typ + "\ndata: {\"type\":\"" + typ + "\"," + data + "}\n\n"
}

// TestEveryHoldKeepsTheClientHearing holds issue 19 item 5: while anything is held, a faulty span
// or not (a string in a oneOf branch of a healthy call, a text block's start, a text tail that may
// begin a leaked call), toolfix sends a keep-alive of its own when the client has had no byte for
// 10 s. Behind a hold that may turn out healthy the upstream's pings and comments keep their place
// (what is held then goes out as it came, byte for byte but for toolfix's keep-alives), in the
// Responses dialect too (its comments used to pass at once, ahead of the held text).
func TestEveryHoldKeepsTheClientHearing(t *testing.T) {
	anthropicReq := `{"model":"m","stream":true,"max_tokens":9,"messages":[],"tools":[{"name":"TodoWrite","input_schema":` + oneOfSchema + `}]}`
	start, toolStart, ping, stop := sseOf(evStart), sseOf(evToolStart), sseOf(evPing), sseOf(evStop1)
	h1, h2 := sseOf(toolDelta(`{"spec": {"a": "he`)), sseOf(toolDelta(`llo"}}`))
	textStart, textDelta := sseOf(evTextStart), sseOf(evTextDelta)

	chatReq := `{"model":"m","stream":true,"messages":[],"tools":[{"type":"function","function":{"name":"bash","parameters":` + oneOfSchema + `}}]}`
	head := chatChunk(`{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"bash","arguments":""}}]}`, "null")
	c1, c2 := chatArgs(`{"spec": {"a": "he`), chatArgs(`llo"}}`)
	comment, finish, done := ": ping\n\n", chatChunk(`{}`, `"tool_calls"`), "data: [DONE]\n\n"

	responsesReq := `{"model":"m","stream":true,"input":"go","tools":[{"type":"function","name":"bash","parameters":{"type":"object","properties":{"command":{"type":"string"}}}}]}`
	added := responsesEvent("response.output_item.added", `"output_index":0,"item":{"type":"message","id":"msg_1","status":"in_progress","role":"assistant","content":[]}`)
	tail := responsesEvent("response.output_text.delta", `"item_id":"msg_1","output_index":0,"content_index":0,"delta":"<invoke"`)
	more := responsesEvent("response.output_text.delta", `"item_id":"msg_1","output_index":0,"content_index":0,"delta":"s are fine"`)

	tests := []struct {
		name, path, request string
		steps               []streamStep
	}{
		{"anthropic: a string in a oneOf branch, the upstream's ping in its place", "/v1/messages", anthropicReq, []streamStep{
			{send: start, read: []string{start}},
			// In one write, so that the client's read of toolStart says the pump took all three.
			{send: toolStart + h1 + ping, read: []string{toolStart}},
			{advance: 11 * time.Second, read: []string{keepAlivePing}},
			{send: h2}, {send: stop, read: []string{h1, ping, h2, stop}},
		}},
		{"anthropic: a text block's start, the upstream's ping in its place", "/v1/messages", todoRequest, []streamStep{
			// In one write, so that the client's read of start says the pump took all three.
			{send: start + textStart + ping, read: []string{start}},
			{advance: 11 * time.Second, read: []string{keepAlivePing}},
			{send: textDelta, read: []string{textStart, ping, textDelta}},
		}},
		{"chat: a string in a oneOf branch, the upstream's comment in its place", "/v1/chat/completions", chatReq, []streamStep{
			{send: head + c1 + comment, read: []string{head}},
			{advance: 11 * time.Second, read: []string{": toolfix keep-alive\n\n"}},
			{send: c2}, {send: finish, read: []string{c1, comment, c2, finish}}, {send: done, read: []string{done}},
		}},
		{"responses: a text tail that may begin a leaked call", "/v1/responses", responsesReq, []streamStep{
			// In one write, so that the client's read of added says the pump took all three.
			{send: added + tail + comment, read: []string{added}},
			{advance: 11 * time.Second, read: []string{": toolfix keep-alive\n\n"}},
			{send: more, read: []string{tail, comment, more}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			runSteps(t, tt.path, tt.request, tt.steps)
		})
	}
}
