// Command loadbench measures what toolfix costs on healthy traffic and under load, side by side
// with a bare httputil.ReverseProxy (the floor), both in front of the same loopback mock upstream:
//
//	go run ./proxy/loadbench            the full run (about 3 minutes)
//	go run ./proxy/loadbench -quick     a small run (seconds), as the CI test does
//	go run ./proxy/loadbench -samples off   toolfix without samples (default: its default, repairs)
//	go run ./proxy/loadbench -cpuprofile DIR
//	                                    also write a CPU profile of each toolfix child to DIR, and
//	                                    heap profiles of both proxies with every stream idle
//	go run ./proxy/loadbench -only held -held 100,250,500
//	                                    the streams one proxy holds at an added p99 under 1 ms
//	go run ./proxy/loadbench -only held -replicas 3 -held 500,1000
//	                                    the same through HAProxy in front of 3 replicas (replicas.go)
//
// Each proxy runs in a child process: toolfix is the binary `go build ./cmd/toolfix` makes (built
// once per run into a temporary folder, with the probe of probe.go added so that it can be asked
// for its Go memory), started as `toolfix serve --upstream URL` exactly as a user starts it, every
// repair on; the floor is this program re-executed, httputil.NewSingleHostReverseProxy behind an
// http.Server (in full-duplex mode, see child.go). The upstream and the clients run in this
// process. The go command and this module's source must be at hand (run it inside the module). It prints, for both proxies:
//
//   - throughput of one healthy 50 MB stream and one healthy 24 MB whole JSON answer, Anthropic
//     Messages and Chat Completions (wall-clock MB/s, median of the rounds, and the proxy's CPU
//     time per stream, mean of the rounds), through a third proxy as well, the event-aware floor
//     of eventfloor.go, graded against issue 21's goals;
//   - added lag per event: the upstream stamps each event with its send time, events 20 ms apart,
//     the client records how late each arrives (p50, p99), both proxies streaming at once;
//   - 1,000 concurrent paced streams through each proxy, both at once: how many complete, p99 lag,
//     peak RSS (VmHWM of the child), and memory per idle stream (RSS, and Go heap+stack after a
//     collection, with every stream open and waiting);
//   - a 10 MB stringified tool input repaired end to end (5 MB as well, to show the scaling): time
//     and peak RSS over the child's base.
//
// The machine's load average is printed with the figures: on a shared machine they move with it.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// config is one run's sizes. See flags in main.
type config struct {
	BigBytes     int           // size of the healthy throughput streams
	JSONBytes    int           // size of the healthy whole (non-streamed) answers of the throughput scenario
	Rounds       int           // throughput rounds per proxy
	LagEvents    int           // events of the lag stream
	LagEvery     time.Duration // their spacing
	Streams      int           // concurrent paced streams
	StreamEvents int           // events of each
	StreamEvery  time.Duration // their spacing
	ToolBytes    []int         // sizes of the stringified tool input
	CPUProfile   string        // a folder for CPU profiles of the toolfix children, or ""
	Only         string        // run only this scenario: throughput, lag, streams, tool, timing, memory, whole or held; "" all but held
	HeldLadder   []int         // the stream counts of the held scenario
	Replicas     int           // the held scenario's replicas of each proxy behind HAProxy; 0 or 1: one proxy, no HAProxy

	TimingDeltas int           // argument deltas of the timing scenario's Write call
	TimingItems  int           // items of the faulty Write call's stringified lines argument, one a delta
	TimingMin    time.Duration // their spacing, at least
	TimingMax    time.Duration // and at most
	BigToolBytes int           // size of the healthy tool call of the memory scenario
	BombBytes    int           // decoded size of the gzip bomb of tool input deltas
	WholeBytes   []int         // sizes of the whole (non-streamed) answers' tool inputs
}

// runs reports whether the scenario is part of the run.
func (c config) runs(scenario string) bool {
	return c.Only == scenario || c.Only == "" && scenario != "held"
}

