package proxy

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"regexp"

	"github.com/toolfix/toolfix/proxy/secret"
)

// RequestIDHeader is the header that carries a request's id in gateway mode: taken from the
// client's request when it is a plain short id (clientIDRE), else made up; always sent back in the
// answer. A loopback proxy adds no header and logs no id.
const RequestIDHeader = "X-Request-Id"

// clientIDRE is a request id toolfix takes from a client as it is: up to 64 characters that need
// no quoting in a log line and cannot hold a key of a known shape (no spaces, no '/', no '=').
var clientIDRE = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,64}$`)

type logKey struct{}

// identify gives r its request id in gateway mode: it sets RequestIDHeader on the answer and
// returns r with a logger whose lines carry "request_id" (see logFor). A loopback proxy returns r
// as it is.
func (s *Server) identify(w http.ResponseWriter, r *http.Request) *http.Request {
	if s.gate == nil {
		return r
	}
	id := r.Header.Get(RequestIDHeader)
	if !clientIDRE.MatchString(id) || s.gate.accepts(id) || looksSecret(id) {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id = hex.EncodeToString(b[:])
	}
	w.Header().Set(RequestIDHeader, id)
	return r.WithContext(context.WithValue(r.Context(), logKey{}, s.log.With("request_id", id)))
}

// logFor returns the logger of r's lines: the server's, with r's request id in gateway mode.
func (s *Server) logFor(r *http.Request) *slog.Logger {
	if l, ok := r.Context().Value(logKey{}).(*slog.Logger); ok {
		return l
	}
	return s.log
}

// looksSecret reports whether a client's request id holds something the secret finder would
// redact (a key of a known shape, a long random string): such an id is replaced, not logged.
func looksSecret(id string) bool {
	found := false
	secret.Find([]byte(id), true, func(int, int) { found = true })
	return found
}
