package sse

import (
	"io"
	"strings"
	"testing"
)

// scriptedReader answers each Read with the next chunk and records the size of the buffer it
// was given.
type scriptedReader struct {
	chunks []string
	sizes  []int
}

func (s *scriptedReader) Read(p []byte) (int, error) {
	s.sizes = append(s.sizes, len(p))
	if len(s.chunks) == 0 {
		return 0, io.EOF
	}
	n := copy(p, s.chunks[0])
	if s.chunks[0] = s.chunks[0][n:]; s.chunks[0] == "" {
		s.chunks = s.chunks[1:]
	}
	return n, nil
}

// TestTricklingStreamReadsSmall: a stream that trickles is read into the small buffer whenever
// nothing is buffered, so an idle stream holds idleRead bytes; a bulk stream is read in readSize
// reads; and the bytes and pieces are the same either way.
func TestTricklingStreamReadsSmall(t *testing.T) {
	ev := "event: ping\ndata: {\"type\":\"ping\"}\n\n"
	bulk := strings.Repeat(ev, 3*readSize/len(ev))
	big := "data: " + strings.Repeat("x", 3*idleRead) + "\n\n"
	sr := &scriptedReader{chunks: []string{ev, ev, bulk, ev, big, ev}}
	r := &Reader{R: sr}
	var got strings.Builder
	for {
		p, err := r.Next()
		if err != nil {
			break
		}
		got.WriteString(string(p.Raw))
	}
	if want := ev + ev + bulk + ev + big + ev; got.String() != want {
		t.Fatal("the bytes changed")
	}
	// Reads: ev, ev into the small buffer; the bulk into small then large ones; after the bulk
	// the first read is large (the stream was bulk), the next small again.
	if sr.sizes[0] != idleRead || sr.sizes[1] != idleRead {
		t.Errorf("a trickling stream was read with buffers of %v, want %d", sr.sizes[:2], idleRead)
	}
	sawLarge := false
	for _, n := range sr.sizes {
		sawLarge = sawLarge || n >= readSize/2
	}
	if !sawLarge {
		t.Errorf("a bulk stream was never read in large reads: %v", sr.sizes)
	}
	if last := sr.sizes[len(sr.sizes)-1]; last != idleRead {
		t.Errorf("the stream, idle at its end, waited in a %d-byte buffer, want %d: %v", last, idleRead, sr.sizes)
	}
}
