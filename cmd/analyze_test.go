package cmd

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy"
	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/exchange"
	"github.com/toolfix/toolfix/proxy/inspect"
	"github.com/toolfix/toolfix/proxy/sample"
)

// caseChecks check a client body against a case's want, per protocol of the cases; a protocol the
// proxy repairs must have one.
var caseChecks = client.Checks

// repairsProtocol reports whether the proxy changes anything for this protocol: it does when any
// of its cases replays to other bytes.
func repairsProtocol(t *testing.T, protocol string, all []cases.Case) bool {
	t.Helper()
	for _, c := range all {
		if c.Protocol != protocol || c.Want.Passthrough {
			continue
		}
		res, err := exchange.Replay(protocol, c.Request, c.Upstream, c.Stream)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Repairs) > 0 {
			return true
		}
	}
	return false
}

func upstreamFile(c cases.Case) string {
	if c.Stream {
		return filepath.Join(c.Dir, "upstream.sse")
	}
	return filepath.Join(c.Dir, "upstream.json")
}

func gzipped(t *testing.T, data []byte) string {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	_, _ = zw.Write(data)
	_ = zw.Close()
	p := filepath.Join(t.TempDir(), "upstream.gz")
	if err := os.WriteFile(p, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestReplayEveryCase runs `toolfix replay` on every shared case, as files on disk (and gzipped
// for the cases whose upstream gzips): the output must accumulate to the case's want, come out
// byte-identical for a passthrough case, and the exit status must say whether it changed.
func TestReplayEveryCase(t *testing.T) {
	all := cases.ForTest(t)
	repaired := map[string]bool{}
	for _, p := range inspect.Protocols {
		repaired[p] = repairsProtocol(t, p, all)
	}
	if !repaired["anthropic"] {
		t.Fatal("the anthropic cases replay unchanged")
	}
	for _, c := range all {
		t.Run(c.Protocol+"/"+c.Name, func(t *testing.T) {
			up := upstreamFile(c)
			if c.Headers["Content-Encoding"] == "gzip" {
				up = gzipped(t, c.Upstream)
			}
			code, stdout, stderr := run(t, "", false, "replay", "--request", filepath.Join(c.Dir, "request.json"), "--upstream", up, "--protocol", c.Protocol)
			if code == 1 || code == 2 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			got := []byte(stdout)
			if c.Want.Passthrough || !repaired[c.Protocol] {
				if !bytes.Equal(got, c.Upstream) {
					t.Fatalf("passthrough changed")
				}
				if code != ReplayUnchanged && code != ReplayRefused {
					t.Errorf("exit %d for an unchanged response", code)
				}
				return
			}
			if code != 0 {
				t.Errorf("exit %d for a repaired response", code)
			}
			check, ok := caseChecks[c.Protocol]
			if !ok {
				t.Fatalf("toolfix repairs %s but this test cannot accumulate it", c.Protocol)
			}
			if err := check(c.Want.Message, got, c.Stream); err != nil {
				t.Fatalf("%v\n%s", err, got)
			}
		})
	}
}

// TestAnalyzeEveryCase runs `toolfix analyze --json` on every shared case: each repair kind the case
// expects is flagged as a fault of that kind and repaired, a passthrough case has no repaired
// fault, and the message after the repair is the case's want.
func TestAnalyzeEveryCase(t *testing.T) {
	all := cases.ForTest(t)
	for _, c := range all {
		t.Run(c.Protocol+"/"+c.Name, func(t *testing.T) {
			code, stdout, stderr := run(t, "", false, "analyze", "--json", "--request", filepath.Join(c.Dir, "request.json"), upstreamFile(c))
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var r inspect.Report
			if err := json.Unmarshal([]byte(stdout), &r); err != nil {
				t.Fatal(err)
			}
			if r.Protocol != c.Protocol || r.Stream != c.Stream {
				t.Errorf("read as %s stream=%v", r.Protocol, r.Stream)
			}
			if c.Stream && len(r.Events) == 0 {
				t.Errorf("no events listed")
			}
			var faultKinds []string
			for _, f := range r.Faults {
				faultKinds = append(faultKinds, f.Kind)
				if f.ID != "" && inspect.Title(f.ID) == "" {
					t.Errorf("fault %q has no docs/faults.md title", f.ID)
				}
			}
			if c.Want.Passthrough {
				if r.Changed || len(r.Repairs) > 0 {
					t.Errorf("passthrough case repaired: %+v", r.Repairs)
				}
				return
			}
			if len(r.Repairs) == 0 {
				return // a protocol this build does not repair yet; TestReplayEveryCase checks that
			}
			for _, k := range c.Want.Repairs {
				if !slices.Contains(faultKinds, k) {
					t.Errorf("no fault of kind %q flagged; faults: %+v", k, r.Faults)
				}
				if !r.Repaired(k) {
					t.Errorf("kind %q not repaired: %+v", k, r.Repairs)
				}
			}
			if r.After == nil || r.After.Error != "" {
				t.Fatalf("no message after the repair: %+v", r.After)
			}
			msg, _ := json.Marshal(r.After.Message)
			if err := compareAfter(c, msg); err != nil {
				t.Errorf("after: %v", err)
			}
		})
	}
}

// compareAfter compares analyze's message after the repair, as JSON, with the case's want.
func compareAfter(c cases.Case, msg []byte) error {
	switch c.Protocol {
	case "anthropic":
		var m client.Message
		if err := json.Unmarshal(msg, &m); err != nil {
			return err
		}
		return client.CompareAnthropic(c.Want.Message, &m)
	case "openai":
		var m client.ChatMessage
		if err := json.Unmarshal(msg, &m); err != nil {
			return err
		}
		for _, cl := range m.ToolCalls {
			b, _ := json.Marshal(cl.Arguments)
			cl.RawArguments = string(b)
		}
		return client.CompareChat(c.Want.Message, &m, c.Stream)
	case "responses":
		var r client.ResponsesResult
		if err := json.Unmarshal(msg, &r); err != nil {
			return err
		}
		return client.CompareResponses(c.Want.Message, &r)
	}
	return fmt.Errorf("no comparison for %s", c.Protocol)
}

// TestAnalyzeTextNamesFaults checks the human output on a degraded case.
func TestAnalyzeTextNamesFaults(t *testing.T) {
	dir := filepath.Join(casesRoot(t), "anthropic", "leaked-invoke-court")
	code, stdout, stderr := run(t, "", false, "analyze", "--request", filepath.Join(dir, "request.json"), filepath.Join(dir, "upstream.sse"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, s := range []string{"exchange: anthropic, streamed, status 200", "D01  leaked_call", "[repaired]", "without toolfix the client ends up with:", `"stop_reason": "tool_use"`, `"name": "Bash"`} {
		if !strings.Contains(stdout, s) {
			t.Errorf("output lacks %q:\n%s", s, stdout)
		}
	}
}

// TestAnalyzeWithoutRequestSaysSo checks that an upstream body analyzed without its request says
// that no tool schemas are known, rather than only reporting no fault.
func TestAnalyzeWithoutRequestSaysSo(t *testing.T) {
	dir := filepath.Join(casesRoot(t), "anthropic", "stringified-array-todos")
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{filepath.Join(dir, "upstream.sse")}, true},
		{[]string{"--request", filepath.Join(dir, "request.json"), filepath.Join(dir, "upstream.sse")}, false},
	} {
		code, stdout, stderr := run(t, "", false, append([]string{"analyze"}, tc.args...)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if got := strings.Contains(stdout, "no tools known"); got != tc.want {
			t.Errorf("analyze %v: says no tools known = %v, want %v:\n%s", tc.args, got, tc.want, stdout)
		}
	}
}

func casesRoot(t *testing.T) string {
	t.Helper()
	d, err := cases.Dir()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestSampleToCase follows a reported failure from the proxy to a test case: the proxy saves a
// sample of a repaired exchange; `toolfix analyze` and `toolfix replay` read it (gzipped too);
// `replay --write-case` writes a case folder; the cases loader reads it and its drafted want holds
// for the proxy.
func TestSampleToCase(t *testing.T) {
	tempHome(t)
	c := cases.NamedForTest(t, "anthropic", "leaked-invoke-court")
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write(c.Upstream)
	}))
	defer up.Close()
	dir := filepath.Join(t.TempDir(), "samples")
	store, err := openSamples("repairs", dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := proxy.New(proxy.Options{Routes: []proxy.Route{{Name: "claude", Upstream: up.URL}}, Samples: store})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{}, 1)
	ps := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		srv.ServeHTTP(w, r)
		done <- struct{}{}
	}))
	defer ps.Close()
	resp, err := http.Post(ps.URL+"/claude/v1/messages", "application/json", bytes.NewReader(c.Request))
	if err != nil {
		t.Fatal(err)
	}
	_, _ = bytes.NewBuffer(nil).ReadFrom(resp.Body)
	resp.Body.Close()
	<-done
	srv.Wait()
	files, err := sample.List(dir)
	if err != nil || len(files) != 1 {
		t.Fatalf("samples: %v %v", files, err)
	}
	data, _ := os.ReadFile(files[0])
	for _, f := range []string{files[0], gzipped(t, data)} {
		code, stdout, stderr := run(t, "", false, "analyze", f)
		if code != 0 || !strings.Contains(stdout, "route claude") || !strings.Contains(stdout, "D01") {
			t.Fatalf("analyze %s: exit %d\n%s%s", f, code, stdout, stderr)
		}
	}
	caseRoot := t.TempDir()
	caseDir := filepath.Join(caseRoot, "anthropic", "reported-leak")
	code, stdout, stderr := run(t, "", false, "replay", "--write-case", caseDir, files[0])
	if code != 0 {
		t.Fatalf("replay: exit %d: %s", code, stderr)
	}
	if err := caseChecks["anthropic"](c.Want.Message, []byte(stdout), true); err != nil {
		t.Errorf("replayed sample: %v", err)
	}
	written, err := cases.LoadFrom(caseRoot, "anthropic")
	if err != nil || len(written) != 1 {
		t.Fatalf("loading the written case: %v", err)
	}
	w := written[0]
	if !slices.Equal(w.Want.Repairs, []string{"leaked_call", "stop_reason"}) || w.Want.Passthrough {
		t.Errorf("drafted want: %+v", w.Want)
	}
	res, err := exchange.Replay("anthropic", w.Request, w.Upstream, w.Stream)
	if err != nil {
		t.Fatal(err)
	}
	if err := caseChecks["anthropic"](w.Want.Message, res.Body, w.Stream); err != nil {
		t.Errorf("the drafted want does not hold: %v", err)
	}
	if code, _, stderr := run(t, "", false, "replay", "--write-case", caseDir, files[0]); code != 1 || !strings.Contains(stderr, "not empty") {
		t.Errorf("writing over a case: exit %d %s", code, stderr)
	}
}

