package install

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/toolfix/toolfix/providers"
	"io/fs"
	"os"
	"time"
)

// StateVersion is the version of the state file format this package writes and reads.
const StateVersion = 1

// Phases of the state file.
const (
	// PhaseInstalled: the install finished; the files hold the values in the edits.
	PhaseInstalled = "installed"
	// PhaseApplying: an install is under way (or was killed): Recover undoes it.
	PhaseApplying = "applying"
)

// ErrNotInstalled is returned by LoadState when there is no state file: toolfix is not installed.
var ErrNotInstalled = errors.New("toolfix is not installed: run `toolfix install`")

// State is toolfix's state file, <state dir>/state.json, written 0600. It is what `toolfix serve`
// serves (Port, Routes) and what uninstall undoes (Files). Example:
//
//	{
//	  "version": 1,
//	  "phase": "installed",
//	  "port": 47821,
//	  "service": true,
//	  "updated": "2026-11-30T10:15:00Z",
//	  "routes": [{"name": "claude", "upstream": "https://gw.example/anthropic", "protocol": "anthropic", "client": "claude"}],
//	  "files": [{
//	    "path": "/home/me/.claude/settings.json", "client": "claude",
//	    "original": "/home/me/.local/state/toolfix/backups/2026-11-30T10-15-00Z/home/me/.claude/settings.json",
//	    "original_sha256": "…", "written_sha256": "…",
//	    "edits": [{"key": "/env/ANTHROPIC_BASE_URL", "route": "claude",
//	               "before": "https://gw.example/anthropic", "after": "http://127.0.0.1:47821/claude"}]
//	  }]
//	}
type State struct {
	// Version is StateVersion.
	Version int `json:"version"`
	// Phase is PhaseInstalled or PhaseApplying.
	Phase string `json:"phase"`
	// Port is the loopback port the proxy listens on.
	Port int `json:"port"`
	// Service is whether toolfix installed a per-user service (false after --no-service).
	Service bool `json:"service"`
	// Gateway is the team gateway's route the clients go to (install --gateway); "" when they go
	// to the local proxy on Port.
	Gateway string `json:"gateway,omitempty"`
	// Updated is when the state was last written, UTC.
	Updated time.Time `json:"updated"`
	// Routes are the proxy's routes, sorted by name.
	Routes []Route `json:"routes"`
	// Files are the files toolfix edited.
	Files []FileState `json:"files"`
	// Previous is, while Phase is PhaseApplying, the state before this install (nil when there
	// was none); Recover puts it back.
	Previous *State `json:"previous,omitempty"`
}

// Route is one route of the proxy: requests for /<Name>/<rest> go to <Upstream>/<rest>.
type Route struct {
	// Name is "claude", or "<client>-<provider id>" ("opencode-x", "codex-x", "kilo-x", "qwen-x"),
	// or "qwen" for Qwen Code's OPENAI_BASE_URL.
	Name string `json:"name"`
	// Upstream is the base URL the client used before toolfix, {env:…} resolved.
	Upstream string `json:"upstream"`
	// Protocol is "anthropic", "openai" or "responses"; informational, for doctor.
	Protocol string `json:"protocol,omitempty"`
	// Client is one of providers.Clients.
	Client string `json:"client"`
}

// FileState is one file toolfix edited.
type FileState struct {
	// Path is the file as the client names it (a symlink stays a symlink; its target is written).
	Path string `json:"path"`
	// Client is one of providers.Clients; it says how the file is parsed (providers.ParseConfig).
	Client string `json:"client"`
	// Created is whether toolfix created the file; uninstall removes it when nothing else is left.
	Created bool `json:"created,omitempty"`
	// CreatedDirs are folders toolfix created for the file, innermost first; removed when empty.
	CreatedDirs []string `json:"created_dirs,omitempty"`
	// Original is the backup of the file from before toolfix's first edit. Uninstall puts it back
	// whole when the file still has exactly the bytes toolfix wrote. "" when unknown or when the
	// user edited the file since: then uninstall undoes the edits key by key.
	Original string `json:"original,omitempty"`
	// OriginalSHA256 is the hex SHA-256 of Original's content.
	OriginalSHA256 string `json:"original_sha256,omitempty"`
	// WrittenSHA256 is the hex SHA-256 of the bytes toolfix last wrote.
	WrittenSHA256 string `json:"written_sha256"`
	// Pending is set while Phase is PhaseApplying for files this install rewrites.
	Pending bool `json:"pending,omitempty"`
	// Pre is, while Pending, the backup of the file from before this install ("" when the file
	// did not exist); Recover puts it back.
	Pre string `json:"pre,omitempty"`
	// Edits are the keys toolfix set in the file.
	Edits []Edit `json:"edits"`
}

