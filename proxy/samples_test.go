package proxy

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/exchange"
	"github.com/toolfix/toolfix/proxy/sample"
	"github.com/toolfix/toolfix/proxy/sse"
)

// canary returns a fresh random string of base-62 characters; every test run uses new ones.
func canary(n int) string {
	const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	b := make([]byte, n)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

// sseEvent builds one Anthropic event.
func sseEvent(typ string, data any) string {
	j, _ := json.Marshal(data)
	return "event: " + typ + "\ndata: " + string(j) + "\n\n"
}

func inputDelta(index int, partial string) string {
	return sseEvent("content_block_delta", map[string]any{"type": "content_block_delta", "index": index, "delta": map[string]any{"type": "input_json_delta", "partial_json": partial}})
}

// canaryExchange builds a request and a streamed answer that carry secrets everywhere a sample
// could pick them up: request headers, the conversation, an earlier tool call's input, response
// headers, text, and the arguments of a stringified TodoWrite call (which toolfix repairs), there
// split between two deltas.
func canaryExchange() (secrets []string, reqHeader http.Header, reqBody []byte, respHeader http.Header, upstream []byte) {
	keyHdr := "sk-ant-api03-" + canary(40)
	bearer := canary(36)
	cookie := canary(30)
	custom := canary(24)
	inBody := "sk-proj-" + canary(40)
	inOldInput := "sk-ant-api03-" + canary(48)
	inText := "ghp_" + canary(36)
	argsCore := canary(20) // short: only the joined deltas show it is part of a key
	inArgs := "sk-ant-api03-" + argsCore
	inBash := "sk-" + canary(44)
	setCookie := canary(28)
	respToken := canary(20)
	secrets = []string{keyHdr, bearer, cookie, custom, inBody, inOldInput, inText, argsCore, inBash, setCookie, respToken}

	reqHeader = http.Header{}
	reqHeader.Set("Content-Type", "application/json")
	reqHeader.Set("x-api-key", keyHdr)
	reqHeader.Set("Authorization", "Bearer "+bearer)
	reqHeader.Set("Cookie", "session="+cookie)
	reqHeader.Set("X-Custom-Secret", custom)

	req := map[string]any{
		"model": "claude-test", "max_tokens": 1000, "stream": true,
		"messages": []any{
			map[string]any{"role": "user", "content": "my key is " + inBody + ", please store it"},
			map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "tool_use", "id": "toolu_01AAAAAAAAAAAAAAAAAAAAAAAA", "name": "Bash", "input": map[string]any{"command": "export ANTHROPIC_API_KEY=" + inOldInput}}}},
			map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": "toolu_01AAAAAAAAAAAAAAAAAAAAAAAA", "content": "ok"}}},
		},
		"tools": []any{
			map[string]any{"name": "TodoWrite", "input_schema": map[string]any{"type": "object", "required": []any{"todos"}, "properties": map[string]any{"todos": map[string]any{"type": "array", "items": map[string]any{"type": "object", "properties": map[string]any{"content": map[string]any{"type": "string"}, "status": map[string]any{"type": "string"}}}}}}},
			map[string]any{"name": "Bash", "input_schema": map[string]any{"type": "object", "required": []any{"command"}, "properties": map[string]any{"command": map[string]any{"type": "string"}}}},
		},
	}
	reqBody, _ = json.Marshal(req)

	respHeader = http.Header{}
	respHeader.Set("Content-Type", "text/event-stream")
	respHeader.Set("Set-Cookie", "sid="+setCookie+"; HttpOnly")
	respHeader.Set("X-Request-Token", respToken)

	// The TodoWrite input, stringified, as the model sent it; the key is cut in two deltas.
	todos, _ := json.Marshal([]any{map[string]any{"content": "Rotate " + inArgs + " today", "status": "pending"}})
	input, _ := json.Marshal(map[string]any{"todos": string(todos)})
	cut := bytes.Index(input, []byte(inArgs)) + len("sk-ant-api")
	bash, _ := json.Marshal(map[string]any{"command": "curl -H 'x-api-key: " + inBash + "' https://example.test"})

	var b strings.Builder
	b.WriteString(sseEvent("message_start", map[string]any{"type": "message_start", "message": map[string]any{"id": "msg_01X", "type": "message", "role": "assistant", "content": []any{}, "stop_reason": nil}}))
	b.WriteString(sseEvent("content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": map[string]any{"type": "text", "text": ""}}))
	b.WriteString(sseEvent("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": map[string]any{"type": "text_delta", "text": "Use the token " + inText + " with Authorization: Bearer " + canary(4) + "."}}))
	b.WriteString(sseEvent("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0}))
	b.WriteString(sseEvent("content_block_start", map[string]any{"type": "content_block_start", "index": 1, "content_block": map[string]any{"type": "tool_use", "id": "toolu_01BBBBBBBBBBBBBBBBBBBBBBBB", "name": "TodoWrite", "input": map[string]any{}}}))
	b.WriteString(inputDelta(1, string(input[:cut])))
	b.WriteString(inputDelta(1, string(input[cut:])))
	b.WriteString(sseEvent("content_block_stop", map[string]any{"type": "content_block_stop", "index": 1}))
	b.WriteString(sseEvent("content_block_start", map[string]any{"type": "content_block_start", "index": 2, "content_block": map[string]any{"type": "tool_use", "id": "toolu_01CCCCCCCCCCCCCCCCCCCCCCCC", "name": "Bash", "input": map[string]any{}}}))
	b.WriteString(inputDelta(2, string(bash)))
	b.WriteString(sseEvent("content_block_stop", map[string]any{"type": "content_block_stop", "index": 2}))
	b.WriteString(sseEvent("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": "tool_use"}}))
	b.WriteString(sseEvent("message_stop", map[string]any{"type": "message_stop"}))
	return secrets, reqHeader, reqBody, respHeader, []byte(b.String())
}

