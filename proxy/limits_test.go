package proxy

import (
	"bytes"
	"strings"
	"testing"
)

// TestOversizeEventPassesThrough: a stream holding an event over the size limit passes through
// byte for byte from that event on, even when it would otherwise be repaired.
func TestOversizeEventPassesThrough(t *testing.T) {
	c := namedCase(t, "anthropic", "leaked-invoke-court")
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
