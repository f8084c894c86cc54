package cmd

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// serviceExecutable is the binary `toolfix install` registers as the service: this one, its
// symlinks resolved. Tests replace it.
var serviceExecutable = func() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("finding toolfix's own path for the service: %w", err)
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return exe, nil
}

// binaryPlaces are the folders a binary should not be run from as a service: TempDirs (os.TempDir,
// /tmp, /var/tmp: cleaned at reboot or by tools) and CacheDirs (the Go build cache). A toolfix
// source checkout is found from the binary's own folder.
type binaryPlaces struct {
	TempDirs  []string
	CacheDirs []string
}

// osBinaryPlaces are this machine's binaryPlaces.
func osBinaryPlaces() binaryPlaces {
	p := binaryPlaces{TempDirs: []string{os.TempDir(), "/tmp", "/var/tmp"}}
	if d := os.Getenv("GOTMPDIR"); d != "" {
		p.TempDirs = append(p.TempDirs, d)
	}
	if d := os.Getenv("GOCACHE"); d != "" {
		p.CacheDirs = append(p.CacheDirs, d)
	}
	if d, err := os.UserCacheDir(); err == nil {
		p.CacheDirs = append(p.CacheDirs, filepath.Join(d, "go-build"))
	}
	return p
}

// transientBinary says why exe is a poor binary for a service that starts at every login — it
// lives in a temporary folder, a build cache or a toolfix source checkout — and how to put a
// lasting one on PATH; "" when exe is fine.
func transientBinary(exe string, p binaryPlaces) string {
	var where string
	switch {
	case strings.Contains(exe, string(filepath.Separator)+"go-build"):
		where = "in a `go run` or `go test` build folder, which Go deletes"
	case under(exe, p.CacheDirs):
		where = "in the Go build cache, which Go cleans"
	case under(exe, p.TempDirs):
		where = "in a temporary folder that may be emptied at any reboot"
	default:
		if dir := checkoutOf(exe); dir != "" {
			where = "in the toolfix source checkout " + dir + ", where the next `go build` or `git clean` changes or removes it"
		}
	}
	if where == "" {
		return ""
	}
	return fmt.Sprintf("the service would run %s, %s; put toolfix on your PATH first (`go install ./cmd/toolfix` puts it in $(go env GOPATH)/bin, or unpack a release archive into ~/.local/bin) and run `toolfix install` from there", exe, where)
}

// under reports whether path is inside one of dirs.
func under(path string, dirs []string) bool {
	for _, d := range dirs {
		if d == "" {
			continue
		}
		if real, err := filepath.EvalSymlinks(d); err == nil {
			d = real
		}
		if rel, err := filepath.Rel(d, path); err == nil && rel != "." && !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel) {
			return true
		}
	}
	return false
}

// checkoutOf is the toolfix source checkout holding exe (a folder above it whose go.mod is this
// module's), or "".
func checkoutOf(exe string) string {
	for d := filepath.Dir(exe); ; d = filepath.Dir(d) {
		if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil && bytes.Contains(b, []byte("module github.com/toolfix/toolfix\n")) {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}
