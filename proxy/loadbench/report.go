package main

import (
	"fmt"
	"io"
	"iter"
	"text/tabwriter"
	"time"
)

// Goals of issue 21 for healthy traffic, checked in the report's last column.
const (
	goalCPUvsBare      = 2.0 // toolfix's CPU per stream over the bare proxy's, at most
	goalVsEvent        = 0.7 // toolfix MB/s over the event-aware floor's, at least
	moonshotVsEvent    = 0.9 // and the moonshot: within 10 % of it
	goalCPUvsBareLabel = "<= 2x the bare proxy's"
)

// Goals of issue 7, checked in the report's last column.
const (
	goalLagP50     = 100 * time.Microsecond // added p50 lag, at most
	goalLagP99     = time.Millisecond       // added p99 lag, at most
	goalIdleStream = 64 << 10               // memory per idle stream, at most
)

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "MISSED"
}

func ms(d time.Duration) string { return fmt.Sprintf("%.3f ms", float64(d)/1e6) }

func mib(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

func kib(b int64) string { return fmt.Sprintf("%.1f KiB", float64(b)/1024) }

// measured yields the figures of each dialect measured in this run, by the name the report gives
// it ("Anthropic", then "Chat Completions"): both proxies' figures, index 0 the floor and 1 toolfix.
// A dialect without both (its scenario not run) is left out.
func measured[T any](anthropic, chat []T) iter.Seq2[string, []T] {
	return func(yield func(string, []T) bool) {
		for _, d := range []struct {
			name string
			v    []T
		}{{"Anthropic", anthropic}, {"Chat Completions", chat}} {
			if len(d.v) == 2 && !yield(d.name, d.v) {
				return
			}
		}
	}
}

// print writes the report: one row per figure, the floor and toolfix side by side, then the
// difference and the goal.
func (r *results) print(out io.Writer) {
	c := r.cfg
	fmt.Fprintf(out, "toolfix load benchmark: %s; load average %s at start, %s at end\n\n", machine(), r.loadBefore, r.loadAfter)
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "figure\tfloor\ttoolfix\ttoolfix vs floor\tgoal")
	r.printThroughput(w)
	for name, v := range measured(r.lagAnthropic, r.lagChat) {
		p50 := []time.Duration{percentile(v[0], 50), percentile(v[1], 50)}
		p99 := []time.Duration{percentile(v[0], 99), percentile(v[1], 99)}
		fmt.Fprintf(w, "lag per event, %s, %d events %v apart: p50\t%s\t%s\t%+.3f ms\t<= +%.1f ms: %s\n",
			name, c.LagEvents, c.LagEvery, ms(p50[0]), ms(p50[1]), float64(p50[1]-p50[0])/1e6, float64(goalLagP50)/1e6, verdict(p50[1]-p50[0] <= goalLagP50))
		fmt.Fprintf(w, "  p99\t%s\t%s\t%+.3f ms\t<= +%.0f ms: %s\n",
			ms(p99[0]), ms(p99[1]), float64(p99[1]-p99[0])/1e6, float64(goalLagP99)/1e6, verdict(p99[1]-p99[0] <= goalLagP99))
	}
	if len(r.crowds) == 2 {
		r.printCrowds(w)
	}
	r.printTools(w)
	r.printStreaming(w)
	r.printWhole(w)
	_ = w.Flush()
}

