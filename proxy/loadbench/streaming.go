package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The scenarios of issue 10 (tool calls streamed as they come):
//
//	/pacedtool/v1/messages, /pacedtool/v1/chat/completions?n=N&min=D&max=D[&faulty=K]
//	    a healthy Write call whose content arrives in N deltas min..max apart (random), a ping
//	    (Anthropic event, Chat comment) every 25 deltas; every delta, the call's first event and
//	    every ping stamped with its send time. With faulty, its lines array argument comes first,
//	    stringified (D13, a fault toolfix holds), its K items in K deltas as far apart, each
//	    stamped ("Item i at …"); the content after it ("Step i at …") is healthy
//	/bigtool/v1/messages?bytes=N
//	    a healthy Write call of about N bytes in 4 KiB deltas, made as it is sent (never whole)
//	/bomb/v1/messages?bytes=N
//	    gzip-encoded: a TodoWrite call whose todos string (a fault toolfix holds) decodes to about
//	    N bytes; the compressed body is small
const writeRequest = `{"model":"m","stream":true,"max_tokens":1024,"messages":[{"role":"user","content":"write it"}],"tools":[` +
	`{"name":"Write","input_schema":{"type":"object","properties":{"file_path":{"type":"string"},"lines":{"type":"array","items":{"type":"string"}},"content":{"type":"string"}},"required":["file_path","content"]}},` +
	`{"name":"TodoWrite","input_schema":{"type":"object","properties":{"todos":{"type":"array"}},"required":["todos"]}}]}`

const chatWriteRequest = `{"model":"m","stream":true,"messages":[{"role":"user","content":"write it"}],"tools":[{"type":"function","function":{"name":"write",` +
	`"parameters":{"type":"object","properties":{"file_path":{"type":"string"},"lines":{"type":"array","items":{"type":"string"}},"content":{"type":"string"}},"required":["file_path","content"]}}}]}`

const msgStart = `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}`

func chatChunk(delta, finish string) string {
	return `data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + finish + "}]}\n\n"
}

// toolEvents writes the events of one call (name) whose input text arrives as parts: the
// Messages shape, or with chat the Chat Completions one. first is put in the call's id.
type toolEvents struct{ chat bool }

func (t toolEvents) start(first, name string) string {
	if t.chat {
		return chatChunk(`{"role":"assistant","tool_calls":[{"index":0,"id":"call_`+first+`","type":"function","function":{"name":"`+strings.ToLower(name)+`","arguments":""}}]}`, "null")
	}
	return anthropicEvent("message_start", msgStart) +
		anthropicEvent("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_`+first+`","name":"`+name+`","input":{}}}`)
}

func (t toolEvents) delta(part string) string {
	q, _ := json.Marshal(part)
	if t.chat {
		return chatChunk(`{"tool_calls":[{"index":0,"function":{"arguments":`+string(q)+`}}]}`, "null")
	}
	return anthropicEvent("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":`+string(q)+`}}`)
}

func (t toolEvents) ping(stamp string) string {
	if t.chat {
		return ": ping" + stamp + "\n\n"
	}
	return anthropicEvent("ping", `{"type":"ping","note":"`+stamp+`"}`)
}

func (t toolEvents) end() string {
	if t.chat {
		return chatChunk(`{}`, `"tool_calls"`) + "data: [DONE]\n\n"
	}
	return anthropicEvent("content_block_stop", `{"type":"content_block_stop","index":0}`) +
		anthropicEvent("message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":5}}`) +
		anthropicEvent("message_stop", `{"type":"message_stop"}`)
}