var fullConfig = config{BigBytes: 50 << 20, JSONBytes: 24 << 20, Rounds: 5, LagEvents: 500, LagEvery: 20 * time.Millisecond,
	Streams: 1000, StreamEvents: 20, StreamEvery: 500 * time.Millisecond, ToolBytes: []int{5 << 20, 10 << 20},
	TimingDeltas: 500, TimingItems: 20, TimingMin: 20 * time.Millisecond, TimingMax: 50 * time.Millisecond, BigToolBytes: 300 << 20, BombBytes: 1 << 30,
	WholeBytes: []int{10 << 20, 20 << 20, 30 << 20}}

var quickConfig = config{BigBytes: 2 << 20, JSONBytes: 1 << 20, Rounds: 2, LagEvents: 20, LagEvery: 20 * time.Millisecond,
	Streams: 20, StreamEvents: 5, StreamEvery: 20 * time.Millisecond, ToolBytes: []int{1 << 20},
	TimingDeltas: 10, TimingItems: 5, TimingMin: 20 * time.Millisecond, TimingMax: 50 * time.Millisecond, BigToolBytes: 4 << 20, BombBytes: 8 << 20,
	WholeBytes: []int{1 << 20}}

func main() {
	childMain()
	quick := flag.Bool("quick", false, "a small run: 2 MB streams, 20 concurrent streams, a 1 MB tool input")
	streams := flag.Int("streams", 0, "concurrent paced streams (0: 1000, or 20 with -quick)")
	profile := flag.String("cpuprofile", "", "write a CPU profile of each toolfix child to this folder")
	only := flag.String("only", "", "run only one scenario: throughput, lag, streams, tool, timing, memory, whole or held")
	lagEvents := flag.Int("lag-events", 0, "events of the lag stream (0: 500, or 20 with -quick)")
	samples := flag.String("samples", "", "toolfix's --samples mode: repairs (its default), all or off")
	held := flag.String("held", "", "stream counts of the held scenario, comma-separated (default 100,250,500,1000,2000)")
	replicas := flag.Int("replicas", 1, "the held scenario through HAProxy in front of this many replicas of each proxy (needs haproxy on PATH)")
	wholeMB := flag.Int("whole-mb", 0, "the whole scenario's one size in MB (0: 10, 20 and 30, or 1 with -quick)")
	flag.Parse()
	if *samples != "" {
		_ = os.Setenv(envSamples, *samples) // the children inherit it
	}
	cfg := fullConfig
	if *quick {
		cfg = quickConfig
	}
	if *streams > 0 {
		cfg.Streams = *streams
	}
	cfg.CPUProfile = *profile
	if *wholeMB > 0 {
		cfg.WholeBytes = []int{*wholeMB << 20}
	}
	cfg.Only = *only
	if *lagEvents > 1 {
		cfg.LagEvents = *lagEvents
	}
	if !map[string]bool{"": true, "throughput": true, "lag": true, "streams": true, "tool": true, "timing": true, "memory": true, "whole": true, "held": true}[cfg.Only] {
		fmt.Fprintf(os.Stderr, "loadbench: -only %q: the scenarios are throughput, lag, streams, tool, timing, memory, whole and held\n", cfg.Only)
		os.Exit(2)
	}
	cfg.Replicas = *replicas
	cfg.HeldLadder = defaultHeldLadder
	if *held != "" {
		cfg.HeldLadder = nil
		for _, f := range strings.Split(*held, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n <= 0 {
				fmt.Fprintf(os.Stderr, "loadbench: -held %q: give stream counts such as 250,500,1000\n", *held)
				os.Exit(2)
			}
			cfg.HeldLadder = append(cfg.HeldLadder, n)
		}
	}
	if _, err := run(cfg, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintf(os.Stderr, "loadbench: %v\n", err)
		os.Exit(1)
	}
}

