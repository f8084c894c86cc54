package cmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/toolfix/toolfix/install"
	"github.com/toolfix/toolfix/providers"
	"github.com/toolfix/toolfix/proxy"
)

// retryFile is where the installed routes' opt-in retries are set: <config dir>/retry.json, an
// object from route name to proxy.Retry, such as
//
//	{"claude": {"attempts": 3, "backoff_ms": 500, "statuses": [500, 502, 503, 529]}}
//
// `toolfix serve` without flags reads it with the installed routes; a missing file retries nothing.
func retryFile(dirs install.Dirs) string { return filepath.Join(dirs.Config, "retry.json") }

// retryFormat is retryFile's format, as its errors show it.
const retryFormat = `{"ROUTE": {"attempts": 3, "backoff_ms": 500, "statuses": [500, 502, 503, 529]}}`

// addInstalledRetries sets on cfg's routes the retries retryFile holds. Errors: a file that cannot
// be read or parsed (with its place), a route it names that is not installed, a bad retry.
func addInstalledRetries(cfg *proxy.Config, dirs install.Dirs) error {
	path := retryFile(dirs)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return &fileError{Path: path, Err: err}
	}
	var retries map[string]*proxy.Retry
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&retries); err != nil {
		return fmt.Errorf("%w (fix it, or remove it to retry nothing; its format: %s)", providers.ParseError(path, b, err), retryFormat)
	}
	var names []string
	for i := range cfg.Routes {
		names = append(names, cfg.Routes[i].Name)
		if r, ok := retries[cfg.Routes[i].Name]; ok {
			cfg.Routes[i].Retry = r
		}
	}
	for name := range retries {
		if !slices.Contains(names, name) {
			return fmt.Errorf("%s sets a retry for route %q, which is not installed (the routes: %s); fix the name or remove it", path, name, strings.Join(names, ", "))
		}
	}
	if err := proxy.CheckRoutes(cfg.Routes); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
