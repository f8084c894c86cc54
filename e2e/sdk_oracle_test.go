package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolfix/toolfix/proxy/cases"
)

// sdkInstallHint is the command that installs the pinned SDKs of sdk/package.json.
const sdkInstallHint = "npm install --no-audit --no-fund --prefix e2e/sdk"

// oracleRun is one input of sdk/oracle.mjs: the SDK kind consumes what url serves for request.
type oracleRun struct {
	ID      string          `json:"id"`
	Kind    string          `json:"kind"`
	URL     string          `json:"url"`
	Request json.RawMessage `json:"request"`
}

// oracleResult is what one SDK ended up with (see sdk/oracle.mjs): OK false with Error when it
// threw or reported an error; Message the accumulated message, null when it got none.
type oracleResult struct {
	ID      string          `json:"id"`
	Kind    string          `json:"kind"`
	OK      bool            `json:"ok"`
	Error   string          `json:"error"`
	Message json.RawMessage `json:"message"`
}

// sdkMissing lists the pinned packages of sdk/package.json that are not installed at their pinned
// version under sdk/node_modules; nil when all are. An unreadable package.json is an error.
func sdkMissing() ([]string, error) {
	b, err := os.ReadFile(filepath.Join("sdk", "package.json"))
	if err != nil {
		return nil, fmt.Errorf("reading the SDK pins: %w", err)
	}
	var pins struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if err := json.Unmarshal(b, &pins); err != nil {
		return nil, fmt.Errorf("parsing sdk/package.json: %w", err)
	}
	var missing []string
	for name, version := range pins.Dependencies {
		var got struct {
			Version string `json:"version"`
		}
		if alias, ok := strings.CutPrefix(version, "npm:"); ok {
			// an alias of another major, "npm:openai@6.49.0" or "npm:@ai-sdk/openai@3.0.139"
			_, version, _ = cutLast(alias, "@")
		}
		b, err := os.ReadFile(filepath.Join("sdk", "node_modules", name, "package.json"))
		if err != nil || json.Unmarshal(b, &got) != nil || got.Version != version {
			missing = append(missing, name+"@"+version)
		}
	}
	slices.Sort(missing)
	return missing, nil
}

// sdkUpstream is a mock LLM API serving every case at once: a POST to
// /<protocol>/<name>/v1/chat/completions (openai), /<protocol>/<name>/v1/messages (anthropic) or
// /<protocol>/<name>/v1/responses (responses)
// gets that case's status, headers and upstream bytes, gzipped when its meta says so, in small
// flushed writes. Anything else gets 404.
type sdkUpstream struct {
	cases map[string]cases.Case // by "<protocol>/<name>"
}

func (u *sdkUpstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	parts := strings.SplitN(strings.TrimPrefix(r.URL.Path, "/"), "/", 3)
	if len(parts) != 3 || r.Method != http.MethodPost {
		http.NotFound(w, r)
		return
	}
	c, ok := u.cases[parts[0]+"/"+parts[1]]
	if !ok || parts[2] != map[string]string{"openai": "v1/chat/completions", "anthropic": "v1/messages", "responses": "v1/responses"}[c.Protocol] {
		http.NotFound(w, r)
		return
	}
	_, _ = io.Copy(io.Discard, r.Body)
	cases.WriteUpstream(w, c, int64(len(c.Upstream)), 64)
}

// runOracle feeds runs to one `node sdk/oracle.mjs` process (bounded by a 3-minute deadline) and
// returns its results by id. It fails t when node fails or a run has no result.
func runOracle(t *testing.T, runs []oracleRun) map[string]oracleResult {
	t.Helper()
	in, err := json.Marshal(runs)
	if err != nil {
		t.Fatalf("encoding the oracle's runs: %v", err)
	}
	// about 50 ms of a loaded CI machine per run, with room: the case folders grew to ~3,600
	// (the peers' vectors in three APIs), which 3 minutes no longer covered
	ctx, cancel := context.WithTimeout(context.Background(), max(3*time.Minute, time.Duration(len(runs))*50*time.Millisecond))
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "oracle.mjs")
	cmd.Dir = "sdk"
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("running node sdk/oracle.mjs: %v (deadline: %v)\nstderr:\n%s", err, ctx.Err(), stderr.String())
	}
	t.Logf("node sdk/oracle.mjs: %d runs in %v", len(runs), time.Since(start).Round(time.Millisecond))
	var res []oracleResult
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatalf("parsing the oracle's output: %v\nstdout:\n%s\nstderr:\n%s", err, tail(stdout.String()), stderr.String())
	}
	byID := map[string]oracleResult{}
	for _, r := range res {
		byID[r.ID] = r
	}
	for _, r := range runs {
		if _, ok := byID[r.ID]; !ok {
			t.Fatalf("the oracle gave no result for %s", r.ID)
		}
	}
	return byID
}

// cutLast is strings.Cut at the last sep.
func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}
