package observe

import (
	"bytes"
	"io"
	"sync"
)

// clientCopy keeps the client's copy of a captured exchange only from its first byte that differs
// from the upstream's (issue 21 item 2): a healthy stream, which the proxy passes byte for byte,
// then stores its body once, not twice. Each client write is compared in place with the upstream's
// copy at the same offset (up: its memory part or the bytes gathered for its file, read back from
// the file only when the client lags that far behind), so a healthy stream costs one comparison of
// each byte and no copy. At the first byte that differs, or when the client runs ahead of what the
// upstream's copy kept, the copy diverges: from then on the client's bytes go to stored, as every
// byte did before. The client's body is then the upstream's first matched bytes followed by stored
// (see section). A nil *clientCopy keeps nothing.
type clientCopy struct {
	up       *capBuffer
	matched  int // the client's first bytes, equal to the upstream's
	diverged bool
	stored   *capBuffer  // the client's bytes from matched on
	scratch  []byte      // for the upstream's bytes read back from its file; nil until needed
	mu       *sync.Mutex // held while up is read and the copy changes: the capture's (nil: none)
}

// newClientCopy compares with up and keeps at most limit bytes of the client's body; mu, when
// not nil, is the lock of up's writers.
func newClientCopy(up *capBuffer, limit int, mu *sync.Mutex) *clientCopy {
	return &clientCopy{up: up, stored: &capBuffer{limit: limit}, mu: mu}
}

// write notes bytes sent to the client.
func (c *clientCopy) write(p []byte) {
	if c == nil || len(p) == 0 {
		return
	}
	if c.mu != nil {
		c.mu.Lock()
		defer c.mu.Unlock()
	}
	if !c.diverged {
		// Only what the upstream's copy kept can stand for the client's (up's limit is stored's).
		for len(p) > 0 && c.matched < c.up.n {
			q := c.upstreamAt(c.matched)
			k := min(len(p), len(q), c.up.n-c.matched)
			i := 0
			if bytes.Equal(p[:k], q[:k]) {
				i = k // the common case, the client's bytes the upstream's, compared at once
			}
			for i < k && p[i] == q[i] {
				i++
			}
			c.matched += i
			p = p[i:]
			if i < k || k == 0 {
				break
			}
		}
		if len(p) == 0 {
			return
		}
		c.diverge()
	}
	c.stored.write(p)
}

// upstreamAt returns upstream bytes kept from offset off on: in place when they are in memory,
// else read back from the file into scratch; empty when none can be read there.
func (c *clientCopy) upstreamAt(off int) []byte {
	if q := c.up.inMemory(off); len(q) > 0 {
		return q
	}
	if c.scratch == nil {
		c.scratch = make([]byte, 32<<10)
	}
	n, _ := c.up.ReadAt(c.scratch[:min(len(c.scratch), c.up.n-off)], int64(off))
	return c.scratch[:n]
}

// diverge starts storing the client's bytes from matched on.
func (c *clientCopy) diverge() {
	c.diverged = true
	c.scratch = nil
	c.stored.limit = max(c.stored.limit-c.matched, 0)
}

// truncated reports whether the client's body was cut at the limit.
func (c *clientCopy) truncated() bool { return c.stored.truncated }

// section returns the client's body as kept, to be read in place until discard: the upstream's
// first matched bytes, then stored.
func (c *clientCopy) section() *io.SectionReader {
	head := io.NewSectionReader(c.up, 0, int64(c.matched))
	if c.stored.n == 0 {
		return head
	}
	j := &joined{head: head, tail: c.stored.section()}
	return io.NewSectionReader(j, 0, head.Size()+j.tail.Size())
}

// discard removes stored's temporary file, if any (up is discarded by its owner).
func (c *clientCopy) discard() { c.stored.discard() }

// joined reads head, then tail, as one.
type joined struct{ head, tail *io.SectionReader }

// ReadAt reads from offset off of head followed by tail.
func (j *joined) ReadAt(p []byte, off int64) (int, error) {
	n := 0
	if off < j.head.Size() {
		k, err := j.head.ReadAt(p, off)
		if err != nil && err != io.EOF {
			return k, err
		}
		n = k
	}
	if n == len(p) {
		return n, nil
	}
	k, err := j.tail.ReadAt(p[n:], off+int64(n)-j.head.Size())
	return n + k, err
}