// printStreaming writes the rows of the timing and memory scenarios (issue 10).
func (r *results) printStreaming(w io.Writer) {
	c := r.cfg
	for name, v := range measured(r.timingAnthropic, r.timingChat) {
		f, x := v[0], v[1]
		fmt.Fprintf(w, "healthy Write call, %s, %d deltas %v-%v apart: first tool event\t%s\t%s\t%+.3f ms\t<= +1 ms: %s\n", name, c.TimingDeltas, c.TimingMin, c.TimingMax,
			ms(f.first), ms(x.first), float64(x.first-f.first)/1e6, verdict(x.first-f.first <= time.Millisecond))
		for _, row := range []struct {
			name string
			f, x []time.Duration
		}{{"argument deltas", f.deltas, x.deltas}, {"pings", f.ping, x.ping}} {
			if len(row.f) == 0 || len(row.x) == 0 {
				continue
			}
			d50 := percentile(row.x, 50) - percentile(row.f, 50)
			fmt.Fprintf(w, "  %s (%d): p50\t%s\t%s\t%+.3f ms\t<= +1 ms: %s\n", row.name, len(row.x), ms(percentile(row.f, 50)), ms(percentile(row.x, 50)), float64(d50)/1e6, verdict(d50 <= time.Millisecond))
			fmt.Fprintf(w, "    p99\t%s\t%s\t%+.3f ms\t\n", ms(percentile(row.f, 99)), ms(percentile(row.x, 99)), float64(percentile(row.x, 99)-percentile(row.f, 99))/1e6)
		}
	}
	for name, v := range measured(r.faultyAnthropic, r.faultyChat) {
		f, x := v[0], v[1]
		d := x.valueEnd - f.valueEnd
		fmt.Fprintf(w, "faulty Write call, %s, lines stringified in %d deltas, then %d content deltas: the value's end to the client\t%s\t%s\t%+.3f ms\t<= +1 ms: %s\n",
			name, c.TimingItems, c.TimingDeltas, ms(f.valueEnd), ms(x.valueEnd), float64(d)/1e6, verdict(d <= time.Millisecond))
		fmt.Fprintf(w, "  its first faulty byte held (the value's %d deltas)\t%s\t%s\t%+.3f ms\t\n", c.TimingItems, ms(f.valueHeld), ms(x.valueHeld), float64(x.valueHeld-f.valueHeld)/1e6)
		if len(f.deltas) > 0 && len(x.deltas) > 0 {
			d50 := percentile(x.deltas, 50) - percentile(f.deltas, 50)
			fmt.Fprintf(w, "  content deltas after it (%d): p50\t%s\t%s\t%+.3f ms\t<= +1 ms: %s\n", len(x.deltas), ms(percentile(f.deltas, 50)), ms(percentile(x.deltas, 50)), float64(d50)/1e6, verdict(d50 <= time.Millisecond))
			fmt.Fprintf(w, "    p99\t%s\t%s\t%+.3f ms\t\n", ms(percentile(f.deltas, 99)), ms(percentile(x.deltas, 99)), float64(percentile(x.deltas, 99)-percentile(f.deltas, 99))/1e6)
		}
	}
	for _, m := range []struct {
		name  string
		v     []memRun
		limit int64
		goal  string
	}{{fmt.Sprintf("healthy %d MB tool call: peak RSS over base", c.BigToolBytes>>20), r.bigToolMem, 8 << 20, "<= 8 MiB"},
		{fmt.Sprintf("%d MB gzip bomb of tool input deltas: peak RSS over base", c.BombBytes>>20), r.bombMem, 600 << 20, "alive, < 600 MiB"}} {
		if len(m.v) != 2 {
			continue
		}
		f, x := m.v[0], m.v[1]
		ok := x.alive && x.peak-x.base < m.limit
		fmt.Fprintf(w, "%s\t%s\t%s\t%+.1f MiB\t%s: %s\n", m.name, mib(f.peak-f.base), mib(x.peak-x.base), float64((x.peak-x.base)-(f.peak-f.base))/(1<<20), m.goal, verdict(ok))
		fmt.Fprintf(w, "  bytes to the client, alive after\t%d, %v\t%d, %v\t\t\n", f.bytes, f.alive, x.bytes, x.alive)
	}
}

// printCrowds writes the rows of the concurrent streams.
func (r *results) printCrowds(w io.Writer) {
	c := r.cfg
	f, t := r.crowds[0], r.crowds[1]
	fmt.Fprintf(w, "%d concurrent paced streams (%d events %v apart): completed\t%d\t%d\t\tall: %s\n",
		c.Streams, c.StreamEvents, c.StreamEvery, f.completed, t.completed, verdict(t.completed == t.streams))
	fmt.Fprintf(w, "  lag p50 / p99\t%s / %s\t%s / %s\t%+.3f / %+.3f ms\t\n", ms(percentile(f.lags, 50)), ms(percentile(f.lags, 99)),
		ms(percentile(t.lags, 50)), ms(percentile(t.lags, 99)),
		float64(percentile(t.lags, 50)-percentile(f.lags, 50))/1e6, float64(percentile(t.lags, 99)-percentile(f.lags, 99))/1e6)
	fmt.Fprintf(w, "  peak RSS of the proxy (VmHWM)\t%s\t%s\t%+.1f MiB\t\n", mib(f.peakRSS), mib(t.peakRSS), float64(t.peakRSS-f.peakRSS)/(1<<20))
	fmt.Fprintf(w, "  RSS per idle open stream\t%s\t%s\t%+.1f KiB\t< %d KiB: %s\n", kib(f.idlePerStream()), kib(t.idlePerStream()),
		float64(t.idlePerStream()-f.idlePerStream())/1024, goalIdleStream>>10, verdict(t.idlePerStream() < goalIdleStream))
	fmt.Fprintf(w, "  Go heap+stack per idle open stream\t%s\t%s\t%+.1f KiB\t\n", kib(f.idleGoPerStream()), kib(t.idleGoPerStream()),
		float64(t.idleGoPerStream()-f.idleGoPerStream())/1024)
	fmt.Fprintf(w, "  goroutines with every stream open\t%d\t%d\t\t\n", f.idleGo.Goroutines, t.idleGo.Goroutines)
}

