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
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/toolfix/toolfix/proxy/syncbuf"
)

// The proxies run in child processes so that their memory and CPU time are their own: toolfix is
// the binary buildToolfix makes, run as `toolfix serve --upstream URL`; the floor is this same
// program, re-executed, told by the environment what to be. Both carry the probe (probe.go).
const (
	envChild    = "LOADBENCH_CHILD"    // "floor" or "event": this process is that floor child
	envUpstream = "LOADBENCH_UPSTREAM" // the mock upstream's base URL
	envSamples  = "LOADBENCH_SAMPLES"  // toolfix's --samples mode ("" for its default)
)

// childMain runs this process as the floor child when the environment says so, and then exits;
// it returns when the process is not a child.
func childMain() {
	kind := os.Getenv(envChild)
	if kind == "" {
		return
	}
	if err := runFloor(kind, os.Getenv(envUpstream)); err != nil {
		fmt.Fprintf(os.Stderr, "loadbench child %s: %v\n", kind, err)
		os.Exit(1)
	}
	os.Exit(0)
}

// runFloor serves a floor until SIGTERM behind an http.Server: kind "floor" the bare
// httputil.ReverseProxy, "event" the event-aware floor (eventfloor.go). It prints "floor
// listening on http://ADDR" (after the probe's "control http://ADDR").
func runFloor(kind, upstream string) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
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
	if kind == "event" {
		floor = newEventFloor(u).ServeHTTP
	}
	hs := &http.Server{Handler: floor, ReadHeaderTimeout: 30 * time.Second, IdleTimeout: 5 * time.Minute}
	fmt.Printf("floor listening on http://%s\n", ln.Addr())
	go func() { _ = hs.Serve(ln) }()
	<-ctx.Done()
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return hs.Shutdown(sctx)
}

// childCommand returns the command that starts a child of kind in front of upstream, and the
// folder toolfix keeps its samples in ("" for the floor), which the caller removes after it. Kind
// "gateway" is toolfix as a team gateway: the same, with the access token gatewayToken. The
// toolfix child is `toolfix serve --upstream URL` exactly as a user runs it (every repair on, logs
// at the default level to standard error, samples of repaired exchanges kept as by default), but
// in a temporary samples folder of the benchmark's own rather than the user's state folder.
func childCommand(kind, upstream string) (*exec.Cmd, string, error) {
	switch kind {
	case "toolfix", "gateway":
		bin, err := buildToolfix()
		if err != nil {
			return nil, "", err
		}
		dir, err := os.MkdirTemp("", "loadbench-samples-")
		if err != nil {
			return nil, "", fmt.Errorf("making a samples folder: %w", err)
		}
		args := []string{"serve", "--listen", "127.0.0.1:0", "--upstream", upstream, "--samples-dir", dir}
		if m := os.Getenv(envSamples); m != "" {
			args = append(args, "--samples", m)
		}
		c := exec.Command(bin, args...)
		token := "" // a token in this process's environment must not make the per-user proxy a gateway
		if kind == "gateway" {
			token = gatewayToken
		}
		c.Env = append(os.Environ(), "TOOLFIX_ACCESS_TOKEN="+token)
		return c, dir, nil
	case "floor", "event":
		exe, err := os.Executable()
		if err != nil {
			return nil, "", fmt.Errorf("finding this program to run the floor: %w", err)
		}
		c := exec.Command(exe)
		c.Env = append(os.Environ(), envChild+"="+kind, envUpstream+"="+upstream)
		return c, "", nil
	}
	return nil, "", fmt.Errorf("unknown child kind %q", kind)
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
	samples string          // toolfix's samples folder, removed when it stops; "" for the floor
	url     string          // the proxy's base URL
	control string          // the control listener's base URL
	stderr  *syncbuf.Buffer // the child's standard error, its first MiB for the report of a failure
	done    chan error
}

// removeSamples deletes the child's samples folder, if it has one.
func (c *child) removeSamples() {
	if c.samples != "" {
		_ = os.RemoveAll(c.samples)
	}
}

// startChild starts a proxy child of kind in front of upstream, writing a CPU profile to profile
// when it is not "", and waits until it listens.
func startChild(kind, upstream, profile string) (*child, error) {
	cmd, samples, err := childCommand(kind, upstream)
	if err != nil {
		return nil, err
	}
	c := &child{kind: kind, cmd: cmd, samples: samples, stderr: &syncbuf.Buffer{Max: 1 << 20}, done: make(chan error, 1)}
	if c.cmd.Env == nil {
		c.cmd.Env = os.Environ()
	}
	c.cmd.Env = append(c.cmd.Env, envProbe+"=1", envCPUProfile+"="+profile)
	c.cmd.Stderr = c.stderr
	out, err := c.cmd.StdoutPipe()
	if err == nil {
		err = c.cmd.Start()
	}
	if err != nil {
		c.removeSamples()
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
		<-c.done
		c.removeSamples()
		return nil, fmt.Errorf("the %s child did not start: %s", kind, c.stderr.String())
	}
	return c, nil
}

// stop has the child's probe write its CPU profile, ends the child with SIGTERM, or kills it after
// 20 s, and removes its samples folder.
func (c *child) stop() error {
	defer c.removeSamples()
	if resp, err := http.Get(c.control + "/profile-stop"); err == nil {
		_ = resp.Body.Close()
	}
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
	user, sys := c.cpuTimes()
	return user + sys
}

// cpuTimes returns the CPU time the child has used so far in user space and in the kernel (its
// system time), from /proc/<pid>/stat; zero when that cannot be read.
func (c *child) cpuTimes() (user, sys time.Duration) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", c.cmd.Process.Pid))
	if err != nil {
		return 0, 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:]) // fields from the 3rd on
	if len(f) < 13 {
		return 0, 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut) * time.Second / 100, time.Duration(st) * time.Second / 100 // USER_HZ is 100 on Linux
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
