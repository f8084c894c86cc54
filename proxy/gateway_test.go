package proxy

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/sample"
	"github.com/toolfix/toolfix/proxy/syncbuf"
)

const (
	gwToken  = "tok-0123456789abcdef-canary"
	gwToken2 = "second-token-9876543210"
)

// gatewayUpstream records what reaches the upstream: the escaped path and the headers.
type gatewayUpstream struct {
	paths   chan string
	headers chan http.Header
}

func newGatewayUpstream(t *testing.T, body string) (*gatewayUpstream, *httptest.Server) {
	t.Helper()
	g := &gatewayUpstream{paths: make(chan string, 100), headers: make(chan http.Header, 100)}
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		g.paths <- r.URL.EscapedPath() + "?" + r.URL.RawQuery
		g.headers <- r.Header.Clone()
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(up.Close)
	return g, up
}

func TestGatewayAccessCheck(t *testing.T) {
	healthy := sseOf(evStart, evTextStart, evTextDelta, evStop0, evMsgDelta, evMsgStop)
	g, up := newGatewayUpstream(t, healthy)
	_, ps := newServer(t, "", Options{Routes: []Route{{Name: "qwen", Upstream: up.URL + "/v1"}}, AccessTokens: []string{gwToken, gwToken2}})
	tests := []struct {
		name, path string
		header     map[string]string
		want       int
		wantPath   string // what the upstream sees; "" when nothing goes upstream
	}{
		{"token in the path", "/t/" + gwToken + "/qwen/messages?beta=true", nil, 200, "/v1/messages?beta=true"},
		{"second token", "/t/" + gwToken2 + "/qwen/messages", nil, 200, "/v1/messages?"},
		{"token in the header", "/qwen/messages", map[string]string{TokenHeader: gwToken}, 200, "/v1/messages?"},
		{"escaped rest kept", "/t/" + gwToken + "/qwen/models/a%2Fb", nil, 200, "/v1/models/a%2Fb?"},
		{"no token", "/qwen/messages", nil, 401, ""},
		{"wrong token in the path", "/t/" + gwToken + "x/qwen/messages", nil, 401, ""},
		{"token prefix only", "/t/" + gwToken[:10] + "/qwen/messages", nil, 401, ""},
		{"wrong token in the path, right header", "/t/nope-nope-nope-nope/qwen/messages", map[string]string{TokenHeader: gwToken}, 401, ""},
		{"wrong header", "/qwen/messages", map[string]string{TokenHeader: gwToken + "x"}, 401, ""},
		{"open probes need no token", "/healthz", nil, 200, ""},
		{"readiness needs no token", "/readyz", nil, 200, ""},
		{"metrics need no token", "/metrics", nil, 200, ""},
		{"stats need a token", "/stats", nil, 401, ""},
		{"stats behind the token", "/t/" + gwToken + "/stats", nil, 200, ""},
		{"an unknown route behind a token", "/t/" + gwToken + "/elsewhere/v1/messages", nil, 404, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			method := http.MethodPost
			if strings.HasSuffix(tc.path, "/healthz") || strings.HasSuffix(tc.path, "/readyz") || strings.HasSuffix(tc.path, "/metrics") || strings.HasSuffix(tc.path, "/stats") {
				method = http.MethodGet
			}
			req, _ := http.NewRequest(method, ps.URL+tc.path, strings.NewReader(`{"model":"m","stream":true,"messages":[]}`))
			req.Header.Set("x-api-key", "sk-ant-client-own-key")
			for k, v := range tc.header {
				req.Header.Set(k, v)
			}
			resp, body := readAnswer(t, ps.Client(), req)
			if resp.StatusCode != tc.want {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tc.want, body)
			}
			if strings.Contains(string(body), gwToken) {
				t.Errorf("the answer shows the token: %s", body)
			}
			if tc.want == 401 {
				var e struct{ Error struct{ Type string } }
				if json.Unmarshal(body, &e) != nil || e.Error.Type != "authentication_error" {
					t.Errorf("401 body %s, want an API-shaped authentication_error", body)
				}
			}
			if tc.wantPath == "" {
				select {
				case p := <-g.paths:
					<-g.headers
					t.Fatalf("went upstream as %s", p)
				default:
				}
				return
			}
			if p := <-g.paths; p != tc.wantPath {
				t.Errorf("upstream path %q, want %q", p, tc.wantPath)
			}
			h := <-g.headers
			if h.Get(TokenHeader) != "" {
				t.Errorf("the token header went upstream")
			}
			if h.Get("x-api-key") != "sk-ant-client-own-key" {
				t.Errorf("the client's own key did not pass upstream: %q", h.Get("x-api-key"))
			}
			if string(body) != healthy {
				t.Errorf("a healthy stream changed:\n%s", body)
			}
			if resp.Header.Get(RequestIDHeader) == "" {
				t.Errorf("no %s in the answer", RequestIDHeader)
			}
		})
	}
}

