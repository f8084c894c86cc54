package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// benchClient is the HTTP client of every measurement: keep-alive, enough idle connections for
// the concurrent streams, no compression.
var benchClient = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2048, DisableCompression: true}}

// post sends body to url and returns the response, failing on a status other than 200.
func post(url, body string) (*http.Response, error) {
	resp, err := benchClient.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("posting to %s: %w", url, err)
	}
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		resp.Body.Close()
		return nil, fmt.Errorf("posting to %s: status %d: %s", url, resp.StatusCode, b)
	}
	return resp, nil
}

// throughput is one proxy's figures for one big stream: wall-clock MB/s, the median over the
// rounds, and the proxy's CPU time per stream, the mean over the rounds (its clock ticks 10 ms:
// the sum of the rounds is the finer figure), with the part of it spent in the kernel (sys: its
// system time, issue 21 item 4).
type throughput struct {
	mbps float64
	cpu  time.Duration
	sys  time.Duration
}

// measureThroughput streams the big body of path through each child rounds times, alternating
// which goes first, and checks every byte arrived unchanged.
func measureThroughput(children []*child, path, request string, want []byte, rounds int) ([]throughput, error) {
	mbps := make([][]float64, len(children))
	cpus := make([][]time.Duration, len(children))
	syss := make([]time.Duration, len(children))
	for r := 0; r < rounds; r++ {
		for k := range children {
			i := (k + r) % len(children)
			c := children[i]
			user0, sys0 := c.cpuTimes()
			start := time.Now()
			resp, err := post(c.url+path, request)
			if err != nil {
				return nil, err
			}
			h := &hashWriter{want: want}
			_, err = io.CopyBuffer(h, resp.Body, make([]byte, 32<<10))
			resp.Body.Close()
			took := time.Since(start)
			if err != nil {
				return nil, fmt.Errorf("reading %s through %s: %w; its standard error: %s", path, c.kind, err, tail(c.stderr.String(), 2000))
			}
			if !h.ok() {
				return nil, fmt.Errorf("the healthy stream %s came through %s changed at byte %d", path, c.kind, h.off)
			}
			mbps[i] = append(mbps[i], float64(len(want))/1e6/took.Seconds())
			user1, sys1 := c.cpuTimes()
			cpus[i] = append(cpus[i], user1+sys1-user0-sys0)
			syss[i] += sys1 - sys0
		}
	}
	out := make([]throughput, len(children))
	for i := range children {
		var sum time.Duration
		for _, d := range cpus[i] {
			sum += d
		}
		n := time.Duration(max(1, len(cpus[i])))
		out[i] = throughput{mbps: medianF(mbps[i]), cpu: sum / n, sys: syss[i] / n}
	}
	return out, nil
}

// hashWriter compares what is written with want as it comes, without keeping it.
type hashWriter struct {
	want []byte
	off  int
	bad  bool
}

func (h *hashWriter) Write(p []byte) (int, error) {
	if !h.bad && (h.off+len(p) > len(h.want) || !bytes.Equal(p, h.want[h.off:h.off+len(p)])) {
		h.bad = true
	}
	if !h.bad {
		h.off += len(p)
	}
	return len(p), nil
}

func (h *hashWriter) ok() bool { return !h.bad && h.off == len(h.want) }

// pacedResult is what one client saw of a paced stream: the lag of each stamped event after the
// first, whether the stream ended properly, and any error.
type pacedResult struct {
	lags     []time.Duration
	complete bool
	err      error
}

// readPaced reads a paced stream, recording for each stamped event after the first how long after
// its stamp it arrived. opened, when not nil, is called once the first delta has arrived (or the
// stream failed before it).
func readPaced(u *upstream, resp *http.Response, opened func()) pacedResult {
	defer resp.Body.Close()
	var res pacedResult
	br := bufio.NewReaderSize(resp.Body, 4096)
	first := true
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			if err != io.EOF {
				res.err = err
			}
			break
		}
		if i := bytes.Index(line, []byte(" at ")); i >= 0 && bytes.HasPrefix(line, []byte("data:")) {
			now := u.stamp()
			rest := line[i+4:]
			if j := bytes.IndexByte(rest, ' '); j > 0 {
				if ts, err := strconv.ParseInt(string(rest[:j]), 10, 64); err == nil {
					if first {
						first = false
						if opened != nil {
							opened()
							opened = nil
						}
					} else {
						res.lags = append(res.lags, time.Duration(now-ts))
					}
				}
			}
		}
		if bytes.Contains(line, []byte(`"type":"message_stop"`)) || bytes.HasPrefix(line, []byte("data: [DONE]")) {
			res.complete = true
		}
	}
	if opened != nil {
		opened()
	}
	return res
}

// measureLag runs one paced stream of n events every interval through each child at the same
// time (so that all see the same load) and returns each child's lags.
func measureLag(u *upstream, children []*child, path, request string, n int, every time.Duration) ([][]time.Duration, error) {
	lags := make([][]time.Duration, len(children))
	err := atOnce(len(children), func(i int) error {
		c := children[i]
		resp, err := post(fmt.Sprintf("%s%s?n=%d&every=%s", c.url, path, n, every), request)
		if err != nil {
			return err
		}
		r := readPaced(u, resp, nil)
		lags[i] = r.lags
		if r.err != nil || !r.complete || len(r.lags) != n-1 {
			return fmt.Errorf("paced stream through %s: complete %v, %d of %d events, %v", c.kind, r.complete, len(r.lags), n-1, r.err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return lags, nil
}

// atOnce runs run(0) to run(n-1) each in its own goroutine, all at once, waits for all of them and
// returns the error of the lowest k that failed, or nil.
func atOnce(n int, run func(k int) error) error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	for k := range n {
		wg.Go(func() { errs[k] = run(k) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// stats fetches a toolfix child's counters (its /stats answer), to check that a healthy run
// repaired nothing.
func (c *child) stats() (map[string]any, error) {
	resp, err := benchClient.Get(c.url + "/stats")
	if err != nil {
		return nil, fmt.Errorf("asking %s for its stats: %w", c.kind, err)
	}
	defer resp.Body.Close()
	var m map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		return nil, fmt.Errorf("reading %s's stats: %w", c.kind, err)
	}
	return m, nil
}

// waitSamples polls a toolfix child's /stats until it has saved at least n samples, for at most
// limit; it fails when the child does not get there.
func (c *child) waitSamples(n float64, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		st, err := c.stats()
		if err != nil {
			return err
		}
		if saved, _ := st["samples_saved"].(float64); saved >= n {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s saved %v samples in %v, want %v", c.kind, st["samples_saved"], limit, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// percentile returns the p-th percentile (0..100) of ds, by the nearest-rank method.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	k := int(p/100*float64(len(s))+0.999999) - 1
	return s[max(0, min(k, len(s)-1))]
}

func medianF(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

func medianD(ds []time.Duration) time.Duration { return percentile(ds, 50) }
