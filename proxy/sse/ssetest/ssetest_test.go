package ssetest

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/repair"
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

// failWriter takes n bytes, then fails every write.
type failWriter struct{ n int }

func (f *failWriter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		return 0, errors.New("client gone")
	}
	f.n -= len(p)
	return len(p), nil
}

// TestRunTo: RunTo writes what Run returns to its writer, and a failing writer's error ends it.
func TestRunTo(t *testing.T) {
	in := []byte("event: a\ndata: 1\n\n: ping\r\n\r\ndata: 2")
	var out bytes.Buffer
	if err := RunTo(Chunks(in, 1), copier{}, &out); err != nil || !bytes.Equal(out.Bytes(), in) {
		t.Fatalf("%q, %v", out.Bytes(), err)
	}
	if err := RunTo(bytes.NewReader(in), copier{}, &failWriter{n: 10}); err == nil || !strings.Contains(err.Error(), "client gone") {
		t.Fatalf("a failing writer gave %v", err)
	}
}

func TestFeed(t *testing.T) {
	in := []byte("event: a\ndata: 1\n\ndata: 2\n\n")
	tests := []struct {
		feed    string
		maxRead int // the most bytes one Read may give
	}{
		{"whole", len(in)},
		{"onebyte", 1},
		{"chunks", 64},
	}
	for _, tc := range tests {
		t.Run(tc.feed, func(t *testing.T) {
			r := Feed(tc.feed, in, 3)
			var got []byte
			buf := make([]byte, 2*len(in))
			for {
				n, err := r.Read(buf)
				if n > tc.maxRead {
					t.Fatalf("one Read gave %d bytes, want at most %d", n, tc.maxRead)
				}
				got = append(got, buf[:n]...)
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(got, in) {
				t.Fatalf("read %q, want %q", got, in)
			}
		})
	}
}

// reporting reports a repair of kind "shape" for every piece that holds "fix" and passes each on.
type reporting struct {
	copier
	rep *repair.Reporter
}

func (r reporting) Push(ev sse.Event, w io.Writer) error {
	if bytes.Contains(ev.Raw, []byte("fix")) {
		r.rep.Repaired("shape", "a piece")
	}
	return r.copier.Push(ev, w)
}

func TestRunKinds(t *testing.T) {
	in := []byte("data: fix\n\ndata: ok\n\ndata: fix\n\n")
	out, kinds := RunKinds(t, Chunks(in, 1), func(rep *repair.Reporter) sse.Repairer { return reporting{rep: rep} })
	if !bytes.Equal(out, in) {
		t.Fatalf("out %q, want the input", out)
	}
	if want := []string{"shape", "shape"}; !slices.Equal(kinds, want) {
		t.Fatalf("kinds %v, want %v", kinds, want)
	}
}

func TestRepairKinds(t *testing.T) {
	out, ok, kinds := RepairKinds(func(rep *repair.Reporter) ([]byte, bool) {
		rep.Repair("bash", "coerce", "shape")
		return []byte("{}"), true
	})
	if string(out) != "{}" || !ok || !slices.Equal(kinds, []string{"coerce", "shape"}) {
		t.Fatalf("RepairKinds = %q, %v, %v", out, ok, kinds)
	}
	if out, ok, kinds := RepairKinds(func(*repair.Reporter) ([]byte, bool) { return nil, false }); out != nil || ok || kinds != nil {
		t.Fatalf("nothing repaired: RepairKinds = %q, %v, %v", out, ok, kinds)
	}
}

func TestRunCases(t *testing.T) {
	all := cases.ForTest(t, "anthropic")
	for _, stream := range []bool{true, false} {
		var ran []string
		RunCases(t, "anthropic", stream, func(t *testing.T, c cases.Case) {
			if c.Stream != stream {
				t.Errorf("case %s: Stream %v, want %v", c.Name, c.Stream, stream)
			}
			ran = append(ran, c.Name)
		})
		var want []string
		for _, c := range all {
			if c.Stream == stream {
				want = append(want, c.Name)
			}
		}
		if len(want) == 0 || !slices.Equal(ran, want) {
			t.Errorf("stream %v: ran %v, want %v", stream, ran, want)
		}
	}
}

func TestReaders(t *testing.T) {
	in := []byte("event: a\ndata: 1\n\ndata: 2\n\n")
	rs := Readers(in, 1, 42)
	var names []string
	for name, r := range rs {
		names = append(names, name)
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, in) {
			t.Errorf("%s read %q, %v; want the input", name, got, err)
		}
	}
	slices.Sort(names)
	if want := []string{"chunks1", "chunks42", "onebyte", "whole"}; !slices.Equal(names, want) {
		t.Fatalf("readers %v, want %v", names, want)
	}
}
