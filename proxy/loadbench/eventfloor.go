package main

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"sync/atomic"
)

// eventFloor is the event-aware floor of issue 21: the least a proxy that sees every SSE event
// must do. It forwards the request as it came, then reads the answer in 32 KiB reads, finds each
// event's end by bytes.Index of a blank line, tells its type by a prefix check, and writes and
// flushes each read once, as it came. A body that is not SSE is copied in 32 KiB reads, each
// written and flushed once. It repairs nothing; events counts what it saw, so that the work is
// not optimised away (events: the deltas seen).
type eventFloor struct {
	upstream *url.URL
	tr       *http.Transport
	events   atomic.Int64
}

// newEventFloor returns the event-aware floor in front of upstream.
func newEventFloor(upstream *url.URL) *eventFloor {
	return &eventFloor{upstream: upstream, tr: &http.Transport{MaxIdleConnsPerHost: 2048, DisableCompression: true}}
}

var (
	blankLine  = []byte("\n\n")
	deltaEvent = []byte("event: content_block_delta")
	dataLine   = []byte("data: ")
)

func (f *eventFloor) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	_ = rc.EnableFullDuplex()
	out := r.Clone(r.Context())
	out.RequestURI = ""
	out.URL.Scheme, out.URL.Host, out.Host = f.upstream.Scheme, f.upstream.Host, f.upstream.Host
	resp, err := f.tr.RoundTrip(out)
	if err != nil {
		http.Error(w, "the upstream failed: "+err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	for k, vs := range resp.Header {
		w.Header()[k] = vs
	}
	w.WriteHeader(resp.StatusCode)
	sse := bytes.HasPrefix([]byte(resp.Header.Get("Content-Type")), []byte("text/event-stream"))
	buf := make([]byte, 32<<10)
	var head [32]byte // the start of the event being read, for its type
	nhead, lastNL, events := 0, false, 0
	defer func() { f.events.Add(int64(events)) }()
	for {
		n, err := resp.Body.Read(buf)
		if n > 0 {
			if sse {
				b := buf[:n]
				if lastNL && b[0] == '\n' { // the blank line cut between two reads
					events += f.seen(head[:nhead])
					nhead, b = 0, b[1:]
				}
				for len(b) > 0 {
					if nhead < len(head) {
						nhead += copy(head[nhead:], b)
					}
					i := bytes.Index(b, blankLine)
					if i < 0 {
						break
					}
					events += f.seen(head[:nhead])
					nhead, b = 0, b[i+2:]
				}
				lastNL = buf[n-1] == '\n'
			}
			if _, werr := w.Write(buf[:n]); werr != nil {
				return
			}
			if ferr := rc.Flush(); ferr != nil {
				return
			}
		}
		if err != nil {
			if err != io.EOF {
				panic(http.ErrAbortHandler) // a broken upstream breaks the client's stream too
			}
			return
		}
	}
}

// seen classifies one event by the start of its first line: 1 for a delta (an Anthropic
// content_block_delta or a Chat data line), 0 for any other.
func (f *eventFloor) seen(head []byte) int {
	if bytes.HasPrefix(head, deltaEvent) || bytes.HasPrefix(head, dataLine) {
		return 1
	}
	return 0
}
