package observe

import (
	"bytes"
	"io"
	"os"
)

// capBuffer keeps the first limit bytes written to it (the rest is cut, and truncated set); a
// nil *capBuffer keeps nothing. The first capMemory bytes stay in memory; the rest goes to an
// owner-only temporary file, removed from its folder as soon as it is made where the OS allows
// (so that nothing is left behind, even by a crash; elsewhere at discard), so that a long healthy
// stream, whose capture is most often thrown away (samples keep only repaired exchanges by
// default), costs little memory. Like the samples, the file holds no request headers. Call bytes
// once the exchange ended, then discard.
type capBuffer struct {
	buf       bytes.Buffer
	file      *os.File // the bytes past capMemory, or nil
	named     bool     // the file still has its name (it could not be removed while open)
	n         int
	limit     int
	truncated bool
}

// capMemory is how much of a captured body stays in memory, in bytes.
const capMemory = 1 << 20

func (c *capBuffer) write(p []byte) {
	if c == nil || len(p) == 0 {
		return
	}
	if room := c.limit - c.n; len(p) > room {
		c.truncated = true
		p = p[:max(room, 0)]
	}
	if len(p) == 0 {
		return
	}
	if c.file == nil && c.buf.Len()+len(p) <= capMemory {
		c.buf.Write(p)
		c.n += len(p)
		return
	}
	if c.file == nil {
		f, err := os.CreateTemp("", "toolfix-capture-*")
		if err != nil {
			c.truncated, c.limit = true, c.n // keep what is kept; the sample says it was cut
			return
		}
		c.file, c.named = f, os.Remove(f.Name()) != nil
	}
	if _, err := c.file.Write(p); err != nil {
		c.truncated, c.limit = true, c.n
		return
	}
	c.n += len(p)
}

// bytes returns what was kept, reading back what went to the file.
func (c *capBuffer) bytes() []byte {
	if c.file == nil {
		return c.buf.Bytes()
	}
	out := make([]byte, c.buf.Len(), c.n)
	copy(out, c.buf.Bytes())
	rest, err := io.ReadAll(io.NewSectionReader(c.file, 0, int64(c.n-c.buf.Len())))
	if err != nil {
		c.truncated = true
	}
	return append(out, rest...)
}

// discard removes the temporary file, if any.
func (c *capBuffer) discard() {
	if c != nil && c.file != nil {
		_ = c.file.Close()
		if c.named {
			_ = os.Remove(c.file.Name())
		}
		c.file = nil
	}
}
