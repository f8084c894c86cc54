package cmd

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// Build information, set at link time with -ldflags "-X github.com/toolfix/toolfix/cmd.Version=…".
// Version is "dev" in a build that was not released; Commit and Date are empty there, and
// `toolfix version` then reads them from the Go build info (see readBuild).
var (
	Version = "dev"
	Commit  = ""
	Date    = ""
)

// buildInfo is what `toolfix version` prints: the fields set at link time, else what the Go
// toolchain stamped into the binary from the git checkout it was built in.
type buildInfo struct {
	Version string `json:"version"`
	// Commit is the git commit (vcs.revision); "" when unknown (built outside a checkout, by
	// `go run` or `go test`, or with -buildvcs=false).
	Commit string `json:"commit"`
	// Date is the commit's time (vcs.time, RFC 3339 in UTC) or the release's build date; "" when
	// unknown.
	Date string `json:"date"`
	// Committed is true when Date is the commit's time (vcs.time) rather than a build date.
	Committed bool `json:"-"`
	// Modified is true when the checkout had changes that were not committed (vcs.modified).
	Modified bool   `json:"modified"`
	Go       string `json:"go"`
	OS       string `json:"os"`
	Arch     string `json:"arch"`
}

// pseudoVersion matches the versions Go makes up for a commit that is not a tagged release
// (v0.0.0-20261201085523-9c1b8af2fec2, maybe with +dirty): a source build stays "dev", as
// /healthz and doctor call it, and names its commit instead.
var pseudoVersion = regexp.MustCompile(`-(?:0\.)?\d{14}-[0-9a-f]{12}(?:\+|$)|\+dirty$`)

// readBuild fills buildInfo from the link-time variables, then from bi (debug.ReadBuildInfo's
// answer; nil when there is none) for what they leave empty: a tagged module version from `go
// install …@v1.2.3`, and the vcs.revision, vcs.time and vcs.modified settings of a build in a git
// checkout.
func readBuild(bi *debug.BuildInfo) buildInfo {
	b := buildInfo{Version: Version, Commit: Commit, Date: Date, Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	if bi == nil {
		return b
	}
	if v := bi.Main.Version; b.Version == "dev" && strings.HasPrefix(v, "v") && !pseudoVersion.MatchString(v) {
		b.Version = v
	}
	if b.Commit != "" {
		return b
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Commit = s.Value
		case "vcs.time":
			if b.Date == "" {
				b.Date, b.Committed = s.Value, true
			}
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// currentBuild is readBuild over this binary's build info.
func currentBuild() buildInfo {
	bi, _ := debug.ReadBuildInfo()
	return readBuild(bi)
}

// writeText prints the build for people: "toolfix VERSION" and one line each for the commit, the
// build time and Go. An unknown commit says how to get one.
func (b buildInfo) writeText(w io.Writer) error {
	commit := b.Commit
	switch {
	case commit == "":
		commit = "unknown (this build did not record it: build with `go install ./cmd/toolfix` in a git clone; if `go env GOFLAGS` holds -buildvcs=false, run `GOFLAGS=-buildvcs=true go install ./cmd/toolfix`)"
	case b.Modified:
		commit += " (with changes that were not committed)"
	}
	date := b.Date
	if date == "" {
		date = "unknown"
	}
	label := "built"
	if b.Committed {
		label = "committed" // a source build: the commit's time, not when it was built
	}
	_, err := fmt.Fprintf(w, "toolfix %s\ncommit: %s\n%s: %s\ngo: %s %s/%s\n", b.Version, commit, label, date, b.Go, b.OS, b.Arch)
	return err
}

// versionOptions are the flags of `toolfix version`.
type versionOptions struct {
	JSON bool
}

func newVersionCmd(ios *IOStreams) *cobra.Command {
	opts := &versionOptions{}
	c := &cobra.Command{
		Use:   "version",
		Short: "Print version, commit, build date and Go version",
		Long: `Print toolfix's version, the git commit it was built from, the commit's time (or a release's
build date) and the Go version. A build from a clone (go build, go install) names its commit,
marked when the checkout had changes that were not committed. ` + "`toolfix --version`" + ` prints the same.`,
		Example: `  toolfix version
  toolfix version --json | jq -r .commit`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return runVersion(ios, opts, currentBuild()) },
	}
	c.Flags().BoolVar(&opts.JSON, "json", false, `print {"version", "commit", "date", "modified", "go", "os", "arch"} as JSON, for scripts`)
	return c
}

func runVersion(ios *IOStreams, opts *versionOptions, b buildInfo) error {
	var err error
	if opts.JSON {
		enc := json.NewEncoder(ios.Out)
		enc.SetIndent("", "  ")
		err = enc.Encode(b)
	} else {
		err = b.writeText(ios.Out)
	}
	if err != nil {
		return fmt.Errorf("writing the version: %w", err)
	}
	return nil
}
