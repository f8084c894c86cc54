package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/toolfix/toolfix/cmd"
)

// The proxies run in child processes (this same program, re-executed) so that their memory and
// CPU time are their own: the environment tells a child what to be.
const (
	envChild      = "LOADBENCH_CHILD"      // "toolfix" or "floor"
	envUpstream   = "LOADBENCH_UPSTREAM"   // the mock upstream's base URL
	envCPUProfile = "LOADBENCH_CPUPROFILE" // write a CPU profile of the child's life to this file
	envSamples    = "LOADBENCH_SAMPLES"    // toolfix's --samples mode ("" for its default)
)

// childMain runs this process as a proxy child when the environment says so, and then exits; it
// returns when the process is not a child.
func childMain() {
	kind := os.Getenv(envChild)
	if kind == "" {
		return
	}
	if err := runChild(kind, os.Getenv(envUpstream), os.Getenv(envCPUProfile)); err != nil {
		fmt.Fprintf(os.Stderr, "loadbench child %s: %v\n", kind, err)
		os.Exit(1)
	}
	os.Exit(0)
}

// runChild serves one proxy until SIGTERM: "toolfix" is `toolfix serve --upstream` exactly as a
// user runs it (every repair on, logs at the default level to standard error, samples of repaired
// exchanges kept, in a temporary folder); "floor" is a bare
// httputil.ReverseProxy behind an http.Server. Both print "... listening on http://ADDR", after a
// "control http://ADDR" line naming a side listener that answers /mem with the child's Go memory.
func runChild(kind, upstream, profile string) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	if profile != "" {
		f, err := os.Create(profile)
		if err != nil {
			return fmt.Errorf("creating the CPU profile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("starting the CPU profile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	ctl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("listening for control: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/mem", serveMem)
	mux.HandleFunc("/heap", serveHeap)
	go func() { _ = http.Serve(ctl, mux) }()
	fmt.Printf("control http://%s\n", ctl.Addr())
	switch kind {
	case "toolfix":
		// Samples are kept as by default (the exchanges with a repair), in a folder of the
		// benchmark's own rather than the user's state folder.
		dir, err := os.MkdirTemp("", "loadbench-samples-")
		if err != nil {
			return fmt.Errorf("making a samples folder: %w", err)
		}
		defer os.RemoveAll(dir)
		ios := &cmd.IOStreams{In: strings.NewReader(""), Out: os.Stdout, ErrOut: os.Stderr}
		args := []string{"serve", "--listen", "127.0.0.1:0", "--upstream", upstream, "--samples-dir", dir}
		if m := os.Getenv(envSamples); m != "" {
			args = append(args, "--samples", m)
		}
		if code := cmd.RunContext(ctx, args, ios); code != 0 {
			return fmt.Errorf("toolfix serve exited %d", code)
		}
		return nil
	case "floor":
		u, err := url.Parse(upstream)
		if err != nil {
			return fmt.Errorf("parsing the upstream %q: %w", upstream, err)
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return fmt.Errorf("listening: %w", err)
		}
		rp := httputil.NewSingleHostReverseProxy(u)
		// Full duplex, or the bare proxy cuts a stream now and then under load: writing the
		// answer's headers closes the request body while its transport may still read it
		// (golang/go #40747). toolfix reads a request whole before forwarding it.
		floor := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_ = http.NewResponseController(w).EnableFullDuplex()
			rp.ServeHTTP(w, r)
		})
		hs := &http.Server{Handler: floor, ReadHeaderTimeout: 30 * time.Second, IdleTimeout: 5 * time.Minute}
		fmt.Printf("floor listening on http://%s\n", ln.Addr())
		go func() { _ = hs.Serve(ln) }()
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return hs.Shutdown(sctx)
	}
	return fmt.Errorf("unknown child kind %q", kind)
}

// goMem is a child's Go memory after a collection: bytes of live heap spans and of goroutine
// stacks, and the number of goroutines.
type goMem struct {
	HeapInuse  uint64 `json:"heap_inuse"`
	StackInuse uint64 `json:"stack_inuse"`
	Goroutines int    `json:"goroutines"`
}

