// Package ssetest helps the dialects' tests drive a stream repairer over SSE bytes: it frames the
// input, feeds every piece in order, ends the stream and returns what went out. It also supplies a
// reader that hands out bytes in small random chunks, as a network does.
package ssetest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand"

	"github.com/toolfix/toolfix/proxy/sse"
)

// Repairer is a dialect's stream repairer: Push each piece, End once, Held what is still held.
type Repairer interface {
	Push(ev sse.Event, w io.Writer) error
	End(w io.Writer) error
	Held() []byte
}

// Run frames r, pushes every piece through rep, ends it and returns what rep wrote. It returns an
// error from the reader (other than io.EOF), from Push or End, or when rep still holds bytes after
// End.
func Run(r io.Reader, rep Repairer) ([]byte, error) {
	var out bytes.Buffer
	fr := &sse.Reader{R: r}
	for {
		ev, err := fr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return out.Bytes(), fmt.Errorf("framing: %w", err)
		}
		if err := rep.Push(ev, &out); err != nil {
			return out.Bytes(), fmt.Errorf("pushing a piece: %w", err)
		}
	}
	if err := rep.End(&out); err != nil {
		return out.Bytes(), fmt.Errorf("ending the stream: %w", err)
	}
	if n := len(rep.Held()); n != 0 {
		return out.Bytes(), fmt.Errorf("%d bytes still held after End", n)
	}
	return out.Bytes(), nil
}

// Chunks returns a reader of b that hands out 1 to 64 bytes per Read, chosen by a generator seeded
// with seed, so that a run can be repeated.
func Chunks(b []byte, seed int64) io.Reader {
	return &chunks{b: b, rnd: rand.New(rand.NewSource(seed))}
}

type chunks struct {
	b   []byte
	rnd *rand.Rand
}

func (c *chunks) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	n := min(1+c.rnd.Intn(64), len(p), len(c.b))
	copy(p, c.b[:n])
	c.b = c.b[n:]
	return n, nil
}
