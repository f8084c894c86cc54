package observe

import (
	"io"
	"net/http"
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
	tee    *capBuffer // nil: no copy kept
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
// bytes in and copied into c's upstream buffer; a nil c keeps no copy.
func (s *Stats) UpstreamBody(body io.ReadCloser, c *Capture) io.ReadCloser {
	return &upstreamBody{ReadCloser: body, count: &s.bytesIn, tee: c.upstreamTee()}
}

// upstreamBody counts the bytes read from an upstream response body into the proxy's counter and
// keeps a copy when a sample is captured.
type upstreamBody struct {
	io.ReadCloser
	count *atomic.Int64
	tee   *capBuffer
}

func (b *upstreamBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if n > 0 {
		b.count.Add(int64(n))
		b.tee.write(p[:n])
	}
	return n, err
}

// Finish counts an answered request of route and dialect: its status (499 when the client went
// away before any answer), the bytes sent and the time to the first of them.
func (s *Stats) Finish(rec *Recorder, r *http.Request, route, dialect string) {
	status := rec.status
	if status == 0 {
		status = http.StatusOK
		if r.Context().Err() != nil {
			status = 499
		}
	}
	s.bytesOut.Add(rec.n)
	s.Finished(route, ProtocolLabel(dialect), status, rec.ttfb())
}
