package observe

import (
	"bytes"
	"io"
)

// clientCopy keeps the client's copy of a captured exchange only from its first byte that differs
// from the upstream's (issue 21 item 2): a healthy stream, which the proxy passes byte for byte,
// then stores its body once, not twice. The upstream's bytes the client has not been sent yet wait
// in pending; each client write is compared with them and consumes them. At the first byte that
// differs (or when the client runs ahead of the upstream, or pending outgrows capMemory) the copy
// diverges: from then on the client's bytes go to stored, as every byte did before. The client's
// body is then the upstream's first matched bytes followed by stored (see section). A nil
// *clientCopy keeps nothing.
type clientCopy struct {
	up       *capBuffer
	pending  bytes.Buffer // upstream bytes past matched, not yet compared; empty once diverged
	matched  int          // the client's first bytes, equal to the upstream's
	diverged bool
	stored   *capBuffer // the client's bytes from matched on
}

// newClientCopy compares with up and keeps at most limit bytes of the client's body.
func newClientCopy(up *capBuffer, limit int) *clientCopy {
	return &clientCopy{up: up, stored: &capBuffer{limit: limit}}
}

// upstream notes bytes read from the upstream (after up kept them).
func (c *clientCopy) upstream(p []byte) {
	if c == nil || c.diverged || len(p) == 0 {
		return
	}
	if c.pending.Len()+len(p) > capMemory {
		c.diverge()
		return
	}
	c.pending.Write(p)
}

// write notes bytes sent to the client.
func (c *clientCopy) write(p []byte) {
	if c == nil || len(p) == 0 {
		return
	}
	if !c.diverged {
		// Only what the upstream's copy kept can stand for the client's (up's limit is stored's).
		q := c.pending.Bytes()
		k := min(len(p), len(q), max(c.up.n-c.matched, 0))
		i := 0
		if bytes.Equal(p[:k], q[:k]) {
			i = k // the common case, the client's bytes the upstream's, compared at once
		}
		for i < k && p[i] == q[i] {
			i++
		}
		c.pending.Next(i)
		c.matched += i
		if i == len(p) {
			return
		}
		c.diverge()
		p = p[i:]
	}
	c.stored.write(p)
}

// diverge starts storing the client's bytes from matched on.
func (c *clientCopy) diverge() {
	c.diverged = true
	c.pending = bytes.Buffer{}
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
