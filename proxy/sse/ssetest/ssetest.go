// Package ssetest helps the dialects' tests drive a stream repairer over SSE bytes: it frames the
// input, feeds every piece in order, ends the stream and returns what went out. It also supplies a
// reader that hands out bytes in small random chunks, as a network does, records the kinds of
// the repairs a dialect reports, and checks what every dialect's tests check alike: a stream
// that must pass came out byte for byte with no repair reported, and the wanted kinds were.
package ssetest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"testing"
	"testing/iotest"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/sse/ssetest/chunks"
)

// Run frames r, pushes every piece through rep, ends it and returns what rep wrote. It returns an
// error from the reader (other than io.EOF), from Push or End, or when rep still holds bytes after
// End.
func Run(r io.Reader, rep sse.Repairer) ([]byte, error) {
	var out bytes.Buffer
	err := RunTo(r, rep, &out)
	return out.Bytes(), err
}

// RunTo is Run writing to w (a benchmark's io.Discard, which measures the pump and not a growing
// buffer); its errors are Run's, w's among them.
func RunTo(r io.Reader, rep sse.Repairer, w io.Writer) error {
	fr := &sse.Reader{R: r}
	for {
		ev, err := fr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("framing: %w", err)
		}
		if err := rep.Push(ev, w); err != nil {
			return fmt.Errorf("pushing a piece: %w", err)
		}
	}
	if err := rep.End(w); err != nil {
		return fmt.Errorf("ending the stream: %w", err)
	}
	if n := len(rep.Held()); n != 0 {
		return fmt.Errorf("%d bytes still held after End", n)
	}
	return nil
}

// Kinds collects the kind of every repair reported through its Reporter, in the order reported.
type Kinds []string

// Reporter returns a repair.Reporter that appends the kind of each repair to k.
func (k *Kinds) Reporter() *repair.Reporter {
	return &repair.Reporter{Repaired: func(kind, _ string) { *k = append(*k, kind) }}
}

// RunKinds is Run for the repairer newStream builds around a Reporter that records each repair's
// kind. It fails t on an error from Run and returns what went out and the kinds, in the order
// reported (nil when none was).
func RunKinds(t testing.TB, r io.Reader, newStream func(*repair.Reporter) sse.Repairer) ([]byte, []string) {
	t.Helper()
	var kinds Kinds
	out, err := Run(r, newStream(kinds.Reporter()))
	if err != nil {
		t.Fatal(err)
	}
	return out, kinds
}

// RepairKinds calls repairBody, a dialect's non-streamed repair (RepairMessage, RepairCompletion,
// RepairResponse) of one body, with a Reporter that records each repair's kind, and returns its
// answer (the repaired body and true, or nil and false) and the kinds, in the order reported.
func RepairKinds(repairBody func(*repair.Reporter) ([]byte, bool)) (out []byte, ok bool, kinds []string) {
	var k Kinds
	out, ok = repairBody(k.Reporter())
	return out, ok, k
}

// RunCases runs test, as a subtest named by the case, for each repair case of the protocol api
// (cases.ForTest: "anthropic", "openai", "responses") whose Stream is stream: the streamed
// cases, or those of a non-streamed request.
func RunCases(t *testing.T, api string, stream bool, test func(t *testing.T, c cases.Case)) {
	t.Helper()
	for _, c := range cases.ForTest(t, api) {
		if c.Stream == stream {
			t.Run(c.Name, func(t *testing.T) { test(t, c) })
		}
	}
}

// Feeds names the ways a test hands a stream's bytes to a repairer, for Feed: "whole" (as much as
// each Read asks), "onebyte" (one byte a Read) and "chunks" (1 to 64 bytes a Read, as Chunks).
var Feeds = []string{"whole", "onebyte", "chunks"}

// Feed returns a reader of b that hands it out the way feed, one of Feeds, names; "chunks" draws
// its sizes with seed. Any other name reads b whole.
func Feed(feed string, b []byte, seed int64) io.Reader {
	switch feed {
	case "onebyte":
		return iotest.OneByteReader(bytes.NewReader(b))
	case "chunks":
		return Chunks(b, seed)
	}
	return bytes.NewReader(b)
}

// Readers returns readers of b, by name, for the ways a test hands a stream to a repairer:
// "whole" and "onebyte" (as Feed), and "chunks<seed>" for each of seeds (Chunks with that seed).
// Each reader reads b once.
func Readers(b []byte, seeds ...int64) map[string]io.Reader {
	rs := map[string]io.Reader{"whole": Feed("whole", b, 0), "onebyte": Feed("onebyte", b, 0)}
	for _, seed := range seeds {
		rs["chunks"+strconv.FormatInt(seed, 10)] = Chunks(b, seed)
	}
	return rs
}

// Chunks returns a reader of b that hands out 1 to 64 bytes per Read, chosen by a generator seeded
// with seed, so that a run can be repeated.
func Chunks(b []byte, seed int64) io.Reader { return chunks.Reader(b, seed, 64) }
