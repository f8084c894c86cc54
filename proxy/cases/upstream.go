package cases

import (
	"compress/gzip"
	"io"
	"math/rand"
	"net/http"
	"strings"
)

// WriteUpstream answers as the case's upstream did: Content-Type text/event-stream for a streamed
// case (application/json otherwise), then the headers of upstream.meta.json, the case's Status, and
// Upstream written in pieces of 1 to most bytes (a most below 1 is taken as 1), each flushed to the
// client at once, their sizes drawn from a math/rand generator seeded with seed so that a run can be
// repeated. When the headers say Content-Encoding: gzip the pieces go through a gzip writer flushed
// after each, so the client gets a gzipped stream that arrives in pieces too. Write errors are
// ignored: the client under test may hang up.
func WriteUpstream(w http.ResponseWriter, c Case, seed int64, most int) {
	ct := "application/json"
	if c.Stream {
		ct = "text/event-stream"
	}
	w.Header().Set("Content-Type", ct)
	gz := false
	for k, v := range c.Headers {
		w.Header().Set(k, v)
		gz = gz || strings.EqualFold(k, "Content-Encoding") && v == "gzip"
	}
	w.WriteHeader(c.Status)
	var out io.Writer = w
	var zw *gzip.Writer
	if gz {
		zw = gzip.NewWriter(w)
		out = zw
	}
	rc := http.NewResponseController(w)
	rnd := rand.New(rand.NewSource(seed))
	for b := c.Upstream; len(b) > 0; {
		n := min(1+rnd.Intn(max(1, most)), len(b))
		_, _ = out.Write(b[:n])
		if zw != nil {
			_ = zw.Flush()
		}
		_ = rc.Flush()
		b = b[n:]
	}
	if zw != nil {
		_ = zw.Close()
	}
}
