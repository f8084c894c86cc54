// Package update keeps the toolfix binary current from a repository's GitHub Releases, and installs
// nothing it cannot verify.
//
// # What a release looks like
//
// A release is a tag "vX.Y.Z" whose assets are, for each target, an archive named
// toolfix_<version>_<os>_<arch>.tar.gz (.zip on Windows) holding the binary toolfix (toolfix.exe on
// Windows), and one checksums.txt listing "<sha256 hex>  <asset name>" per line: the layout that the
// repository's .goreleaser.yaml produces and that go-selfupdate's asset detection finds.
//
// # What Run does
//
// Run lists the releases through a Source (GitHub's REST API unless told otherwise), picks the newest
// release that has an archive for this OS and architecture (or exactly the tag asked for), and
// compares it with the running version:
//
//   - a "dev" build (or any version that is not semantic) cannot update itself: ErrDevBuild, before
//     anything is fetched;
//   - the newest release is never older than or equal to what runs: then nothing changes (UpToDate);
//     only an explicit Options.Version installs an older release;
//   - Options.CheckOnly reports what would be installed and changes nothing (Available);
//   - otherwise the archive is downloaded and its SHA-256 is compared with its line in the release's
//     checksums.txt. A release without checksums.txt, a checksums.txt without a line for the archive,
//     or a sum that differs, refuses the update (ErrUnverified) and leaves the binary untouched.
//   - the verified binary replaces the executable (symlinks resolved) by rename: it is written as
//     .toolfix.new beside the target, the target is renamed to .toolfix.old, the new file takes its
//     place, and the old file is removed; a failed rename is rolled back. On Windows the running
//     executable can be renamed but not deleted, so .toolfix.exe.old stays, hidden, until the next
//     update removes it first;
//   - then Options.Restart runs, so an installed service runs the new code.
//
// The checksum proves that the archive is the one the release lists, not who made the release: the
// trust is in the repository (and in TLS to its API), as with any GitHub release download.
package update

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/Masterminds/semver/v3"
	"github.com/creativeprojects/go-selfupdate"
)

// DefaultRepo is the GitHub repository ("owner/name") whose releases are installed when Options.Repo
// is empty.
const DefaultRepo = "toolfix/toolfix"

// ChecksumsFile is the name of the release asset that lists the SHA-256 of every archive.
const ChecksumsFile = "checksums.txt"

// Errors that Run returns wrapped; test them with errors.Is.
var (
	// ErrDevBuild: the running binary was not built by a release, so there is no version to compare.
	ErrDevBuild = errors.New("this is a development build, which cannot update itself; install a release instead")
	// ErrNoRelease: the repository has no release (or not the asked version) for this OS and architecture.
	ErrNoRelease = errors.New("no matching release")
	// ErrUnverified: the release's archive could not be verified against its checksums.txt; nothing
	// was installed. The library's own error (selfupdate.ErrValidationAssetNotFound,
	// ErrHashNotFound, ErrChecksumValidationFailed, ErrIncorrectChecksumFile) is wrapped too.
	ErrUnverified = errors.New("release not verified against " + ChecksumsFile)
)

// Options says what to update and from where. Only Current is required.
type Options struct {
	// Current is the running binary's version: "1.2.3" or "v1.2.3" (a pre-release suffix is fine).
	// "dev", "" or anything that is not a semantic version makes Run fail with ErrDevBuild.
	Current string
	// Version is the release tag to install ("v1.2.3"; "1.2.3" also finds tag "v1.2.3"), which may be
	// older than Current (a deliberate downgrade), a pre-release or a draft. Empty means the newest
	// release that is neither a draft nor a pre-release, and never an older one than Current.
	Version string
	// CheckOnly reports what would be installed without downloading anything or changing any file.
	CheckOnly bool
	// Repo is the GitHub repository "owner/name" to take releases from; empty means DefaultRepo.
	Repo string
	// APIBaseURL is the GitHub REST API root, e.g. "https://github.example.com/api/v3/" for GitHub
	// Enterprise or a test server; "/api/v3/" is appended unless the path already ends with it or the
	// host starts with "api." (go-github's rule). Empty means https://api.github.com/. Ignored when
	// Source is set. The GITHUB_TOKEN environment variable, when set, is sent as the API token.
	APIBaseURL string
	// Source lists releases and downloads assets; nil means GitHub's API at APIBaseURL.
	Source Source
	// Executable is the file to replace; empty means the running executable. Symlinks are resolved,
	// so the file they point to is replaced. Its base name must be the binary's name in the archive
	// (toolfix, or toolfix.exe on Windows, where ".exe" is added when missing).
	Executable string
	// OS and Arch pick the release asset, as GOOS and GOARCH spell them; empty means this binary's
	// runtime.GOOS and runtime.GOARCH.
	OS, Arch string
	// Restart runs once after the executable was replaced, to restart an installed service so it runs
	// the new binary. It gets the Result so far: Result.Executable is the path that was replaced,
	// resolved before the swap (the running process's own path names the old file after it, which
	// is deleted), and Result.Target the version now there. nil means there is nothing to restart;
	// it should return nil when no service is installed.
	Restart func(Result) error
}

