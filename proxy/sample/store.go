package sample

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// Mode says which exchanges are kept.
type Mode string

// The modes. ModeRepairs is the default.
const (
	// ModeRepairs keeps every exchange in which a repair fired, a repair was refused (fail-open) or
	// a repair panicked.
	ModeRepairs Mode = "repairs"
	// ModeAll keeps every exchange, healthy ones too.
	ModeAll Mode = "all"
	// ModeOff keeps none.
	ModeOff Mode = "off"
)

// ParseMode reads a mode name; "" is ModeRepairs. The error lists the names.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(strings.ToLower(strings.TrimSpace(s))); m {
	case "":
		return ModeRepairs, nil
	case ModeRepairs, ModeAll, ModeOff:
		return m, nil
	}
	return "", fmt.Errorf("samples mode %q: want repairs, all or off", s)
}

// DefaultKeep is how many samples a Store keeps when told zero.
const DefaultKeep = 100

// Store writes samples into one folder and keeps only the newest. Create it with Open; it is safe
// for concurrent use.
type Store struct {
	dir   string
	keep  int
	mode  Mode
	mu    sync.Mutex
	seq   atomic.Uint64
	saved atomic.Int64
	bound Bounds // see SetBounds; zero: only keep
}

// Open prepares dir (created with mode 0700 when missing, set to 0700 when it exists) and returns a
// Store keeping the newest keep samples (zero means DefaultKeep) of the exchanges mode selects.
// Mode ModeOff returns a nil *Store and no error: nothing is ever written. The error says what
// could not be done to dir.
func Open(dir string, mode Mode, keep int) (*Store, error) {
	if mode == ModeOff {
		return nil, nil
	}
	if mode != ModeAll {
		mode = ModeRepairs
	}
	if keep <= 0 {
		keep = DefaultKeep
	}
	if dir == "" {
		return nil, fmt.Errorf("no samples folder given")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("creating the samples folder %q: %w", dir, err)
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return nil, fmt.Errorf("restricting the samples folder %q to its owner: %w", dir, err)
	}
	return &Store{dir: dir, keep: keep, mode: mode}, nil
}

// Dir returns the samples folder; "" for a nil Store.
func (s *Store) Dir() string {
	if s == nil {
		return ""
	}
	return s.dir
}

// Mode returns the store's mode; ModeOff for a nil Store.
func (s *Store) Mode() Mode {
	if s == nil {
		return ModeOff
	}
	return s.mode
}

// Saved returns how many samples this Store has written since it was opened.
func (s *Store) Saved() int64 {
	if s == nil {
		return 0
	}
	return s.saved.Load()
}

// Wants reports whether an exchange with these outcomes is kept: always in ModeAll; in
// ModeRepairs when something was repaired, refused or went wrong in a repair.
func (s *Store) Wants(x *Exchange) bool {
	switch s.Mode() {
	case ModeAll:
		return true
	case ModeRepairs:
		return len(x.Repairs) > 0 || len(x.FailOpens) > 0
	}
	return false
}

// namePattern matches the files a Store writes; rotation never touches any other file.
var namePattern = regexp.MustCompile(`^\d{8}T\d{6}\.\d{6}Z-\d{6}-[A-Za-z0-9._-]+\.json$`)

// Save redacts x (Exchange.Redact), writes it as a new file of mode 0600 in the folder (written
// whole under a temporary name, then renamed) and removes the oldest samples beyond the limit. It
// returns the new file's path. A nil Store saves nothing and returns "". The headers, URLs, error
// and the bodies that are not Server-Sent Events are redacted in place; a stream body is redacted
// and encoded as it is written, in bounded chunks, and x keeps it as it was. The file holds the
// bytes Redact then Marshal would give.
func (s *Store) Save(x *Exchange) (string, error) {
	return s.SaveFrom(x, nil, nil)
}

// SaveFrom is Save for an exchange whose response bodies are kept outside it, such as a capture
// spilled to a file: response, when not nil, is read in place of x.Response.Body, and client in
// place of x.Client.Body (x.Client must then be set). A stream body is read in chunks of 32 KiB,
// twice (to find what to redact, then to write it), three times when a credential of the
// exchange is looked for in it; what is held at once is a line of up to 256 KiB (a longer one is
// read again in pieces) and, per streamed field, the text since the last place no secret can
// straddle (see streamScan), so that writing a sample of a 16 MiB stream takes a few MiB. The error says what failed: reading a
// body back, encoding, or writing the file.
func (s *Store) SaveFrom(x *Exchange, response, client *io.SectionReader) (string, error) {
	if s == nil {
		return "", nil
	}
	x.Format = FormatVersion
	sources := map[*Part]*io.SectionReader{}
	if response != nil {
		sources[&x.Response] = response
	}
	if client != nil && x.Client != nil {
		sources[x.Client] = client
	}
	route := x.Route
	if route == "" {
		route = "root"
	}
	name := fmt.Sprintf("%s-%06d-%s.json", x.Time.UTC().Format("20060102T150405.000000Z"), s.seq.Add(1)%1000000, route)
	s.mu.Lock()
	defer s.mu.Unlock()
	f, err := os.CreateTemp(s.dir, ".sample-*.tmp")
	if err != nil {
		return "", fmt.Errorf("writing a sample in %q: %w", s.dir, err)
	}
	tmp := f.Name()
	werr := x.writeTo(f, sources, readChunk, newStreamScan)
	if err := f.Chmod(0o600); werr == nil {
		werr = err
	}
	if err := f.Close(); werr == nil {
		werr = err
	}
	path := filepath.Join(s.dir, name)
	if werr == nil {
		werr = os.Rename(tmp, path)
	}
	if werr != nil {
		_ = os.Remove(tmp)
		return "", fmt.Errorf("writing sample %q: %w", path, werr)
	}
	s.saved.Add(1)
	return path, s.rotate()
}

// rotate removes the oldest sample files beyond the limit. Names sort by time.
func (s *Store) rotate() error {
	ents, err := os.ReadDir(s.dir)
	if err != nil {
		return fmt.Errorf("listing samples in %q: %w", s.dir, err)
	}
	var names []string
	for _, e := range ents {
		if e.Type().IsRegular() && namePattern.MatchString(e.Name()) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for len(names) > s.keep {
		if err := os.Remove(filepath.Join(s.dir, names[0])); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("removing an old sample: %w", err)
		}
		names = names[1:]
	}
	return s.trim(names)
}

// List returns the paths of the samples in dir, oldest first.
func List(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("listing samples in %q: %w", dir, err)
	}
	var paths []string
	for _, e := range ents {
		if e.Type().IsRegular() && namePattern.MatchString(e.Name()) {
			paths = append(paths, filepath.Join(dir, e.Name()))
		}
	}
	sort.Strings(paths)
	return paths, nil
}
