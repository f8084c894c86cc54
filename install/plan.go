package install

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/toolfix/toolfix/providers"
	"github.com/toolfix/toolfix/proxy/secret"
)

// Service is the per-user service that runs `toolfix serve`, as install drives it. Package service
// implements it; tests use a fake.
type Service interface {
	// Check returns nil when a per-user service manager answers, else an error saying why not
	// (a container, no user bus, WSL without systemd).
	Check() error
	// Describe says in one line what is installed and how it starts, for the plan.
	Describe() string
	// Install installs the service, or replaces an installed one, and (re)starts it so that it
	// serves the current state.
	Install() error
	// Remove stops and removes the service; nil when it is not installed.
	Remove() error
	// Snapshot records the service as it is now (its definition byte for byte, or that there is
	// none, and whether it runs); restore puts exactly that back, or removes the service when
	// there was none. Apply takes one before Install, to undo a failed install.
	Snapshot() (restore func() error, err error)
}

// Options are the choices of `toolfix install`.
type Options struct {
	// Port is the loopback port the proxy listens on; 0 keeps the installed port, or DefaultPort
	// when nothing is installed.
	Port int
	// DefaultPort is the port used when Port is 0 and nothing is installed.
	DefaultPort int
	// Only limits the clients scanned for new routes (names of providers.Clients: "claude",
	// "opencode", "codex", "kilo", "qwen"); nil means all. Edits toolfix made earlier are kept up to
	// date whatever Only says.
	Only []string
	// ClaudeDefaultUpstream routes Claude Code when its settings set no ANTHROPIC_BASE_URL.
	ClaudeDefaultUpstream bool
	// OpenCodeBuiltins names built-in OpenCode providers to route ("anthropic", "openai").
	OpenCodeBuiltins []string
	// KiloBuiltins names built-in Kilo CLI providers to route ("anthropic", "openai").
	KiloBuiltins []string
	// CodexBuiltin routes Codex CLI's built-in openai provider (its top-level openai_base_url).
	CodexBuiltin bool
	// NoService installs no service: the user runs `toolfix serve` themselves.
	NoService bool
	// Gateway routes the clients to a team gateway's route (https://HOST/t/<token>/<route>, see
	// CheckGateway) instead of a local proxy; no service is installed. "" means the local proxy.
	Gateway string
}

// Installer carries what install and uninstall need from outside: folders, environment, service.
type Installer struct {
	// Dirs are toolfix's folders.
	Dirs Dirs
	// Env is the user's environment the client configs are resolved against.
	Env providers.Env
	// Service is the per-user service; nil means none can be installed (only --no-service works).
	Service Service
	// HealthURL is polled after the service starts; "" means http://127.0.0.1:<port>/healthz.
	HealthURL string
	// HealthTimeout bounds the wait for HealthURL; 0 means 20 seconds.
	HealthTimeout time.Duration
	// Now gives the time for backup folder names; nil means time.Now.
	Now func() time.Time

	// fail, when set by a test, is called at each step of Apply ("backup", "state", "service",
	// "health", "write", "commit") and its error injected there.
	fail func(step string) error
	// toolfixAt, when set by a test, stands for the /healthz probe that tells whether a toolfix
	// answers at an upstream on this machine; nil means toolfixAt.
	toolfixAt func(raw string) bool
	// access, when set by a test, stands for the user toolfix runs as in the plan's checks of the
	// files it will write; nil means this process (osAccess).
	access *fileAccess
}

// Plan is what an install would do, computed without writing anything.
type Plan struct {
	// Port is the proxy's port.
	Port int
	// Routes are the routes after the install, sorted by name.
	Routes []Route
	// Changes are the files whose bytes change, in scan order.
	Changes []*FileChange
	// Service says what service will run; "" with NoService.
	Service string
	// ServiceErr says why no service manager answers; Apply refuses to start while it is set,
	// unless NoService.
	ServiceErr error
	// NoService is Options.NoService.
	NoService bool
	// Notes are what the user should know: skipped settings, warnings.
	Notes []string
	// Gateway is Options.Gateway, checked: the clients go to it, not to a local proxy.
	Gateway string

	prev *State
	next *State
}

// FileChange is one file a plan rewrites.
type FileChange struct {
	// Path is the file as the client names it.
	Path string
	// Client is one of providers.Clients.
	Client string
	// Exists is false for a file the install creates.
	Exists bool
	// Mode is the permission bits to keep (0600 for a new file).
	Mode fs.FileMode
	// Before is the content read at planning; After the content to write.
	Before, After []byte
	// NewDirs are folders to create for a new file, outermost first.
	NewDirs []string
	// Diff is the unified diff from Before to After.
	Diff string
}

