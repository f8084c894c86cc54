package proxy

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

func TestPathCheck(t *testing.T) {
	healthy := sseOf(evStart, evTextStart, evTextDelta, evStop0, evMsgDelta, evMsgStop)
	tok := "/t/" + gwToken
	tests := []struct {
		name, path string
		header     map[string]string
		gateway    bool
		want       int
		wantPath   string // what the upstream sees; "" when nothing goes upstream
	}{
		{"plain, gateway", tok + "/qwen/messages", nil, true, 200, "/base/messages?"},
		{"plain, loopback", "/qwen/messages", nil, false, 200, "/base/messages?"},
		{"an encoded slash in a name passes", tok + "/qwen/models/a%2Fb", nil, true, 200, "/base/models/a%2Fb?"},
		{"dots inside a name pass", tok + "/qwen/models/a..b/.x", nil, true, 200, "/base/models/a..b/.x?"},
		{"raw dot-dot", tok + "/qwen/../admin/secret", nil, true, 400, ""},
		{"raw dot-dot right after the token", tok + "/../admin/secret", nil, true, 400, ""},
		{"raw dot", tok + "/qwen/./messages", nil, true, 400, ""},
		{"encoded dot-dot", tok + "/qwen/%2e%2e/admin", nil, true, 400, ""},
		{"encoded dot-dot, upper case", tok + "/qwen/%2E%2E/admin", nil, true, 400, ""},
		{"mixed dot-dot", tok + "/qwen/.%2E/admin", nil, true, 400, ""},
		{"encoded dot", tok + "/qwen/%2e/messages", nil, true, 400, ""},
		{"dot-dot before an encoded slash", tok + "/qwen/..%2fadmin", nil, true, 400, ""},
		{"dot-dot before an encoded upper-case slash", tok + "/qwen/%2e%2e%2Fadmin", nil, true, 400, ""},
		{"dot-dot before an encoded backslash", tok + "/qwen/..%5cadmin", nil, true, 400, ""},
		{"dot-dot before a backslash", tok + "/qwen/..\\admin", nil, true, 400, ""},
		{"dot-dot at the end", tok + "/qwen/v1/..", nil, true, 400, ""},
		{"loopback raw dot-dot", "/qwen/../admin", nil, false, 400, ""},
		{"loopback encoded dot-dot", "/qwen/%2e%2E/admin", nil, false, 400, ""},
		{"loopback dot-dot before an encoded slash", "/qwen/v1%2f..%2fadmin", nil, false, 400, ""},
		{"the token twice", tok + tok + "/qwen/messages", nil, true, 400, ""},
		{"the token twice, after the route", tok + "/qwen" + tok + "/messages", nil, true, 400, ""},
		{"the other token after the first", tok + "/qwen/t/" + gwToken2 + "/messages", nil, true, 400, ""},
		{"a token as a bare segment", tok + "/qwen/" + gwToken + "/messages", nil, true, 400, ""},
		{"a token in the query", tok + "/qwen/messages?key=" + gwToken2, nil, true, 400, ""},
		{"a token in the path, the header too", tok + "/qwen/messages", map[string]string{TokenHeader: gwToken}, true, 200, "/base/messages?"},
		{"the header token, again in the path", "/qwen" + tok + "/messages", map[string]string{TokenHeader: gwToken}, true, 400, ""},
		{"a token inside a word", tok + "/qwen/x" + gwToken + "y/messages", nil, true, 400, ""},
		{"a token percent-encoded", tok + "/qwen/%74" + gwToken[1:] + "/messages", nil, true, 400, ""},
		{"a token percent-encoded twice", tok + "/qwen/%2574" + gwToken[1:] + "/messages", nil, true, 400, ""},
		{"dot-dot percent-encoded twice", tok + "/qwen/%252e%252E/admin", nil, true, 400, ""},
		{"a token as the API key", tok + "/qwen/messages", map[string]string{"Authorization": "Bearer " + gwToken2}, true, 400, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, up := newGatewayUpstream(t, healthy)
			opts := Options{Routes: []Route{{Name: "qwen", Upstream: up.URL + "/base"}}}
			if tc.gateway {
				opts.AccessTokens = []string{gwToken, gwToken2}
			}
			_, ps := newServer(t, "", opts)
			req, err := http.NewRequest(http.MethodPost, ps.URL+"/", strings.NewReader(`{"model":"m","stream":true,"messages":[]}`))
			if err != nil {
				t.Fatal(err)
			}
			req.URL.Opaque = tc.path // sent as it is, dot segments and all
			if i := strings.IndexByte(tc.path, '?'); i >= 0 {
				req.URL.Opaque, req.URL.RawQuery = tc.path[:i], tc.path[i+1:]
			}
			for k, v := range tc.header {
				req.Header.Set(k, v)
			}
			resp, body := readAnswer(t, ps.Client(), req)
			if resp.StatusCode != tc.want {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tc.want, body)
			}
			if strings.Contains(string(body), gwToken) || strings.Contains(string(body), gwToken2) {
				t.Errorf("the answer shows a token: %s", body)
			}
			if tc.want == 400 {
				var e struct {
					Error struct{ Type, Message string }
				}
				if json.Unmarshal(body, &e) != nil || e.Error.Type != "invalid_request_error" || e.Error.Message == "" {
					t.Errorf("400 body %s, want an API-shaped invalid_request_error saying why", body)
				}
			}
			if tc.wantPath == "" {
				select {
				case p := <-g.paths:
					t.Fatalf("went upstream as %s", p)
				default:
				}
				return
			}
			if p := <-g.paths; p != tc.wantPath {
				t.Errorf("upstream path %q, want %q", p, tc.wantPath)
			}
			if h := <-g.headers; h.Get(TokenHeader) != "" {
				t.Errorf("the token header went upstream")
			}
		})
	}
}

