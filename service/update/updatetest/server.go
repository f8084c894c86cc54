// Package updatetest plays GitHub's releases API on a loopback httptest server, for tests of
// package update and of `toolfix update`, with no network.
//
// It serves, under the GitHub Enterprise root "/api/v3/" (what go-github builds from a base URL
// that does not name it):
//
//	GET /api/v3/repos/{owner}/{repo}/releases             the releases as JSON, in the order given,
//	                                                      paged as GitHub pages them (per_page,
//	                                                      default 30, at most 100; page; a Link
//	                                                      header with rel="next" but on the last)
//	GET /api/v3/repos/{owner}/{repo}/releases/assets/{id}  302 to /download/{id}, as GitHub redirects
//	GET /download/{id}                                    the asset's bytes
//
// Any other path, or another repository, answers 404. Asset ids are assigned from 1 in the order of
// the releases and their assets.
package updatetest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Release is one release the server lists. Tag is the tag name ("v1.2.3"); Draft and Prerelease are
// GitHub's flags; Assets are served in order.
type Release struct {
	Tag               string
	Draft, Prerelease bool
	Assets            []Asset
}

// Asset is one release asset: its file name and its bytes.
type Asset struct {
	Name string
	Data []byte
}

// Server is a running fake of the releases API for one repository. Its methods are safe for
// concurrent use.
type Server struct {
	srv    *httptest.Server
	repo   string
	rels   []Release
	assets map[int64]Asset

	mu        sync.Mutex
	downloads []string
	lists     int
}

// NewServer starts a Server on 127.0.0.1 for repo ("owner/name") serving rels, and closes it when
// the test ends.
func NewServer(t testing.TB, repo string, rels ...Release) *Server {
	t.Helper()
	s := Start(repo, rels...)
	t.Cleanup(s.Close)
	return s
}

// Start starts a Server on 127.0.0.1 for repo ("owner/name") serving rels, outside a test (the
// fakegithub command); the caller closes it.
func Start(repo string, rels ...Release) *Server {
	s := &Server{repo: repo, rels: rels, assets: map[int64]Asset{}}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Close stops the server and waits for the requests under way.
func (s *Server) Close() { s.srv.Close() }

// SetReleases replaces the releases the server lists from the next request on.
func (s *Server) SetReleases(rels ...Release) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rels = rels
}

// URL is the server's root, "http://127.0.0.1:<port>/", to use as update.Options.APIBaseURL.
func (s *Server) URL() string { return s.srv.URL + "/" }

// Downloads lists the names of the assets downloaded so far, in order.
func (s *Server) Downloads() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.downloads...)
}

// Lists counts the requests for the release list so far.
func (s *Server) Lists() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lists
}

type ghAsset struct {
	ID                 int64  `json:"id"`
	Name               string `json:"name"`
	Size               int    `json:"size"`
	URL                string `json:"url"`
	BrowserDownloadURL string `json:"browser_download_url"`
}

type ghRelease struct {
	ID          int64     `json:"id"`
	TagName     string    `json:"tag_name"`
	Name        string    `json:"name"`
	Draft       bool      `json:"draft"`
	Prerelease  bool      `json:"prerelease"`
	HTMLURL     string    `json:"html_url"`
	PublishedAt time.Time `json:"published_at"`
	Body        string    `json:"body"`
	Assets      []ghAsset `json:"assets"`
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	prefix := "/api/v3/repos/" + s.repo + "/releases"
	switch {
	case r.URL.Path == prefix:
		all := s.list()
		page, from, to := pageOf(r, len(all))
		if to < len(all) {
			u := *r.URL
			q := u.Query()
			q.Set("page", strconv.Itoa(page+1))
			u.RawQuery = q.Encode()
			w.Header().Set("Link", fmt.Sprintf(`<%s%s>; rel="next"`, s.srv.URL, u.RequestURI()))
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(all[from:to])
	case strings.HasPrefix(r.URL.Path, prefix+"/assets/"):
		id := strings.TrimPrefix(r.URL.Path, prefix+"/assets/")
		if _, ok := s.asset(id); !ok {
			http.NotFound(w, r)
			return
		}
		http.Redirect(w, r, s.srv.URL+"/download/"+id, http.StatusFound)
	case strings.HasPrefix(r.URL.Path, "/download/"):
		a, ok := s.asset(strings.TrimPrefix(r.URL.Path, "/download/"))
		if !ok {
			http.NotFound(w, r)
			return
		}
		s.mu.Lock()
		s.downloads = append(s.downloads, a.Name)
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/octet-stream")
		_, _ = w.Write(a.Data)
	default:
		http.NotFound(w, r)
	}
}

// pageOf reads GitHub's paging parameters: per_page (default 30, at most 100) and page (from 1),
// and returns the page and the slice [from:to] of n releases it holds.
func pageOf(r *http.Request, n int) (page, from, to int) {
	per, err := strconv.Atoi(r.URL.Query().Get("per_page"))
	if err != nil || per < 1 {
		per = 30
	}
	per = min(per, 100)
	page, err = strconv.Atoi(r.URL.Query().Get("page"))
	if err != nil || page < 1 {
		page = 1
	}
	from = min((page-1)*per, n)
	return page, from, min(from+per, n)
}

// list renders the releases as the API does, numbering assets from 1.
func (s *Server) list() []ghRelease {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lists++
	s.assets = map[int64]Asset{}
	out := make([]ghRelease, 0, len(s.rels))
	var id int64
	for i, rel := range s.rels {
		gr := ghRelease{
			ID: int64(i + 1), TagName: rel.Tag, Name: rel.Tag, Draft: rel.Draft, Prerelease: rel.Prerelease,
			HTMLURL:     fmt.Sprintf("%s/%s/releases/tag/%s", s.srv.URL, s.repo, rel.Tag),
			PublishedAt: time.Date(2026, 1, 1+i, 0, 0, 0, 0, time.UTC),
			Assets:      []ghAsset{},
		}
		for _, a := range rel.Assets {
			id++
			s.assets[id] = a
			gr.Assets = append(gr.Assets, ghAsset{
				ID: id, Name: a.Name, Size: len(a.Data),
				URL:                fmt.Sprintf("%s/api/v3/repos/%s/releases/assets/%d", s.srv.URL, s.repo, id),
				BrowserDownloadURL: fmt.Sprintf("%s/%s/releases/download/%s/%s", s.srv.URL, s.repo, rel.Tag, a.Name),
			})
		}
		out = append(out, gr)
	}
	return out
}

func (s *Server) asset(id string) (Asset, bool) {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return Asset{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.assets[n]
	return a, ok
}
