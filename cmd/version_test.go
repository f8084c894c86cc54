package cmd

import (
	"bytes"
	"encoding/json"
	"io"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func vcs(kv ...string) *debug.BuildInfo {
	bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/toolfix/toolfix", Version: "(devel)"}}
	for i := 0; i+1 < len(kv); i += 2 {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
	}
	return bi
}

// TestReadBuild: the link-time variables win; what they leave empty comes from the build info.
func TestReadBuild(t *testing.T) {
	tests := []struct {
		name                    string
		version, commit, date   string
		bi                      *debug.BuildInfo
		wantVersion, wantCommit string
		wantDate                string
		wantModified            bool
	}{
		{name: "no build info", version: "dev", bi: nil, wantVersion: "dev"},
		{name: "source build", version: "dev", bi: vcs("vcs.revision", "308cdec7", "vcs.time", "2026-12-01T08:27:24Z", "vcs.modified", "false"),
			wantVersion: "dev", wantCommit: "308cdec7", wantDate: "2026-12-01T08:27:24Z"},
		{name: "modified checkout", version: "dev", bi: vcs("vcs.revision", "abc", "vcs.modified", "true"),
			wantVersion: "dev", wantCommit: "abc", wantModified: true},
		{name: "ldflags win", version: "v1.2.0", commit: "rel123", date: "2026-11-30T10:00:00Z", bi: vcs("vcs.revision", "abc", "vcs.time", "2026-01-01T00:00:00Z", "vcs.modified", "true"),
			wantVersion: "v1.2.0", wantCommit: "rel123", wantDate: "2026-11-30T10:00:00Z"},
		{name: "go install at a version", version: "dev", bi: &debug.BuildInfo{Main: debug.Module{Version: "v1.3.0"}},
			wantVersion: "v1.3.0"},
		{name: "source build's pseudo-version", version: "dev", bi: &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201085523-9c1b8af2fec2"}},
			wantVersion: "dev"},
		{name: "dirty source build", version: "dev", bi: &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201085523-9c1b8af2fec2+dirty"}},
			wantVersion: "dev"},
		{name: "pseudo-version after a tag", version: "dev", bi: &debug.BuildInfo{Main: debug.Module{Version: "v1.2.4-0.20261201085523-9c1b8af2fec2"}},
			wantVersion: "dev"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			oldV, oldC, oldD := Version, Commit, Date
			t.Cleanup(func() { Version, Commit, Date = oldV, oldC, oldD })
			Version, Commit, Date = tc.version, tc.commit, tc.date
			b := readBuild(tc.bi)
			if b.Version != tc.wantVersion || b.Commit != tc.wantCommit || b.Date != tc.wantDate || b.Modified != tc.wantModified {
				t.Errorf("readBuild = %+v, want version %q commit %q date %q modified %v", b, tc.wantVersion, tc.wantCommit, tc.wantDate, tc.wantModified)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	var out bytes.Buffer
	if code := Run([]string{"version"}, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: io.Discard}); code != 0 {
		t.Fatal(code)
	}
	for _, want := range []string{"toolfix dev", "commit:", "built:", "go: go1."} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("version output lacks %q: %s", want, out.String())
		}
	}
}

func TestVersionOutput(t *testing.T) {
	b := buildInfo{Version: "dev", Commit: "308cdec7", Date: "2026-12-01T08:27:24Z", Modified: true, Go: "go1.26.8", OS: "linux", Arch: "amd64"}
	tests := []struct {
		name string
		opts versionOptions
		b    buildInfo
		want string
	}{
		{"text", versionOptions{}, b, "toolfix dev\ncommit: 308cdec7 (with changes that were not committed)\nbuilt: 2026-12-01T08:27:24Z\ngo: go1.26.8 linux/amd64\n"},
		{"text of a source build", versionOptions{}, func() buildInfo { c := b; c.Committed = true; return c }(), "toolfix dev\ncommit: 308cdec7 (with changes that were not committed)\ncommitted: 2026-12-01T08:27:24Z\ngo: go1.26.8 linux/amd64\n"},
		{"text unknown commit", versionOptions{}, buildInfo{Version: "dev", Go: "go1.26.8", OS: "linux", Arch: "amd64"},
			"toolfix dev\ncommit: unknown (this build did not record it: build with `go install ./cmd/toolfix` in a git clone; if `go env GOFLAGS` holds -buildvcs=false, run `GOFLAGS=-buildvcs=true go install ./cmd/toolfix`)\nbuilt: unknown\ngo: go1.26.8 linux/amd64\n"},
		{"json", versionOptions{JSON: true}, b, `{
  "version": "dev",
  "commit": "308cdec7",
  "date": "2026-12-01T08:27:24Z",
  "modified": true,
  "go": "go1.26.8",
  "os": "linux",
  "arch": "amd64"
}
`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := runVersion(&IOStreams{Out: &out}, &tc.opts, tc.b); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, out.String()); diff != "" {
				t.Errorf("output (-want +got):\n%s", diff)
			}
		})
	}
}

// TestVersionFlags: `version`, `--version` and `version --json` through the command tree; a
// stray argument is a usage error.
func TestVersionFlags(t *testing.T) {
	run := func(args ...string) (string, int) {
		var out bytes.Buffer
		code := Run(args, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: io.Discard})
		return out.String(), code
	}
	text, code := run("version")
	if code != 0 || !strings.HasPrefix(text, "toolfix "+Version+"\ncommit: ") {
		t.Fatalf("version: exit %d, output %q", code, text)
	}
	if flag, code := run("--version"); code != 0 || flag != text {
		t.Errorf("--version: exit %d, output %q; want what `version` prints, %q", code, flag, text)
	}
	js, code := run("version", "--json")
	var b buildInfo
	if err := json.Unmarshal([]byte(js), &b); code != 0 || err != nil || b.Version != Version || b.Go == "" {
		t.Errorf("version --json: exit %d, %v, %q", code, err, js)
	}
	if _, code := run("version", "extra"); code != 2 {
		t.Errorf("version extra: exit %d, want 2 (usage)", code)
	}
}