func TestGatewayHosts(t *testing.T) {
	up := answerUpstream(t, "application/json", `{}`)
	gw := newHandler(t, up.URL, Options{AccessTokens: []string{gwToken}, PublicHosts: []string{"toolfix.example.com", "*.ai.svc.cluster.local"}})
	local := newHandler(t, up.URL, Options{})
	tests := []struct {
		host, origin string
		gateway      int // status from the gateway
		loopback     int // from a loopback proxy
	}{
		{"127.0.0.1:8080", "", 200, 200},
		{"toolfix.example.com", "", 200, 403},
		{"TOOLFIX.example.com.:443", "", 200, 403},
		{"toolfix.ai.svc.cluster.local:8080", "", 200, 403},
		{"ai.svc.cluster.local", "", 403, 403},
		{"10.1.2.3:8080", "", 200, 403},
		{"[fd00::5]:8080", "", 200, 403},
		{"evil.example", "", 403, 403},
		{"toolfix.example.com.evil.example", "", 403, 403},
		{"toolfix.example.com", "https://toolfix.example.com", 200, 403},
		{"toolfix.example.com", "https://evil.example", 403, 403},
		{"10.1.2.3", "http://10.1.2.3", 403, 403},
		{"toolfix.example.com", "null", 403, 403},
	}
	for _, tc := range tests {
		for _, side := range []struct {
			srv  *Server
			want int
		}{{gw, tc.gateway}, {local, tc.loopback}} {
			req := httptest.NewRequest(http.MethodGet, "/healthz", nil)
			req.Host = tc.host
			if tc.origin != "" {
				req.Header.Set("Origin", tc.origin)
			}
			rec := httptest.NewRecorder()
			side.srv.ServeHTTP(rec, req)
			if rec.Code != side.want {
				t.Errorf("Host %q Origin %q, gateway %v: status %d, want %d", tc.host, tc.origin, side.srv == gw, rec.Code, side.want)
			}
		}
	}
}

func TestGatewayOptionsRefused(t *testing.T) {
	for _, o := range []Options{
		{AccessTokens: []string{"short"}},
		{AccessTokens: []string{"has a space in it, sixteen+"}},
		{AccessTokens: []string{"has/a/slash/in/it/0123"}},
		{PublicHosts: []string{"toolfix.example.com"}},
		{AccessTokens: []string{gwToken}, PublicHosts: []string{"https://toolfix.example.com"}},
		{AccessTokens: []string{gwToken}, PublicHosts: []string{"*."}},
	} {
		o.Routes = []Route{{Upstream: "http://127.0.0.1:1"}}
		if _, err := New(o); err == nil {
			t.Errorf("New(%+v) accepted", o)
		} else if strings.Contains(err.Error(), "sixteen") || strings.Contains(err.Error(), "slash") {
			t.Errorf("the error shows the token: %v", err)
		}
	}
	if _, err := New(Options{Routes: []Route{{Name: "t", Upstream: "http://127.0.0.1:1"}}, AccessTokens: []string{gwToken}}); err == nil {
		t.Error("a route named t was accepted in a gateway")
	}
}

func TestReadyzDrains(t *testing.T) {
	srv, ps := newServer(t, "http://127.0.0.1:1", Options{})
	for _, want := range []int{200, 503} {
		resp, body := readAnswer(t, ps.Client(), newGet(t, ps.URL+"/readyz"))
		if resp.StatusCode != want {
			t.Fatalf("/readyz %d, want %d: %s", resp.StatusCode, want, body)
		}
		if resp, _ := readAnswer(t, ps.Client(), newGet(t, ps.URL+"/healthz")); resp.StatusCode != 200 {
			t.Fatalf("/healthz %d while draining=%v", resp.StatusCode, srv.Draining())
		}
		srv.Drain()
	}
}