// serveMem collects garbage, returns freed memory to the system and answers the child's goMem.
func serveMem(w http.ResponseWriter, _ *http.Request) {
	runtime.GC()
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	_ = json.NewEncoder(w).Encode(goMem{HeapInuse: ms.HeapInuse, StackInuse: ms.StackInuse, Goroutines: runtime.NumGoroutine()})
}

// serveHeap answers a heap profile of the child (live objects after a collection).
func serveHeap(w http.ResponseWriter, _ *http.Request) {
	runtime.GC()
	_ = pprof.Lookup("heap").WriteTo(w, 0)
}

// heapProfile writes the child's heap profile to path.
func (c *child) heapProfile(path string) error {
	resp, err := http.Get(c.control + "/heap")
	if err != nil {
		return fmt.Errorf("asking the %s child for its heap profile: %w", c.kind, err)
	}
	defer resp.Body.Close()
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("writing the heap profile: %w", err)
	}
	defer f.Close()
	_, err = io.Copy(f, resp.Body)
	return err
}

// child is a running proxy child process.
type child struct {
	kind    string
	cmd     *exec.Cmd
	url     string // the proxy's base URL
	control string // the control listener's base URL
	stderr  *lockedBuffer
	done    chan error
}

// lockedBuffer collects a child's standard error for the report of a failure.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.b.Len() < 1<<20 {
		l.b.Write(p)
	}
	return len(p), nil
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startChild starts a proxy child of kind in front of upstream, writing a CPU profile to profile
// when it is not "", and waits until it listens.
func startChild(kind, upstream, profile string) (*child, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("finding this program to run a child: %w", err)
	}
	c := &child{kind: kind, stderr: &lockedBuffer{}, done: make(chan error, 1)}
	c.cmd = exec.Command(exe)
	c.cmd.Env = append(os.Environ(), envChild+"="+kind, envUpstream+"="+upstream, envCPUProfile+"="+profile)
	c.cmd.Stderr = c.stderr
	out, err := c.cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("starting the %s child: %w", kind, err)
	}
	if err := c.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the %s child: %w", kind, err)
	}
	sc := bufio.NewScanner(out)
	for (c.url == "" || c.control == "") && sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, "http://"); i >= 0 {
			if strings.HasPrefix(line, "control ") {
				c.control = line[i:]
			} else if strings.Contains(line, "listening on") {
				c.url = line[i:]
			}
		}
	}
	go func() {
		_, _ = io.Copy(io.Discard, out)
		c.done <- c.cmd.Wait()
	}()
	if c.url == "" || c.control == "" {
		_ = c.cmd.Process.Kill()
		return nil, fmt.Errorf("the %s child did not start: %s", kind, c.stderr.String())
	}
	return c, nil
}

// stop ends the child with SIGTERM (so that a CPU profile is written), or kills it after 20 s.
func (c *child) stop() error {
	_ = c.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-c.done:
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			return fmt.Errorf("stopping the %s child: %w", c.kind, err)
		}
		return nil
	case <-time.After(20 * time.Second):
		_ = c.cmd.Process.Kill()
		return fmt.Errorf("the %s child did not stop within 20s", c.kind)
	}
}

// procStatus returns the child's resident set size now and its high-water mark, in bytes, from
// /proc/<pid>/status (VmRSS, VmHWM).
func (c *child) procStatus() (rss, hwm int64, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", c.cmd.Process.Pid))
	if err != nil {
		return 0, 0, fmt.Errorf("reading the %s child's status: %w", c.kind, err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		kb, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "VmRSS:":
			rss = kb << 10
		case "VmHWM:":
			hwm = kb << 10
		}
	}
	return rss, hwm, nil
}

// cpuTime returns the CPU time the child has used so far (user and system), from /proc/<pid>/stat.
func (c *child) cpuTime() time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", c.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:]) // fields from the 3rd on
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / 100 // USER_HZ is 100 on Linux
}

// goMem asks the child for its Go memory after a collection.
func (c *child) goMem() (goMem, error) {
	var m goMem
	resp, err := http.Get(c.control + "/mem")
	if err != nil {
		return m, fmt.Errorf("asking the %s child for its memory: %w", c.kind, err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		return m, fmt.Errorf("reading the %s child's memory: %w", c.kind, err)
	}
	return m, nil
}
