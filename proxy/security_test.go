package proxy

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/sample"
	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/syncbuf"
)

// canaries are secrets a client or upstream may send; none may reach a log line.
var canaries = map[string]string{
	"x-api-key":           "sk-ant-api03-CANARYxapikey0000",
	"authorization":       "Bearer CANARYbearer1111",
	"cookie":              "session=CANARYcookie2222",
	"x-goog-api-key":      "CANARYgoog3333",
	"api-key":             "CANARYazure4444",
	"proxy-authorization": "Basic CANARYproxyauth5555",
	"query":               "CANARYquery6666",
	"userinfo":            "CANARYuserinfo7777",
	"argument":            "CANARYargument8888",
	"body":                "CANARYbody9999",
	"echo":                "CANARYecho0000",
	"panic":               "CANARYpanic1111",
	"path":                "CANARYpath2222", // a path segment: not a credential, but never logged either
}

// canaryPost is a POST of the JSON body to url with every header canary set.
func canaryPost(t *testing.T, url, body string) *http.Request {
	t.Helper()
	req := newJSONPost(t, url, strings.NewReader(body))
	for _, h := range []string{"x-api-key", "authorization", "cookie", "x-goog-api-key", "api-key", "proxy-authorization"} {
		req.Header.Set(h, canaries[h])
	}
	return req
}

// canaryRequestBody is todoRequest with a canary in the system prompt.
var canaryRequestBody = strings.Replace(todoRequest, `"max_tokens":1024,`, `"max_tokens":1024,"system":"`+canaries["body"]+`",`, 1)

