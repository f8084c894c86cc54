package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeRefusesItselfAsUpstream: serve exits 2 before listening when a route's upstream is
// the listen address itself, however it is spelt; another port, or port 0, is served.
func TestServeRefusesItselfAsUpstream(t *testing.T) {
	tempHome(t)
	host, _ := os.Hostname()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "routes.json")
	if err := os.WriteFile(cfg, []byte(`{"listen":"127.0.0.1:18102","routes":[{"name":"gw","upstream":"http://localhost:18102/v1"}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string // "" means no refusal
	}{
		{[]string{"--listen", "127.0.0.1:18102", "--upstream", "http://127.0.0.1:18102"}, "the upstream of route /, http://127.0.0.1:18102, is this proxy itself"},
		{[]string{"--listen", "localhost:18102", "--upstream", "http://[::1]:18102/anthropic"}, "is this proxy itself (it listens on localhost:18102)"},
		{[]string{"--listen", "127.0.0.1:18102", "--upstream", "http://0.0.0.0:18102"}, "is this proxy itself"},
		{[]string{"--listen", "127.0.0.1:18102", "--upstream", "http://" + host + ":18102"}, "is this proxy itself"},
		{[]string{"--config", cfg}, "the upstream of route gw, http://localhost:18102/v1, is this proxy itself"},
		{[]string{"--listen", "127.0.0.1:18103", "--upstream", "http://127.0.0.1:18102"}, ""},
		{[]string{"--listen", "127.0.0.1:0", "--upstream", "http://127.0.0.1:18102"}, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			opts := &serveOptions{}
			c := newServeCmd(&IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}})
			if err := c.ParseFlags(tt.args); err != nil {
				t.Fatal(err)
			}
			opts.Listen, _ = c.Flags().GetString("listen")
			opts.Upstream, _ = c.Flags().GetString("upstream")
			opts.Config, _ = c.Flags().GetString("config")
			_, err := serveConfig(opts)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "508 Loop Detected; give the API's real base URL") {
				t.Fatalf("error %v, want it to say %q", err, tt.want)
			}
		})
	}
	var errOut bytes.Buffer
	if code := Run([]string{"serve", "--listen", "127.0.0.1:18102", "--upstream", "http://127.0.0.1:18102"}, &IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &errOut}); code != 2 || strings.Count(errOut.String(), "\n") != 1 {
		t.Errorf("exit %d, stderr %q; want 2 and one line", code, errOut.String())
	}
}