// serveWithDone serves srv on loopback and returns its URL and a channel that gets a value each time a
// request's handler has returned (so its sample is on disk).
func serveWithDone(t *testing.T, srv http.Handler) (string, <-chan struct{}) {
	t.Helper()
	done := make(chan struct{}, 16)
	ps := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() { done <- struct{}{} }()
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(ps.Close)
	return ps.URL, done
}

// answerOnce serves srv on loopback, sends it the request newRequest builds for the server's URL,
// and returns the client's body once the handler has returned and srv has written its samples.
func answerOnce(t *testing.T, srv *Server, newRequest func(url string) *http.Request) []byte {
	t.Helper()
	url, done := serveWithDone(t, srv)
	_, got := readAnswer(t, http.DefaultClient, newRequest(url))
	<-done
	srv.Wait()
	return got
}

func TestSamplesHoldNoSecrets(t *testing.T) {
	for _, mode := range []sample.Mode{sample.ModeRepairs, sample.ModeAll} {
		t.Run(string(mode), func(t *testing.T) {
			secrets, reqHeader, reqBody, respHeader, upstream := canaryExchange()
			up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				for k, vv := range respHeader {
					w.Header()[k] = vv
				}
				_, _ = w.Write(upstream)
			}))
			defer up.Close()
			dir, store := openSamples(t, mode, 0)
			var logs bytes.Buffer
			logger := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
			srv := newHandler(t, "", Options{Routes: []Route{{Name: "claude", Upstream: up.URL}}, Samples: store, Logger: logger})
			got := answerOnce(t, srv, func(url string) *http.Request {
				req, _ := http.NewRequest(http.MethodPost, url+"/claude/v1/messages?beta=true", bytes.NewReader(reqBody))
				req.Header = reqHeader.Clone()
				return req
			})
			msg, err := client.AnthropicStream(got)
			if err != nil {
				t.Fatalf("the client's stream: %v", err)
			}
			if in, ok := msg.Content[1].Input.(map[string]any); !ok || fmt.Sprintf("%T", in["todos"]) != "[]interface {}" {
				t.Fatalf("the TodoWrite call was not repaired: %#v", msg.Content[1].Input)
			}

			files := savedSamples(t, dir)
			if len(files) != 1 {
				var names []string
				for _, f := range files {
					names = append(names, filepath.Base(f.path))
				}
				t.Fatalf("%d files in the samples folder, want 1: %v", len(files), names)
			}
			checkPerm(t, dir, 0o700)
			for _, f := range files {
				checkPerm(t, f.path, 0o600)
				for i, s := range secrets {
					if bytes.Contains(f.data, []byte(s)) {
						t.Errorf("secret %d (%.12s…) is in %s", i, s, filepath.Base(f.path))
					}
				}
				checkSampleParses(t, f.path, f.data)
			}
			for i, s := range secrets {
				if bytes.Contains(logs.Bytes(), []byte(s)) {
					t.Errorf("secret %d is in the log", i)
				}
			}
			if !bytes.Contains(logs.Bytes(), []byte("sample saved")) {
				t.Errorf("the log does not show the sample: %s", logs.Bytes())
			}
		})
	}
}

