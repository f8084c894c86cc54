package main

import (
	"fmt"
	"io"
	"slices"
	"time"
)

// The held scenario (-only held) answers a gateway's sizing question: how many streams one
// toolfix holds on this machine while the lag it adds to each event stays under 1 ms at p99. For
// each count of the ladder it runs that many concurrent paced streams (events heldEvery apart, a
// model's pace, spread over the interval) through the floor alone, then through toolfix alone, and
// compares the per-event lag of the two at p50 and p99.

// heldEvents and heldEvery are each held stream's events and their spacing: 40 events 50 ms apart,
// two seconds at twenty events a second.
const (
	heldEvents = 40
	heldEvery  = 50 * time.Millisecond
)

// defaultHeldLadder is the stream counts of the held scenario unless -held says otherwise.
var defaultHeldLadder = []int{100, 250, 500, 1000, 2000}

// heldRow is one count of the ladder: the lags through each proxy (index 0 the floor).
type heldRow struct {
	streams   int
	completed [2]int
	p50, p99  [2]time.Duration
}

// addedP99 is toolfix's p99 lag over the floor's.
func (r heldRow) addedP99() time.Duration { return r.p99[1] - r.p99[0] }

// measureHeld runs the ladder: for each count, through(kind, n) measures n held streams through
// the proxies of kinds[0] (the floor) and then of kinds[1] (toolfix), each started afresh.
func measureHeld(ladder []int, kinds [2]string, through func(kind string, n int) (crowd, error)) ([]heldRow, error) {
	var rows []heldRow
	for _, n := range ladder {
		row := heldRow{streams: n}
		for k, kind := range kinds {
			cr, err := through(kind, n)
			if err != nil {
				return nil, err
			}
			row.completed[k] = cr.completed
			row.p50[k], row.p99[k] = percentile(cr.lags, 50), percentile(cr.lags, 99)
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// heldAlone measures n held streams through one fresh child of kind, started by alone.
func heldAlone(u *upstream, alone func(kind, cpuProfile, what string, measure func(c *child) error) error) func(kind string, n int) (crowd, error) {
	return func(kind string, n int) (crowd, error) {
		var cr crowd
		err := alone(kind, "", fmt.Sprintf("held: %d streams through %s alone", n, kind), func(c *child) error {
			crs, err := measureCrowds(u, []*child{c}, n, heldEvents, heldEvery, func(string) string { return "" })
			if err == nil {
				cr = crs[0]
			}
			return err
		})
		return cr, err
	}
}

// printHeld writes the held scenario's table, titled by how the streams went (through), and the largest count N such that every count up to
// N completed through toolfix with an added p99 under 1 ms (a count that misses it ends the run:
// a noisy machine's negative "added" figure at a higher count does not make it good), and says
// when the floor's own p99 is over 1 ms, where the figure is the machine's noise more than toolfix's.
func printHeld(w io.Writer, rows []heldRow, through, load string) {
	fmt.Fprintf(w, "held streams, %d events %v apart each, %s (load %s)\n", heldEvents, heldEvery, through, load)
	fmt.Fprintf(w, "%-8s %-12s %-22s %-22s %s\n", "streams", "completed", "floor p50 / p99", "toolfix p50 / p99", "added p99")
	sorted := slices.Clone(rows)
	slices.SortFunc(sorted, func(a, b heldRow) int { return a.streams - b.streams })
	best, good := 0, true
	for _, r := range sorted {
		fmt.Fprintf(w, "%-8d %-12s %-22s %-22s %+.3f ms\n", r.streams, fmt.Sprintf("%d / %d", r.completed[0], r.completed[1]),
			ms(r.p50[0])+" / "+ms(r.p99[0]), ms(r.p50[1])+" / "+ms(r.p99[1]), float64(r.addedP99())/1e6)
		good = good && r.addedP99() < time.Millisecond && r.completed[1] == r.streams
		if good {
			best = r.streams
		}
	}
	// The figure stands on the counts up to it (the first at least): the floor's p99 there decides.
	if slices.ContainsFunc(sorted, func(r heldRow) bool {
		return (r.streams <= best || r.streams == sorted[0].streams) && r.p99[0] > time.Millisecond
	}) {
		fmt.Fprintln(w, "the floor's own p99 is over 1 ms: the machine is too loaded for this figure; run it on a quiet one")
	}
	fmt.Fprintf(w, "most streams held with an added p99 lag under 1 ms: %d\n", best)
}
