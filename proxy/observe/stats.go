package observe

import (
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// Stats counts what the proxy did since it started. All methods are safe for concurrent use.
type Stats struct {
	mu        sync.Mutex
	requests  map[string]int64 // by route name ("" for the root route)
	responses map[responseKey]int64
	repairs   map[string]int64 // by repair kind
	upByRoute map[string]int64 // upstream errors by route
	retries   map[string]int64 // upstream answers retried, by route
	ttfb      histogram
	failOpens atomic.Int64
	upErrors  atomic.Int64
	streams   atomic.Int64 // streams open now
	bytesIn   atomic.Int64 // response bytes read from upstreams
	bytesOut  atomic.Int64 // response bytes written to clients
	samples   atomic.Int64 // samples saved
}

// responseKey labels a finished request.
type responseKey struct {
	route, protocol string
	status          int
}

// NewStats returns counters at zero.
func NewStats() *Stats {
	return &Stats{requests: map[string]int64{}, responses: map[responseKey]int64{}, repairs: map[string]int64{}, upByRoute: map[string]int64{}, retries: map[string]int64{}, ttfb: newHistogram(TTFBBuckets)}
}

// Retry counts an upstream answer of route given up on and sent again (a route's opt-in retry).
func (s *Stats) Retry(route string) {
	s.mu.Lock()
	s.retries[route]++
	s.mu.Unlock()
}

// Request counts a request forwarded on route ("" for the root route).
func (s *Stats) Request(route string) {
	s.mu.Lock()
	s.requests[route]++
	s.mu.Unlock()
}

// Repair counts one repair of kind (a REPAIRS.md kind name).
func (s *Stats) Repair(kind string) {
	s.mu.Lock()
	s.repairs[kind]++
	s.mu.Unlock()
}

// UpstreamError counts a request on route whose upstream could not be reached.
func (s *Stats) UpstreamError(route string) {
	s.upErrors.Add(1)
	s.mu.Lock()
	s.upByRoute[route]++
	s.mu.Unlock()
}

// Finished counts one answered request of route and protocol (see ProtocolLabel) with its status;
// ttfb < 0 means no body byte was written.
func (s *Stats) Finished(route, protocol string, status int, ttfb time.Duration) {
	s.mu.Lock()
	s.responses[responseKey{route, protocol, status}]++
	if ttfb >= 0 {
		s.ttfb.observe(ttfb.Seconds())
	}
	s.mu.Unlock()
}

// FailOpen counts a repair attempted and refused: the original bytes went out.
func (s *Stats) FailOpen() { s.failOpens.Add(1) }

// StreamOpened counts a streamed response entering the repair; StreamClosed counts it out again.
// Their difference is the streams_open gauge.
func (s *Stats) StreamOpened() { s.streams.Add(1) }

// StreamClosed counts a streamed response leaving the repair (see StreamOpened).
func (s *Stats) StreamClosed() { s.streams.Add(-1) }

// TTFBBuckets are the upper bounds, in seconds, of the time-to-first-byte histogram.
var TTFBBuckets = []float64{0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60}

// histogram counts observations into buckets; Counts[i] is the number of observations <= Bounds[i]
// and not <= Bounds[i-1] (not cumulative); the last count is the +Inf bucket.
type histogram struct {
	bounds []float64
	counts []int64
	sum    float64
}

func newHistogram(bounds []float64) histogram {
	return histogram{bounds: bounds, counts: make([]int64, len(bounds)+1)}
}

func (h *histogram) observe(v float64) {
	i := sort.SearchFloat64s(h.bounds, v)
	h.counts[i]++
	h.sum += v
}

// Histogram is a copy of a histogram: Bounds are the bucket upper bounds in seconds, Cumulative[i]
// the number of observations <= Bounds[i], and Count (the +Inf bucket) and Sum (seconds) cover all.
type Histogram struct {
	Bounds     []float64 `json:"bounds"`
	Cumulative []int64   `json:"cumulative"`
	Count      int64     `json:"count"`
	Sum        float64   `json:"sum"`
}

// ResponseCount is how many requests of one route and protocol were answered with one status.
// Route is "(none)" for a request that matched no route; Protocol is "anthropic", "openai",
// "responses" or "other"; Status is 499 (StatusClientClosed) when the client hung up before
// the answer was over.
type ResponseCount struct {
	Route    string `json:"route"`
	Protocol string `json:"protocol"`
	Status   int    `json:"status"`
	Count    int64  `json:"count"`
}

// Snapshot is a copy of the counters: Requests forwarded by route, Responses by route, protocol and
// status, Repairs by kind, FailOpens, UpstreamErrors (also ByRoute), response bytes read from
// upstreams (BytesIn) and written to clients (BytesOut), and samples saved since start;
// StreamsOpen now; TTFB the time from a request's arrival to the first body byte sent back.
type Snapshot struct {
	Requests        map[string]int64 `json:"requests"`
	Responses       []ResponseCount  `json:"responses"`
	Repairs         map[string]int64 `json:"repairs"`
	FailOpens       int64            `json:"fail_opens"`
	UpstreamErrors  int64            `json:"upstream_errors"`
	UpstreamByRoute map[string]int64 `json:"upstream_errors_by_route"`
	StreamsOpen     int64            `json:"streams_open"`
	BytesIn         int64            `json:"bytes_in"`
	BytesOut        int64            `json:"bytes_out"`
	SamplesSaved    int64            `json:"samples_saved"`
	TTFB            Histogram        `json:"time_to_first_byte_seconds"`

	// RetriesByRoute counts the upstream answers retried, by route (a route's opt-in retry).
	RetriesByRoute map[string]int64 `json:"retries_by_route"`
}

// Snapshot copies the counters. Responses are sorted by route, protocol and status.
func (s *Stats) Snapshot() Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	snap := Snapshot{
		Requests: map[string]int64{}, Repairs: map[string]int64{}, UpstreamByRoute: map[string]int64{},
		FailOpens: s.failOpens.Load(), UpstreamErrors: s.upErrors.Load(), StreamsOpen: s.streams.Load(),
		BytesIn: s.bytesIn.Load(), BytesOut: s.bytesOut.Load(), SamplesSaved: s.samples.Load(),
		Responses: []ResponseCount{},
	}
	for k, v := range s.requests {
		snap.Requests[RouteLabel(k)] = v
	}
	for k, v := range s.repairs {
		snap.Repairs[k] = v
	}
	for k, v := range s.upByRoute {
		snap.UpstreamByRoute[RouteLabel(k)] = v
	}
	snap.RetriesByRoute = map[string]int64{}
	for k, v := range s.retries {
		snap.RetriesByRoute[RouteLabel(k)] = v
	}
	for k, v := range s.responses {
		snap.Responses = append(snap.Responses, ResponseCount{RouteLabel(k.route), k.protocol, k.status, v})
	}
	sort.Slice(snap.Responses, func(i, j int) bool {
		a, b := snap.Responses[i], snap.Responses[j]
		if a.Route != b.Route {
			return a.Route < b.Route
		}
		if a.Protocol != b.Protocol {
			return a.Protocol < b.Protocol
		}
		return a.Status < b.Status
	})
	h := Histogram{Bounds: append([]float64(nil), s.ttfb.bounds...), Sum: s.ttfb.sum}
	var cum int64
	for i, c := range s.ttfb.counts {
		cum += c
		if i < len(s.ttfb.bounds) {
			h.Cumulative = append(h.Cumulative, cum)
		}
	}
	h.Count = cum
	snap.TTFB = h
	return snap
}

// RepairKinds returns the repair kinds counted so far, sorted.
func (s Snapshot) RepairKinds() []string {
	var ks []string
	for k := range s.Repairs {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
