package observe

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// Recorder wraps the client's ResponseWriter for one forwarded request: it notes the status, counts
// the body bytes and the time of the first, and keeps a copy of the body when a sample is captured
// (see Tee). Unwrap lets http.NewResponseController reach the real writer to flush. Create it with
// NewRecorder; Stats.Finish counts it when the answer is over.
type Recorder struct {
	http.ResponseWriter
	start  time.Time
	status int
	n      int64
	first  time.Time
	tee    *clientCopy // nil: no copy kept

	// writeFailed is set when a write to the client failed, upstreamCut when a read of the
	// upstream body ended in an error (not its end): with the request's context cancelled, the
	// client hung up before the answer was over (see Finish).
	writeFailed, upstreamCut atomic.Bool
}

// NewRecorder wraps w for a request that arrived at start.
func NewRecorder(w http.ResponseWriter, start time.Time) *Recorder {
	return &Recorder{ResponseWriter: w, start: start}
}

// Start is the time the request arrived.
func (r *Recorder) Start() time.Time { return r.start }

// Status is the status written so far (the first of 200 or more), 0 before any.
func (r *Recorder) Status() int { return r.status }

// Tee keeps a copy of every body byte written from now on in c's client buffer; a nil c keeps
// none.
func (r *Recorder) Tee(c *Capture) { r.tee = c.clientTee() }