// printTools writes the rows of the stringified tool inputs.
func (r *results) printTools(w io.Writer) {
	for _, row := range r.tools {
		f, t := row[0], row[1]
		fmt.Fprintf(w, "%.1f MB stringified tool input (%.1f MB stream): time\t%s\t%s\t%+.0f ms\t\n",
			float64(t.inputBytes)/1e6, float64(t.streamSize)/1e6, ms(f.took), ms(t.took), float64(t.took-f.took)/1e6)
		over := t.peakRSS - t.baseRSS
		fmt.Fprintf(w, "  peak RSS over the child's base\t%s\t%s\t%.1fx the input\tlinear, small factor\n",
			mib(f.peakRSS-f.baseRSS), mib(over), float64(over)/float64(t.inputBytes))
	}
}

// printThroughput writes the rows of the throughput scenario: for each dialect and path (streamed
// and whole) the bare proxy, the event-aware floor and toolfix (throughputKinds), MB/s graded
// against the event-aware floor and CPU per stream against the bare proxy (issue 21's goals).
func (r *results) printThroughput(w io.Writer) {
	c := r.cfg
	for _, t := range []struct {
		name   string
		v      []throughput
		mb     int
		events int // SSE events of a stream, 0 for a whole answer
	}{{"streamed Anthropic", r.anthropic, c.BigBytes >> 20, r.anthropicEvents}, {"streamed Chat Completions", r.chat, c.BigBytes >> 20, r.chatEvents},
		{"whole JSON Anthropic", r.anthropicWhole, c.JSONBytes >> 20, 0}, {"whole JSON Chat Completions", r.chatWhole, c.JSONBytes >> 20, 0}} {
		if len(t.v) != len(throughputKinds) {
			continue // not measured in this run
		}
		bare, event, tf := t.v[0], t.v[1], t.v[2]
		ratio := tf.mbps / event.mbps
		goal := verdict(ratio >= goalVsEvent)
		if ratio >= moonshotVsEvent {
			goal = "met, and the moonshot"
		}
		fmt.Fprintf(w, "throughput, %d MB healthy %s: bare proxy / event-aware floor\t%.0f / %.0f MB/s\t%.0f MB/s\t%.2fx the event-aware floor (%.2fx bare)\t>= %.1fx (moonshot %.1fx): %s\n",
			t.mb, t.name, bare.mbps, event.mbps, tf.mbps, ratio, tf.mbps/bare.mbps, goalVsEvent, moonshotVsEvent, goal)
		cpuRatio, cpuGoal := "n/a (under the 10 ms tick)", ""
		if bare.cpu > 0 {
			x := float64(tf.cpu) / float64(bare.cpu)
			cpuRatio = fmt.Sprintf("%.2fx bare (event-aware %.2fx bare)", x, float64(event.cpu)/float64(bare.cpu))
			cpuGoal = goalCPUvsBareLabel + ": " + verdict(x <= goalCPUvsBare)
		}
		fmt.Fprintf(w, "  proxy CPU time per stream, bare / event-aware\t%s / %s\t%s\t%s\t%s\n", ms(bare.cpu), ms(event.cpu), ms(tf.cpu), cpuRatio, cpuGoal)
		sysRatio := ""
		if bare.sys > 0 {
			sysRatio = fmt.Sprintf("%.2fx bare's", float64(tf.sys)/float64(bare.sys))
		}
		fmt.Fprintf(w, "  of it in the kernel (system time), bare / event-aware\t%s / %s\t%s\t%s\t\n", ms(bare.sys), ms(event.sys), ms(tf.sys), sysRatio)
		if t.events > 0 {
			perEvent := func(d time.Duration) string { return fmt.Sprintf("%.2f µs", float64(d)/1e3/float64(t.events)) }
			fmt.Fprintf(w, "  proxy CPU time per event (%d events)\t%s / %s\t%s\t\t\n", t.events, perEvent(bare.cpu), perEvent(event.cpu), perEvent(tf.cpu))
		}
	}
}
