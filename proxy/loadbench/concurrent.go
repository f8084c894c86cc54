package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/toolfix/toolfix/proxy/client"
)

// crowd is one proxy's figures for many concurrent paced streams.
type crowd struct {
	streams, completed int
	errors             []string // the first few
	lags               []time.Duration
	baseRSS, idleRSS   int64 // before the streams, and with every stream open and idle
	peakRSS            int64 // VmHWM at the end
	baseGo, idleGo     goMem
}

// idlePerStream is the resident memory each idle open stream costs, in bytes.
func (c crowd) idlePerStream() int64 { return (c.idleRSS - c.baseRSS) / int64(max(1, c.streams)) }

// idleGoPerStream is the Go heap and stack each idle open stream holds, in bytes.
func (c crowd) idleGoPerStream() int64 {
	return (int64(c.idleGo.HeapInuse+c.idleGo.StackInuse) - int64(c.baseGo.HeapInuse+c.baseGo.StackInuse)) / int64(max(1, c.streams))
}

// measureCrowd opens n paced Anthropic streams at once through c. Each stream sends its first
// delta and waits, so that all n are open and idle when the proxy's memory is read; then the gate
// opens and each sends the rest of its events, every apart, spread over the interval.
//
// When heapProfile is not "", the child's heap profile with every stream idle is written there.
func measureCrowd(u *upstream, c *child, n, events int, every time.Duration, heapProfile string) (crowd, error) {
	res := crowd{streams: n}
	// A warm-up request, so that the base reading includes the proxy's own start-up.
	if resp, err := post(fmt.Sprintf("%s/paced/v1/messages?n=2&every=1ms", c.url), toolRequest); err == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	var err error
	if res.baseGo, err = c.goMem(); err != nil {
		return res, err
	}
	if res.baseRSS, _, err = c.procStatus(); err != nil {
		return res, err
	}
	gate := u.newGate()
	var opened, done sync.WaitGroup
	opened.Add(n)
	done.Add(n)
	results := make([]pacedResult, n)
	for i := 0; i < n; i++ {
		go func() {
			defer done.Done()
			var once sync.Once
			open := func() { once.Do(opened.Done) }
			resp, err := post(fmt.Sprintf("%s/paced/v1/messages?n=%d&every=%s&gated=1", c.url, events, every), toolRequest)
			if err != nil {
				results[i].err = err
				open()
				return
			}
			results[i] = readPaced(u, resp, open)
		}()
	}
	opened.Wait()
	if res.idleGo, err = c.goMem(); err != nil {
		close(gate)
		return res, err
	}
	res.idleRSS, _, _ = c.procStatus()
	if heapProfile != "" {
		if err := c.heapProfile(heapProfile); err != nil {
			close(gate)
			return res, err
		}
	}
	close(gate)
	done.Wait()
	_, res.peakRSS, _ = c.procStatus()
	for _, r := range results {
		switch {
		case r.err == nil && r.complete && len(r.lags) == events-1:
			res.completed++
		case len(res.errors) < 5:
			res.errors = append(res.errors, fmt.Sprintf("complete %v, %d of %d events, %v", r.complete, len(r.lags), events-1, r.err))
		}
		res.lags = append(res.lags, r.lags...)
	}
	if res.completed < n {
		res.errors = append(res.errors, "the proxy's standard error: "+tail(c.stderr.String(), 2000))
	}
	return res, nil
}

// bigTool is one run of the stringified tool input through one proxy.
type bigTool struct {
	inputBytes int           // the tool input's size
	streamSize int           // the upstream stream's size
	took       time.Duration // request sent to last byte received
	baseRSS    int64
	peakRSS    int64 // VmHWM
	todos      int   // todos in the repaired input (toolfix), -1 when not an array
}

// measureBigTool sends a stream carrying a TodoWrite input of about n bytes whose todos array is a
// JSON string through c, and reads what the client ends up with.
func measureBigTool(u *upstream, c *child, n int) (bigTool, error) {
	res := bigTool{todos: -1}
	body := u.toolStream(n)
	res.streamSize = len(body)
	input, count := stringifiedTodos(n)
	res.inputBytes = len(input)
	// Warm up with a small one, then read the base.
	if resp, err := post(c.url+"/tool/v1/messages?bytes=1000", toolRequest); err == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	if _, err := c.goMem(); err != nil { // collect, so that the base is live memory
		return res, err
	}
	res.baseRSS, _, _ = c.procStatus()
	start := time.Now()
	resp, err := post(fmt.Sprintf("%s/tool/v1/messages?bytes=%d", c.url, n), toolRequest)
	if err != nil {
		return res, err
	}
	out, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	res.took = time.Since(start)
	if err != nil {
		return res, fmt.Errorf("reading the tool stream through %s: %w", c.kind, err)
	}
	_, res.peakRSS, _ = c.procStatus()
	m, err := client.AnthropicStream(out)
	if err != nil {
		return res, fmt.Errorf("the tool stream through %s does not read: %w", c.kind, err)
	}
	for _, b := range m.Content {
		if in, ok := b.Input.(map[string]any); ok && b.Type == "tool_use" {
			if todos, ok := in["todos"].([]any); ok {
				res.todos = len(todos)
			}
		}
	}
	if c.kind == "toolfix" && res.todos != count {
		return res, fmt.Errorf("toolfix delivered %d todos, want %d repaired from the string", res.todos, count)
	}
	return res, nil
}

// tail returns the last n bytes of s.
func tail(s string, n int) string { return s[max(0, len(s)-n):] }