// recordTransport answers every request 200 with an empty SSE stream and keeps its URL.
type recordTransport struct{ got []*url.URL }

func (rt *recordTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	rt.got = append(rt.got, r.URL)
	if r.Body != nil {
		_, _ = io.Copy(io.Discard, r.Body)
		_ = r.Body.Close()
	}
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"text/event-stream"}}, Body: io.NopCloser(strings.NewReader("")), Request: r}, nil
}

// fullyDecoded percent-decodes p until nothing changes (or it no longer decodes).
func fullyDecoded(p string) string {
	for range 8 {
		d, err := url.PathUnescape(p)
		if err != nil || d == p {
			break
		}
		p = d
	}
	return p
}

// FuzzPathCheck sends any path, in gateway mode, to a route whose upstream has a base path: what
// reaches the upstream always starts with the base path and holds no token and no dot segment,
// in whatever encoding.
func FuzzPathCheck(f *testing.F) {
	for _, s := range []string{"/t/" + gwToken + "/qwen/v1/messages", "/t/" + gwToken + "/../admin", "/t/" + gwToken + "/%2e%2E/admin", "/t/" + gwToken + "/t/" + gwToken + "/v1/messages", "/t/" + gwToken + "/qwen/..%2fx", "/t/" + gwToken + "/qwen/a%2Fb?x=1", "/t/" + gwToken + "/v1/..\\x", "/t/" + gwToken + "/qwen/.%2e"} {
		f.Add(s)
	}
	rt := &recordTransport{}
	srv, err := New(Options{Routes: []Route{{Name: "qwen", Upstream: "http://127.0.0.1:9/base"}, {Upstream: "http://127.0.0.1:9/root/"}}, AccessTokens: []string{gwToken, gwToken2}, Transport: rt})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, path string) {
		r, err := http.NewRequest(http.MethodPost, "http://127.0.0.1/", strings.NewReader(`{"model":"m","messages":[]}`))
		if err != nil {
			t.Fatal(err)
		}
		before, query, _ := strings.Cut(path, "?")
		if !strings.HasPrefix(before, "/") || strings.ContainsAny(path, " \r\n\t\x00#") {
			return
		}
		r.URL.Opaque, r.URL.RawQuery = before, query
		r.URL, err = url.ParseRequestURI(r.URL.RequestURI())
		if err != nil {
			return
		}
		r.URL.Scheme, r.URL.Host = "", ""
		r.RequestURI = r.URL.RequestURI()
		r.Host = "127.0.0.1"
		rt.got = rt.got[:0]
		srv.ServeHTTP(httptest.NewRecorder(), r)
		for _, u := range rt.got {
			sent := u.RequestURI()
			if !strings.HasPrefix(sent, "/base/") && sent != "/base" && !strings.HasPrefix(sent, "/base?") && !strings.HasPrefix(sent, "/root/") {
				t.Fatalf("%q went upstream as %q, outside the base path", path, sent)
			}
			dec := fullyDecoded(u.EscapedPath())
			for _, seg := range strings.FieldsFunc(dec, func(c rune) bool { return c == '/' || c == '\\' }) {
				if seg == "." || seg == ".." {
					t.Fatalf("%q went upstream as %q, with a dot segment", path, sent)
				}
			}
			for _, tok := range []string{gwToken, gwToken2} {
				if strings.Contains(sent, tok) || strings.Contains(fullyDecoded(sent), tok) {
					t.Fatalf("%q went upstream as %q, with a token", path, sent)
				}
			}
		}
	})
}
