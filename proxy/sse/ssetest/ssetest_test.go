package ssetest

import (
	"bytes"
	"io"
	"testing"

	"github.com/toolfix/toolfix/proxy/sse"
)

// copier passes every piece through; holder keeps them all and never lets go.
type copier struct{}

func (copier) Push(ev sse.Event, w io.Writer) error { _, err := w.Write(ev.Raw); return err }
func (copier) End(io.Writer) error                  { return nil }
func (copier) Held() []byte                         { return nil }

type holder struct{ held []byte }

func (h *holder) Push(ev sse.Event, _ io.Writer) error {
	h.held = append(h.held, ev.Raw...)
	return nil
}
func (h *holder) End(io.Writer) error { return nil }
func (h *holder) Held() []byte        { return h.held }

func TestRun(t *testing.T) {
	in := []byte("event: a\ndata: 1\n\n: ping\r\n\r\ndata: 2")
	for seed := int64(0); seed < 5; seed++ {
		out, err := Run(Chunks(in, seed), copier{})
		if err != nil || !bytes.Equal(out, in) {
			t.Fatalf("seed %d: %q, %v", seed, out, err)
		}
	}
	if _, err := Run(bytes.NewReader(in), &holder{}); err == nil {
		t.Fatal("a repairer still holding bytes after End was not reported")
	}
}
