package doctor

import (
	"context"
	"encoding/json"
	"maps"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/install"
)

// secretsShown lists the canaries that appear in anything of a result a person or a script reads.
func secretsShown(t *testing.T, v any, text string, canaries ...string) []string {
	t.Helper()
	js, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var shown []string
	for _, c := range canaries {
		if strings.Contains(string(js), c) || strings.Contains(text, c) {
			shown = append(shown, c)
		}
	}
	return shown
}

// TestStatusHidesUpstreamPassword holds issue 13 item 8: `status --json` printed an upstream URL's
// password (the text form masked it).
func TestStatusHidesUpstreamPassword(t *testing.T) {
	f := newFixture(t)
	f.install(&install.State{Version: install.StateVersion, Phase: install.PhaseInstalled, Port: testPort, Routes: []install.Route{
		{Name: "claude", Upstream: "https://me:hunter2pw@gw.example.com/anthropic?api_key=plainkey42", Protocol: "anthropic", Client: "claude"},
	}})
	f.d.Port = closedPort(t)
	o := f.d.Status(context.Background())
	var b strings.Builder
	if err := o.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if shown := secretsShown(t, o, b.String(), "hunter2pw", "plainkey42"); len(shown) > 0 {
		t.Errorf("status shows %v: %s", shown, b.String())
	}
	if len(o.Routes) != 1 || !strings.Contains(o.Routes[0].Upstream, "gw.example.com/anthropic") {
		t.Errorf("routes = %+v, want the upstream with its secrets replaced", o.Routes)
	}
}

// TestConnectionsHideKeys holds issue 13 item 8: `doctor --json` printed a connected client's whole
// command line, keys included.
func TestConnectionsHideKeys(t *testing.T) {
	f := newFixture(t)
	f.install(&install.State{Version: install.StateVersion, Phase: install.PhaseInstalled, Port: testPort, Routes: []install.Route{
		{Name: "claude", Upstream: "https://api.anthropic.com", Client: "claude"},
	}})
	cmdlines := maps.Clone(testCmdlines)
	cmdlines[4242] = "node /usr/lib/node_modules/@anthropic-ai/claude-code/cli.js --api-key hunter2pw --token=plainkey42 OPENAI_API_KEY=envkey4242 sk-ant-api03-abcdefghij1234567890"
	fakeProc(t, f.d.ProcRoot, testSocks, cmdlines)
	f.d.Conns = nil
	r := f.run("connections")
	text := r.Summary + "\n" + strings.Join(r.Details, "\n")
	if shown := secretsShown(t, r.Data, text, "hunter2pw", "plainkey42", "envkey4242", "abcdefghij1234567890"); len(shown) > 0 {
		t.Errorf("connections show %v:\n%s", shown, text)
	}
	c := r.Data.(*Connections)
	for _, p := range c.Clients {
		if p.PID == 4242 && (p.Program != "@anthropic-ai/claude-code" || !strings.Contains(p.Command, "cli.js --api-key REDACTED")) {
			t.Errorf("client 4242 = %+v, want its program and its command with the key replaced", p)
		}
	}
}
