package providers

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Client names, as used in route names, --only and the state file.
const (
	Claude   = "claude"
	OpenCode = "opencode"
	Codex    = "codex"
	Kilo     = "kilo"
	Qwen     = "qwen"
)

// Clients are every client toolfix routes, in the order install scans them.
var Clients = []string{Claude, OpenCode, Codex, Kilo, Qwen}

// Target is one setting that routes a client through toolfix: a string value at Key in File.
type Target struct {
	// Client is one of Clients.
	Client string
	// File is the configuration file's path as the client names it; it may be a symlink.
	File string
	// Key is where the base URL lives, such as {"env", "ANTHROPIC_BASE_URL"}.
	Key Pointer
	// Route is the route's name: "claude", "opencode-<provider id>", "codex-<provider id>",
	// "kilo-<provider id>", "qwen-<provider id>" or "qwen" (Qwen Code's OPENAI_BASE_URL).
	Route string
	// Present is whether the key is in the file. It is false for a default upstream that toolfix
	// routes only when asked (--claude-default-upstream, --opencode-builtin, --codex-builtin).
	Present bool
	// Raw is the value as written, "{env:VAR}" and "{file:path}" kept; "" when !Present.
	Raw string
	// Upstream is where the client sends requests today: Raw resolved, or the client's default.
	Upstream string
	// Protocol is the wire protocol: "anthropic", "openai" (chat completions) or "responses".
	Protocol string
}

// ConfigFile is one configuration file of a client, read once so that later steps can check that
// it did not change.
type ConfigFile struct {
	// Path is the path the client reads (a symlink is not resolved here).
	Path string
	// Client is one of Clients.
	Client string
	// Exists is false for a file toolfix would create.
	Exists bool
	// Data is the content as read; nil when !Exists.
	Data []byte
	// Mode is the file's permission bits (of the symlink's target); 0 when !Exists.
	Mode fs.FileMode
	// Doc is the parsed content (ParseConfig's kind for Client); an empty document when !Exists.
	Doc Document
}

// Scan is what a scan of one client found.
type Scan struct {
	// Files are the configuration files read, in the client's merge order.
	Files []*ConfigFile
	// Targets are the settings to route, in file order.
	Targets []Target
	// Notes say what was skipped and why, and what the user should know; one line each.
	Notes []string
}

// File returns the scanned file at path, or nil.
func (s *Scan) File(path string) *ConfigFile {
	for _, f := range s.Files {
		if f.Path == path {
			return f
		}
	}
	return nil
}

// Env is the part of the user's environment a scan reads.
type Env struct {
	// Home is the user's home directory.
	Home string
	// Getenv returns an environment variable, "" when unset; nil means os.Getenv.
	Getenv func(string) string
}

// OSEnv is the Env of this process.
func OSEnv() (Env, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return Env{}, fmt.Errorf("finding the home directory: %w", err)
	}
	return Env{Home: home, Getenv: os.Getenv}, nil
}

func (e Env) getenv(k string) string {
	if e.Getenv == nil {
		return os.Getenv(k)
	}
	return e.Getenv(k)
}

// readConfig reads and parses the file at path, in the syntax of client (ParseConfig). A missing
// file gives (nil, nil).
func readConfig(client, path string) (*ConfigFile, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	doc, err := ParseConfig(client, path, data)
	if err != nil {
		return nil, err
	}
	return &ConfigFile{Path: path, Client: client, Exists: true, Data: data, Mode: fi.Mode().Perm(), Doc: doc}, nil
}

// defaultRoute is a client's default upstream, which toolfix routes only when an install flag asks
// for it; until then the client talks to it directly, and a scan says so in a note.
type defaultRoute struct {
	name     string // the client as people name it: "Claude Code"
	upstream string // where the client sends requests while no base URL is set
	flag     string // the install flag that routes it: "--claude-default-upstream"
	what     string // what the flag routes: "it", "its built-in openai provider"
}

// direct is the note that the client talks to the default upstream directly because of why (such
// as "<file> does not exist"), and which flag routes it through toolfix.
func (r defaultRoute) direct(why string) string {
	return fmt.Sprintf("%s: %s, so %s talks to %s directly; pass %s to route %s through toolfix", r.name, why, r.name, r.upstream, r.flag, r.what)
}

// readOrCreate reads client's config file at path into s.Files. A missing file is one toolfix
// would create (newConfig) when create (def's flag) is true; else it is left out, def's note that
// the file does not exist goes into s.Notes, and f is nil. Errors as readConfig.
func (s *Scan) readOrCreate(client, path string, create bool, def defaultRoute) (*ConfigFile, error) {
	f, err := readConfig(client, path)
	if err != nil {
		return nil, err
	}
	if f == nil {
		if !create {
			s.Notes = append(s.Notes, def.direct(path+" does not exist"))
			return nil, nil
		}
		f = newConfig(client, path)
	}
	s.Files = append(s.Files, f)
	return f, nil
}

// newConfig is the ConfigFile of a file toolfix would create: an empty JSON object, or an empty
// TOML file for Codex.
func newConfig(client, path string) *ConfigFile {
	var doc Document = NewDoc(path)
	if client == Codex {
		doc, _ = ParseTOML(path, nil) // an empty file always parses
	}
	return &ConfigFile{Path: filepath.Clean(path), Client: client, Doc: doc}
}
