package sse

import (
	"bytes"
	"testing"
	"testing/iotest"
)

// TestAheadSkip holds Ahead and Skip to Next: a caller that takes the first whole LF-framed piece
// of the bytes ahead itself, whenever there is one, and Next for the rest, sees the stream cut
// into the same pieces as Next alone; Ahead is nil inside an event over the limit.
func TestAheadSkip(t *testing.T) {
	streams := []string{
		"data: a\n\ndata: b\n\n: ping\n\ndata: c\n\n",
		"event: x\ndata: 1\n\nevent: y\r\ndata: 2\r\n\r\ndata: 3\n\ndata: 4",
		"\xEF\xBB\xBFdata: a\n\n\n\ndata: " + string(bytes.Repeat([]byte("z"), 100)) + "\n\ndata: b\n\n",
	}
	for _, s := range streams {
		for _, half := range []bool{false, true} {
			pieces := func(take bool) []string {
				var r *Reader
				if half {
					r = &Reader{R: iotest.HalfReader(bytes.NewReader([]byte(s))), MaxEvent: 64}
				} else {
					r = &Reader{R: bytes.NewReader([]byte(s)), MaxEvent: 64}
				}
				var got []string
				for {
					if take {
						a := r.Ahead()
						if r.oversize && a != nil {
							t.Fatalf("Ahead inside an event over the limit: %q", a)
						}
						end := 1 // a blank line with no event before it is a piece of its own
						if len(a) == 0 || a[0] != '\n' {
							end = bytes.Index(a, []byte("\n\n")) + 2
							if end < 2 {
								end = 0 // no whole piece ahead
							}
						}
						if end > 0 && end <= r.Limit() && end <= len(a) && bytes.IndexByte(a[:end], '\r') < 0 {
							got = append(got, string(a[:end]))
							r.Skip(end)
							continue
						}
					}
					ev, err := r.Next()
					if err != nil {
						return got
					}
					got = append(got, string(ev.Raw))
				}
			}
			next, skipped := pieces(false), pieces(true)
			if len(next) != len(skipped) {
				t.Fatalf("%q: Next cut %q, Ahead and Skip %q", s, next, skipped)
			}
			for i := range next {
				if next[i] != skipped[i] {
					t.Fatalf("%q: piece %d is %q by Next, %q by Ahead and Skip", s, i, next[i], skipped[i])
				}
			}
		}
	}
	r := &Reader{}
	if r.Limit() != DefaultMaxEvent {
		t.Errorf("Limit of a zero MaxEvent = %d, want %d", r.Limit(), DefaultMaxEvent)
	}
}