// TestGatewayTokenNeverShown sends requests carrying the token (path and header), with repairs,
// fail-opens and refusals, and looks for it in the log, /stats, /metrics and the samples.
func TestGatewayTokenNeverShown(t *testing.T) {
	var logs syncbuf.Buffer
	logger := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	dir := t.TempDir()
	store, err := sample.Open(dir, sample.ModeAll, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, up := newGatewayUpstream(t, stringifiedTodoStream("hello"))
	srv, ps := newServer(t, "", Options{Routes: []Route{{Name: "claude", Upstream: up.URL}}, AccessTokens: []string{gwToken}, Logger: logger, Samples: store})
	todo := `{"model":"m","stream":true,"messages":[],"tools":[{"name":"TodoWrite","input_schema":{"type":"object","properties":{"todos":{"type":"array"}}}}]}`
	for _, p := range []string{"/t/" + gwToken + "/claude/v1/messages", "/t/" + gwToken + "/nowhere/v1/messages", "/t/" + gwToken + "x/claude/v1/messages", "/claude/v1/messages"} {
		for _, hdr := range []bool{false, true} {
			req := newPost(t, ps.URL+p, todo)
			if hdr {
				req.Header.Set(TokenHeader, gwToken)
			}
			_, body := readAnswer(t, ps.Client(), req)
			if strings.Contains(string(body), gwToken) {
				t.Errorf("%s: the answer shows the token", p)
			}
		}
	}
	// A client that sends the token as its request id gets another id back (the header itself
	// goes nowhere: a request holding a token after the access check is refused).
	req := newPost(t, ps.URL+"/t/"+gwToken+"/nowhere/v1/messages", todo)
	req.Header.Set(RequestIDHeader, gwToken)
	if resp, _ := readAnswer(t, ps.Client(), req); resp.Header.Get(RequestIDHeader) == gwToken || resp.Header.Get(RequestIDHeader) == "" {
		t.Errorf("request id %q for a client id that is the token", resp.Header.Get(RequestIDHeader))
	}
	req = newPost(t, ps.URL+"/t/"+gwToken+"/nowhere/v1/messages", todo)
	req.Header.Set(RequestIDHeader, "abc-123")
	if resp, _ := readAnswer(t, ps.Client(), req); resp.Header.Get(RequestIDHeader) != "abc-123" {
		t.Errorf("request id %q, want the client's abc-123", resp.Header.Get(RequestIDHeader))
	}
	srv.Wait()
	for _, path := range []string{"/t/" + gwToken + "/stats", "/metrics"} {
		_, body := readAnswer(t, ps.Client(), newGet(t, ps.URL+path))
		if strings.Contains(string(body), gwToken) {
			t.Errorf("%s shows the token", path)
		}
	}
	if strings.Contains(logs.String(), gwToken) || strings.Contains(logs.String(), gwToken[:12]) {
		t.Errorf("the log shows the token:\n%s", logs.String())
	}
	if !strings.Contains(logs.String(), `"request_id"`) || !strings.Contains(logs.String(), `"msg":"repaired"`) {
		t.Errorf("no repair line with a request id in the log:\n%s", logs.String())
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Fatal("no samples written")
	}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		if strings.Contains(string(b), gwToken) || strings.Contains(string(b), gwToken[:12]) {
			t.Errorf("sample %s holds the token", filepath.Base(f))
		}
	}
}

// FuzzGateAdmit feeds the access check any path and header: it never panics, a request it
// admits by its path loses exactly /t/<token>, and whatever it admits keeps no trace of the token
// in its path, request line or headers.
func FuzzGateAdmit(f *testing.F) {
	for _, s := range []string{"/t/" + gwToken + "/qwen/v1/messages", "/t/" + gwToken, "/t/" + gwToken + "/", "/t//x", "/healthz", "/t/" + gwToken + "/a%2Fb?x=1", "/qwen"} {
		f.Add(s, "")
		f.Add(s, gwToken)
	}
	g, err := newGate([]string{gwToken}, []string{"*.example.com"})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, path, header string) {
		r, err := http.NewRequest(http.MethodGet, "http://127.0.0.1"+path, nil)
		if err != nil || !strings.HasPrefix(r.URL.EscapedPath(), "/") {
			return
		}
		if header != "" {
			r.Header.Set(TokenHeader, header)
		}
		before := r.URL.EscapedPath()
		ok := g.admit(r)
		if r.Header.Get(TokenHeader) != "" {
			t.Fatal("the token header stayed")
		}
		if !ok {
			return
		}
		after := r.URL.EscapedPath()
		if strings.HasPrefix(before, tokenPrefix+gwToken+"/") && after != strings.TrimPrefix(before, tokenPrefix+gwToken) {
			t.Fatalf("path %q became %q", before, after)
		}
		if strings.Contains(after, tokenPrefix+gwToken) && !strings.Contains(strings.TrimPrefix(before, tokenPrefix+gwToken), tokenPrefix+gwToken) {
			t.Fatalf("the token stayed in %q", after)
		}
		_ = g.publicHost(path)
		_ = g.publicOrigin(path)
	})
}