// Action says what Run did.
type Action int

const (
	// UpToDate: nothing to install: the newest release is not newer than Current, or Current is
	// already the asked Version.
	UpToDate Action = iota
	// Available: CheckOnly found Target to install; nothing was changed.
	Available
	// Installed: Target replaced the executable.
	Installed
)

// String names the action in lower case: "up to date", "available", "installed".
func (a Action) String() string {
	switch a {
	case UpToDate:
		return "up to date"
	case Available:
		return "available"
	case Installed:
		return "installed"
	}
	return fmt.Sprintf("Action(%d)", int(a))
}

// Result describes the outcome of Run. Versions are semantic versions without a "v" prefix.
type Result struct {
	// Action is what happened.
	Action Action
	// Current is the running version, as parsed.
	Current string
	// Target is the release chosen (newest, or Options.Version); equal to Current when UpToDate.
	Target string
	// Downgrade is true when Target is older than Current (only with Options.Version).
	Downgrade bool
	// Asset is the archive's name, ReleaseURL the release's web page; both empty when no release was
	// looked at further than its version.
	Asset, ReleaseURL string
	// Executable is the file that was (or, with CheckOnly, would be) replaced; empty when UpToDate.
	Executable string
	// Restarted is true when Options.Restart ran and returned nil.
	Restarted bool
}

// Run checks for and installs a release as described in the package documentation. The Result is
// meaningful also alongside an error that comes after the binary was replaced (a failed Restart):
// then Action is Installed. Errors wrap ErrDevBuild, ErrNoRelease, ErrUnverified, or say which step
// failed on what (listing releases, replacing the executable, restarting the service).
func Run(ctx context.Context, opts Options) (Result, error) {
	current, err := parseCurrent(opts.Current)
	if err != nil {
		return Result{}, err
	}
	repo, err := parseRepo(opts.Repo)
	if err != nil {
		return Result{}, err
	}
	goos, goarch := opts.OS, opts.Arch
	if goos == "" {
		goos = runtime.GOOS
	}
	if goarch == "" {
		goarch = runtime.GOARCH
	}
	src := opts.Source
	if src == nil {
		if src, err = NewGitHubSource(opts.APIBaseURL); err != nil {
			return Result{}, err
		}
	}
	// Two updaters over one source: plain picks the release by version alone, so a current binary is
	// up to date even if the newest release lacks checksums.txt; verified, with the checksum
	// validator, is the only one that installs, and refuses a release without checksums.txt.
	plain, err := selfupdate.NewUpdater(selfupdate.Config{Source: src, OS: goos, Arch: goarch})
	if err != nil {
		return Result{}, fmt.Errorf("setting up the updater: %w", err)
	}
	verified, err := selfupdate.NewUpdater(selfupdate.Config{
		Source:    src,
		Validator: &selfupdate.ChecksumValidator{UniqueFilename: ChecksumsFile},
		OS:        goos,
		Arch:      goarch,
	})
	if err != nil {
		return Result{}, fmt.Errorf("setting up the updater: %w", err)
	}

	rel, err := find(ctx, plain, repo, opts.Version, goos, goarch)
	if err != nil {
		return Result{}, err
	}
	res := Result{Current: current.String(), Target: rel.Version(), Asset: rel.AssetName, ReleaseURL: rel.URL}
	target, err := semver.NewVersion(rel.Version())
	if err != nil {
		return Result{}, fmt.Errorf("parsing release version %q: %w", rel.Version(), err)
	}
	if target.Equal(current) || (opts.Version == "" && target.LessThan(current)) {
		res.Target, res.Asset, res.ReleaseURL = current.String(), "", ""
		return res, nil
	}
	// The same release again, now with its checksums.txt located (or refused when it has none).
	tag := opts.Version
	if tag == "" {
		tag = "v" + target.String()
	}
	if rel, err = find(ctx, verified, repo, tag, goos, goarch); err != nil {
		return Result{}, err
	}
	res.Downgrade = target.LessThan(current)
	if res.Executable, err = resolveExecutable(opts.Executable, goos); err != nil {
		return Result{}, err
	}
	if opts.CheckOnly {
		res.Action = Available
		return res, nil
	}

	if err := verified.UpdateTo(ctx, rel, res.Executable); err != nil {
		if unverified(err) {
			return Result{}, fmt.Errorf("refusing to install v%s from %s: %w: %w", res.Target, rel.AssetName, ErrUnverified, err)
		}
		return Result{}, fmt.Errorf("installing v%s from %s into %q: %w", res.Target, rel.AssetName, res.Executable, err)
	}
	res.Action = Installed
	if opts.Restart != nil {
		if err := opts.Restart(res); err != nil {
			return res, fmt.Errorf("restarting the service after installing v%s (it still runs the old binary): %w", res.Target, err)
		}
		res.Restarted = true
	}
	return res, nil
}