// pacedTool sends the timing scenario's call (see the paths above).
func (u *upstream) pacedTool(w http.ResponseWriter, r *http.Request, chat bool) {
	q := r.URL.Query()
	n, _ := strconv.Atoi(q.Get("n"))
	lo, _ := time.ParseDuration(q.Get("min"))
	hi, _ := time.ParseDuration(q.Get("max"))
	rc := http.NewResponseController(w)
	send := func(s string) bool {
		_, err := io.WriteString(w, s)
		return err == nil && rc.Flush() == nil
	}
	stamp := func() string { return fmt.Sprintf(" at %d ns. ", u.stamp()) }
	t := toolEvents{chat: chat}
	pause := func() bool {
		timer := time.NewTimer(lo + time.Duration(rand.Int64N(int64(hi-lo)+1)))
		select {
		case <-timer.C:
			return true
		case <-r.Context().Done():
			timer.Stop()
			return false
		}
	}
	head := t.start(strings.ReplaceAll(stamp(), " ", "_"), "Write") + t.delta(`{"file_path": "/tmp/out.txt", `)
	if k, _ := strconv.Atoi(q.Get("faulty")); k > 0 {
		if !send(head + t.delta(`"lines": "[`)) {
			return
		}
		for i := 0; i < k; i++ {
			if !pause() {
				return
			}
			item := `\"Item ` + strconv.Itoa(i) + stamp() + `\"`
			if i < k-1 {
				item += ", "
			} else {
				item += `]", `
			}
			if !send(t.delta(item)) {
				return
			}
		}
		head = ""
	}
	if !send(head + t.delta(`"content": "`)) {
		return
	}
	filler := strings.Repeat("lorem ipsum dolor sit amet, ", 14) + `\n` // ~400 bytes a delta: 200 KB in 500
	for i := 0; i < n; i++ {
		if !pause() {
			return
		}
		ev := t.delta("Step " + strconv.Itoa(i) + stamp() + filler)
		if i%25 == 24 {
			ev += t.ping(stamp())
		}
		if !send(ev) {
			return
		}
	}
	send(t.delta(`"}`) + t.end())
}

// bigTool sends a healthy Write call of about n bytes, made delta by delta.
func (u *upstream) bigTool(w http.ResponseWriter, n int) {
	t := toolEvents{}
	bw := bufio.NewWriterSize(w, 32<<10)
	defer bw.Flush()
	_, _ = bw.WriteString(t.start("1", "Write") + t.delta(`{"file_path": "/tmp/big.txt", "content": "`))
	part := strings.Repeat("0123456789abcdef", 255) + `\n` // 4 KiB of the string's text
	for sent := 0; sent < n; sent += len(part) {
		if _, err := bw.WriteString(t.delta(part)); err != nil {
			return
		}
	}
	_, _ = bw.WriteString(t.delta(`"}`) + t.end())
}

// bombMember is one gzip member of 1 MiB of the bomb's deltas, compressed once: the body is the
// head, that member again and again, and the tail, each a gzip member (a gzip stream may hold
// several, and Go's transport reads them all as one body).
var bombMember = sync.OnceValue(func() []byte {
	t := toolEvents{}
	var raw bytes.Buffer
	for raw.Len() < 1<<20 {
		raw.WriteString(t.delta(`{\"content\": \"fix the parser for CRLF input split across reads\", \"status\": \"pending\"}, `))
	}
	return gzipped(raw.String())
})

func gzipped(s string) []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	_, _ = zw.Write([]byte(s))
	_ = zw.Close()
	return b.Bytes()
}

// bomb sends the gzip bomb of about n decoded bytes.
func (u *upstream) bomb(w http.ResponseWriter, n int) {
	t := toolEvents{}
	w.Header().Set("Content-Encoding", "gzip")
	if _, err := w.Write(gzipped(t.start("1", "TodoWrite") + t.delta(`{"todos": "[`))); err != nil {
		return
	}
	m := bombMember()
	for sent := 0; sent < n; sent += 1 << 20 {
		if _, err := w.Write(m); err != nil {
			return
		}
	}
	_, _ = w.Write(gzipped(t.delta(`]"}`) + t.end()))
}

// stampIn returns the send stamp a line of a stamped stream carries (" at N ns", or "_at_N_ns" in
// an id), and whether it has one.
func stampIn(line []byte) (int64, bool) {
	for _, sep := range []string{" at ", "_at_"} {
		if i := bytes.Index(line, []byte(sep)); i >= 0 {
			if ts, ok := stampAfter(line[i+len(sep):]); ok {
				return ts, true
			}
		}
	}
	return 0, false
}

// stampAfter reads the digits of a stamp at the start of rest.
func stampAfter(rest []byte) (int64, bool) {
	j := 0
	for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
		j++
	}
	ts, err := strconv.ParseInt(string(rest[:j]), 10, 64)
	return ts, err == nil
}

