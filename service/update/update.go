// Package update keeps the toolfix binary current from a repository's GitHub Releases, and installs
// nothing it cannot verify.
//
// It lives under service because what it replaces is the binary the per-user service runs, and
// the restart that follows is the service's (cmd drives both). It imports no toolfix package.
//
// # What a release looks like
//
// A release is a tag "vX.Y.Z" whose assets are, for each target, an archive named
// toolfix_<version>_<os>_<arch>.tar.gz (.zip on Windows) holding the binary toolfix (toolfix.exe on
// Windows), one checksums.txt listing "<sha256 hex>  <asset name>" per line, and
// checksums.txt.sig, an ECDSA P-256 signature of checksums.txt (ASN.1 DER over its SHA-256, what
// `openssl dgst -sha256 -sign` writes): the layout that the repository's .goreleaser.yaml produces
// and that go-selfupdate's asset detection finds.
//
// # What Run does
//
// Run lists every release through a Source (GitHub's REST API unless told otherwise, every page),
// picks the newest release that has an archive for this OS and architecture (or exactly the tag
// asked for), and compares it with the running version:
//
//   - a source build ("dev", or any version that is not semantic) cannot update itself: without
//     CheckOnly, ErrDevBuild before anything is fetched; with CheckOnly, the newest release is
//     reported (Result.SourceBuild) so the caller can say how to update a source build;
//   - the newest release is never older than or equal to what runs: then nothing changes (UpToDate);
//     only an explicit Options.Version installs an older release;
//   - a folder the user cannot write into refuses the update before the download (ErrNotWritable),
//     and CheckOnly says so beforehand (Result.CannotReplace);
//   - Options.CheckOnly reports what would be installed and changes nothing (Available);
//   - otherwise the archive is downloaded, its SHA-256 is compared with its line in the release's
//     checksums.txt, and checksums.txt's signature is checked against the release key built into
//     the binary (ReleaseKey). A release without checksums.txt or its signature, a checksums.txt
//     without a line for the archive, a sum that differs, or a signature that does not verify,
//     refuses the update (ErrUnverified) and leaves the binary untouched: a forged archive with a
//     matching forged checksums.txt is refused;
//   - the verified binary replaces the executable (symlinks resolved) by rename: it is written as
//     .toolfix.new beside the target, the target is renamed to .toolfix.old, the new file takes its
//     place, and the old file is removed; a failed rename is rolled back. The new file gets the old
//     one's mode. On Windows the running executable can be renamed but not deleted, so
//     .toolfix.exe.old stays, hidden, until the next update removes it first;
//   - then Options.Restart runs with the path that was replaced, so an installed service runs the
//     new code.
//
// The signature proves that the release's checksums were made by the holder of the release key,
// not only that the archive is the one the release lists.
package update

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/Masterminds/semver/v3"
	"github.com/creativeprojects/go-selfupdate"
)

// DefaultRepo is the GitHub repository ("owner/name") whose releases are installed when Options.Repo
// is empty.
const DefaultRepo = "toolfix/toolfix"

// ChecksumsFile is the name of the release asset that lists the SHA-256 of every archive;
// SignatureFile is its signature.
const (
	ChecksumsFile = "checksums.txt"
	SignatureFile = ChecksumsFile + ".sig"
)

// DefaultListTimeout bounds listing the releases when Options.ListTimeout is 0.
const DefaultListTimeout = 15 * time.Second

// Errors that Run returns wrapped; test them with errors.Is.
var (
	// ErrDevBuild: the running binary was not built by a release (a source build), so it cannot
	// update itself.
	ErrDevBuild = errors.New("this is a source build, which does not update itself")
	// ErrNoRelease: the repository has no release (or not the asked version) for this OS and architecture.
	ErrNoRelease = errors.New("no matching release")
	// ErrUnverified: the release's archive could not be verified against its checksums.txt and
	// that file's signature; nothing was installed. The library's own error
	// (selfupdate.ErrValidationAssetNotFound, ErrHashNotFound, ErrChecksumValidationFailed,
	// ErrIncorrectChecksumFile, ErrECDSAValidationFailed, ErrInvalidECDSASignature) is wrapped too.
	ErrUnverified = errors.New("release not verified against its signed " + ChecksumsFile)
	// ErrNoReleaseKey: this binary was built without a release key, so no release can be verified.
	ErrNoReleaseKey = errors.New("this build has no release key to verify releases with")
	// ErrNotWritable: the executable's folder is not writable by this user, so it cannot be replaced.
	ErrNotWritable = errors.New("the executable's folder is not writable by this user")
	// ErrNoAnswer: the releases API did not answer within Options.ListTimeout.
	ErrNoAnswer = errors.New("the releases API did not answer in time")
)