// Empty reports whether the plan routes nothing and nothing is installed: there is nothing to do.
func (p *Plan) Empty() bool { return len(p.Routes) == 0 && p.prev == nil }

// BaseURL is the base URL toolfix writes into a client's config for route on port.
func BaseURL(port int, route string) string {
	return fmt.Sprintf("http://127.0.0.1:%d/%s", port, route)
}

// Plan reads the client configs and the state and returns what an install with opts would do.
// It writes nothing. Errors: a config that cannot be read or parsed (with line and column), every
// file that would change and that install cannot write as it must (checkWritable, all at once), an upstream that is toolfix itself or not an http(s) URL
// (naming file and key), a bad option, an install that was interrupted (run Recover first).
func (in *Installer) Plan(opts Options) (*Plan, error) {
	prev, err := LoadState(in.Dirs)
	if errors.Is(err, ErrNotInstalled) {
		prev, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	if prev != nil && prev.Phase == PhaseApplying {
		return nil, errors.New("an earlier install was interrupted and is not undone yet")
	}
	if opts.Gateway != "" {
		if opts.Gateway, err = CheckGateway(opts.Gateway); err != nil {
			return nil, err
		}
		opts.NoService = true // the gateway is the proxy
	}
	p := &Plan{Port: opts.Port, NoService: opts.NoService, Gateway: opts.Gateway, prev: prev}
	if p.Port == 0 {
		p.Port = opts.DefaultPort
		if prev != nil {
			p.Port = prev.Port
		}
	}
	if p.Port <= 0 || p.Port > 65535 {
		return nil, fmt.Errorf("port %d is not a TCP port", p.Port)
	}
	wanted, err := clientSet(opts.Only)
	if err != nil {
		return nil, err
	}
	files := map[string]*providers.ConfigFile{}
	var order []string
	addFile := func(f *providers.ConfigFile) {
		if _, ok := files[f.Path]; !ok {
			files[f.Path] = f
			order = append(order, f.Path)
		}
	}
	var targets []providers.Target
	for _, sc := range in.clientScans(opts) {
		if !wanted[sc.client] {
			continue
		}
		s, err := sc.scan()
		if err != nil {
			return nil, err
		}
		for _, f := range s.Files {
			addFile(f)
		}
		targets = append(targets, s.Targets...)
		p.Notes = append(p.Notes, s.Notes...)
	}
	kept, notes, err := in.keptTargets(prev, targets, files, addFile)
	if err != nil {
		return nil, err
	}
	targets = append(targets, kept...)
	p.Notes = append(p.Notes, notes...)

	var ports []int
	var routeNames []string
	ports = append(ports, p.Port)
	if prev != nil {
		ports = append(ports, prev.Port)
		for _, r := range prev.Routes {
			routeNames = append(routeNames, r.Name)
		}
	}
	for _, t := range targets {
		routeNames = append(routeNames, t.Route)
	}
	me := newSelf(ports, routeNames)

	routes := map[string]Route{}
	edits := map[string][]Edit{}
	for _, t := range targets {
		f := files[t.File]
		e, up, err := in.planEdit(p, prev, me, f, t)
		if err != nil {
			return nil, err
		}
		created, err := f.Doc.Set(t.Key, e.After)
		if err != nil {
			return nil, err
		}
		if e.Before == nil && len(e.CreatedObjects) == 0 {
			for _, c := range created {
				e.CreatedObjects = append(e.CreatedObjects, c.String())
			}
		}
		routes[e.Route] = Route{Name: e.Route, Upstream: up, Protocol: t.Protocol, Client: t.Client}
		edits[t.File] = append(edits[t.File], e)
	}
	if prev != nil && len(routes) == 0 {
		return nil, errors.New("nothing is left to route: every key toolfix set was changed or removed; run `toolfix uninstall` to remove the service and the state")
	}
	next := &State{Version: StateVersion, Phase: PhaseInstalled, Port: p.Port, Service: !opts.NoService, Gateway: p.Gateway}
	for _, r := range routes {
		next.Routes = append(next.Routes, r)
	}
	sort.Slice(next.Routes, func(i, j int) bool { return next.Routes[i].Name < next.Routes[j].Name })
	for _, path := range order {
		es := edits[path]
		if len(es) == 0 {
			continue
		}
		f := files[path]
		fc, fst, err := fileChange(f, es, prev.file(path))
		if err != nil {
			return nil, err
		}
		if fc != nil {
			p.Changes = append(p.Changes, fc)
		}
		next.Files = append(next.Files, fst)
	}
	acc := osAccess()
	if in.access != nil {
		acc = *in.access
	}
	if err := errors.Join(checkWritable(p.Changes, acc), checkStateDir(in.Dirs.State, acc)); err != nil {
		return nil, err
	}
	p.Routes = next.Routes
	p.next = next
	p.hideToken()
	if !opts.NoService {
		if in.Service == nil {
			p.ServiceErr = errors.New("this system has no per-user service manager toolfix can use")
		} else {
			p.Service = in.Service.Describe()
			p.ServiceErr = in.Service.Check()
		}
	}
	return p, nil
}

// isToolfix reports whether another toolfix proxy answers at the upstream raw (toolfixAt).
func (in *Installer) isToolfix(raw string) bool {
	if in.toolfixAt != nil {
		return in.toolfixAt(raw)
	}
	return toolfixAt(raw)
}

// clientScan is the scan of one client's configuration.
type clientScan struct {
	client string
	scan   func() (providers.Scan, error)
}

// clientScans are the scans of every client, in providers.Clients order, with the choices of opts
// (default upstreams and built-in providers).
func (in *Installer) clientScans(opts Options) []clientScan {
	return []clientScan{
		{providers.Claude, func() (providers.Scan, error) { return providers.ScanClaude(in.Env, opts.ClaudeDefaultUpstream) }},
		{providers.OpenCode, func() (providers.Scan, error) { return providers.ScanOpenCode(in.Env, opts.OpenCodeBuiltins) }},
		{providers.Codex, func() (providers.Scan, error) { return providers.ScanCodex(in.Env, opts.CodexBuiltin) }},
		{providers.Kilo, func() (providers.Scan, error) { return providers.ScanKilo(in.Env, opts.KiloBuiltins) }},
		{providers.Qwen, func() (providers.Scan, error) { return providers.ScanQwen(in.Env) }},
	}
}

// planEdit decides the edit of one target and the route's upstream.
func (in *Installer) planEdit(p *Plan, prev *State, me self, f *providers.ConfigFile, t providers.Target) (Edit, string, error) {
	key := t.Key.String()
	where := fmt.Sprintf("%s: %s", t.File, t.Key.Dotted())
	if se := prev.edit(t.File, key); se != nil && t.Present && t.Raw == se.After {
		// Already routed by toolfix: keep the original value, update the port.
		e := Edit{Key: key, Route: se.Route, Before: se.Before, BeforeJSON: se.BeforeJSON, After: p.baseURL(se.Route, t.Client), CreatedObjects: se.CreatedObjects}
		up := ""
		if r := prev.route(se.Route); r != nil {
			up = r.Upstream
		}
		if se.Before != nil && (strings.Contains(*se.Before, "{env:") || strings.Contains(*se.Before, "{file:")) {
			if v, err := providers.Resolve(*se.Before, filepath.Dir(t.File), in.Env); err == nil {
				up = v
			}
		}
		if up == "" {
			return e, "", fmt.Errorf("%s: toolfix set this key but its state has no upstream for route %q; run `toolfix uninstall`, then install again", where, se.Route)
		}
		return e, up, nil
	}
	isSelf, local, err := me.check(t.Upstream)
	if err != nil {
		return Edit{}, "", fmt.Errorf("%s: %w", where, err)
	}
	if isSelf {
		backups := ""
		if b := in.Dirs.BackupsIfAny(); b != "" {
			backups = " (an earlier install's backups may hold it, under " + b + ")"
		}
		return Edit{}, "", fmt.Errorf("%s is %s, which is toolfix itself; toolfix has no record of the value before it. Put the real upstream back in that key%s and run install again", where, secret.URL(t.Upstream), backups)
	}
	if local && in.isToolfix(t.Upstream) {
		return Edit{}, "", fmt.Errorf("%s is %s, where another toolfix proxy answers (its /healthz says so); toolfix will not sit in front of another toolfix. Put that proxy's real upstream in this key (`toolfix status` on its port shows its routes), or uninstall the other toolfix, and run install again", where, secret.URL(t.Upstream))
	}
	if local {
		p.Notes = append(p.Notes, fmt.Sprintf("%s points at another server on this machine (%s); toolfix will sit in front of it", where, secret.URL(t.Upstream)))
	}
	e := Edit{Key: key, Route: t.Route, After: p.baseURL(t.Route, t.Client)}
	if t.Present {
		raw := t.Raw
		e.Before = &raw
		e.BeforeJSON = f.Doc.Literal(t.Key)
	}
	return e, t.Upstream, nil
}

// keptTargets turns edits in the state that the scan did not report (another client than --only,
// a file found through a variable no longer set) into targets, so that they stay routed and
// follow a port change. Edits whose key no longer holds toolfix's value are dropped with a note.
func (in *Installer) keptTargets(prev *State, scanned []providers.Target, files map[string]*providers.ConfigFile, addFile func(*providers.ConfigFile)) ([]providers.Target, []string, error) {
	if prev == nil {
		return nil, nil, nil
	}
	covered := map[string]bool{}
	for _, t := range scanned {
		covered[t.File+"\x00"+t.Key.String()] = true
	}
	var out []providers.Target
	var notes []string
	for _, fs := range prev.Files {
		for _, e := range fs.Edits {
			if covered[fs.Path+"\x00"+e.Key] {
				continue
			}
			key, err := providers.ParsePointer(e.Key)
			if err != nil || len(key) == 0 {
				return nil, nil, fmt.Errorf("state: file %s: bad key %q", fs.Path, e.Key)
			}
			f := files[fs.Path]
			if f == nil {
				data, ok, err := readMaybe(fs.Path)
				if err != nil {
					return nil, nil, err
				}
				if !ok {
					notes = append(notes, fmt.Sprintf("%s is gone; toolfix forgets its edit of %s", fs.Path, key.Dotted()))
					continue
				}
				doc, err := providers.ParseConfig(fs.Client, fs.Path, data)
				if err != nil {
					return nil, nil, err
				}
				mode := fs0600
				if fi, err := os.Stat(fs.Path); err == nil {
					mode = fi.Mode().Perm()
				}
				f = &providers.ConfigFile{Path: fs.Path, Client: fs.Client, Exists: true, Data: data, Mode: mode, Doc: doc}
				addFile(f)
			}
			v, ok, err := f.Doc.Get(key)
			if err != nil || !ok || v != e.After {
				notes = append(notes, fmt.Sprintf("%s: %s no longer holds toolfix's value; toolfix leaves it and forgets that edit", fs.Path, key.Dotted()))
				continue
			}
			r := prev.route(e.Route)
			proto := ""
			if r != nil {
				proto = r.Protocol
			}
			out = append(out, providers.Target{Client: fs.Client, File: fs.Path, Key: key, Route: e.Route, Present: true, Raw: v, Protocol: proto})
		}
	}
	return out, notes, nil
}

const fs0600 fs.FileMode = 0o600

// fileChange computes one file's new bytes and state entry.
func fileChange(f *providers.ConfigFile, edits []Edit, pfs *FileState) (*FileChange, FileState, error) {
	after := f.Doc.Bytes()
	st := FileState{Path: f.Path, Client: f.Client, Edits: edits, WrittenSHA256: sum(after)}
	if pfs != nil && f.Exists {
		st.Created, st.CreatedDirs = pfs.Created, pfs.CreatedDirs
		if sum(f.Data) == pfs.WrittenSHA256 {
			// Only toolfix touched the file since its first edit: the original still applies.
			st.Original, st.OriginalSHA256 = pfs.Original, pfs.OriginalSHA256
		}
	} else if f.Exists {
		st.OriginalSHA256 = sum(f.Data) // Original is the backup Apply makes.
	}
	if f.Exists && string(after) == string(f.Data) {
		return nil, st, nil
	}
	fc := &FileChange{Path: f.Path, Client: f.Client, Exists: f.Exists, Mode: f.Mode, Before: f.Data, After: after}
	if !f.Exists {
		fc.Mode = fs0600
		st.Created = true
		for d := filepath.Dir(f.Path); ; d = filepath.Dir(d) {
			if _, err := os.Stat(d); err == nil || d == filepath.Dir(d) {
				break
			}
			fc.NewDirs = append(fc.NewDirs, d)
		}
		slices.Reverse(fc.NewDirs)
		st.CreatedDirs = append([]string{}, fc.NewDirs...)
		slices.Reverse(st.CreatedDirs)
	}
	fc.Diff = unifiedDiff(f.Path, f.Path+" (toolfix)", f.Data, after)
	return fc, st, nil
}

func clientSet(only []string) (map[string]bool, error) {
	all := map[string]bool{}
	for _, c := range providers.Clients {
		all[c] = true
	}
	if len(only) == 0 {
		return all, nil
	}
	set := map[string]bool{}
	for _, c := range only {
		c = strings.TrimSpace(strings.ToLower(c))
		if !all[c] {
			return nil, fmt.Errorf("unknown client %q in --only (known: %s)", c, strings.Join(providers.Clients, ", "))
		}
		set[c] = true
	}
	return set, nil
}