// WriteHeader notes the first final status and writes it.
func (r *Recorder) WriteHeader(code int) {
	if r.status == 0 && code >= 200 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

// Write notes the time of the first body byte, counts and copies what was written.
func (r *Recorder) Write(p []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	if len(p) > 0 && r.first.IsZero() {
		r.first = time.Now()
	}
	n, err := r.ResponseWriter.Write(p)
	r.n += int64(n)
	r.tee.write(p[:n])
	if err != nil && !errors.Is(err, http.ErrBodyNotAllowed) {
		r.writeFailed.Store(true)
	}
	return n, err
}

// Unwrap returns the wrapped ResponseWriter.
func (r *Recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// ttfb is the time from the request's arrival to the first body byte written, or -1 when none was.
func (r *Recorder) ttfb() time.Duration {
	if r.first.IsZero() {
		return -1
	}
	return r.first.Sub(r.start)
}

// UpstreamBody wraps an upstream response body so that the bytes read from it are counted as
// bytes in and copied into c's upstream buffer (a nil c keeps no copy), and so that rec, the
// answer's Recorder, knows whether the body was cut (see Finish).
func (s *Stats) UpstreamBody(body io.ReadCloser, c *Capture, rec *Recorder) io.ReadCloser {
	return &upstreamBody{ReadCloser: body, count: &s.bytesIn, tee: c, cut: &rec.upstreamCut}
}

// upstreamBody counts the bytes read from an upstream response body into the proxy's counter,
// keeps a copy when a sample is captured and notes a read that ended in an error in cut.
type upstreamBody struct {
	io.ReadCloser
	count *atomic.Int64
	tee   *Capture // nil: no copy kept
	cut   *atomic.Bool
}

func (b *upstreamBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if n > 0 {
		b.count.Add(int64(n))
		b.tee.upstreamWrite(p[:n])
	}
	if err != nil && err != io.EOF {
		b.cut.Store(true)
	}
	return n, err
}

// capBuffer keeps the first limit bytes written to it (the rest is cut, and truncated set); a
// nil *capBuffer keeps nothing. The first capMemory bytes stay in memory; the rest goes to an
// owner-only temporary file, removed from its folder as soon as it is made where the OS allows
// (so that nothing is left behind, even by a crash; elsewhere at discard), so that a long healthy
// stream, whose capture is most often thrown away (samples keep only repaired exchanges by
// default), costs little memory. The bytes for the file are gathered into writes of spillWrite
// bytes (issue 21 item 4: a stream read 32 KiB at a time made a file write of each read). Like
// the samples, the file holds no request headers. Call bytes once the exchange ended, then
// discard.
//
// A buffer with deferred set (the upstream's copy of a stream that is not yet a sample, issue 21
// item 2) keeps the bytes past capMemory in memory as well, in pooled chunks of spillWrite bytes
// taken from the process's shared budget (sharedMemory), and writes no file until spillNow (the
// exchange may become a sample) or until the budget runs out: a healthy stream then never writes
// its copy to disk, which cost about a quarter of its CPU. The bytes kept, and so the samples,
// are the same either way.
type capBuffer struct {
	buf       bytes.Buffer
	pooled    *[]byte   // buf's storage once it outgrew headMemory: from memPool, back at discard
	whole     []byte    // a whole answer kept by reference in buf's stead (adopt), or nil
	extra     []*[]byte // with deferred: bytes past capMemory in memory, before any file; full chunks but the last
	deferred  bool      // past capMemory, keep in extra while the shared budget allows
	file      *os.File  // the bytes past capMemory (and extra), or nil
	named     bool      // the file still has its name (it could not be removed while open)
	inFile    int       // bytes written to file
	spill     []byte    // bytes past the file's, gathered for its next write
	n         int
	limit     int
	truncated bool
}

// capMemory is how much of a captured body stays in memory, in bytes.
const capMemory = 1 << 20

// headMemory is how much of the memory part grows as a buffer of its own; past it the part moves
// into a pooled buffer of capMemory bytes (memPool), so that each long exchange does not allocate,
// clear and fault in about 2 MiB afresh by doubling (issue 21 item 2: BenchmarkPump's allocations
// per 16 MB stream fell from 3.7 to 1.2 MB), while an idle or short stream still holds only what
// it kept.
const headMemory = 64 << 10

// memPool holds memory parts of capMemory bytes' capacity.
var memPool = sync.Pool{New: func() any { b := make([]byte, 0, capMemory); return &b }}

// keepInMemory appends p to the memory part, which must have room for it (capMemory), moving the
// part into a pooled buffer when it outgrows headMemory.
func (c *capBuffer) keepInMemory(p []byte) {
	if c.pooled == nil && c.buf.Len()+len(p) > headMemory {
		c.pooled = memPool.Get().(*[]byte)
		b := append((*c.pooled)[:0], c.buf.Bytes()...)
		c.buf = *bytes.NewBuffer(b)
	}
	c.buf.Write(p) // within capMemory, so within the pooled buffer's capacity: it is never replaced
}

// releaseMemory gives the pooled memory part back; the buffer is then empty.
func (c *capBuffer) releaseMemory() {
	c.buf = bytes.Buffer{}
	if c.pooled != nil {
		*c.pooled = (*c.pooled)[:0]
		memPool.Put(c.pooled)
		c.pooled = nil
	}
}

// spillWrite is how many bytes a capBuffer gathers before it writes them to its file, and the
// size of a chunk of its extra memory.
const spillWrite = 256 << 10

// sharedCapture is the most all deferred capBuffers of the process keep in memory past their
// first capMemory bytes, together, in bytes: 4 MiB, so that a long healthy stream of up to 5 MiB
// writes no file and many at once cost no more than that. (A whole sample's worth, 16 MiB,
// cost a healthy 300 MB tool call 17.9 MiB of RSS against 8.5 before: loadbench -only memory.)
const sharedCapture = 4 << 20

// sharedMemory is what is left of sharedCapture, in bytes.
var sharedMemory atomic.Int64

func init() { sharedMemory.Store(sharedCapture) }

// chunkPool holds the chunks of extra memory, spillWrite bytes each.
var chunkPool = sync.Pool{New: func() any { b := make([]byte, 0, spillWrite); return &b }}

func (c *capBuffer) write(p []byte) {
	if c == nil || len(p) == 0 {
		return
	}
	if c.whole != nil {
		// bytes after an adopted answer (one over the repair size limit goes on by copy): the
		// answer is copied as writing it would have kept it, and these go after it
		w := c.whole
		c.whole, c.n, c.truncated = nil, 0, false
		c.write(w)
	}
	if room := c.limit - c.n; len(p) > room {
		c.truncated = true
		p = p[:max(room, 0)]
	}
	if len(p) == 0 {
		return
	}
	if c.file == nil && c.buf.Len()+len(p) <= capMemory {
		c.keepInMemory(p)
		c.n += len(p)
		return
	}
	if c.file == nil && c.deferred {
		if k := capMemory - c.buf.Len(); k > 0 {
			c.keepInMemory(p[:k])
			c.n += k
			p = p[k:]
		}
		for len(p) > 0 && c.keepExtra() {
			last := c.extra[len(c.extra)-1]
			k := min(len(p), spillWrite-len(*last))
			*last = append(*last, p[:k]...)
			c.n += k
			p = p[k:]
		}
		if len(p) == 0 {
			return
		}
		if !c.spillNow() {
			return
		}
	}
	if c.file == nil && !c.open() {
		return
	}
	c.n += len(p)
	for len(p) > 0 {
		k := min(len(p), spillWrite-len(c.spill))
		c.spill, p = append(c.spill, p[:k]...), p[k:]
		if len(c.spill) == spillWrite && !c.writeSpill() {
			return
		}
	}
}

// adopt keeps body, a whole answer read into one buffer, by reference instead of a copy, so that
// the answer is not held twice: the buffer then holds what writing body would have kept (its
// first limit bytes; truncated past them), in memory. seen is how many of body's first bytes were
// written to c before (the peek that decides how an answer is read). body must not change until
// discard. When c holds anything but those seen bytes in memory (it never does before a whole
// answer is read), body's other bytes are written as usual.
func (c *capBuffer) adopt(body []byte, seen int) {
	if c == nil {
		return
	}
	if seen < 0 || seen > len(body) {
		c.truncated = true // never: body is every byte read, those seen among them
		return
	}
	if c.n != seen || c.file != nil || len(c.extra) > 0 || c.whole != nil || c.truncated || !bytes.Equal(c.buf.Bytes(), body[:seen]) {
		c.write(body[seen:])
		return
	}
	keep := body[:min(len(body), c.limit)]
	c.whole, c.n, c.truncated = keep, len(keep), len(body) > len(keep)
	c.releaseMemory()
}

// mem is the memory part of what was kept: the adopted answer, or buf's bytes.
func (c *capBuffer) mem() []byte {
	if c.whole != nil {
		return c.whole
	}
	return c.buf.Bytes()
}

// keepExtra makes room in extra for more bytes: false when the last chunk is full and the shared
// budget has no chunk left.
func (c *capBuffer) keepExtra() bool {
	if len(c.extra) > 0 && len(*c.extra[len(c.extra)-1]) < spillWrite {
		return true
	}
	if sharedMemory.Add(-spillWrite) < 0 {
		sharedMemory.Add(spillWrite)
		return false
	}
	c.extra = append(c.extra, chunkPool.Get().(*[]byte))
	return true
}

// releaseExtra gives the extra chunks back to the pool and the shared budget.
func (c *capBuffer) releaseExtra() {
	for _, b := range c.extra {
		*b = (*b)[:0]
		chunkPool.Put(b)
	}
	sharedMemory.Add(int64(len(c.extra)) * spillWrite)
	c.extra = nil
}

// open creates the temporary file; false when that failed, and the capture then keeps what it
// kept (the sample says it was cut).
func (c *capBuffer) open() bool {
	f, err := os.CreateTemp("", "toolfix-capture-*")
	if err != nil {
		c.truncated, c.limit = true, c.n
		return false
	}
	c.file, c.named = f, os.Remove(f.Name()) != nil
	c.spill = make([]byte, 0, spillWrite)
	return true
}

// spillNow ends deferring: the bytes kept in extra go to the file, and every later byte past
// capMemory too. Called when the exchange may become a sample (so that what it keeps from then
// on is on disk, not in memory), and when the shared budget runs out. It returns false when the
// file could not be made or written: the capture then keeps what is in memory and on disk (the
// sample says it was cut).
func (c *capBuffer) spillNow() bool {
	if c == nil || !c.deferred {
		return true
	}
	c.deferred = false
	if len(c.extra) == 0 {
		return true
	}
	ok := c.open()
	if !ok {
		c.n, c.limit = c.buf.Len(), c.buf.Len()
	}
	for _, b := range c.extra {
		if !ok {
			break
		}
		k, err := c.file.Write(*b)
		c.inFile += k
		if err != nil {
			c.truncated, c.limit, c.n = true, c.buf.Len()+c.inFile, c.buf.Len()+c.inFile
			ok = false
		}
	}
	c.releaseExtra()
	return ok
}

// writeSpill writes the gathered bytes to the file; false when that failed, and the capture then
// keeps only what the file and memory hold (the sample says it was cut).
func (c *capBuffer) writeSpill() bool {
	if len(c.spill) == 0 {
		return true
	}
	k, err := c.file.Write(c.spill)
	c.inFile += k
	if err != nil {
		c.truncated, c.limit, c.n = true, c.buf.Len()+c.inFile, c.buf.Len()+c.inFile
		c.spill = c.spill[:0]
		return false
	}
	c.spill = c.spill[:0]
	return true
}

// section returns what was kept, to be read in place (the memory part, then the file), until
// discard.
func (c *capBuffer) section() *io.SectionReader {
	return io.NewSectionReader(c, 0, int64(c.n))
}

// ReadAt reads what was kept from offset off: the memory part, then the extra memory or the
// file, then the bytes gathered for the file and not written yet.
func (c *capBuffer) ReadAt(p []byte, off int64) (int, error) {
	n := 0
	for n < len(p) && off+int64(n) < int64(c.n) {
		q := c.inMemory(int(off) + n)
		if len(q) == 0 {
			at := off + int64(n) - int64(len(c.mem())) // from the file's start
			if c.file == nil || at >= int64(c.inFile) {
				break
			}
			k, err := c.file.ReadAt(p[n:min(len(p), n+c.inFile-int(at))], at)
			n += k
			if err != nil && err != io.EOF {
				return n, err
			}
			if k == 0 {
				break
			}
			continue
		}
		n += copy(p[n:], q)
	}
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

// inMemory returns the kept bytes from offset off on that are in memory in one piece: of the
// memory part, of a chunk of the extra memory, or of the bytes gathered for the file and not
// written yet; nil when off is in the file or past what was kept.
func (c *capBuffer) inMemory(off int) []byte {
	mem := c.mem()
	if off < len(mem) {
		return mem[off:]
	}
	if rest := off - len(mem); len(c.extra) > 0 && rest < c.n-len(mem) {
		return (*c.extra[rest/spillWrite])[rest%spillWrite:]
	}
	if rest := off - len(mem) - c.inFile; rest >= 0 && rest < len(c.spill) {
		return c.spill[rest:]
	}
	return nil
}

// discard gives back the memory part and the extra memory and removes the temporary file, if
// any; what was kept can no longer be read.
func (c *capBuffer) discard() {
	if c != nil {
		c.releaseExtra()
		c.releaseMemory()
		c.whole = nil
	}
	if c != nil && c.file != nil {
		_ = c.file.Close()
		if c.named {
			_ = os.Remove(c.file.Name())
		}
		c.file = nil
	}
}

// ProtocolLabel names a dialect ("anthropic", "chat", "responses" or "") the way the shared cases
// and the metrics do: "anthropic", "openai", "responses" or "other".
func ProtocolLabel(dialect string) string {
	switch dialect {
	case "anthropic", "responses":
		return dialect
	case "chat":
		return "openai"
	}
	return "other"
}

// NoRoute is the route label of requests that matched no route.
const NoRoute = "(none)"

// StatusClientClosed is the status an answer is counted with when the client hung up before it
// was over (nginx's 499 Client Closed Request); it is never written to a client.
const StatusClientClosed = 499

// Finish counts an answered request of route and dialect: its status, the bytes sent and the time
// to the first of them. The status is StatusClientClosed when the client hung up before the answer
// was over: before any status was written, or after, when a write to it failed or the upstream
// body was cut (its read cancelled with the request's context). A client that hangs up once the
// answer ended is counted with the answer's status.
func (s *Stats) Finish(rec *Recorder, r *http.Request, route, dialect string) {
	status := rec.status
	gone := r.Context().Err() != nil
	switch {
	case rec.writeFailed.Load() || gone && (status == 0 || rec.upstreamCut.Load()):
		status = StatusClientClosed
	case status == 0:
		status = http.StatusOK
	}
	s.bytesOut.Add(rec.n)
	s.Finished(route, ProtocolLabel(dialect), status, rec.ttfb())
}