func TestReplayDiffAndUsage(t *testing.T) {
	dir := filepath.Join(casesRoot(t), "anthropic")
	code, stdout, _ := run(t, "", false, "replay", "--diff", "--request", filepath.Join(dir, "stringified-array-todos", "request.json"), filepath.Join(dir, "stringified-array-todos", "upstream.sse"))
	if code != 0 || !strings.Contains(stdout, "--- upstream\n+++ client\n@@") || !strings.Contains(stdout, `+content_block_delta [0] input_json_delta: [{"content":"Read the failing test"`) {
		t.Errorf("diff: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = run(t, "", false, "replay", "--diff", "--request", filepath.Join(dir, "healthy-text", "request.json"), filepath.Join(dir, "healthy-text", "upstream.sse"))
	if code != ReplayUnchanged || !strings.Contains(stdout, "no difference") {
		t.Errorf("healthy diff: exit %d\n%s", code, stdout)
	}
	for _, args := range [][]string{{"replay"}, {"analyze", "a", "--upstream", "b"}, {"replay", "--protocol", "gemini", "x"}} {
		if code, _, _ := run(t, "", false, args...); code != 2 && !(args[1] == "--protocol" && code == 1) {
			t.Errorf("%v: exit %d", args, code)
		}
	}
}

// TestAnalyzeNotJSON: a text file that is neither a sample nor an API body is refused with exit 1
// and a sentence, not analysed as an empty exchange ending in a parser's message.
func TestAnalyzeNotJSON(t *testing.T) {
	home := tempHome(t)
	clearEnv(t)
	f := filepath.Join(home, "notes.txt")
	writeFile(t, f, "hello, this is not JSON\n")
	for _, args := range [][]string{{"analyze", f}, {"analyze", "--json", f}, {"replay", f}} {
		code, out, errOut := run(t, "", false, args...)
		if code != 1 || !strings.Contains(errOut, "is neither a toolfix sample nor an API body toolfix can read") {
			t.Errorf("%v: exit %d\n%s\n%s", args, code, out, errOut)
		}
		if strings.Contains(out+errOut, "exchange:") || strings.Contains(out+errOut, "invalid character") {
			t.Errorf("%v analysed it:\n%s\n%s", args, out, errOut)
		}
	}
}

// TestAnalyzeCaseFolder: analyze and replay take a repair case's folder as its request.json and
// upstream body, streamed and whole, as they take the two files; a folder that is no case gets a
// sentence saying what to give instead.
func TestAnalyzeCaseFolder(t *testing.T) {
	for _, name := range []string{"leaked-invoke-court", "stringified-array-todos"} {
		dir := filepath.Join(casesRoot(t), "anthropic", name)
		for _, cmd := range []string{"analyze", "replay"} {
			_, want, _ := run(t, "", false, cmd, "--request", filepath.Join(dir, "request.json"), filepath.Join(dir, "upstream.sse"))
			code, got, stderr := run(t, "", false, cmd, dir)
			ids := regexp.MustCompile(`(toolu_|call_)[0-9A-Za-z]{24}`) // a repair's new call ids are random
			got, want = ids.ReplaceAllString(got, "${1}ID"), ids.ReplaceAllString(want, "${1}ID")
			if code > 4 || got != want {
				t.Errorf("%s %s: exit %d, %s\n got %q\nwant %q", cmd, name, code, stderr, got, want)
			}
		}
	}
	whole := filepath.Join(casesRoot(t), "openai", "ex5-relative-windows-path-read-nonstream")
	if code, stdout, stderr := run(t, "", false, "analyze", whole); code != 0 || !strings.Contains(stdout, "escape") {
		t.Errorf("analyze of a whole case's folder: exit %d, %s\n%s", code, stderr, stdout)
	}
	if code, stdout, stderr := run(t, "", false, "analyze", "--protocol", "chat", whole); code != 0 || !strings.Contains(stdout, "exchange: openai") {
		t.Errorf("analyze --protocol chat: exit %d, %s\n%s", code, stderr, stdout)
	}
	code, _, stderr := run(t, "", false, "analyze", t.TempDir())
	if code != 1 || !strings.Contains(stderr, "is a folder: give the upstream body's file") {
		t.Errorf("analyze of a folder that is no case: exit %d, %q", code, stderr)
	}
	// a request file that is empty or no JSON object is refused, naming the file, where it was
	// read as a request that declares no tools
	dir := filepath.Join(casesRoot(t), "anthropic", "leaked-invoke-court")
	for _, tc := range []struct{ body, want string }{
		{"", "is empty: give --request the JSON body the client sent"},
		{" \n", "is empty: give --request the JSON body the client sent"},
		{"notes\n", "not a JSON object"},
	} {
		req := filepath.Join(t.TempDir(), "req.json")
		if err := os.WriteFile(req, []byte(tc.body), 0o600); err != nil {
			t.Fatal(err)
		}
		for _, cmd := range []string{"analyze", "replay"} {
			code, _, stderr := run(t, "", false, cmd, "--request", req, filepath.Join(dir, "upstream.sse"))
			if code != 1 || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, req) {
				t.Errorf("%s --request of %q: exit %d, %q", cmd, tc.body, code, stderr)
			}
		}
	}
}
