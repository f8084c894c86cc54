package proxy

import (
	"sort"
	"sync"
	"sync/atomic"
)

// Stats counts what the proxy did since it started. All methods are safe for concurrent use.
type Stats struct {
	mu        sync.Mutex
	requests  map[string]int64 // by route name ("" for the root route)
	repairs   map[string]int64 // by repair kind
	failOpens atomic.Int64
	upErrors  atomic.Int64
	streams   atomic.Int64 // streams open now
}

func newStats() *Stats {
	return &Stats{requests: map[string]int64{}, repairs: map[string]int64{}}
}

func (s *Stats) request(route string) {
	s.mu.Lock()
	s.requests[route]++
	s.mu.Unlock()
}

func (s *Stats) repair(kind string) {
	s.mu.Lock()
	s.repairs[kind]++
	s.mu.Unlock()
}

func (s *Stats) upstreamError(string) { s.upErrors.Add(1) }

// Snapshot is a copy of the counters: Requests by route, Repairs by kind, FailOpens and
// UpstreamErrors since start, StreamsOpen now.
type Snapshot struct {
	Requests       map[string]int64 `json:"requests"`
	Repairs        map[string]int64 `json:"repairs"`
	FailOpens      int64            `json:"fail_opens"`
	UpstreamErrors int64            `json:"upstream_errors"`
	StreamsOpen    int64            `json:"streams_open"`
}

// Snapshot copies the counters.
func (s *Stats) Snapshot() Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	snap := Snapshot{Requests: map[string]int64{}, Repairs: map[string]int64{}, FailOpens: s.failOpens.Load(), UpstreamErrors: s.upErrors.Load(), StreamsOpen: s.streams.Load()}
	for k, v := range s.requests {
		snap.Requests[k] = v
	}
	for k, v := range s.repairs {
		snap.Repairs[k] = v
	}
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
