package providers

import (
	"fmt"
	"path/filepath"
)

// Document is one configuration file that toolfix reads and edits by key path, keeping every other
// byte. *Doc (JSON and JSONC), *TOMLDoc (Codex's config.toml) and *DotenvDoc (Qwen Code's .env)
// implement it; ParseConfig picks the one a client's file needs.
type Document interface {
	// Path is the path the document was parsed for, used in messages.
	Path() string
	// Bytes is the content with every edit applied; without edits, the input byte for byte.
	Bytes() []byte
	// Get returns the string at p and whether it is there; an error when the value (or an
	// object on the way) has another type.
	Get(p Pointer) (string, bool, error)
	// Set writes the string value at p, replacing an existing value in place. It returns the
	// objects it created to hold the key, outermost first, so that Remove can undo it exactly.
	Set(p Pointer, value string) (created []Pointer, err error)
	// SetLiteral puts back a value exactly as the file spelled it (Literal's form).
	SetLiteral(p Pointer, raw string) error
	// Literal is the value at p as written in the file (quotes and escapes included); "" when
	// missing.
	Literal(p Pointer) string
	// Remove deletes the key at p; removing a key Set added gives back the bytes from before.
	// A missing p is not an error.
	Remove(p Pointer) error
	// IsEmpty reports whether the document holds no key at all.
	IsEmpty() bool
	// IsEmptyObject reports whether p holds an object (a table) without members.
	IsEmptyObject(p Pointer) bool
}

var (
	_ Document = (*Doc)(nil)
	_ Document = (*TOMLDoc)(nil)
	_ Document = (*DotenvDoc)(nil)
)

// ParseConfig parses data, the file at path of client, in the syntax that client reads: Codex's
// config.toml as TOML, a file named .env as dotenv, Claude Code's settings as strict JSON, the
// others (OpenCode, Kilo, Qwen Code's settings.json) as JSONC — except that a trailing comma in
// Qwen Code's JSON is refused, since Qwen stops on one. Errors name the file and the line and
// column, or the fault.
func ParseConfig(client, path string, data []byte) (Document, error) {
	switch {
	case client == Codex:
		return ParseTOML(path, data)
	case filepath.Base(path) == ".env":
		return ParseDotenv(path, data)
	case client == Qwen:
		d, err := ParseDoc(path, data, false)
		if err == nil && d.HasTrailingComma() {
			return nil, fmt.Errorf("%s: a trailing comma, which Qwen Code refuses (it stops with a SyntaxError) (toolfix changed nothing; remove it and run again)", path)
		}
		return d, err
	default:
		return ParseDoc(path, data, client == Claude)
	}
}
