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
