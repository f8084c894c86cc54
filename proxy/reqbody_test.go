package proxy

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestStalledRequestBodyAbandoned holds issue 13 item 9: a request body that stops arriving is
// abandoned after RequestIdle — the client gets a 408 API-shaped error saying so, a body already
// streaming upstream is cut there — whether it is read whole first (announced length or chunked)
// or streamed upstream as it comes (over MaxRequestBody).
func TestStalledRequestBodyAbandoned(t *testing.T) {
	const idle = 100 * time.Millisecond
	tests := []struct {
		name     string
		header   string // the request's framing headers
		sent     string // what arrives before the stall
		maxBody  int64
		upstream bool // the upstream must see the request start, and then lose it
	}{
		{"announced length, read whole", "Content-Length: 1000\r\n", `{"model":"m","messages":[`, 0, false},
		{"chunked, read whole", "Transfer-Encoding: chunked\r\n", "5\r\n{\"mod\r\n", 0, false},
		{"announced length, streamed upstream", "Content-Length: 100000\r\n", `{"model":"m","messages":[` + strings.Repeat(" ", 4096), 1024, true},
		{"chunked, streamed upstream", "Transfer-Encoding: chunked\r\n", "1000\r\n" + strings.Repeat(" ", 4096) + "\r\n", 1024, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			reached := make(chan error, 1)
			var hits atomic.Int64
			up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				hits.Add(1)
				_, err := io.Copy(io.Discard, r.Body)
				reached <- err
			}))
			defer up.Close()
			_, ps := newServer(t, up.URL, Options{RequestIdle: idle, MaxRequestBody: tc.maxBody})
			c, err := net.Dial("tcp", ps.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			_ = c.SetDeadline(time.Now().Add(20 * time.Second)) // a bound on a hang, not a synchronisation
			if _, err := io.WriteString(c, "POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"+tc.header+"\r\n"+tc.sent); err != nil {
				t.Fatal(err)
			}
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				t.Fatalf("no answer to a stalled body: %v", err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			var e struct {
				Error struct{ Message string } `json:"error"`
			}
			if resp.StatusCode != http.StatusRequestTimeout || json.Unmarshal(body, &e) != nil || !strings.Contains(e.Error.Message, "request body stopped arriving") {
				t.Errorf("answer %d %s, want 408 saying the request body stopped arriving", resp.StatusCode, body)
			}
			if !tc.upstream {
				if hits.Load() != 0 {
					t.Errorf("a body that never arrived whole reached the upstream")
				}
				return
			}
			select {
			case err := <-reached:
				if err == nil {
					t.Errorf("the upstream read the whole of a body that stalled")
				}
			case <-time.After(20 * time.Second): // a bound on a hang, not a synchronisation
				t.Errorf("the upstream's request was not ended when the body stalled")
			}
		})
	}
}

// TestLongAnswerOutlivesRequestIdle: the idle limit is on the request body only; once it has
// arrived, an answer that pauses for longer than RequestIdle goes through whole, whether the body
// was read whole or streamed upstream, of announced length or chunked (read to its end, after
// which the server watches the connection for a hang-up: a deadline left on it would cut the
// answer).
func TestLongAnswerOutlivesRequestIdle(t *testing.T) {
	const idle = 50 * time.Millisecond
	for _, maxBody := range []int64{0, 16} {
		for _, chunked := range []bool{false, true} {
			t.Run(fmt.Sprintf("max body %d chunked %v", maxBody, chunked), func(t *testing.T) {
				up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					_, _ = io.Copy(io.Discard, r.Body)
					w.Header().Set("Content-Type", "text/event-stream")
					_, _ = io.WriteString(w, sseOf(evStart))
					w.(http.Flusher).Flush()
					time.Sleep(4 * idle) // the pause under test: longer than the request idle limit
					_, _ = io.WriteString(w, sseOf(evMsgStop))
				}))
				defer up.Close()
				_, ps := newServer(t, up.URL, Options{RequestIdle: idle, MaxRequestBody: maxBody})
				var body io.Reader = strings.NewReader(`{"model":"m","stream":true,"messages":[]}`)
				if chunked {
					body = struct{ io.Reader }{body}
				}
				resp, err := ps.Client().Post(ps.URL+"/v1/messages", "application/json", body)
				if err != nil {
					t.Fatal(err)
				}
				got, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil || string(got) != sseOf(evStart, evMsgStop) {
					t.Errorf("answer %q (%v), want the whole stream", got, err)
				}
			})
		}
	}
}

// BenchmarkStalledBody measures the memory a request that announces a 32 MiB body, sends 1 KiB and
// stalls holds until RequestIdle cuts it off (issue 13 item 9: twenty of them held 673 MB, the
// announced size allocated up front and kept for ever).
func BenchmarkStalledBody(b *testing.B) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer up.Close()
	_, ps := newServer(b, up.URL, Options{RequestIdle: 10 * time.Millisecond})
	head := "POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " + fmt.Sprint(32<<20) + "\r\n\r\n" + strings.Repeat(" ", 1024)
	b.ReportAllocs()
	for b.Loop() {
		c, err := net.Dial("tcp", ps.Listener.Addr().String())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := io.WriteString(c, head); err != nil {
			b.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil || resp.StatusCode != http.StatusRequestTimeout {
			b.Fatalf("answer %v, %v", resp, err)
		}
		c.Close()
	}
}
