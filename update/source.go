package update

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/creativeprojects/go-selfupdate"
)

// Source is the boundary to where releases live: it lists a repository's releases and streams one
// asset of a release. go-selfupdate's GitHubSource (what NewGitHubSource returns) is the real one;
// tests wrap it to watch what is downloaded.
//
// ListReleases returns every release of the repository, newest first as the API lists them; nil with
// a nil error means there are none (or the repository does not exist). DownloadReleaseAsset returns
// the asset's bytes, which the caller closes.
type Source interface {
	ListReleases(ctx context.Context, repository selfupdate.Repository) ([]selfupdate.SourceRelease, error)
	DownloadReleaseAsset(ctx context.Context, rel *selfupdate.Release, assetID int64) (io.ReadCloser, error)
}

var _ Source = (*selfupdate.GitHubSource)(nil)

// NewGitHubSource returns a Source on GitHub's REST API at apiBaseURL; empty means
// https://api.github.com/. A GitHub Enterprise or test root gets "/api/v3/" appended unless its path
// already ends with it or its host starts with "api.", so "http://127.0.0.1:8080/" serves
// /api/v3/repos/{owner}/{repo}/releases. The GITHUB_TOKEN environment variable, when set, is sent
// as the API token. It fails only when apiBaseURL does not parse.
func NewGitHubSource(apiBaseURL string) (*selfupdate.GitHubSource, error) {
	src, err := selfupdate.NewGitHubSource(selfupdate.GitHubConfig{EnterpriseBaseURL: apiBaseURL})
	if err != nil {
		return nil, fmt.Errorf("update API base URL %q: %w", apiBaseURL, err)
	}
	return src, nil
}

// resolveExecutable returns the real file to replace: path, or the running executable when empty,
// with ".exe" added on Windows when missing and symlinks resolved. It fails when the file is missing.
func resolveExecutable(path, goos string) (string, error) {
	if path == "" {
		exe, err := os.Executable()
		if err != nil {
			return "", fmt.Errorf("finding the running executable: %w", err)
		}
		path = exe
	}
	if goos == "windows" && !strings.EqualFold(filepath.Ext(path), ".exe") {
		path += ".exe"
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", fmt.Errorf("resolving executable %q: %w", path, err)
	}
	fi, err := os.Stat(real)
	if err != nil {
		return "", fmt.Errorf("reading executable %q: %w", real, err)
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("executable %q is not a regular file", real)
	}
	return real, nil
}
