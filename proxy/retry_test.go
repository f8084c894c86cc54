package proxy

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// flaky is an upstream that answers the statuses of answers in turn (the last one from then on)
// and records each request body it got.
type flaky struct {
	mu      sync.Mutex
	answers []int
	header  http.Header
	bodies  []string
	got     chan struct{} // one value per request, when not nil
}

func (f *flaky) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.bodies = append(f.bodies, string(b))
	n := len(f.bodies)
	f.mu.Unlock()
	if f.got != nil {
		f.got <- struct{}{}
	}
	status := f.answers[min(n, len(f.answers))-1]
	for k, v := range f.header {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	io.WriteString(w, `{"answer":`+strconv.Itoa(n)+`}`)
}

// TestRetry: a route's opt-in retry sends the same request again on a status it names, waiting as
// Retry-After says within its bound, and counts each retry in /metrics; without it, or for a status
// it does not name, the first answer goes to the client untouched.
func TestRetry(t *testing.T) {
	retry := &Retry{Attempts: 3, BackoffMS: 1}
	tests := []struct {
		name       string
		retry      *Retry
		answers    []int
		retryAfter string
		wantStatus int
		wantBody   string
		wantTries  int
	}{
		{"off by default", nil, []int{503, 200}, "", 503, `{"answer":1}`, 1},
		{"retried until it passes", retry, []int{503, 529, 200}, "", 200, `{"answer":3}`, 3},
		{"attempts run out", retry, []int{502}, "", 502, `{"answer":3}`, 3},
		{"a status not named", &Retry{Attempts: 3, BackoffMS: 1, Statuses: []int{500}}, []int{503, 200}, "", 503, `{"answer":1}`, 1},
		{"a status named", &Retry{Attempts: 2, BackoffMS: 1, Statuses: []int{429}}, []int{429, 200}, "0", 200, `{"answer":2}`, 2},
		{"Retry-After too long", retry, []int{503, 200}, "40", 503, `{"answer":1}`, 1},
		{"success is never retried", retry, []int{200, 500}, "", 200, `{"answer":1}`, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &flaky{answers: tt.answers, header: http.Header{}}
			if tt.retryAfter != "" {
				f.header.Set("Retry-After", tt.retryAfter)
			}
			up := httptest.NewServer(f)
			defer up.Close()
			srv, err := New(Options{Routes: []Route{{Name: "gw", Upstream: up.URL, Retry: tt.retry}}})
			if err != nil {
				t.Fatal(err)
			}
			const body = `{"model":"m","messages":[{"role":"user","content":"hi"}]}`
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, inProcess(http.MethodPost, "/gw/v1/messages", strings.NewReader(body)))
			if rec.Code != tt.wantStatus || rec.Body.String() != tt.wantBody {
				t.Errorf("client got %d %s, want %d %s", rec.Code, rec.Body.String(), tt.wantStatus, tt.wantBody)
			}
			if len(f.bodies) != tt.wantTries {
				t.Fatalf("upstream got %d requests, want %d", len(f.bodies), tt.wantTries)
			}
			for i, b := range f.bodies {
				if b != body {
					t.Errorf("try %d sent %q, want the client's body", i+1, b)
				}
			}
			m := httptest.NewRecorder()
			srv.ServeHTTP(m, inProcess(http.MethodGet, "/metrics", nil))
			want := `toolfix_upstream_retries_total{route="gw"} ` + strconv.Itoa(tt.wantTries-1)
			if has := strings.Contains(m.Body.String(), want); has != (tt.wantTries > 1) {
				t.Errorf("/metrics has %q: %v\n%s", want, has, m.Body.String())
			}
		})
	}
}

// TestRetryStopsWhenClientLeaves: a client that hangs up during the wait ends the retries; the
// upstream is not asked again.
func TestRetryStopsWhenClientLeaves(t *testing.T) {
	f := &flaky{answers: []int{503, 200}, got: make(chan struct{}, 4)}
	up := httptest.NewServer(f)
	defer up.Close()
	srv, err := New(Options{Routes: []Route{{Name: "gw", Upstream: up.URL, Retry: &Retry{Attempts: 5, BackoffMS: 9000}}}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	req := inProcess(http.MethodPost, "/gw/v1/messages", strings.NewReader(`{}`)).WithContext(ctx)
	done := make(chan struct{})
	go func() {
		srv.ServeHTTP(httptest.NewRecorder(), req)
		close(done)
	}()
	select {
	case <-f.got:
	case <-done:
		t.Fatal("the proxy answered without asking the upstream")
	}
	cancel()
	<-done
	if len(f.bodies) != 1 {
		t.Errorf("upstream asked %d times after the client left, want 1", len(f.bodies))
	}
}

func TestRetryWait(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	r := &Retry{Attempts: 5, BackoffMS: 400}
	tests := []struct {
		n          int
		retryAfter string
		want       time.Duration
		ok         bool
	}{
		{1, "", 400 * time.Millisecond, true},
		{2, "", 800 * time.Millisecond, true},
		{3, "", 1600 * time.Millisecond, true},
		{1, "2", 2 * time.Second, true},
		{3, "1", 1600 * time.Millisecond, true},
		{1, now.Add(5 * time.Second).Format(http.TimeFormat), 5 * time.Second, true},
		{1, "31", 0, false},
		{1, "soon", 400 * time.Millisecond, true},
		{9, "", maxBackoff, true},
	}
	for _, tt := range tests {
		got, ok := r.wait(tt.n, tt.retryAfter, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("wait(%d, %q) = %v, %v; want %v, %v", tt.n, tt.retryAfter, got, ok, tt.want, tt.ok)
		}
	}
	if d, _ := (&Retry{Attempts: 2}).wait(1, "", now); d != 500*time.Millisecond {
		t.Errorf("default backoff %v, want 500ms", d)
	}
}

func TestRetryChecked(t *testing.T) {
	for _, tt := range []struct {
		retry *Retry
		want  string
	}{
		{&Retry{Attempts: 1}, "attempts 1: give 2 to 10"},
		{&Retry{Attempts: 11}, "attempts 11"},
		{&Retry{Attempts: 3, BackoffMS: -1}, "backoff_ms -1"},
		{&Retry{Attempts: 3, Statuses: []int{200}}, "status 200: only 4xx and 5xx"},
	} {
		err := CheckRoutes([]Route{{Name: "gw", Upstream: "https://gw.example", Retry: tt.retry}})
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), `route "gw"`) {
			t.Errorf("%+v: %v, want %q", tt.retry, err, tt.want)
		}
	}
}
