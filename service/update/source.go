package update

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/creativeprojects/go-selfupdate"
	"github.com/google/go-github/v86/github"
)

// Source is the boundary to where releases live: it lists a repository's releases and streams one
// asset of a release. GitHubSource (what NewGitHubSource returns) is the real one; tests wrap it
// to watch what is downloaded.
//
// ListReleases returns every release of the repository, newest first as the API lists them; nil with
// a nil error means there are none (or the repository does not exist). DownloadReleaseAsset returns
// the asset's bytes, which the caller closes.
type Source interface {
	ListReleases(ctx context.Context, repository selfupdate.Repository) ([]selfupdate.SourceRelease, error)
	DownloadReleaseAsset(ctx context.Context, rel *selfupdate.Release, assetID int64) (io.ReadCloser, error)
}

// maxReleasePages bounds the pages of 100 releases GitHubSource reads: 10,000 releases.
const maxReleasePages = 100

// GitHubSource is a Source on GitHub's REST API. Unlike go-selfupdate's own GitHubSource, which
// reads only the first page of 30, it lists every release, 100 a page, so that --version finds a
// release however old; it downloads through go-selfupdate's.
type GitHubSource struct {
	api *github.Client
	dl  *selfupdate.GitHubSource
	// root is the API root as given, for messages.
	root string
}

var _ Source = (*GitHubSource)(nil)

// NewGitHubSource returns a Source on GitHub's REST API at apiBaseURL; empty means
// https://api.github.com/. A GitHub Enterprise or test root gets "/api/v3/" appended unless its path
// already ends with it or its host starts with "api.", so "http://127.0.0.1:8080/" serves
// /api/v3/repos/{owner}/{repo}/releases. The GITHUB_TOKEN environment variable, when set, is sent
// as the API token. It fails only when apiBaseURL does not parse.
func NewGitHubSource(apiBaseURL string) (*GitHubSource, error) {
	dl, err := selfupdate.NewGitHubSource(selfupdate.GitHubConfig{EnterpriseBaseURL: apiBaseURL})
	if err != nil {
		return nil, fmt.Errorf("update API base URL %q: %w", apiBaseURL, err)
	}
	api := github.NewClient(nil)
	if token := os.Getenv("GITHUB_TOKEN"); token != "" {
		api = api.WithAuthToken(token)
	}
	root := "https://api.github.com/"
	if apiBaseURL != "" {
		if api, err = api.WithEnterpriseURLs(apiBaseURL, apiBaseURL); err != nil {
			return nil, fmt.Errorf("update API base URL %q: %w", apiBaseURL, err)
		}
		root = apiBaseURL
	}
	return &GitHubSource{api: api, dl: dl, root: root}, nil
}

// ListReleases reads every page of the repository's releases. A repository that does not exist
// (404) has none: nil, nil.
func (s *GitHubSource) ListReleases(ctx context.Context, repository selfupdate.Repository) ([]selfupdate.SourceRelease, error) {
	owner, repo, err := repository.GetSlug()
	if err != nil {
		return nil, err
	}
	var out []selfupdate.SourceRelease
	opts := &github.ListOptions{PerPage: 100}
	for page := 0; page < maxReleasePages; page++ {
		rels, resp, err := s.api.Repositories.ListReleases(ctx, owner, repo, opts)
		if err != nil {
			var ge *github.ErrorResponse
			if errors.As(err, &ge) && ge.Response != nil && ge.Response.StatusCode == http.StatusNotFound {
				return nil, nil
			}
			return nil, fmt.Errorf("listing page %d of the releases of %s/%s at %s: %w", opts.Page+1, owner, repo, s.root, err)
		}
		for _, rel := range rels {
			out = append(out, selfupdate.NewGitHubRelease(rel))
		}
		if resp.NextPage == 0 {
			break
		}
		opts.Page = resp.NextPage
	}
	return out, nil
}

// DownloadReleaseAsset streams one asset; the caller closes it.
func (s *GitHubSource) DownloadReleaseAsset(ctx context.Context, rel *selfupdate.Release, assetID int64) (io.ReadCloser, error) {
	return s.dl.DownloadReleaseAsset(ctx, rel, assetID)
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
