package cmd

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/toolfix/toolfix/proxy/netfault"
	"github.com/toolfix/toolfix/service"
	"github.com/toolfix/toolfix/service/update"
)

// UpdateRepo is the GitHub repository ("owner/name") whose releases `toolfix update` installs. A
// release build sets it with -ldflags "-X github.com/toolfix/toolfix/cmd.UpdateRepo=owner/name", so
// a fork's binaries update from the fork; the --repo flag and TOOLFIX_UPDATE_REPO override it.
var UpdateRepo = update.DefaultRepo

// Environment variables read by `toolfix update`.
const (
	// EnvUpdateRepo overrides UpdateRepo ("owner/name"); the --repo flag wins over it.
	EnvUpdateRepo = "TOOLFIX_UPDATE_REPO"
	// EnvUpdateAPI is the GitHub REST API root to ask instead of https://api.github.com/ (GitHub
	// Enterprise, or a test server); see update.Options.APIBaseURL.
	EnvUpdateAPI = "TOOLFIX_UPDATE_API"
)

// updateTimeout bounds one `toolfix update`: listing releases plus downloading an archive.
const updateTimeout = 5 * time.Minute

// restartService makes the installed toolfix service run the binary `toolfix update` just put at
// res.Executable, and checks that it answers with res.Target; it returns the line to print. The
// service command's file sets it from an init function; nil means no service support is built in,
// and nothing is restarted. It returns "" and nil when no service is installed.
var restartService func(ctx context.Context, res update.Result) (string, error)

type updateOptions struct {
	IO *IOStreams

	Check   bool   // --check: report only
	Version string // --version: the tag to install, older allowed
	Repo    string // --repo, else $TOOLFIX_UPDATE_REPO, else UpdateRepo
	API     string // $TOOLFIX_UPDATE_API; empty means api.github.com

	Current     string                                               // the running version (Version)
	Executable  string                                               // the file to replace; empty means the running executable
	Restart     func(context.Context, update.Result) (string, error) // restartService
	ListTimeout time.Duration                                        // bound of listing the releases; 0: update.DefaultListTimeout
	WaitNotice  time.Duration                                        // a step slower than this is named on ErrOut; 0: waitNoticeAfter
	CanReplace  func(exe string) error                               // update.Options.CanReplace; nil: the real check
}

// newUpdateCmd parses `toolfix update` into updateOptions and hands them to runF (runUpdate when nil).
func newUpdateCmd(ios *IOStreams, runF func(context.Context, *updateOptions) error) *cobra.Command {
	opts := &updateOptions{IO: ios}
	c := &cobra.Command{
		Use:   "update",
		Short: "Install the newest verified release of toolfix",
		Long: `Replace this toolfix binary with the newest release from GitHub, then register the
installed toolfix service again on it, restart it and wait until it answers with the new version.

An archive is installed only when its SHA-256 matches its line in the release's checksums.txt and
checksums.txt.sig is a valid signature of that file by the release key built into this binary; a
release without them, without a line for the archive, or with a signature that does not verify, is
refused. The binary keeps its file mode; a folder you cannot write is refused before anything is
downloaded (--check says so beforehand). An older release is installed only when asked for with
--version. --check answers within 15 seconds. A source build cannot update itself; --check tells it
the newest release and how to install it.

Releases come from the repository this binary was built for (` + "`" + `--repo` + "`" + ` or
$TOOLFIX_UPDATE_REPO for a fork); $TOOLFIX_UPDATE_API points at another GitHub API root, such as
GitHub Enterprise's https://github.example.com/api/v3/; $GITHUB_TOKEN, when set, is sent to it.`,
		Example: `  toolfix update --check
  toolfix update
  toolfix update --version v1.2.0`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if opts.Repo == "" {
				opts.Repo = os.Getenv(EnvUpdateRepo)
			}
			if opts.Repo == "" {
				opts.Repo = UpdateRepo
			}
			opts.API = os.Getenv(EnvUpdateAPI)
			opts.Current = Version
			opts.Restart = restartService
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return runUpdate(c.Context(), opts)
		},
	}
	c.Flags().BoolVar(&opts.Check, "check", false, "report whether a newer release exists, change nothing")
	c.Flags().StringVar(&opts.Version, "version", "", "install this release `tag` (vX.Y.Z), even an older one")
	c.Flags().StringVar(&opts.Repo, "repo", "", "take releases from this GitHub `owner/name` (default: the one built in)")
	return c
}

// sourceInstall is how a source build is updated.
const sourceInstall = "go install github.com/toolfix/toolfix/cmd/toolfix@latest"

