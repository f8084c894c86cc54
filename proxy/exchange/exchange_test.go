package exchange

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/observe"
	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/sse/ssetest/chunks"
)

// panicky is a stream repairer that panics on its second piece, holding the first.
type panicky struct{ held []byte }

func (p *panicky) Push(ev sse.Event, w io.Writer) error {
	if p.held != nil {
		panic("boom")
	}
	p.held = append([]byte(nil), ev.Raw...)
	return nil
}
func (p *panicky) End(w io.Writer) error { _, err := w.Write(p.held); return err }
func (p *panicky) Held() []byte          { return p.held }

func TestPumpFailsOpenOnPanic(t *testing.T) {
	in := []byte("data: 1\n\ndata: 2\r\n\r\n: c\n\ndata: 3")
	var out bytes.Buffer
	var got []any
	readErr, writeErr := pumpStream(bytes.NewReader(in), &out, &panicky{}, 0, pumpHooks{panicked: func(p any) { got = append(got, p) }})
	if readErr != nil || writeErr != nil {
		t.Fatal(readErr, writeErr)
	}
	if !bytes.Equal(out.Bytes(), in) {
		t.Errorf("after a panic the bytes did not pass as they came:\n%q", out.Bytes())
	}
	if len(got) != 1 {
		t.Errorf("panicked called %d times", len(got))
	}
}

// TestPanicTextKeepsRuntimeErrors: a runtime error's message is logged (it never holds data),
// any other panic value only by its type.
func TestPanicTextKeepsRuntimeErrors(t *testing.T) {
	var rerr any
	func() {
		defer func() { rerr = recover() }()
		var s []int
		i := 12
		_ = s[i]
	}()
	tests := []struct {
		p    any
		want string
	}{
		{rerr, "runtime error: index out of range [12] with length 0"},
		{"secret text", "string"},
		{fmt.Errorf("reading %q: %w", "secret", io.EOF), "*fmt.wrapError"},
	}
	for _, tc := range tests {
		if got := panicText(tc.p); got != tc.want {
			t.Errorf("panicText(%v) = %q, want %q", tc.p, got, tc.want)
		}
	}
}

// panicCanary is the secret a repairer's panic value quotes.
const panicCanary = "CANARYpanic1111"

// secretPanicky is a sse.Repairer that panics with a secret in its panic value.
type secretPanicky struct{}

func (secretPanicky) Push(sse.Event, io.Writer) error {
	panic(fmt.Sprintf("cannot repair input %q", panicCanary))
}
func (secretPanicky) End(io.Writer) error { return nil }
func (secretPanicky) Held() []byte        { return nil }

// TestPanicInRepairer: a repairer that panics with a secret in its panic value leaves the stream
// passing as it came, and the secret out of the log.
func TestPanicInRepairer(t *testing.T) {
	var logs bytes.Buffer
	env := NewEnv(observe.NewStats(), slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})), nil, Limits{})
	body := "event: message_start\ndata: {}\n\nevent: message_stop\ndata: {}\n\n"
	rec := httptest.NewRecorder()
	resp := &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(body)),
		Request: httptest.NewRequest(http.MethodPost, "/v1/messages", nil)}
	ex := &exchange{s: env, route: "panic", w: rec, resp: resp, dialect: "anthropic"}
	ex.stream(secretPanicky{})
	if rec.Body.String() != body {
		t.Errorf("after a panic the stream did not pass as it came: %q", rec.Body.String())
	}
	if !strings.Contains(logs.String(), "fail open after panic in repair") {
		t.Errorf("the fail-open was not logged: %s", logs.String())
	}
	if strings.Contains(logs.String(), panicCanary) {
		t.Errorf("the panic's secret reached the log: %s", logs.String())
	}
}

// mixer is a stream repairer that writes each piece in one of the ways a dialect does, by the
// piece's number: as it came, changed, cut, twice, dropped, or held to the next piece.
type mixer struct {
	n    int
	held []byte
}

func (m *mixer) Push(ev sse.Event, w io.Writer) error {
	m.n++
	var err error
	write := func(p []byte) {
		if err == nil {
			_, err = w.Write(p)
		}
	}
	if m.held != nil {
		write(m.held)
		m.held = nil
	}
	switch m.n % 7 {
	case 0, 1, 2:
		write(ev.Raw)
	case 3:
		write(bytes.ToUpper(ev.Raw))
	case 4:
		write(ev.Raw[:len(ev.Raw)/2])
	case 5:
		write(ev.Raw)
		write(ev.Raw)
	case 6:
		if m.n%2 == 0 {
			m.held = bytes.Clone(ev.Raw)
		}
	}
	return err
}
func (m *mixer) End(w io.Writer) error { _, err := w.Write(m.held); return err }
func (m *mixer) Held() []byte          { return m.held }