// Options says what to update and from where. Only Current is required.
type Options struct {
	// Current is the running binary's version: "1.2.3" or "v1.2.3" (a pre-release suffix is fine).
	// "dev", "" or anything that is not a semantic version is a source build: Run fails with
	// ErrDevBuild, or with CheckOnly reports the newest release.
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
	// ReleaseKey is the public key checksums.txt.sig must verify against, in ReleaseKey's form;
	// empty means the key built into the binary (the package variable ReleaseKey).
	ReleaseKey string
	// ListTimeout bounds listing the releases (both listings Run makes, together); 0 means
	// DefaultListTimeout. A Source that has not answered by then fails Run with ErrNoAnswer.
	ListTimeout time.Duration
	// Waiting, when set, is told each network step as it begins, in words ("listing the releases
	// of toolfix/toolfix at https://api.github.com/", "downloading toolfix_1.2.0_linux_amd64.tar.gz
	// and its signed checksums"), so a caller can say what a slow step waits for.
	Waiting func(step string)
	// Executable is the file to replace; empty means the running executable. Symlinks are resolved,
	// so the file they point to is replaced. Its base name must be the binary's name in the archive
	// (toolfix, or toolfix.exe on Windows, where ".exe" is added when missing).
	Executable string
	// CanReplace checks that this user can replace Executable (create and rename files in its
	// folder), returning an error wrapping ErrNotWritable that says what to do when not; nil means
	// the real check (access(2), or a probe file on Windows). Tests set it, since a test running
	// as root can write everywhere; NotWritable makes the real check's error.
	CanReplace func(exe string) error
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
	// Current is the running version, as parsed; as given for a source build.
	Current string
	// SourceBuild is true when Current is not a release's version: CheckOnly then reports the
	// newest release as Available, and nothing can be installed by Run.
	SourceBuild bool
	// Target is the release chosen (newest, or Options.Version); equal to Current when UpToDate.
	Target string
	// Downgrade is true when Target is older than Current (only with Options.Version).
	Downgrade bool
	// Asset is the archive's name, ReleaseURL the release's web page; both empty when no release was
	// looked at further than its version.
	Asset, ReleaseURL string
	// Executable is the file that was (or, with CheckOnly, would be) replaced; empty when UpToDate
	// or SourceBuild.
	Executable string
	// CannotReplace, with CheckOnly, says why the update would fail to replace Executable (it
	// wraps ErrNotWritable); nil when it can.
	CannotReplace error
	// Restarted is true when Options.Restart ran and returned nil.
	Restarted bool
}

