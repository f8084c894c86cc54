package cmd

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/sample"
)

func TestServeSamplesSettings(t *testing.T) {
	dir := t.TempDir()
	cfgAll := filepath.Join(dir, "all.json")
	writeFile(t, cfgAll, `{"routes":[{"name":"claude","upstream":"https://api.anthropic.com"}],"samples":"all","samples_keep":5,"max_held_bytes":1000}`)
	tests := []struct {
		name     string
		opts     serveOptions
		wantMode string
		wantKeep int
		wantErr  string
		wantHeld int
	}{
		{"default", serveOptions{Upstream: "http://x"}, "", 0, "", 0},
		{"flag", serveOptions{Upstream: "http://x", Samples: "off"}, "off", 0, "", 0},
		{"config", serveOptions{Config: cfgAll}, "all", 5, "", 1000},
		{"flag wins over config", serveOptions{Config: cfgAll, Samples: "repairs", SamplesKeep: 9, MaxHeld: 7}, "repairs", 9, "", 7},
		{"bad mode", serveOptions{Upstream: "http://x", Samples: "some"}, "", 0, "want repairs, all or off", 0},
		{"negative --max-held", serveOptions{Upstream: "http://x", MaxHeld: -1}, "", 0, "positive number of bytes", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := serveConfig(&tc.opts)
			if wantedError(t, err, tc.wantErr) {
				return
			}
			if err != nil || cfg.Samples != tc.wantMode || cfg.SamplesKeep != tc.wantKeep || cfg.MaxHeldBytes != tc.wantHeld {
				t.Errorf("samples %q keep %d max held %d err %v", cfg.Samples, cfg.SamplesKeep, cfg.MaxHeldBytes, err)
			}
		})
	}
	if code, _, stderr := run(t, "", false, "serve", "--upstream", "http://127.0.0.1:1", "--samples", "some"); code != 2 || !strings.Contains(stderr, "samples mode") {
		t.Errorf("serve --samples some: exit %d %s", code, stderr)
	}
}

func TestOpenSamplesUsesStateDir(t *testing.T) {
	home := tempHome(t)
	s, err := openSamples("", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(home, ".local", "state", "toolfix", "samples"); s.Dir() != want || s.Mode() != sample.ModeRepairs {
		t.Errorf("dir %q mode %q, want %q repairs", s.Dir(), s.Mode(), want)
	}
	if s, err := openSamples("off", "", 0); s != nil || err != nil {
		t.Errorf("off: %v %v", s, err)
	}
}