// TestSecretsNeverLogged drives the server, logging JSON at debug level and sampling every
// exchange to files, through every path that logs (repairs, fail-opens, unreachable and failing upstreams, an upstream
// error echoing the key, loops, hang-ups, oversize bodies and events) with secrets in headers, the
// query, the upstream URL, the request body and tool arguments, and checks that no secret appears
// in any line. A panic in a repairer is exchange.TestPanicInRepairer's.
func TestSecretsNeverLogged(t *testing.T) {
	var logs syncbuf.Buffer
	logger := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	arg := canaries["argument"]
	leak, _ := json.Marshal("Running.\n<invoke name=\"Bash\"><parameter name=\"command\">echo " + arg + "</parameter></invoke>")
	answers := map[string]struct {
		status int
		ct     string
		body   string
	}{
		"/healthy":  {200, "text/event-stream", sseOf(evStart, evTextStart, evTextDelta, evStop0, evMsgDelta, evMsgStop)},
		"/coerce":   {200, "text/event-stream", stringifiedTodoStream(arg)},
		"/failopen": {200, "text/event-stream", sseOf(evStart, evToolStart, toolDelta(`{"todos":"`+arg+`"}`), evStop1, evMsgDelta, evMsgStop)},
		"/leak": {200, "text/event-stream", sseOf(evStart, evTextStart, `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":`+string(leak)+`}}`,
			evStop0, `{"type":"message_delta","delta":{"stop_reason":"end_turn"}}`, evMsgStop)},
		"/json":      {200, "application/json", `{"type":"message","content":[{"type":"tool_use","id":"t","name":"TodoWrite","input":{"todos":"[{\"content\":\"` + arg + `\"}]"}}],"stop_reason":"end_turn"}`},
		"/jsonbig":   {200, "application/json", `{"type":"message","content":[{"type":"text","text":"` + arg + strings.Repeat("x", 2048) + `"}]}`},
		"/oversize":  {200, "text/event-stream", sseOf(evStart, evToolStart, toolDelta(`{"todos":"[{\"content\":\"`+arg+strings.Repeat("y", 2048)+`\"}]"}`), evStop1, evMsgStop)},
		"/echo":      {401, "application/json", `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key ` + canaries["x-api-key"] + ` ` + canaries["echo"] + `"}}`},
		"/junk":      {200, "text/event-stream", sseOf(evStart) + "data: {\"billing\":\"" + canaries["echo"] + "\"}\n\n" + sseOf(evMsgStop)},
		"/chat":      {200, "text/event-stream", "data: {\"choices\":[{\"delta\":{\"content\":\"" + arg + "\"}}]}\n\ndata: [DONE]\n\n"},
		"/nonstream": {200, "text/plain", arg},
	}
	// The shared stringified-argument cases of Chat Completions and Responses, with the secret in
	// a tool argument.
	openaiReqs := map[string]string{}
	for _, d := range []struct{ protocol, route string }{{"openai", "/chatfix"}, {"responses", "/respfix"}} {
		c := cases.NamedForTest(t, d.protocol, "stringified-array-args")
		answers[d.route] = struct {
			status int
			ct     string
			body   string
		}{200, "text/event-stream", strings.Replace(string(c.Upstream), "test", arg, 1)}
		openaiReqs[d.route] = strings.Replace(string(c.Request), `"Please help."`, `"`+canaries["body"]+`"`, 1)
	}
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		name := "/" + strings.Split(strings.TrimPrefix(r.URL.Path, "/"), "/")[0]
		if name == "/drop" { // the connection breaks mid-stream
			conn, bw, _ := http.NewResponseController(w).Hijack()
			body := sseOf(evStart, evToolStart, toolDelta(`{"todos":"[{\"content\":\"`+arg))
			fmt.Fprintf(bw, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n", len(body), body)
			_ = bw.Flush()
			conn.Close()
			return
		}
		if name == "/hangup" {
			w.Header().Set("Content-Type", "text/event-stream")
			_, _ = io.WriteString(w, sseOf(evStart, evToolStart, toolDelta(`{"todos":"`+arg)))
			w.(http.Flusher).Flush()
			<-r.Context().Done()
			return
		}
		a := answers[name]
		w.Header().Set("Content-Type", a.ct)
		w.Header().Set("Set-Cookie", canaries["cookie"])
		w.WriteHeader(a.status)
		_, _ = io.WriteString(w, a.body)
	}))
	defer up.Close()
	upHost := strings.TrimPrefix(up.URL, "http://")
	var routes []Route
	for _, n := range []string{"healthy", "coerce", "failopen", "leak", "json", "jsonbig", "oversize", "echo", "junk", "drop", "hangup", "nonstream", "chatfix", "respfix"} {
		routes = append(routes, Route{Name: n, Upstream: "http://user:" + canaries["userinfo"] + "@" + upHost + "/" + n})
	}
	routes = append(routes,
		Route{Name: "down", Upstream: "http://user:" + canaries["userinfo"] + "@127.0.0.1:1/v1"},
		Route{Name: "tls", Upstream: "https://user:" + canaries["userinfo"] + "@" + upHost}, // TLS to a plain HTTP server: a handshake error
		Route{Name: "loop", Upstream: "http://placeholder"},
		Route{Upstream: up.URL + "/chat"})
	ps := httptest.NewUnstartedServer(nil)
	routes[len(routes)-2].Upstream = "http://user:" + canaries["userinfo"] + "@" + ps.Listener.Addr().String()
	_, store := openSamples(t, sample.ModeAll, 1000)
	srv := newHandler(t, "", Options{Routes: routes, Logger: logger, MaxJSONBody: 1024, MaxEvent: 1024, MaxRequestBody: 64 << 10, Samples: store})
	ps.Config.Handler = srv
	ps.Start()
	defer ps.Close()

	paths := []string{"/healthy/v1/messages", "/coerce/v1/messages", "/failopen/v1/messages", "/leak/v1/messages", "/json/v1/messages",
		"/jsonbig/v1/messages", "/oversize/v1/messages", "/echo/v1/messages", "/junk/v1/messages", "/drop/v1/messages",
		"/nonstream/v1/messages", "/down/v1/messages", "/tls/v1/messages", "/loop/v1/messages", "/v1/chat/completions", "/nope" + canaries["path"] + "/x"}
	for _, p := range paths {
		resp, err := ps.Client().Do(canaryPost(t, ps.URL+p+"?key="+canaries["query"], canaryRequestBody))
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	for route, path := range map[string]string{"/chatfix": "/v1/chat/completions", "/respfix": "/v1/responses"} {
		if openaiReqs[route] == "" {
			t.Fatalf("no shared case for %s", route)
		}
		resp, err := ps.Client().Do(canaryPost(t, ps.URL+route+path+"?key="+canaries["query"], openaiReqs[route]))
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	// A request over the size limit, with the secret past the limit.
	big := strings.Replace(canaryRequestBody, `"system":"`, `"system":"`+strings.Repeat("z", 80<<10), 1)
	if resp, err := ps.Client().Do(canaryPost(t, ps.URL+"/healthy/v1/messages", big)); err == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	// A client that hangs up inside a held tool call.
	if resp, err := ps.Client().Do(canaryPost(t, ps.URL+"/hangup/v1/messages", canaryRequestBody)); err == nil {
		_, _ = (&sse.Reader{R: resp.Body}).Next()
		resp.Body.Close()
	}
	// A client whose body breaks off.
	if c, err := net.Dial("tcp", ps.Listener.Addr().String()); err == nil {
		fmt.Fprintf(c, "POST /healthy/v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: %s\r\nContent-Length: 1000\r\n\r\n{\"system\":\"%s", canaries["x-api-key"], canaries["body"])
		_ = c.(*net.TCPConn).CloseWrite()
		_, _ = io.Copy(io.Discard, c) // ends when the server has given up on the request
		c.Close()
	}
	ps.Close() // wait for every handler,
	srv.Wait() // and every sample, and so every log line

	out := logs.String()
	for _, want := range []string{`"dialect":"chat","kind":"coerce"`, `"dialect":"responses","kind":"coerce"`, `"msg":"repaired"`, `"msg":"fail open"`, `"msg":"upstream unreachable"`,
		`"msg":"reading upstream"`, `"msg":"body over the repair size limit, passed through"`, `"msg":"request body over the size limit`, `"msg":"reading request body"`} {
		if !strings.Contains(out, want) {
			t.Errorf("no log line %s: the path was not exercised\n%s", want, out)
		}
	}
	for name, secret := range canaries {
		core := secret[strings.Index(secret, "CANARY"):]
		if strings.Contains(out, core) {
			for _, line := range strings.Split(out, "\n") {
				if strings.Contains(line, core) {
					t.Errorf("the %s secret is in a log line: %s", name, line)
				}
			}
		}
	}
	t.Logf("%d log lines checked", strings.Count(out, "\n"))
	checkSampleFiles(t, store.Dir())
}

// credentialCanaries are the canaries that are credentials (not conversation, which samples keep
// by design): none may reach a file.
var credentialCanaries = []string{"x-api-key", "authorization", "cookie", "x-goog-api-key", "api-key", "proxy-authorization", "query", "userinfo"}

// checkSampleFiles checks every file in the samples folder: the folder 0700, each file 0600, and
// no credential canary in the file or in its decoded bodies (a body not valid UTF-8 is stored in
// base64).
func checkSampleFiles(t *testing.T, dir string) {
	t.Helper()
	checkPerm(t, dir, 0o700)
	files := savedSamples(t, dir)
	if len(files) < 10 {
		t.Fatalf("%d sample files: the exchanges were not sampled", len(files))
	}
	for _, f := range files {
		checkPerm(t, f.path, 0o600)
		text := string(f.data)
		if x, err := sample.Parse(f.data); err == nil {
			text += string(x.Request.Body) + string(x.Response.Body) + string(x.ClientBody())
		}
		for _, name := range credentialCanaries {
			secret := canaries[name]
			if core := secret[strings.Index(secret, "CANARY"):]; strings.Contains(text, core) {
				t.Errorf("the %s secret is in sample %s", name, f.path)
			}
		}
	}
}

// TestRealLoopAnswers508: a route whose upstream is the proxy itself gets 508 from the second hop,
// passed back to the client, and the request goes round no further.
func TestRealLoopAnswers508(t *testing.T) {
	ps := httptest.NewUnstartedServer(nil)
	srv := newHandler(t, "", Options{Routes: []Route{{Name: "claude", Upstream: "http://" + ps.Listener.Addr().String() + "/claude"}}})
	ps.Config.Handler = srv
	ps.Start()
	defer ps.Close()
	resp, b := readAnswer(t, ps.Client(), canaryPost(t, ps.URL+"/claude/v1/messages", todoRequest))
	if resp.StatusCode != http.StatusLoopDetected || !strings.Contains(string(b), "already passed through toolfix") {
		t.Fatalf("got %d %s", resp.StatusCode, b)
	}
	if n := srv.Stats.Snapshot().Requests["claude"]; n != 1 {
		t.Errorf("%d requests forwarded, want 1", n)
	}
	for _, s := range canaries {
		if strings.Contains(string(b), s) {
			t.Errorf("the 508 body holds a secret: %s", b)
		}
	}
}

// TestUpstreamErrorsHideSecrets holds issue 13 item 8 for the errors serve prints about a bad
// upstream: they name the URL with its password and keys replaced.
func TestUpstreamErrorsHideSecrets(t *testing.T) {
	for _, raw := range []string{
		"ftp://me:hunter2pw@gw.example/v1",
		"http://me:hunter2pw@gw.example:port/v1",
		"https://me:hunter2pw@gw.example/v1?api_key=hunter2pw",
		"http://me:hunter2pw@/v1",
		"http://me:hunter2pw@gw.example/%zz",
	} {
		_, err := ParseUpstream(raw)
		if err == nil {
			t.Errorf("ParseUpstream(%q): no error", raw)
			continue
		}
		if strings.Contains(err.Error(), "hunter2pw") {
			t.Errorf("ParseUpstream(%q) = %v: shows the password", raw, err)
		}
	}
}
