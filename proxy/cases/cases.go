// Package cases loads the repair cases kept in the repository, testdata/cases at the module root,
// for tests and fuzz seeds. Each case is one exchange: the request body, the upstream response bytes
// and what a correct proxy must deliver. The layout is described in testdata/cases/README.md; this
// package only reads it and never writes. The folder is an exact copy of the cases every developer
// shares; new ones are copied in when an issue names them, so a fresh clone tests with nothing
// beside it.
package cases

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// Case is one folder <protocol>/<name>/ of testdata/cases.
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

// Dir returns the repository's cases folder, <module root>/testdata/cases, found by walking up from
// the working directory (tests run in their package's folder) to the folder holding go.mod. The
// error says where it looked and what is missing.
func Dir() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("finding the cases folder: %w", err)
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			c := filepath.Join(d, "testdata", "cases")
			if _, err := os.Stat(filepath.Join(c, "README.md")); err != nil {
				return "", fmt.Errorf("the repair cases are missing: no %s in the module at %s (restore testdata/cases from git)", filepath.Join(c, "README.md"), d)
			}
			return c, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("finding the cases folder: no go.mod in %q or any parent", wd)
		}
	}
}

// Load reads every case of protocol ("anthropic", "openai", "responses") from the repository's
// cases folder (Dir), sorted by name. It is an error for the folder to hold no case or a case to
// lack request.json, an upstream file or want.json.
func Load(protocol string) ([]Case, error) {
	root, err := Dir()
	if err != nil {
		return nil, err
	}
	return LoadFrom(root, protocol)
}

// LoadFrom is Load over the cases folder root instead of the repository's (a folder written by
// `toolfix replay --write-case`, say).
func LoadFrom(root, protocol string) ([]Case, error) {
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

// Protocols are the protocols of the cases, one folder each, in the order All and ForTest load them.
var Protocols = []string{"anthropic", "openai", "responses"}

// ForTest is Load for a test or a fuzz target: the cases of each protocol named (every protocol
// when none is), in that order. When they cannot be read it stops tb with the loader's one-line
// message (tb.Fatal), so a missing testdata/cases fails each test that needs it once and clearly,
// never with knock-on failures from zero-value cases, and a fuzz target never runs without its seeds.
func ForTest(tb testing.TB, protocols ...string) []Case {
	tb.Helper()
	all, err := loadEach(protocols)
	if err != nil {
		tb.Fatal(err)
	}
	return all
}

// NamedForTest is the case of protocol called name (its folder's name, e.g. "d13_stringified_array"),
// loaded as ForTest loads them. It stops tb (tb.Fatal) when the cases cannot be read or none of
// protocol's cases has that name, so a renamed case fails its test clearly.
func NamedForTest(tb testing.TB, protocol, name string) Case {
	tb.Helper()
	for _, c := range ForTest(tb, protocol) {
		if c.Name == name {
			return c
		}
	}
	tb.Fatalf("no %s case named %q in testdata/cases", protocol, name)
	return Case{}
}

// All loads the cases of every protocol.
func All() ([]Case, error) { return loadEach(Protocols) }

// loadEach loads the cases of each protocol in turn (of Protocols when there is none); the error is
// Load's first.
func loadEach(protocols []string) ([]Case, error) {
	if len(protocols) == 0 {
		protocols = Protocols
	}
	var all []Case
	for _, p := range protocols {
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
