// Package cases loads the shared repair cases (../shared/cases beside the repository root, or the
// folder named by TOOLFIX_CASES) for tests and fuzz seeds. Each case is one exchange: the request
// body, the upstream response bytes and what a correct proxy must deliver. The layout is described
// in ../shared/cases/README.md; this package only reads it and never writes.
package cases

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// Case is one folder <protocol>/<name>/ of the shared cases.
type Case struct {
	Protocol string // "anthropic", "openai" or "responses"
	Name     string // the folder name
	Dir      string // absolute path of the folder

	Request  []byte // request.json as sent by the client
	Upstream []byte // upstream.sse or upstream.json, decoded (never gzipped)
	Stream   bool   // true when Upstream came from upstream.sse

	Status  int               // from upstream.meta.json; 200 when absent
	Headers map[string]string // from upstream.meta.json; nil when absent

	Want Want // want.json
}

// Want is want.json: either Passthrough, or the Message the client must accumulate.
type Want struct {
	Passthrough bool            `json:"passthrough"`
	Message     json.RawMessage `json:"message"` // nil when Passthrough
	FramesValid bool            `json:"frames_valid"`
	Repairs     []string        `json:"repairs"`
	Note        string          `json:"note"`
}

// Dir returns the shared cases folder: $TOOLFIX_CASES when set, else the first of
// <dir>/../shared/cases found walking up from the working directory (tests run in their package's
// folder). The error says where it looked.
func Dir() (string, error) {
	if d := os.Getenv("TOOLFIX_CASES"); d != "" {
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("finding the cases folder: %w", err)
	}
	for d := wd; ; d = filepath.Dir(d) {
		c := filepath.Join(d, "..", "shared", "cases")
		if fi, err := os.Stat(filepath.Join(c, "README.md")); err == nil && !fi.IsDir() {
			return filepath.Clean(c), nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no shared/cases beside any parent of %q (set TOOLFIX_CASES)", wd)
		}
	}
}

// Load reads every case of protocol ("anthropic", "openai", "responses"), sorted by name. It is an
// error for the folder to hold no case or a case to lack request.json, an upstream file or want.json.
func Load(protocol string) ([]Case, error) {
	root, err := Dir()
	if err != nil {
		return nil, err
	}
	pdir := filepath.Join(root, protocol)
	ents, err := os.ReadDir(pdir)
	if err != nil {
		return nil, fmt.Errorf("reading cases %q: %w", pdir, err)
	}
	var out []Case
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		c, err := loadOne(protocol, filepath.Join(pdir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no cases in %q", pdir)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// All loads the cases of every protocol.
func All() ([]Case, error) {
	var all []Case
	for _, p := range []string{"anthropic", "openai", "responses"} {
		cs, err := Load(p)
		if err != nil {
			return nil, err
		}
		all = append(all, cs...)
	}
	return all, nil
}

func loadOne(protocol, dir string) (Case, error) {
	c := Case{Protocol: protocol, Name: filepath.Base(dir), Dir: dir, Status: 200}
	var err error
	if c.Request, err = os.ReadFile(filepath.Join(dir, "request.json")); err != nil {
		return c, fmt.Errorf("reading case %q: %w", dir, err)
	}
	if c.Upstream, err = os.ReadFile(filepath.Join(dir, "upstream.sse")); err == nil {
		c.Stream = true
	} else if errors.Is(err, os.ErrNotExist) {
		if c.Upstream, err = os.ReadFile(filepath.Join(dir, "upstream.json")); err != nil {
			return c, fmt.Errorf("reading case %q: %w", dir, err)
		}
	} else {
		return c, fmt.Errorf("reading case %q: %w", dir, err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "upstream.meta.json")); err == nil {
		var meta struct {
			Status  int               `json:"status"`
			Headers map[string]string `json:"headers"`
		}
		if err := json.Unmarshal(b, &meta); err != nil {
			return c, fmt.Errorf("parsing %q: %w", filepath.Join(dir, "upstream.meta.json"), err)
		}
		if meta.Status != 0 {
			c.Status = meta.Status
		}
		c.Headers = meta.Headers
	}
	b, err := os.ReadFile(filepath.Join(dir, "want.json"))
	if err != nil {
		return c, fmt.Errorf("reading case %q: %w", dir, err)
	}
	if err := json.Unmarshal(b, &c.Want); err != nil {
		return c, fmt.Errorf("parsing %q: %w", filepath.Join(dir, "want.json"), err)
	}
	return c, nil
}
