package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// The scenario of issue 19 item 3 (whole answers in bounded memory):
//
//	/whole/v1/messages, /whole/v1/chat/completions?bytes=N[&fault=1]
//	    a non-streamed answer (application/json, with its Content-Length) with one call whose
//	    input {"v":[0,1,...]} is an integer array of about N bytes; with fault, the array arrives
//	    stringified (D13), which toolfix repairs.

// wholeSchema is the tool of the whole-answer scenario.
const wholeSchema = `{"type":"object","properties":{"v":{"type":"array","items":{"type":"integer"}}},"required":["v"]}`

const wholeRequest = `{"model":"m","max_tokens":1024,"messages":[{"role":"user","content":"count"}],"tools":[{"name":"t","input_schema":` + wholeSchema + `}]}`

const chatWholeRequest = `{"model":"m","messages":[{"role":"user","content":"count"}],"tools":[{"type":"function","function":{"name":"t","parameters":` + wholeSchema + `}}]}`

// wholeAnswer is the answer /whole/ sends: Chat Completions with chat, else Messages.
func wholeAnswer(n int, fault, chat bool) []byte {
	arr := make([]byte, 0, n+16)
	arr = append(arr, '[')
	for i := 0; len(arr) < n; i++ {
		if i > 0 {
			arr = append(arr, ',')
		}
		arr = strconv.AppendInt(arr, int64(i%1000), 10)
	}
	arr = append(arr, ']')
	if fault {
		arr = strconv.AppendQuote(nil, string(arr)) // ASCII digits and commas: a JSON string too
	}
	input := append(append([]byte(`{"v":`), arr...), '}')
	if chat {
		b := []byte(`{"id":"c","object":"chat.completion","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"t","arguments":`)
		b = strconv.AppendQuote(b, string(input))
		return append(b, `}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":1,"completion_tokens":1}}`...)
	}
	b := []byte(`{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"Here."},{"type":"tool_use","id":"toolu_1","name":"t","input":`)
	b = append(b, input...)
	return append(b, `}],"stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1}}`...)
}

// whole answers /whole/.
func (u *upstream) whole(w http.ResponseWriter, r *http.Request, chat bool) {
	n, _ := strconv.Atoi(r.URL.Query().Get("bytes"))
	body := wholeAnswer(n, r.URL.Query().Get("fault") == "1", chat)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	_, _ = w.Write(body)
}

// wholeRun is one whole answer through one fresh child.
type wholeRun struct {
	dialect    string
	fault      bool
	answer     int           // the upstream's body, bytes
	took       time.Duration // request sent to last byte received
	cpu        time.Duration // the child's CPU time over it
	base, peak int64         // RSS before, VmHWM after
	ok         bool          // the client got the body as sent (healthy) or the array repaired (fault)
}

// measureWhole sends one whole answer of about n bytes through a fresh child c.
func measureWhole(c *child, n int, fault, chat bool) (wholeRun, error) {
	run := wholeRun{dialect: "Anthropic", fault: fault}
	path, req := "/whole/v1/messages", wholeRequest
	if chat {
		run.dialect, path, req = "Chat Completions", "/whole/v1/chat/completions", chatWholeRequest
	}
	want := wholeAnswer(n, fault, chat)
	run.answer = len(want)
	if _, err := c.goMem(); err != nil { // warm up the child's side listener before the base
		return run, err
	}
	run.base, _, _ = c.procStatus()
	cpu := c.cpuTime()
	start := time.Now()
	resp, err := post(fmt.Sprintf("%s%s?bytes=%d&fault=%v", c.url, path, n, map[bool]int{false: 0, true: 1}[fault]), req)
	if err != nil {
		return run, err
	}
	got, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	run.took = time.Since(start)
	if err != nil {
		return run, fmt.Errorf("reading %s through %s: %w", path, c.kind, err)
	}
	_, run.peak, _ = c.procStatus()
	run.cpu = c.cpuTime() - cpu
	if fault && c.kind == "toolfix" {
		array := `"v":[0,1,2`
		if chat {
			array = `\"v\":[0,1,2`
		}
		run.ok = bytes.Contains(got, []byte(array)) && !bytes.Contains(got, []byte(`"[0,1`))
	} else {
		run.ok = bytes.Equal(got, want)
	}
	if !run.ok {
		return run, fmt.Errorf("%s through %s: the answer (%d bytes) is not what it should be", path, c.kind, len(got))
	}
	return run, nil
}

// printWhole writes the rows of the whole answers, the floor's and toolfix's side by side.
func (r *results) printWhole(w io.Writer) {
	for i := 0; i+1 < len(r.wholes); i += 2 {
		f, x := r.wholes[i], r.wholes[i+1]
		// The goals of issue 19: a healthy answer of up to 32 MB under 150 MiB, a repaired one of
		// 10 MB under 100 MiB; other sizes show how the peak grows.
		what, goal := "healthy", fmt.Sprintf("< 150 MiB: %s", verdict(x.peak < 150<<20))
		if x.fault {
			what, goal = "stringified (repaired)", "linear"
			if x.answer <= 11<<20 {
				goal = fmt.Sprintf("< 100 MiB: %s", verdict(x.peak < 100<<20))
			}
		}
		fmt.Fprintf(w, "whole %s answer, %.1f MB, %s array: peak RSS (VmHWM)\t%s\t%s\t%.1fx the answer\t%s\n",
			x.dialect, float64(x.answer)/1e6, what, mib(f.peak), mib(x.peak), float64(x.peak)/float64(x.answer), goal)
		fmt.Fprintf(w, "  over the child's base / time / CPU time\t%s / %s / %s\t%s / %s / %s\t%.1fx the answer\t\n",
			mib(f.peak-f.base), ms(f.took), ms(f.cpu), mib(x.peak-x.base), ms(x.took), ms(x.cpu), float64(x.peak-x.base)/float64(x.answer))
	}
}

// runWhole measures every whole answer of the config through a fresh child of each kind.
// profile names the CPU profile of a toolfix child ("" for none).
func runWhole(cfg config, res *results, profile func(string) string, alone func(kind, cpuProfile, what string, measure func(c *child) error) error) error {
	for _, chat := range []bool{false, true} {
		for _, fault := range []bool{false, true} {
			for _, n := range cfg.WholeBytes {
				for _, k := range kinds {
					what := fmt.Sprintf("whole answer of %d MB (chat %v, fault %v) through %s", n>>20, chat, fault, k)
					p := ""
					if k == "toolfix" {
						p = profile(fmt.Sprintf("whole-chat=%v-fault=%v-%dMB", chat, fault, n>>20))
					}
					err := alone(k, p, what, func(c *child) error {
						run, err := measureWhole(c, n, fault, chat)
						res.wholes = append(res.wholes, run)
						return err
					})
					if err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}
