package observe

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/toolfix/toolfix/proxy/sample"
)

// Capture gathers one exchange for Samples while it is forwarded: the request as it came,
// the upstream bytes as they arrived and the bytes sent to the client, and what the repair did. All
// of it happens on the request's goroutine. A nil *Capture ignores every call.
type Capture struct {
	x      sample.Exchange
	up     *capBuffer
	client *clientCopy
	// mayDefer: the store keeps only some exchanges (ModeRepairs), so a stream's upstream copy
	// may wait in memory until the exchange may become a sample (see Stream).
	mayDefer bool
	// whole: the upstream body is being read whole (see Whole): its bytes are counted in skipped,
	// not copied
	whole   bool
	skipped int
	// mu guards up and client while the exchange runs: the proxy's keep-alive writes to the
	// client (and so to client) while the request's goroutine reads the upstream into up.
	mu sync.Mutex
}

// Start starts a capture for a request when samples are kept and the exchange could be wanted:
// in ModeRepairs only a path toolfix repairs can be. It returns nil when nothing is captured.
func (s *Samples) Start(r *http.Request, route Route, rest, dialect string, body []byte, start time.Time) *Capture {
	st := s.store
	if st == nil || st.Mode() == sample.ModeOff || (st.Mode() != sample.ModeAll && dialect == "") {
		return nil
	}
	path := rest
	if r.URL.RawQuery != "" {
		path += "?" + r.URL.RawQuery
	}
	req := sample.Part{Header: r.Header.Clone(), Body: body}
	if len(body) > sample.MaxBody {
		req.Body, req.Truncated = body[:sample.MaxBody], true
	}
	up := &capBuffer{limit: s.captureLimit()}
	c := &Capture{
		x: sample.Exchange{
			Time: start.UTC(), Route: route.Name, Dialect: dialect, Method: r.Method,
			Path: path, Upstream: route.Upstream, TextFormat: route.TextFormat, Request: req,
		},
		up:       up,
		mayDefer: st.Mode() == sample.ModeRepairs,
	}
	c.client = newClientCopy(up, s.captureLimit(), &c.mu)
	return c
}

// spill is Spill with c not nil.
func (c *Capture) spill() {
	c.mu.Lock()
	c.up.spillNow()
	c.mu.Unlock()
}

// Stream notes that the body is a stream, before more than its first MiB is read: when the store keeps only
// the exchanges something happened to (ModeRepairs), its upstream copy keeps the bytes past its
// first MiB in memory (within a budget the process's captures share, 16 MiB) rather than in a
// temporary file, until Spill, a repair, a fail-open or a failure says the exchange may become a
// sample (issue 21 item 2). A healthy stream then writes nothing to disk; its sample, if it
// becomes one, is the same bytes.
func (c *Capture) Stream() {
	if c != nil && c.mayDefer {
		c.mu.Lock()
		c.up.deferred = c.up.file == nil
		c.mu.Unlock()
	}
}

// Spill notes that the exchange may become a sample (the dialect holds a span it may repair):
// from now on its upstream copy keeps what it holds past its first MiB on disk, not in memory.
func (c *Capture) Spill() {
	if c != nil {
		c.spill()
	}
}

// captureLimit is how much of each response body a capture keeps, in bytes: the bound on what a
// stream holds (the proxy's MaxHeld) when one is set below sample.MaxBody, else sample.MaxBody. A
// longer body is cut there, and the sample says so (body_truncated).
func (s *Samples) captureLimit() int {
	if s.maxHeld > 0 && s.maxHeld < sample.MaxBody {
		return s.maxHeld
	}
	return sample.MaxBody
}

// Repair notes a repair of kind to a call of tool.
func (c *Capture) Repair(kind, tool string) {
	if c != nil {
		c.spill()
		c.x.Repairs = append(c.x.Repairs, sample.Repair{Kind: kind, Tool: tool})
	}
}

// FailOpen notes a repair refused, and why.
func (c *Capture) FailOpen(reason string) {
	if c != nil {
		c.spill()
		c.x.FailOpens = append(c.x.FailOpens, reason)
	}
}

// Fail notes what ended the exchange in error (the first one noted stays).
func (c *Capture) Fail(msg string) {
	c.Spill()
	if c != nil && c.x.Error == "" {
		c.x.Error = msg
	}
}

// Response notes the upstream's status and headers.
func (c *Capture) Response(resp *http.Response) {
	if c != nil {
		c.x.Response.Status = resp.StatusCode
		c.x.Response.Header = resp.Header.Clone()
	}
}

