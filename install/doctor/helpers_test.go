package doctor

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/providers"
)

const testPort = 47821

// fixture is a temporary home, toolfix's state in it, a fake system root and /proc, and an
// environment of its own; nothing of the real machine is read.
type fixture struct {
	t    *testing.T
	home string
	env  map[string]string
	d    *Doctor
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	home := t.TempDir()
	f := &fixture{t: t, home: home, env: map[string]string{}}
	f.d = &Doctor{
		Version:     "v1.2.0",
		Env:         providers.Env{Home: home, Getenv: func(k string) string { return f.env[k] }},
		Dirs:        install.Dirs{Config: filepath.Join(home, ".config", "toolfix"), State: filepath.Join(home, ".local", "state", "toolfix")},
		Cwd:         filepath.Join(home, "src", "project"),
		DefaultPort: testPort,
		GOOS:        "linux",
		Root:        filepath.Join(home, "sysroot"),
		ProcRoot:    filepath.Join(home, "proc"),
		Exec: func(_ context.Context, name string, _ ...string) ([]byte, error) {
			return nil, fmt.Errorf("%s: not in this test", name)
		},
		LookupHost: func(_ context.Context, host string) ([]string, error) {
			return nil, errors.New("no such host")
		},
		Conns: fakeTable{},
		// The fixture's installed port may be in use on this machine: never ask it.
		HTTPClient: &http.Client{Transport: &http.Transport{DisableKeepAlives: true,
			DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				if addr == net.JoinHostPort("127.0.0.1", strconv.Itoa(testPort)) {
					return nil, &net.OpError{Op: "dial", Net: network, Err: syscall.ECONNREFUSED}
				}
				var d net.Dialer
				return d.DialContext(ctx, network, addr)
			}}},
	}
	if err := os.MkdirAll(f.d.Cwd, 0o755); err != nil {
		t.Fatal(err)
	}
	return f
}

// layer writes files (paths relative to the current folder) and sets env, the settings a layers
// check reads besides toolfix's own.
func (f *fixture) layer(files, env map[string]string) {
	f.t.Helper()
	for p, c := range files {
		f.write(filepath.Join(f.d.Cwd, p), c)
	}
	for k, v := range env {
		f.env[k] = v
	}
}

// layerCase is one case of a layers check: what the routed config holds, the files and shell
// variables laid over it, and the result the check should give.
type layerCase struct {
	name   string
	routed string            // the routed config's content, for the checks that vary it; "" for what install writes
	git    string            // where .git is, relative to the current folder; "" for none
	files  map[string]string // relative to the current folder; "../" climbs
	system map[string]string // under the system root (Doctor.Root)
	env    map[string]string
	status Status
	want   []string
}

// runLayerCases runs the named layers check once for each case, on a new fixture that setup
// routes (given the case's routed content) and that then gets the case's git root, system files
// and layers.
func runLayerCases(t *testing.T, check string, setup func(f *fixture, routed string), tests []layerCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			setup(f, tt.routed)
			if tt.git != "" {
				f.write(filepath.Join(f.d.Cwd, tt.git, ".git", "HEAD"), "ref: refs/heads/main\n")
			}
			for p, c := range tt.system {
				f.write(filepath.Join(f.d.Root, p), c)
			}
			f.layer(tt.files, tt.env)
			expect(t, f.run(check), tt.status, tt.want...)
		})
	}
}

// write writes content to path (relative paths are under the home) and returns the full path.
func (f *fixture) write(path, content string) string {
	f.t.Helper()
	if !filepath.IsAbs(path) {
		path = filepath.Join(f.home, path)
	}
	writeTestFile(f.t, path, content)
	return path
}

// install writes st as toolfix's state file.
func (f *fixture) install(st *install.State) {
	f.t.Helper()
	b, err := json.Marshal(st)
	if err != nil {
		f.t.Fatal(err)
	}
	f.write(f.d.Dirs.StateFile(), string(b))
}

// claudeInstalled writes a settings.json routed by toolfix (settings is its content, "" for the
// routed file as install writes it) and the state that records it.
func (f *fixture) claudeInstalled(settings string) string {
	f.t.Helper()
	after := install.BaseURL(testPort, "claude")
	if settings == "" {
		settings = `{"env": {"ANTHROPIC_BASE_URL": "` + after + `"}}`
	}
	return f.installedFrom("claude", "anthropic", "https://gw.example.com/anthropic", ".claude/settings.json", settings,
		map[string]string{"/env/ANTHROPIC_BASE_URL": "claude"})
}

// run runs the named check as Doctor.Run would.
func (f *fixture) run(name string) Result {
	f.t.Helper()
	for _, c := range f.d.Checks() {
		if c.Name == name {
			return f.d.runOne(context.Background(), c)
		}
	}
	f.t.Fatalf("no check %q", name)
	return Result{}
}

// expect checks a result's status and that its text holds each of want.
func expect(t *testing.T, r Result, status Status, want ...string) {
	t.Helper()
	text := r.Summary + "\n" + strings.Join(r.Details, "\n") + "\nhint: " + r.Hint
	if r.Status != status {
		t.Errorf("%s: status %s, want %s\n%s", r.Name, r.Status, status, text)
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s: result lacks %q:\n%s", r.Name, w, text)
		}
	}
}

// fakeTable is a ConnTable of fixed sockets.
type fakeTable struct {
	conns []Conn
	err   error
}

func (f fakeTable) Conns(context.Context) ([]Conn, error) { return f.conns, f.err }
