// Package syncbuf is a byte buffer safe for concurrent writers and readers: what a test hands a
// log handler or a child process's standard error while it reads what came so far, and what the
// load benchmark keeps a proxy child's standard error in. It is a leaf package (no imports of
// toolfix's), usable from anywhere.
package syncbuf

import (
	"bytes"
	"sync"
)

// Buffer collects what is written to it; its zero value is an empty buffer without a limit. Its
// methods may be called from any number of goroutines at once.
type Buffer struct {
	// Max is how many bytes it keeps at most; what comes past it is dropped, though Write still
	// reports it written. 0 keeps everything.
	Max int

	mu  sync.Mutex
	buf bytes.Buffer
}

// Write appends p (as far as Max allows) and reports len(p) written, with no error.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.Max > 0 {
		b.buf.Write(p[:min(len(p), max(b.Max-b.buf.Len(), 0))])
	} else {
		b.buf.Write(p)
	}
	return len(p), nil
}

// String returns what was kept so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