// runUpdate does the update and reports it on opts.IO.Out; what a slow step waits for goes to
// opts.IO.ErrOut.
func runUpdate(ctx context.Context, opts *updateOptions) error {
	ctx, cancel := context.WithTimeout(ctx, updateTimeout)
	defer cancel()
	var restart func(update.Result) error
	var restarted string
	if opts.Restart != nil {
		restart = func(r update.Result) error {
			var err error
			restarted, err = opts.Restart(ctx, r)
			return err
		}
	}
	notice := newWaitNotice(opts.IO.ErrOut, opts.WaitNotice)
	res, err := update.Run(ctx, update.Options{
		Current:     opts.Current,
		Version:     opts.Version,
		CheckOnly:   opts.Check,
		Repo:        opts.Repo,
		APIBaseURL:  opts.API,
		Executable:  opts.Executable,
		ListTimeout: opts.ListTimeout,
		CanReplace:  opts.CanReplace,
		Waiting:     notice.step,
		Restart:     restart,
	})
	notice.stop()
	out := opts.IO.Out
	releases := "https://github.com/" + opts.Repo + "/releases"
	switch {
	case res.SourceBuild && res.Action == update.Available:
		fmt.Fprintf(out, "toolfix v%s is the newest release: %s\n", res.Target, res.ReleaseURL)
		fmt.Fprintf(out, "This toolfix is a source build (%s), which does not update itself: run `%s`, or install the release archive from %s.\n", res.Current, sourceInstall, res.ReleaseURL)
	case res.Action == update.UpToDate:
		if err == nil {
			if opts.Version != "" {
				fmt.Fprintf(out, "toolfix v%s is already installed.\n", res.Current)
			} else {
				fmt.Fprintf(out, "toolfix v%s is up to date (%s).\n", res.Current, opts.Repo)
			}
		}
	case res.Action == update.Available:
		verb := "is available"
		if res.Downgrade {
			verb = "is available as a downgrade"
		}
		fmt.Fprintf(out, "toolfix v%s %s (this is v%s): %s\n", res.Target, verb, res.Current, res.ReleaseURL)
		cmdline := "toolfix update"
		if opts.Version != "" {
			cmdline += " --version " + opts.Version
		}
		if res.CannotReplace != nil {
			fmt.Fprintf(out, "`%s` will not be able to install it: %s.\n", cmdline, strings.TrimPrefix(res.CannotReplace.Error(), update.ErrNotWritable.Error()+": "))
		} else {
			fmt.Fprintf(out, "Run `%s` to install it into %s.\n", cmdline, res.Executable)
		}
	case res.Action == update.Installed:
		verb := "Updated"
		if res.Downgrade {
			verb = "Downgraded"
		}
		fmt.Fprintf(out, "%s toolfix v%s → v%s in %s (%s matched its line in the signed %s).\n", verb, res.Current, res.Target, res.Executable, res.Asset, update.ChecksumsFile)
		if restarted != "" {
			fmt.Fprintln(out, restarted)
		}
		if uids := otherUsersServing(res.Executable); len(uids) > 0 {
			fmt.Fprintf(out, "Other users' toolfix services run %s too (uid %s): they still run the old code until each of those users restarts it (`systemctl --user restart toolfix`, or logs in again).\n", res.Executable, joinInts(uids))
		}
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, update.ErrDevBuild):
		return fmt.Errorf("update: this toolfix is a source build (%s), which does not update itself: run `%s`, or install a release archive from %s (`toolfix update --check` names the newest)", opts.Current, sourceInstall, releases)
	case errors.Is(err, update.ErrNoAnswer):
		return fmt.Errorf("update: %w; check the network connection and any proxy settings (HTTPS_PROXY), or try again later", err)
	case errors.Is(err, update.ErrUnverified):
		return fmt.Errorf("update: %w; nothing was installed: this release is not signed by toolfix's release key, so do not install it by hand; report it at https://github.com/%s/issues", err, opts.Repo)
	}
	var ue *url.Error
	if errors.As(err, &ue) && !errors.Is(err, context.Canceled) {
		return &unreachableError{Repo: opts.Repo, URL: ue.URL, Err: err}
	}
	return fmt.Errorf("update: %w", err)
}

// unreachableError is a release list or asset that could not be fetched because the connection
// failed: it says so in words (netfault's classification of Err), never with the raw chain of
// operations and addresses.
type unreachableError struct {
	Repo string // "owner/name"
	URL  string // what was asked for
	Err  error  // the cause, a chain holding a *url.Error
}

func (e *unreachableError) Error() string {
	host := e.URL
	if u, err := url.Parse(e.URL); err == nil && u.Host != "" {
		host = u.Host
	}
	f := netfault.Classify(e.Err)
	return fmt.Sprintf("update: cannot reach %s for the releases of %s: %s; check the network connection and any proxy settings (HTTPS_PROXY), or try again later", host, e.Repo, f.Reason)
}

func (e *unreachableError) Unwrap() error { return e.Err }

// otherUsersServing is service.OtherUsersServing; tests replace it.
var otherUsersServing = service.OtherUsersServing

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}