// Run checks for and installs a release as described in the package documentation. The Result is
// meaningful also alongside an error that comes after the binary was replaced (a failed Restart):
// then Action is Installed. Errors wrap ErrDevBuild, ErrNoRelease, ErrUnverified, ErrNoReleaseKey,
// ErrNotWritable, ErrNoAnswer, or say which step failed on what (listing releases, replacing the
// executable, restarting the service).
func Run(ctx context.Context, opts Options) (Result, error) {
	current, err := parseCurrent(opts.Current)
	source := errors.Is(err, ErrDevBuild)
	if source && !opts.CheckOnly {
		return Result{Current: opts.Current, SourceBuild: true}, err
	}
	if err != nil && !source {
		return Result{}, err
	}
	repo, err := parseRepo(opts.Repo)
	if err != nil {
		return Result{}, err
	}
	key, err := parseReleaseKey(opts.ReleaseKey)
	if err != nil {
		return Result{}, err
	}
	if key == nil && !source {
		return Result{}, fmt.Errorf("%w: install a release archive of toolfix, which has one built in", ErrNoReleaseKey)
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
	root := apiRoot(opts)
	waiting := opts.Waiting
	if waiting == nil {
		waiting = func(string) {}
	}
	listTimeout := opts.ListTimeout
	if listTimeout == 0 {
		listTimeout = DefaultListTimeout
	}
	listCtx, cancelList := context.WithTimeout(ctx, listTimeout)
	defer cancelList()
	noAnswer := func(err error) error {
		if listCtx.Err() != nil && ctx.Err() == nil {
			return fmt.Errorf("%w: %s did not list the releases of %s within %s", ErrNoAnswer, root, slugString(repo), listTimeout)
		}
		return err
	}

	// Two updaters over one source: plain picks the release by version alone, so a current binary is
	// up to date even if the newest release lacks checksums.txt; verified, with the validator of
	// the signed checksums, is the only one that installs, and refuses a release without them.
	plain, err := selfupdate.NewUpdater(selfupdate.Config{Source: src, OS: goos, Arch: goarch})
	if err != nil {
		return Result{}, fmt.Errorf("setting up the updater: %w", err)
	}

	waiting(fmt.Sprintf("listing the releases of %s at %s", slugString(repo), root))
	rel, err := find(listCtx, plain, repo, opts.Version, goos, goarch)
	if err != nil {
		return Result{}, noAnswer(err)
	}
	if source {
		return Result{Action: Available, Current: opts.Current, SourceBuild: true, Target: rel.Version(), Asset: rel.AssetName, ReleaseURL: rel.URL}, nil
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
	verified, err := selfupdate.NewUpdater(selfupdate.Config{Source: src, Validator: signedChecksums(key), OS: goos, Arch: goarch})
	if err != nil {
		return Result{}, fmt.Errorf("setting up the updater: %w", err)
	}
	// The same release again, now with its checksums.txt and signature located (or refused when
	// it has none).
	tag := opts.Version
	if tag == "" {
		tag = "v" + target.String()
	}
	if rel, err = find(listCtx, verified, repo, tag, goos, goarch); err != nil {
		return Result{}, noAnswer(err)
	}
	cancelList()
	res.Downgrade = target.LessThan(current)
	if res.Executable, err = resolveExecutable(opts.Executable, goos); err != nil {
		return Result{}, err
	}
	canWrite := opts.CanReplace
	if canWrite == nil {
		canWrite = writable
	}
	canReplace := canWrite(res.Executable)
	if opts.CheckOnly {
		res.Action, res.CannotReplace = Available, canReplace
		return res, nil
	}
	if canReplace != nil {
		return res, canReplace
	}
	before, err := os.Stat(res.Executable)
	if err != nil {
		return Result{}, fmt.Errorf("reading executable %q: %w", res.Executable, err)
	}

	waiting(fmt.Sprintf("downloading %s and its signed %s from %s", rel.AssetName, ChecksumsFile, root))
	if err := verified.UpdateTo(ctx, rel, res.Executable); err != nil {
		if unverified(err) {
			return Result{}, fmt.Errorf("refusing to install v%s from %s: %w: %w", res.Target, rel.AssetName, ErrUnverified, err)
		}
		return Result{}, fmt.Errorf("installing v%s from %s into %q: %w", res.Target, rel.AssetName, res.Executable, err)
	}
	res.Action = Installed
	if err := keepMode(res.Executable, before); err != nil {
		return res, err
	}
	if opts.Restart != nil {
		if err := opts.Restart(res); err != nil {
			return res, fmt.Errorf("restarting the service after installing v%s: %w", res.Target, err)
		}
		res.Restarted = true
	}
	return res, nil
}

// apiRoot names the releases API for messages.
func apiRoot(opts Options) string {
	if gs, ok := opts.Source.(*GitHubSource); ok {
		return gs.root
	}
	if opts.Source != nil {
		return "the release source"
	}
	if opts.APIBaseURL != "" {
		return opts.APIBaseURL
	}
	return "https://api.github.com/"
}

// keepMode gives the new executable the permission bits the old one had (the library writes
// 0755 less the umask).
func keepMode(exe string, before os.FileInfo) error {
	if err := os.Chmod(exe, before.Mode().Perm()); err != nil {
		return fmt.Errorf("giving %s its old mode %v back: %w", exe, before.Mode().Perm(), err)
	}
	return nil
}

// parseCurrent reads the running version; a source build's wraps ErrDevBuild.
func parseCurrent(v string) (*semver.Version, error) {
	if v == "" || v == "dev" {
		return nil, ErrDevBuild
	}
	cur, err := semver.NewVersion(v)
	if err != nil {
		return nil, fmt.Errorf("%w (version %q is not a release's)", ErrDevBuild, v)
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
// release's checksums.txt and its signature, and refuses the release without them.
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

// unverified reports whether an UpdateTo error came from validation.
func unverified(err error) bool {
	for _, e := range []error{
		selfupdate.ErrValidationAssetNotFound, selfupdate.ErrHashNotFound,
		selfupdate.ErrChecksumValidationFailed, selfupdate.ErrIncorrectChecksumFile,
		selfupdate.ErrECDSAValidationFailed, selfupdate.ErrInvalidECDSASignature,
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
