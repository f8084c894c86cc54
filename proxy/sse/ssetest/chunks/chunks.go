// Package chunks supplies tests with a reader that hands out bytes in small random chunks, as a
// network does. It imports nothing of this module, so that package sse's own tests can use it as
// well as ssetest, which imports sse.
package chunks

import (
	"io"
	"math/rand"
)

// Reader returns a reader of b that hands out 1 to most bytes per Read (never more than asked,
// and never more than is left), the sizes drawn by a math/rand generator seeded with seed, so
// that a run can be repeated. A most below 1 is taken as 1. At the end it returns 0 and io.EOF.
func Reader(b []byte, seed int64, most int) io.Reader {
	return &reader{b: b, most: max(1, most), rnd: rand.New(rand.NewSource(seed))}
}

type reader struct {
	b    []byte
	most int
	rnd  *rand.Rand
}

func (r *reader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	n := min(1+r.rnd.Intn(r.most), len(p), len(r.b))
	copy(p, r.b[:n])
	r.b = r.b[n:]
	return n, nil
}
