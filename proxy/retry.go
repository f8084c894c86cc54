package proxy

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"time"
)

// Retry is a route's opt-in retry of an upstream answer whose status says it may pass (a gateway's
// intermittent 5xx: "sensitive_words_detected", "no token provided"), for clients that do not
// retry themselves (a `claude -p` script). A retry happens only while no byte has reached the
// client, only for a request body read whole (one over the size limit is streamed upstream and
// cannot be sent again), and only when the client is still there. nil (the default) never retries.
//
// In a route of `serve --config`:
//
//	{"name": "gw", "upstream": "https://gw.example/v1",
//	 "retry": {"attempts": 3, "backoff_ms": 500, "statuses": [500, 502, 503, 529]}}
type Retry struct {
	// Attempts is how many times the request is sent in all, the first included: 2 to 10.
	Attempts int `json:"attempts"`
	// BackoffMS is the wait before the first retry, in milliseconds, doubled before each next
	// one up to 10 s; 0 means 500. A Retry-After header (seconds or an HTTP date) longer than the
	// backoff is waited instead; one longer than MaxRetryAfter ends the retries.
	BackoffMS int `json:"backoff_ms,omitempty"`
	// Statuses are the status codes retried, 400 to 599; empty means DefaultRetryStatuses.
	Statuses []int `json:"statuses,omitempty"`
}

// DefaultRetryStatuses are the statuses a Retry without Statuses retries: 500, 502, 503, 504 and
// 529 (Anthropic's "overloaded").
var DefaultRetryStatuses = []int{500, 502, 503, 504, 529}

// MaxRetryAfter is the longest Retry-After a retry waits for; a longer one goes to the client.
const MaxRetryAfter = 30 * time.Second

// maxBackoff bounds the doubled backoff.
const maxBackoff = 10 * time.Second

// check says what is wrong with r, for CheckRoutes.
func (r *Retry) check() error {
	if r == nil {
		return nil
	}
	if r.Attempts < 2 || r.Attempts > 10 {
		return fmt.Errorf("retry: attempts %d: give 2 to 10 (the first try included)", r.Attempts)
	}
	if r.BackoffMS < 0 {
		return fmt.Errorf("retry: backoff_ms %d: give a wait in milliseconds, or 0 for 500", r.BackoffMS)
	}
	for _, s := range r.Statuses {
		if s < 400 || s > 599 {
			return fmt.Errorf("retry: status %d: only 4xx and 5xx answers can be retried", s)
		}
	}
	return nil
}

// retries reports whether an answer with status is retried.
func (r *Retry) retries(status int) bool {
	if len(r.Statuses) == 0 {
		return slices.Contains(DefaultRetryStatuses, status)
	}
	return slices.Contains(r.Statuses, status)
}

// wait is how long to wait before retry number n (1 for the first retry), given the answer's
// Retry-After header; false when Retry-After asks for longer than MaxRetryAfter.
func (r *Retry) wait(n int, retryAfter string, now time.Time) (time.Duration, bool) {
	d := time.Duration(r.BackoffMS) * time.Millisecond
	if r.BackoffMS == 0 {
		d = 500 * time.Millisecond
	}
	for i := 1; i < n && d < maxBackoff; i++ {
		d *= 2
	}
	d = min(d, maxBackoff)
	if ra, ok := parseRetryAfter(retryAfter, now); ok {
		if ra > MaxRetryAfter {
			return 0, false
		}
		d = max(d, ra)
	}
	return d, true
}

// parseRetryAfter reads a Retry-After value: delay seconds, or an HTTP date (RFC 9110 10.2.3).
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	if v == "" {
		return 0, false
	}
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// send sends out upstream and, when route has a Retry and again can build the request anew,
// sends it again while the answer's status is one to retry, waiting between tries; the answers
// given up on are read (up to 64 KiB) and closed, never shown to the client. A cancelled ctx (the
// client left) ends the waiting with ctx's error.
func (s *Server) send(ctx context.Context, out *http.Request, route *routeEntry, again func() (*http.Request, error)) (*http.Response, error) {
	resp, err := s.transport.RoundTrip(out)
	rt := route.Retry
	if rt == nil || again == nil {
		return resp, err
	}
	for try := 1; err == nil && try < rt.Attempts && rt.retries(resp.StatusCode); try++ {
		wait, ok := rt.wait(try, resp.Header.Get("Retry-After"), time.Now())
		if !ok {
			break
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		s.Stats.Retry(route.Name)
		s.log.Info("upstream answered an error to retry; retrying", "route", route.Name, "status", resp.StatusCode, "attempt", try+1, "of", rt.Attempts, "wait", wait.String())
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
		if out, err = again(); err != nil {
			return nil, err
		}
		resp, err = s.transport.RoundTrip(out)
	}
	return resp, err
}