// results are the figures of one run, index 0 the floor and 1 toolfix; those of the throughput
// scenario by throughputKinds.
type results struct {
	loadBefore, loadAfter string
	anthropic, chat       []throughput // the streams
	anthropicWhole        []throughput // the whole (non-streamed) answers
	chatWhole             []throughput
	anthropicEvents       int // events in the big Anthropic stream
	chatEvents            int // events in the big Chat Completions stream
	lagAnthropic, lagChat [][]time.Duration
	crowds                []crowd
	tools                 [][]bigTool // by size, then proxy
	timingAnthropic       []timing    // by proxy
	timingChat            []timing
	faultyAnthropic       []timing // the Write call with a stringified lines argument, by proxy
	faultyChat            []timing
	bigToolMem, bombMem   []memRun   // by proxy
	wholes                []wholeRun // by dialect, fault, size, then proxy
	held                  []heldRow  // the held scenario's ladder
	cfg                   config
}

var kinds = []string{"floor", "toolfix"}

// throughputKinds are the proxies of the throughput scenario, in its results' order: the bare
// reverse proxy, the event-aware floor (eventfloor.go) and toolfix.
var throughputKinds = []string{"floor", "event", "toolfix"}

// run measures everything of cfg, printing progress to logw and the report to out.
func run(cfg config, out, logw io.Writer) (*results, error) {
	defer removeToolfix()
	res := &results{cfg: cfg, loadBefore: loadAverage()}
	step := func(s string) { fmt.Fprintf(logw, "loadbench: %s (load %s)\n", s, loadAverage()) }
	u := newUpstream(cfg.BigBytes, cfg.JSONBytes)
	defer u.srv.Close()
	res.anthropicEvents = bytes.Count(u.anthropicBig, []byte("\n\n"))
	res.chatEvents = bytes.Count(u.chatBig, []byte("\n\n"))
	profile := func(name string) string {
		if cfg.CPUProfile == "" {
			return ""
		}
		_ = os.MkdirAll(cfg.CPUProfile, 0o755)
		return filepath.Join(cfg.CPUProfile, name+".pprof")
	}
	// together measures a scenario through a fresh floor and toolfix child at once, alone through
	// one fresh child of a kind; each stops its children after.
	together := func(scenario, what string, measure func(cs []*child) error) error {
		step(what)
		var cs []*child
		ks := kinds
		if scenario == "throughput" {
			ks = throughputKinds
		}
		for _, k := range ks {
			p := ""
			if k == "toolfix" {
				p = profile(scenario)
			}
			c, err := startChild(k, u.srv.URL, p)
			if err != nil {
				stopAll(cs)
				return err
			}
			cs = append(cs, c)
		}
		err := measure(cs)
		stopAll(cs)
		return err
	}
	alone := func(kind, cpuProfile, what string, measure func(c *child) error) error {
		step(what)
		c, err := startChild(kind, u.srv.URL, cpuProfile)
		if err != nil {
			return err
		}
		err = measure(c)
		stopAll([]*child{c})
		return err
	}

	if cfg.runs("throughput") {
		err := together("throughput", "throughput", func(cs []*child) (err error) {
			for _, m := range []struct {
				into          *[]throughput
				path, request string
				want          []byte
			}{{&res.anthropic, "/big/v1/messages", toolRequest, u.anthropicBig}, {&res.chat, "/big/v1/chat/completions", chatRequest, u.chatBig},
				{&res.anthropicWhole, "/json/v1/messages", unstreamed(toolRequest), u.anthropicWhole},
				{&res.chatWhole, "/json/v1/chat/completions", unstreamed(chatRequest), u.chatWhole}} {
				if *m.into, err = measureThroughput(cs, m.path, m.request, m.want, cfg.Rounds); err != nil {
					return err
				}
			}
			return checkNoRepairs(cs[len(cs)-1])
		})
		if err != nil {
			return nil, err
		}
	}

	if cfg.runs("lag") {
		err := together("lag", "lag", func(cs []*child) (err error) {
			if res.lagAnthropic, err = measureLag(u, cs, "/paced/v1/messages", toolRequest, cfg.LagEvents, cfg.LagEvery); err == nil {
				res.lagChat, err = measureLag(u, cs, "/paced/v1/chat/completions", chatRequest, cfg.LagEvents, cfg.LagEvery)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}

	if cfg.runs("streams") {
		heap := func(kind string) string {
			if cfg.CPUProfile == "" {
				return ""
			}
			return filepath.Join(cfg.CPUProfile, "streams-idle-"+kind+".heap.pprof")
		}
		err := together("streams", fmt.Sprintf("%d concurrent streams through each proxy at once", cfg.Streams), func(cs []*child) (err error) {
			res.crowds, err = measureCrowds(u, cs, cfg.Streams, cfg.StreamEvents, cfg.StreamEvery, heap)
			return err
		})
		if err != nil {
			return nil, err
		}
	}

	for _, n := range cfg.ToolBytes {
		if !cfg.runs("tool") {
			break
		}
		var row []bigTool
		for _, k := range kinds {
			what := fmt.Sprintf("%d MB stringified tool input through %s", n>>20, k)
			err := alone(k, map[string]string{"toolfix": profile(fmt.Sprintf("tool-%dMB", n>>20))}[k], what, func(c *child) error {
				bt, err := measureBigTool(u, c, n)
				row = append(row, bt)
				return err
			})
			if err != nil {
				return nil, err
			}
		}
		res.tools = append(res.tools, row)
	}

	if cfg.runs("timing") {
		what := fmt.Sprintf("a healthy Write call in %d deltas %v-%v apart, both dialects, through each proxy at once", cfg.TimingDeltas, cfg.TimingMin, cfg.TimingMax)
		err := together("timing", what, func(cs []*child) error {
			healthy, faulty, err := measureTiming(u, cs, cfg.TimingDeltas, cfg.TimingItems, cfg.TimingMin, cfg.TimingMax)
			res.timingAnthropic, res.timingChat = healthy[0], healthy[1]
			res.faultyAnthropic, res.faultyChat = faulty[0], faulty[1]
			return err
		})
		if err != nil {
			return nil, err
		}
	}

	if cfg.runs("held") {
		var err error
		if res.held, err = runHeld(cfg, u, out, logw, step, alone); err != nil {
			return nil, err
		}
		if cfg.Only == "held" {
			return res, nil
		}
	}

	if cfg.runs("memory") {
		for _, m := range []struct {
			path string
			into *[]memRun
		}{{fmt.Sprintf("/bigtool/v1/messages?bytes=%d", cfg.BigToolBytes), &res.bigToolMem}, {fmt.Sprintf("/bomb/v1/messages?bytes=%d", cfg.BombBytes), &res.bombMem}} {
			for _, k := range kinds {
				err := alone(k, "", fmt.Sprintf("memory: %s through %s", m.path, k), func(c *child) error {
					r, err := measureMem(c, m.path, writeRequest)
					*m.into = append(*m.into, r)
					return err
				})
				if err != nil {
					return nil, err
				}
			}
		}
	}
	if cfg.runs("whole") {
		if err := runWhole(cfg, res, profile, alone); err != nil {
			return nil, err
		}
	}
	res.loadAfter = loadAverage()
	res.print(out)
	return res, nil
}

// stopAll stops the children and drops the client's connections to them, so that a later child
// listening on a reused port never meets a stale connection.
func stopAll(cs []*child) {
	for _, c := range cs {
		if err := c.stop(); err != nil {
			fmt.Fprintln(os.Stderr, "loadbench:", err)
		}
	}
	benchClient.CloseIdleConnections()
}

// checkNoRepairs fails when toolfix counted a repair or a fail-open on the healthy streams.
func checkNoRepairs(c *child) error {
	st, err := c.stats()
	if err != nil {
		return err
	}
	if r, _ := st["repairs"].(map[string]any); len(r) > 0 {
		return fmt.Errorf("toolfix repaired a healthy stream: %v", r)
	}
	if f, _ := st["fail_opens"].(float64); f > 0 {
		return fmt.Errorf("toolfix failed open %v times on healthy streams", f)
	}
	return nil
}

// loadAverage returns the 1, 5 and 15 minute load averages of the machine.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// machine describes where the run happened.
func machine() string {
	return fmt.Sprintf("%s %s/%s, %d CPUs", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
}
