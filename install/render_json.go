package install

import (
	"encoding/json"
	"io"

	"github.com/toolfix/toolfix/proxy/secret"
)

// PlanJSON is the plan as `toolfix install --dry-run --json` prints it, for scripts. It holds
// what the text plan shows and nothing more: the diffs with secret-looking values redacted, never
// a file's whole content.
type PlanJSON struct {
	// Port is the proxy's loopback port.
	Port int `json:"port"`
	// Routes are the routes after the install, sorted by name; never nil.
	Routes []RouteJSON `json:"routes"`
	// Files are the files the install would change, in scan order; never nil.
	Files []FileJSON `json:"files"`
	// Service is the per-user service the install would set up.
	Service ServiceJSON `json:"service"`
	// Notes are what the user should know: skipped settings, warnings; never nil.
	Notes []string `json:"notes"`
}

// RouteJSON is one route: the base URL the client gets and the upstream it stands for.
type RouteJSON struct {
	// Name is the route's name: "claude" or "opencode-<provider id>".
	Name string `json:"name"`
	// BaseURL is what the client is pointed at: http://127.0.0.1:<port>/<name>.
	BaseURL string `json:"base_url"`
	// Upstream is the base URL the client used before, where the route forwards, its password
	// and keys replaced as in the text plan (see package secret).
	Upstream string `json:"upstream"`
	// Protocol is "anthropic", "openai" or "responses"; "" when unknown.
	Protocol string `json:"protocol,omitempty"`
	// Client is "claude" or "opencode".
	Client string `json:"client"`
}

// FileJSON is one file the install would change.
type FileJSON struct {
	// Path is the file as the client names it.
	Path string `json:"path"`
	// Client is "claude" or "opencode".
	Client string `json:"client"`
	// New is true when the install creates the file.
	New bool `json:"new"`
	// NewDirs are the folders it creates for a new file, outermost first; nil when none.
	NewDirs []string `json:"new_dirs,omitempty"`
	// Diff is the unified diff from the file's bytes to the install's, secret-looking values
	// redacted, as in the text plan.
	Diff string `json:"diff"`
}

// ServiceJSON says what service the install would run.
type ServiceJSON struct {
	// Install is false with --no-service, and when no service manager answers (Error says why).
	Install bool `json:"install"`
	// Description is the service and what it runs, as the text plan says it; "" with --no-service.
	Description string `json:"description,omitempty"`
	// Error says why no per-user service manager answers; "" when one does or with --no-service.
	Error string `json:"error,omitempty"`
}

// JSON is the plan as PlanJSON.
func (p *Plan) JSON() PlanJSON {
	out := PlanJSON{Port: p.Port, Routes: []RouteJSON{}, Files: []FileJSON{}, Notes: []string{}}
	for _, r := range p.Routes {
		out.Routes = append(out.Routes, RouteJSON{Name: r.Name, BaseURL: p.shownBaseURL(r.Name, r.Client), Upstream: secret.URL(r.Upstream), Protocol: r.Protocol, Client: r.Client})
	}
	for _, c := range p.Changes {
		out.Files = append(out.Files, FileJSON{Path: c.Path, Client: c.Client, New: !c.Exists, NewDirs: c.NewDirs, Diff: c.Diff})
	}
	if !p.NoService {
		out.Service = ServiceJSON{Install: p.ServiceErr == nil, Description: p.Service}
		if p.ServiceErr != nil {
			out.Service.Error = p.ServiceErr.Error()
		}
	}
	out.Notes = append(out.Notes, p.Notes...)
	return out
}

// WriteJSON writes the plan as one indented JSON object (PlanJSON).
func (p *Plan) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(p.JSON())
}