// itemStamps returns the stamps of the faulty value's items a line carries ("Item i at N ns"):
// one per delta as they came, all of them in the delta that lets a held value go.
func itemStamps(line []byte) []int64 {
	var out []int64
	for {
		i := bytes.Index(line, []byte("Item "))
		if i < 0 {
			return out
		}
		line = line[i+5:]
		if j := bytes.Index(line, []byte(" at ")); j >= 0 {
			if ts, ok := stampAfter(line[j+4:]); ok {
				out = append(out, ts)
			}
		}
	}
}

// timing is what one client saw of the timing scenario: the lag of the call's first event, of
// every argument delta and of every ping; of a faulty call also the items of its faulty value:
// how late its last item reached the client (valueEnd: the value's end went out then) and how
// long its first one was held (valueHeld: from the value's first faulty byte on).
type timing struct {
	first               time.Duration
	deltas, ping        []time.Duration
	items               int
	valueEnd, valueHeld time.Duration
}

// readTiming reads a stamped tool stream.
func readTiming(u *upstream, resp *http.Response) (timing, error) {
	defer resp.Body.Close()
	var tm timing
	br := bufio.NewReaderSize(resp.Body, 64<<10)
	seen := false
	for {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			return tm, fmt.Errorf("a line over 64 KiB")
		}
		if err != nil {
			if err == io.EOF {
				return tm, nil
			}
			return tm, err
		}
		now := u.stamp()
		if items := itemStamps(line); len(items) > 0 {
			tm.items += len(items)
			tm.valueEnd = time.Duration(now - items[len(items)-1])
			tm.valueHeld = max(tm.valueHeld, time.Duration(now-items[0]))
			continue
		}
		ts, ok := stampIn(line)
		if !ok {
			continue
		}
		lag := time.Duration(now - ts)
		switch {
		case !seen:
			tm.first, seen = lag, true
		case bytes.Contains(line, []byte("ping")):
			tm.ping = append(tm.ping, lag)
		default:
			tm.deltas = append(tm.deltas, lag)
		}
	}
}

// measureTiming runs the timing scenario through every child, both dialects, all at once: the
// healthy call, and (into faulty) the call whose lines argument comes stringified in items
// deltas before its content.
func measureTiming(u *upstream, children []*child, n, items int, lo, hi time.Duration) (healthy, faulty [2][]timing, err error) {
	for d := range healthy {
		healthy[d], faulty[d] = make([]timing, len(children)), make([]timing, len(children))
	}
	paths := []string{"/pacedtool/v1/messages", "/pacedtool/v1/chat/completions"}
	// Stream k is child k/4, dialect k/2%2 (paths), and f k%2: 0 the healthy call, 1 the faulty.
	err = atOnce(4*len(children), func(k int) error {
		i, d, f := k/4, k/2%2, k%2
		c, path, into := children[i], paths[d], [][]timing{healthy[d], faulty[d]}[f]
		req := writeRequest
		if d == 1 {
			req = chatWriteRequest
		}
		url := fmt.Sprintf("%s%s?n=%d&min=%s&max=%s", c.url, path, n, lo, hi)
		if f == 1 {
			url += fmt.Sprintf("&faulty=%d", items)
		}
		resp, err := post(url, req)
		if err == nil {
			into[i], err = readTiming(u, resp)
		}
		if err == nil && len(into[i].deltas) != n {
			err = fmt.Errorf("%d of %d stamped deltas", len(into[i].deltas), n)
		}
		if err == nil && f == 1 && into[i].items != items {
			err = fmt.Errorf("%d of %d stamped items", into[i].items, items)
		}
		if err != nil {
			return fmt.Errorf("timing stream %s (faulty %v) through %s: %w", path, f == 1, c.kind, err)
		}
		return nil
	})
	return healthy, faulty, err
}

// memRun is one proxy's memory over one stream: peak RSS over the child's base, and whether it
// came through whole (and the child still answers after it).
type memRun struct {
	base, peak int64
	bytes      int64
	alive      bool
}

// measureMem sends path through a fresh child c and reads the answer, counting its bytes.
func measureMem(c *child, path, request string) (memRun, error) {
	var m memRun
	if _, err := c.goMem(); err != nil {
		return m, err
	}
	m.base, _, _ = c.procStatus()
	resp, err := post(c.url+path, request)
	if err != nil {
		return m, err
	}
	m.bytes, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if err != nil {
		return m, fmt.Errorf("reading %s through %s: %w", path, c.kind, err)
	}
	_, m.peak, _ = c.procStatus()
	_, err = c.goMem()
	m.alive = err == nil
	return m, nil
}
