package main

import (
	"fmt"
	"io"
	"os"
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

// measureCrowds opens n paced Anthropic streams through each child, all at the same time so that
// every proxy meets the same load. Each stream sends its first delta and waits, so that all are
// open and idle when the proxies' memory is read; then the gate opens and each sends the rest of
// its events, every apart, spread over the interval. heapProfile, when it gives a path for a
// child's kind, is where that child's heap profile with every stream idle is written.
func measureCrowds(u *upstream, cs []*child, n, events int, every time.Duration, heapProfile func(kind string) string) ([]crowd, error) {
	res := make([]crowd, len(cs))
	for k, c := range cs {
		res[k].streams = n
		// A warm-up request, so that the base reading includes the proxy's own start-up.
		if resp, err := post(fmt.Sprintf("%s/paced/v1/messages?n=2&every=1ms", c.url), toolRequest); err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		var err error
		if res[k].baseGo, err = c.goMem(); err != nil {
			return nil, err
		}
		if res[k].baseRSS, _, err = c.procStatus(); err != nil {
			return nil, err
		}
	}
	urls := make([]string, len(cs))
	for k, c := range cs {
		urls[k] = c.url
	}
	results, err := pacedCrowd(u, urls, n, events, every, func() error {
		for k, c := range cs {
			var err error
			if res[k].idleGo, err = c.goMem(); err != nil {
				return err
			}
			res[k].idleRSS, _, _ = c.procStatus()
			if p := heapProfile(c.kind); p != "" {
				if err = c.heapProfile(p); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for k, c := range cs {
		r := &res[k]
		_, r.peakRSS, _ = c.procStatus()
		r.tally(results[k], events)
		if r.completed < n {
			r.errors = append(r.errors, "the proxy's standard error: "+tail(c.stderr.String(), 2000))
		}
	}
	return res, nil
}

// pacedCrowd opens n gated paced Anthropic streams at each of urls (proxies' base URLs), all at
// the same time so that every proxy meets the same load. Each stream sends its first delta and
// waits; once all are open and idle, idle is called (to read the proxies' memory then), the gate
// opens and each stream sends the rest of its events, every apart, spread over the interval. It
// returns each URL's results, or idle's error once every stream has ended.
func pacedCrowd(u *upstream, urls []string, n, events int, every time.Duration, idle func() error) ([][]pacedResult, error) {
	gate := u.newGate()
	var opened, done sync.WaitGroup
	opened.Add(n * len(urls))
	done.Add(n * len(urls))
	results := make([][]pacedResult, len(urls))
	for k, base := range urls {
		results[k] = make([]pacedResult, n)
		for i := 0; i < n; i++ {
			go func() {
				defer done.Done()
				var once sync.Once
				open := func() { once.Do(opened.Done) }
				resp, err := post(fmt.Sprintf("%s/paced/v1/messages?n=%d&every=%s&gated=1", base, events, every), toolRequest)
				if err != nil {
					results[k][i].err = err
					open()
					return
				}
				results[k][i] = readPaced(u, resp, open)
			}()
		}
	}
	opened.Wait()
	err := idle()
	close(gate)
	done.Wait()
	return results, err
}

// tally adds up one proxy's paced streams of events each: those completed, the first few
// failures, and every lag.
func (r *crowd) tally(results []pacedResult, events int) {
	for _, p := range results {
		switch {
		case p.err == nil && p.complete && len(p.lags) == events-1:
			r.completed++
		case len(r.errors) < 5:
			r.errors = append(r.errors, fmt.Sprintf("complete %v, %d of %d events, %v", p.complete, len(p.lags), events-1, p.err))
		}
		r.lags = append(r.lags, p.lags...)
	}
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
	// toolfix writes the sample of the repaired exchange after the answer has ended; the peak is
	// read once it is written, so that it counts the sample's cost too.
	if c.kind == "toolfix" && os.Getenv(envSamples) != "off" {
		if err := c.waitSamples(2, 60*time.Second); err != nil { // the warm-up's and this one's
			return res, err
		}
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
