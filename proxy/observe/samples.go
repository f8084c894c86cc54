package observe

import (
	"log/slog"
	"sync"

	"github.com/toolfix/toolfix/proxy/sample"
)

// Samples captures exchanges into a sample store and writes those it wants once they end; with a
// nil store it captures nothing. Create it with NewSamples.
type Samples struct {
	store   *sample.Store
	maxHeld int
	log     *slog.Logger
	stats   *Stats
	// saving counts the samples being written after their exchanges ended; saveMu guards waited,
	// set by Wait. See Wait.
	saving sync.WaitGroup
	saveMu sync.Mutex
	waited bool
}

// NewSamples captures into store (nil: none). maxHeld is the proxy's bound on what a stream holds,
// in bytes (zero: the default), which also bounds what a capture keeps (see captureLimit); log
// receives a line per sample that could not be saved; stats counts the samples saved.
func NewSamples(store *sample.Store, maxHeld int, log *slog.Logger, stats *Stats) *Samples {
	return &Samples{store: store, maxHeld: maxHeld, log: log, stats: stats}
}

// Route is what a capture records of the route a request took: its name ("" for the root route),
// its upstream base URL and its opt-in leaked-call text format.
type Route struct {
	Name, Upstream, TextFormat string
}