// Edit is one key toolfix set.
type Edit struct {
	// Key is the key path of the value in JSON pointer form (RFC 6901), such as
	// "/env/ANTHROPIC_BASE_URL", "/model_providers/x/base_url" (TOML) or "/OPENAI_BASE_URL" (.env).
	Key string `json:"key"`
	// Route is the route the value points at.
	Route string `json:"route"`
	// Before is the value before toolfix's first edit, exactly as written ("{env:VAR}" kept);
	// nil (JSON null) when the key was absent and toolfix added it.
	Before *string `json:"before"`
	// BeforeJSON is the literal of Before as the file spelled it — a JSON or TOML string with its
	// quotes and escapes, or a dotenv value with its quotes — so that undoing restores the same
	// bytes; "" when Before is nil. (The name is from when every file was JSON.)
	BeforeJSON string `json:"before_json,omitempty"`
	// After is the value toolfix wrote: http://127.0.0.1:<port>/<route>.
	After string `json:"after"`
	// CreatedObjects are JSON pointers of objects toolfix created to hold the key, outermost
	// first; uninstall removes each one left empty.
	CreatedObjects []string `json:"created_objects,omitempty"`
}

// LoadState reads the state file in d. It returns ErrNotInstalled when there is none, and an
// error naming the file when it cannot be read or parsed or has another version.
func LoadState(d Dirs) (*State, error) {
	b, err := os.ReadFile(d.StateFile())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotInstalled
	}
	if err != nil {
		return nil, fmt.Errorf("reading state %s: %w", d.StateFile(), err)
	}
	var st State
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&st); err != nil {
		return nil, fmt.Errorf("the state file %w", providers.ParseError(d.StateFile(), b, err))
	}
	if st.Version != StateVersion {
		return nil, fmt.Errorf("state %s has version %d; this toolfix reads version %d", d.StateFile(), st.Version, StateVersion)
	}
	return &st, nil
}

// saveState writes st atomically, the folder 0700 and the file 0600.
func saveState(d Dirs, st *State) error {
	if err := os.MkdirAll(d.State, 0o700); err != nil {
		return fmt.Errorf("creating state folder %s: %w", d.State, err)
	}
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding state: %w", err)
	}
	if err := writeFileAtomic(d.StateFile(), append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("writing state: %w", err)
	}
	return nil
}

// removeState deletes the state file; a missing one is not an error.
func removeState(d Dirs) error {
	if err := os.Remove(d.StateFile()); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing state: %w", err)
	}
	return nil
}

// edit returns the edit of key in the file at path, or nil.
func (st *State) edit(path, key string) *Edit {
	if st == nil {
		return nil
	}
	for i := range st.Files {
		if st.Files[i].Path != path {
			continue
		}
		for j := range st.Files[i].Edits {
			if st.Files[i].Edits[j].Key == key {
				return &st.Files[i].Edits[j]
			}
		}
	}
	return nil
}

// file returns the state of the file at path, or nil.
func (st *State) file(path string) *FileState {
	if st == nil {
		return nil
	}
	return find(st.Files, func(f *FileState) bool { return f.Path == path })
}

// route returns the route named name, or nil.
func (st *State) route(name string) *Route {
	if st == nil {
		return nil
	}
	return find(st.Routes, func(r *Route) bool { return r.Name == name })
}

// find returns the first element of xs that match accepts, or nil; it points into xs.
func find[T any](xs []T, match func(*T) bool) *T {
	for i := range xs {
		if match(&xs[i]) {
			return &xs[i]
		}
	}
	return nil
}

func sum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