// TestBatchWriterLendsInOrder: the batch, which writes pieces passed as they came from the
// framer's buffer without a copy, writes the same bytes in the same order as the dialect wrote
// them, for any chunking of the upstream's reads, and holds nothing back at a read that may block.
func TestBatchWriterLendsInOrder(t *testing.T) {
	var in bytes.Buffer
	for i := range 3000 {
		fmt.Fprintf(&in, "event: e\ndata: {\"i\":%d,\"pad\":%q}\n\n", i, strings.Repeat("x", i%97))
		if i%500 == 0 {
			fmt.Fprintf(&in, "data: %s\n\n", strings.Repeat("y", 70000)) // over batchSize
		}
	}
	var want bytes.Buffer
	if _, err := pumpStream(bytes.NewReader(in.Bytes()), &want, &mixer{}, 0, pumpHooks{}); err != nil {
		t.Fatal(err)
	}
	for _, most := range []int{1, 13, 4096, 40000, 1 << 20} {
		var out bytes.Buffer
		bw := &batchWriter{w: &out}
		flushes, behind := 0, 0
		hooks := pumpHooks{beforeRead: func() {
			if _, err := bw.flush(); err != nil {
				t.Fatal(err)
			}
			flushes++
			if int64(out.Len()) != bw.n {
				behind++
			}
		}}
		readErr, writeErr := pumpStream(chunks.Reader(in.Bytes(), int64(most), most), bw, &mixer{}, 0, hooks)
		if readErr != nil || writeErr != nil {
			t.Fatal(readErr, writeErr)
		}
		if _, err := bw.flush(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), want.Bytes()) {
			t.Fatalf("reads of up to %d bytes: the batch wrote other bytes than the dialect (%d against %d)", most, out.Len(), want.Len())
		}
		if behind > 0 || flushes < 2 {
			t.Errorf("reads of up to %d bytes: %d of %d flushes left bytes behind", most, behind, flushes)
		}
	}
}

// TestKeepTrailingSpace holds that a repaired whole answer ends as the upstream's did: the white
// space after its JSON value (a server's closing newline) is kept, once, and nothing is added to
// an answer that had none; the body itself is never written.
func TestKeepTrailingSpace(t *testing.T) {
	for _, tc := range []struct{ body, fixed, want string }{
		{"{\"a\":\"[1]\"}\n", "{\"a\":[1]}", "{\"a\":[1]}\n"},
		{"{\"a\":\"[1]\"}\r\n", "{\"a\":[1]}", "{\"a\":[1]}\r\n"},
		{"{\"a\":\"[1]\"} \n\n", "{\"a\":[1]}", "{\"a\":[1]} \n\n"},
		{"{\"a\":\"[1]\"}", "{\"a\":[1]}", "{\"a\":[1]}"},
		{"{\"a\":\"[1]\"}\n", "{\"a\":[1]}\n", "{\"a\":[1]}\n"},
		{"\n", "", ""},
		{"{\"a\":\"[1]\"}\ndata: [DONE]\n\n", "{\"a\":[1]}", "{\"a\":[1]}"},
	} {
		body := []byte(tc.body)
		for _, spare := range []int{0, 8} {
			fixed := make([]byte, len(tc.fixed), len(tc.fixed)+spare)
			copy(fixed, tc.fixed)
			if got := keepTrailingSpace(body, fixed); string(got) != tc.want {
				t.Errorf("keepTrailingSpace(%q, %q) with %d spare = %q, want %q", tc.body, tc.fixed, spare, got, tc.want)
			}
		}
		// a fixed body that is a part of the upstream's memory is copied, never appended in place
		if i := strings.Index(tc.body, tc.fixed); tc.fixed != "" && i >= 0 && i+len(tc.fixed) < len(body) {
			before := string(body)
			keepTrailingSpace(body, body[i:i+len(tc.fixed)])
			if string(body) != before {
				t.Errorf("keepTrailingSpace wrote into the upstream body: %q became %q", before, body)
			}
		}
	}
}

// TestRepairBodyKeepsNewline holds it through repairBody, the proxy's and replay's whole-answer
// path: a stringified array repaired in a Messages answer that ends in a newline still ends in one.
func TestRepairBodyKeepsNewline(t *testing.T) {
	req := []byte(`{"model":"m","tools":[{"name":"t","input_schema":{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"}}}}}]}`)
	body := []byte(`{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"tool_use","id":"toolu_1","name":"t","input":{"a":"[1,2]"}}],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}` + "\n")
	tools, err := ToolsOf("anthropic", req)
	if err != nil {
		t.Fatal(err)
	}
	out, changed := repairBody("anthropic", req, tools, body, "", nil, func(any) { t.Fatal("panicked") })
	if !changed || !bytes.Contains(out, []byte(`"a":[1,2]`)) {
		t.Fatalf("not repaired: %s", out)
	}
	if !bytes.HasSuffix(out, []byte("}\n")) || bytes.HasSuffix(out, []byte("\n\n")) {
		t.Errorf("repaired answer ends %q, want the upstream's one newline", out[len(out)-3:])
	}
}