// parseCurrent reads the running version, refusing a development build.
func parseCurrent(v string) (*semver.Version, error) {
	if v == "" || v == "dev" {
		return nil, ErrDevBuild
	}
	cur, err := semver.NewVersion(v)
	if err != nil {
		return nil, fmt.Errorf("%w (version %q: %v)", ErrDevBuild, v, err)
	}
	return cur, nil
}

// parseRepo checks an "owner/name" slug; empty means DefaultRepo.
func parseRepo(slug string) (selfupdate.RepositorySlug, error) {
	if slug == "" {
		slug = DefaultRepo
	}
	owner, name, ok := strings.Cut(slug, "/")
	if !ok || owner == "" || name == "" || strings.ContainsAny(name, "/ ") || strings.Contains(owner, " ") {
		return selfupdate.RepositorySlug{}, fmt.Errorf("update repository %q: want owner/name", slug)
	}
	return selfupdate.NewRepositorySlug(owner, name), nil
}

// find picks the newest release with an archive for goos/goarch, or the one tagged version ("1.2.3"
// also finds "v1.2.3" and the other way round). With a validating updater it also requires the
// release's checksums.txt, and refuses the release without it.
func find(ctx context.Context, up *selfupdate.Updater, repo selfupdate.RepositorySlug, version, goos, goarch string) (*selfupdate.Release, error) {
	what := "the newest release"
	tags := []string{""}
	if version != "" {
		what = "release " + version
		tags = []string{version}
		if t, ok := strings.CutPrefix(version, "v"); ok {
			tags = append(tags, t)
		} else {
			tags = append(tags, "v"+version)
		}
	}
	for _, tag := range tags {
		rel, found, err := up.DetectVersion(ctx, repo, tag)
		if err != nil {
			if errors.Is(err, selfupdate.ErrValidationAssetNotFound) {
				return nil, fmt.Errorf("refusing %s of %s: %w: %w", what, slugString(repo), ErrUnverified, err)
			}
			return nil, fmt.Errorf("listing releases of %s: %w", slugString(repo), err)
		}
		if found {
			return rel, nil
		}
	}
	if version == "" {
		what = "release"
	}
	return nil, fmt.Errorf("%w: %s has no %s with an archive for %s/%s", ErrNoRelease, slugString(repo), what, goos, goarch)
}

// unverified reports whether an UpdateTo error came from checksum validation.
func unverified(err error) bool {
	for _, e := range []error{
		selfupdate.ErrValidationAssetNotFound, selfupdate.ErrHashNotFound,
		selfupdate.ErrChecksumValidationFailed, selfupdate.ErrIncorrectChecksumFile,
	} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

func slugString(r selfupdate.RepositorySlug) string {
	owner, name, _ := r.GetSlug()
	return owner + "/" + name
}