// TestChatSamplesHoldNoSecrets sends a Chat Completions stream whose stringified arguments carry a
// key cut between the first chunk of the call (with its id, type and name) and the next.
func TestChatSamplesHoldNoSecrets(t *testing.T) {
	core := canary(20)
	key := "sk-ant-api03-" + core
	bearer := canary(40)
	todos, _ := json.Marshal([]any{map[string]any{"content": "rotate " + key, "status": "pending", "priority": "high"}})
	args, _ := json.Marshal(map[string]any{"todos": string(todos)})
	cut := bytes.Index(args, []byte(key)) + len("sk-ant-api")
	chunk := func(delta any, finish any) string {
		b, _ := json.Marshal(map[string]any{"id": "chatcmpl-1", "object": "chat.completion.chunk", "choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}})
		return "data: " + string(b) + "\n\n"
	}
	quote := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	// Members in the order the API sends them: index first, the call's type in its first delta only.
	body := chunk(map[string]any{"role": "assistant", "content": ""}, nil) +
		`data: {"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"todowrite","arguments":` + quote(string(args[:cut])) + `}}]},"finish_reason":null}]}` + "\n\n" +
		`data: {"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":` + quote(string(args[cut:])) + `}}]},"finish_reason":null}]}` + "\n\n" +
		chunk(map[string]any{}, "tool_calls") + "data: [DONE]\n\n"
	req, _ := json.Marshal(map[string]any{"model": "m", "stream": true, "messages": []any{map[string]any{"role": "user", "content": "hi"}},
		"tools": []any{map[string]any{"type": "function", "function": map[string]any{"name": "todowrite", "parameters": map[string]any{"type": "object", "required": []any{"todos"}, "properties": map[string]any{"todos": map[string]any{"type": "array", "items": map[string]any{"type": "object"}}}}}}}})
	up := answerUpstream(t, "text/event-stream", body)
	dir, store := openSamples(t, sample.ModeRepairs, 0)
	srv := newHandler(t, "", Options{Routes: []Route{{Name: "opencode-x", Upstream: up.URL}}, Samples: store})
	got := answerOnce(t, srv, func(url string) *http.Request {
		r, _ := http.NewRequest(http.MethodPost, url+"/opencode-x/chat/completions", bytes.NewReader(req))
		r.Header.Set("Authorization", "Bearer "+bearer)
		return r
	})
	if !bytes.Contains(got, []byte(`\"todos\":[{`)) {
		t.Fatalf("the call was not repaired:\n%s", got)
	}
	data := theSample(t, dir)
	for _, s := range []string{core, bearer} {
		if bytes.Contains(data, []byte(s)) {
			t.Errorf("secret %.8s… is in the sample", s)
		}
	}
	x, err := sample.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range [][]byte{x.Response.Body, x.ClientBody()} {
		for _, line := range strings.Split(string(b), "\n") {
			if d, ok := strings.CutPrefix(line, "data: "); ok && d != "[DONE]" && !json.Valid([]byte(d)) {
				t.Errorf("a data line is no longer JSON: %s", d)
			}
		}
	}
}

// savedFile is one file of a samples folder: its path and what it holds.
type savedFile struct {
	path string
	data []byte
}

// theSample is what the one file in the samples folder dir holds; it stops the test when the
// folder holds another number of files.
func theSample(t *testing.T, dir string) []byte {
	t.Helper()
	files := savedSamples(t, dir)
	if len(files) != 1 {
		t.Fatalf("%d samples, want 1", len(files))
	}
	return files[0].data
}

// savedSamples reads every file under the samples folder dir.
func savedSamples(t *testing.T, dir string) []savedFile {
	t.Helper()
	var files []savedFile
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		files = append(files, savedFile{p, data})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func checkPerm(t *testing.T, path string, want fs.FileMode) {
	t.Helper()
	if runtime.GOOS == "windows" {
		return // permission bits are not Unix's there
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != want {
		t.Errorf("%s has mode %v, want %v", path, fi.Mode().Perm(), want)
	}
}

// checkSampleParses reads a sample and checks that its request body is JSON, its response and
// client bodies frame as SSE whose every data line is JSON, and the client body accumulates.
func checkSampleParses(t *testing.T, name string, data []byte) {
	t.Helper()
	x, err := sample.Parse(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if x.Redacted == 0 {
		t.Errorf("%s: no redaction counted", name)
	}
	if !json.Valid(x.Request.Body) {
		t.Errorf("%s: the request body is no longer JSON", name)
	}
	for _, body := range [][]byte{x.Response.Body, x.ClientBody()} {
		fr := &sse.Reader{R: bytes.NewReader(body)}
		for {
			ev, err := fr.Next()
			if err != nil {
				break
			}
			if _, d, ok := sse.Fields(ev.Raw); ok && !json.Valid(d) {
				t.Errorf("%s: a data line is no longer JSON: %s", name, d)
			}
		}
	}
	if _, err := client.AnthropicStream(x.ClientBody()); err != nil {
		t.Errorf("%s: the client body does not accumulate: %v", name, err)
	}
	if res, err := exchange.ReplaySample(x); err != nil || len(res.Repairs) == 0 {
		t.Errorf("%s: replaying the sample repairs nothing (%v)", name, err)
	}
}

func TestSampleModes(t *testing.T) {
	var ok, broken cases.Case
	for _, c := range cases.ForTest(t, "anthropic") {
		switch c.Name {
		case "healthy-tool-use":
			ok = c
		case "stringified-array-todos":
			broken = c
		}
	}
	tests := []struct {
		mode      sample.Mode
		c         cases.Case
		wantFiles int
	}{
		{sample.ModeRepairs, ok, 0},
		{sample.ModeRepairs, broken, 1},
		{sample.ModeAll, ok, 1},
		{sample.ModeAll, broken, 1},
		{sample.ModeOff, broken, 0},
	}
	for _, tc := range tests {
		t.Run(string(tc.mode)+"/"+tc.c.Name, func(t *testing.T) {
			dir, store := openSamples(t, tc.mode, 0)
			got, _ := runCaseWith(t, tc.c, Options{Samples: store})
			var files []savedFile
			if tc.mode != sample.ModeOff {
				files = savedSamples(t, dir)
			} else if _, err := os.Stat(dir); err == nil {
				t.Errorf("mode off created %s", dir)
			}
			if len(files) != tc.wantFiles {
				t.Fatalf("%d samples, want %d", len(files), tc.wantFiles)
			}
			for _, f := range files {
				x, err := sample.Parse(f.data)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(x.Response.Body, tc.c.Upstream) || !bytes.Equal(x.ClientBody(), got) || !bytes.Equal(x.Request.Body, tc.c.Request) {
					t.Errorf("the sample does not hold the exchange's bytes")
				}
				if (x.Client != nil) != !bytes.Equal(got, tc.c.Upstream) {
					t.Errorf("client part present %v, body changed %v", x.Client != nil, !bytes.Equal(got, tc.c.Upstream))
				}
				if x.Route != "" || x.Dialect != "anthropic" || x.Path != "/v1/messages" || x.Response.Status != 200 {
					t.Errorf("sample labels: route %q dialect %q path %q status %d", x.Route, x.Dialect, x.Path, x.Response.Status)
				}
			}
		})
	}
}

// openSamples opens a store in a fresh folder that keeps the newest keep samples (zero: the
// store's default) of the exchanges mode selects, and returns the folder and the store (nil for
// sample.ModeOff).
func openSamples(t *testing.T, mode sample.Mode, keep int) (string, *sample.Store) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "samples")
	store, err := sample.Open(dir, mode, keep)
	if err != nil {
		t.Fatal(err)
	}
	return dir, store
}

// sampledAnswer sends todoRequest to /v1/messages through a Server built with opts (no Routes; a
// root route to an upstream that answers body, and Samples, a store of repair samples, are set
// here) and returns the client's body and the samples folder, once the handler has returned and
// its sample is written.
func sampledAnswer(t *testing.T, body string, opts Options) ([]byte, string) {
	t.Helper()
	up := answerUpstream(t, "text/event-stream", body)
	dir, store := openSamples(t, sample.ModeRepairs, 0)
	opts.Samples = store
	srv := newHandler(t, up.URL, opts)
	got := answerOnce(t, srv, func(url string) *http.Request { return newPost(t, url+"/v1/messages", todoRequest) })
	return got, dir
}

// runCaseWith sends one case's request through a Server built with opts (no Routes; a root route
// to the case's upstream is set here) and returns the client's body and the server, once the
// handler has returned and its sample (if any) is written.
func runCaseWith(t *testing.T, c cases.Case, opts Options) ([]byte, *Server) {
	t.Helper()
	ups := httptest.NewServer(&caseUpstream{c: c, seed: 1})
	t.Cleanup(ups.Close)
	srv := newHandler(t, ups.URL, opts)
	got := answerOnce(t, srv, func(url string) *http.Request {
		return newJSONPost(t, url+casePath(c.Protocol), bytes.NewReader(c.Request))
	})
	return got, srv
}

// TestSampleCutAtMaxHeld: with MaxHeld set, a sample keeps that much of each body and says it
// was cut; the held input over the limit passed as it came, a fail-open the sample records.
func TestSampleCutAtMaxHeld(t *testing.T) {
	body := stringifiedTodoStream(strings.Repeat("x", 400))
	const limit = 256
	got, dir := sampledAnswer(t, body, Options{MaxHeld: limit})
	if string(got) != body {
		t.Fatalf("a held input over the limit did not pass as it came:\n%s", got)
	}
	data := theSample(t, dir)
	x, err := sample.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if !x.Response.Truncated || len(x.Response.Body) > limit || len(x.FailOpens) != 1 {
		t.Fatalf("response truncated %v (%d bytes), fail-opens %q", x.Response.Truncated, len(x.Response.Body), x.FailOpens)
	}
}

// TestSampleOfSpilledCapture: the sample of a repaired exchange whose bodies outgrew the capture's
// memory part (the rest in its temporary file, one line of the answer past 1 MiB) is read back
// from both: the upstream's and the client's bodies as they went, the key in them redacted.
func TestSampleOfSpilledCapture(t *testing.T) {
	key := "sk-ant-api03-" + canary(40)
	body := stringifiedTodoStream("rotate " + key + " " + strings.Repeat("then fix the parser, (again) ", 100_000))
	if len(body) < 2<<20 { // twice the capture's memory part (observe.capMemory, 1 MiB)
		t.Fatalf("the stream is %d bytes, too short to spill", len(body))
	}
	t.Setenv("TMPDIR", t.TempDir())
	got, dir := sampledAnswer(t, body, Options{})
	if string(got) == body {
		t.Fatalf("the stringified input was not repaired")
	}
	data := theSample(t, dir)
	if bytes.Contains(data, []byte(key[len("sk-ant-"):])) || bytes.Contains(data, []byte("sk-ant-")) {
		t.Fatalf("the key survived in the sample")
	}
	x, err := sample.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	redact := func(s string) string { return strings.ReplaceAll(s, key, sample.Marker) }
	if x.Client == nil || string(x.Response.Body) != redact(body) || string(x.Client.Body) != redact(string(got)) {
		t.Fatalf("bodies not as they went: response %d bytes (want %d), client %v", len(x.Response.Body), len(redact(body)), x.Client != nil)
	}
	if x.Response.Truncated || x.Client.Truncated || x.Redacted < 2 {
		t.Fatalf("truncated %v/%v, redacted %d", x.Response.Truncated, x.Client.Truncated, x.Redacted)
	}
	if left, _ := os.ReadDir(os.Getenv("TMPDIR")); len(left) != 0 {
		t.Fatalf("capture files left behind: %v", left)
	}
}

// TestWholeAnswerSamples: every hand-made non-streamed case (a folder ending -nonstream, the peer
// vector batches left out) answered with samples of every exchange kept: the sample holds the
// upstream's body and the client's exactly as they came, whether the answer is read into a
// buffer of its Content-Length or in pieces (chunked), now that the capture keeps the whole
// answer by reference instead of a copy (observe.Capture.Whole).
func TestWholeAnswerSamples(t *testing.T) {
	all, err := cases.All()
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, c := range all {
		if !strings.HasSuffix(c.Name, "-nonstream") || peerCase(c.Name) {
			continue
		}
		gz := false
		for k, v := range c.Headers {
			gz = gz || strings.EqualFold(k, "Content-Encoding") && v == "gzip"
		}
		for _, sized := range []bool{false, true} {
			if sized && gz {
				continue // its Content-Length is the gzipped body's, which WriteUpstream makes
			}
			ran++
			dir, store := openSamples(t, sample.ModeAll, 0)
			ups := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.Copy(io.Discard, r.Body)
				if sized {
					w.Header().Set("Content-Length", strconv.Itoa(len(c.Upstream)))
				}
				cases.WriteUpstream(w, c, 1, 40)
			}))
			srv := newHandler(t, ups.URL, Options{Samples: store})
			got := answerOnce(t, srv, func(url string) *http.Request {
				return newJSONPost(t, url+casePath(c.Protocol), bytes.NewReader(c.Request))
			})
			ups.Close()
			x, err := sample.Parse(theSample(t, dir))
			if err != nil {
				t.Fatalf("%s/%s (sized %v): %v", c.Protocol, c.Name, sized, err)
			}
			client := x.Response.Body
			if x.Client != nil {
				client = x.Client.Body
			}
			if x.Redacted > 0 || x.Response.Truncated || !bytes.Equal(x.Response.Body, c.Upstream) || !bytes.Equal(client, got) {
				t.Errorf("%s/%s (sized %v): the sample's upstream body (%d bytes, redacted %d, cut %v) or client body (%d bytes, its own %v) is not what came (%d and %d bytes)",
					c.Protocol, c.Name, sized, len(x.Response.Body), x.Redacted, x.Response.Truncated, len(client), x.Client != nil, len(c.Upstream), len(got))
			}
		}
	}
	if ran < 100 {
		t.Fatalf("only %d hand-made non-streamed answers ran", ran)
	}
}

// peerCase reports whether a case folder is of a peer's converted test vectors
// (testdata/vectors), not a hand-made case.
func peerCase(name string) bool {
	for _, p := range []string{"vllm-", "sglang-", "ollama-", "llamacpp-", "mlx-lm-"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}