// upstreamWrite keeps bytes read from the upstream in the upstream's copy, which the client's copy
// is compared with; while a whole answer is read (Whole), it only counts them.
func (c *Capture) upstreamWrite(p []byte) {
	if c != nil {
		c.mu.Lock()
		if c.whole {
			c.skipped += len(p)
		} else {
			c.up.write(p)
		}
		c.mu.Unlock()
	}
}

// Whole notes that the upstream body is now read whole into one buffer (a non-streamed answer,
// exchange's readWhole): until done is called with that buffer, every byte read from the upstream
// is only counted, and done keeps the buffer in the upstream's copy by reference, not as a copy,
// so that a whole answer is not held twice (issue 21). body is every byte read from the upstream
// so far (what the capture saw before, a peek of its first bytes, among them), read in full or cut
// by an error; it must not change until Save has written the sample. The sample is the same bytes
// either way. On a nil *Capture done does nothing.
func (c *Capture) Whole() (done func(body []byte)) {
	if c == nil {
		return func([]byte) {}
	}
	c.mu.Lock()
	c.whole, c.skipped = true, 0
	c.mu.Unlock()
	return func(body []byte) {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.whole = false
		if c.skipped > 0 { // none: the capture holds every byte read already (a peek)
			c.up.adopt(body, len(body)-c.skipped)
		}
		c.skipped = 0
	}
}

// clientTee is the copy the recorder writes the client's bytes into.
func (c *Capture) clientTee() *clientCopy {
	if c == nil {
		return nil
	}
	return c.client
}

// Save writes the exchange as a sample when the store wants it. It is called when the answer is
// complete, before the handler returns, and writes on a goroutine of its own so that the end of
// the answer (the HTTP response's last chunk) does not wait for the sample. The captured bodies
// are read in place (memory part, then temporary file) by Store.SaveFrom, which redacts and
// encodes them in bounded chunks, and only then discarded. Wait waits for it. A failure is logged,
// never shown to the client.
func (s *Samples) Save(c *Capture, status int) {
	if c == nil {
		return
	}
	x := &c.x
	if x.Response.Status == 0 {
		x.Response.Status = status
	}
	st := s.store
	if !st.Wants(x) {
		c.up.discard()
		c.client.discard()
		return
	}
	write := func() {
		defer c.up.discard()
		defer c.client.discard()
		x.Response.Truncated = c.up.truncated
		up, client := c.up.section(), c.client.section()
		same, err := sameBytes(up, client)
		if err != nil {
			s.log.Warn("saving a sample", "error", err.Error())
			return
		}
		if !same || c.client.truncated() != c.up.truncated {
			x.Client = &sample.Part{Truncated: c.client.truncated()}
		} else {
			client = nil
		}
		path, err := st.SaveFrom(x, up, client)
		if err != nil {
			s.log.Warn("saving a sample", "error", err.Error())
		}
		if path != "" {
			s.stats.samples.Add(1)
			s.log.Debug("sample saved", "route", x.Route, "path", path)
		}
	}
	s.saveMu.Lock()
	if s.waited {
		// Wait has been called (the server is stopping): write before the handler returns.
		s.saveMu.Unlock()
		write()
		return
	}
	s.saving.Add(1)
	s.saveMu.Unlock()
	go func() {
		defer s.saving.Done()
		write()
	}()
}

// sameBytes reports whether a and b hold the same bytes, reading both in chunks.
func sameBytes(a, b *io.SectionReader) (bool, error) {
	if a.Size() != b.Size() {
		return false, nil
	}
	bufA, bufB := make([]byte, 32<<10), make([]byte, 32<<10)
	for off := int64(0); off < a.Size(); off += int64(len(bufA)) {
		n := min(int64(len(bufA)), a.Size()-off)
		if _, err := a.ReadAt(bufA[:n], off); err != nil && err != io.EOF {
			return false, fmt.Errorf("reading a captured body back: %w", err)
		}
		if _, err := b.ReadAt(bufB[:n], off); err != nil && err != io.EOF {
			return false, fmt.Errorf("reading a captured body back: %w", err)
		}
		if !bytes.Equal(bufA[:n], bufB[:n]) {
			return false, nil
		}
	}
	return true, nil
}

// Wait blocks until every sample of an exchange that has ended is written (see Options.Samples).
// Call it when the server stops, after http.Server.Shutdown has returned; from then on an exchange
// still ending (one cut by http.Server.Close) writes its sample before its handler returns. It
// returns at once when none is pending.
func (s *Samples) Wait() {
	s.saveMu.Lock()
	s.waited = true
	s.saveMu.Unlock()
	s.saving.Wait()
}
