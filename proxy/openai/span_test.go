package openai

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

const spanComment = ": ping\n\n"

// spanStream is a Chat stream with one call to the tool name whose arguments arrive in 1..n-byte
// deltas (by seed), a comment after each; ends are where the deltas end in input.
func spanStream(input, name string, seed uint64, n int) (body string, ends []int) {
	rng := rand.New(rand.NewPCG(seed, 13))
	var b strings.Builder
	b.WriteString("data: " + head("0", "call_1", name) + "\n\n")
	for at := 0; at < len(input); {
		k := min(len(input)-at, 1+rng.IntN(n))
		for at+k < len(input) && !utf8.RuneStart(input[at+k]) {
			k++ // a delta's JSON string holds whole characters
		}
		b.WriteString("data: " + args("0", input[at:at+k]) + "\n\n" + spanComment)
		at += k
		ends = append(ends, at)
	}
	b.WriteString(sseOf(finish("tool_calls")))
	return b.String(), ends
}

// resentArguments is the arguments a call streamed in the deltas of input that end at ends comes
// to when read as a cumulative stream (D71: each delta the one before it plus more, by chance
// here, as "{" then "{\"command\":\"\"}"), and true; or false when the deltas make no unbroken
// chain or its last text fits the tool's schema in no repair (lastFits).
func resentArguments(tl *repair.Tools, name, input string, ends []int) ([]byte, bool) {
	var ch repair.Chain
	kept, at := []byte(nil), 0
	for _, e := range ends {
		ch.Next(kept, []byte(input[at:e]))
		kept, at = append(kept, input[at:e]...), e
	}
	last, ok := ch.Last(kept)
	if !ok {
		return nil, false
	}
	f, _, ok := lastFits(tl, name, slices.Clone(last), false)
	return f, ok
}

// streamedPastSpan reports whether a Scan fed delta by delta (ends) lets a faulty value go (it
// ended, and nothing else is held) before the last delta: bytes after it then stream, and a
// whole-arguments repair that would change them (a trailing comma after the value, D23b) can no
// longer be made.
func streamedPastSpan(sc *repair.Scan, input string, ends []int) bool {
	at := 0
	for i, e := range ends {
		sc.Feed([]byte(input[at:e]))
		at = e
		if len(sc.Spans()) > 0 && !sc.HeldBeyondSpans() {
			return i < len(ends)-1
		}
	}
	return false
}

// chatArguments is the arguments of the first tool call a client reads from the Chat stream out.
func chatArguments(out []byte) (any, error) {
	m, err := client.ChatStream(out)
	if err != nil {
		return nil, err
	}
	return m.ToolCalls[0].Arguments, nil
}

// cuts is every way to cut n bytes into two parts, then every way into three: the places of
// the cuts, in order.
func cuts(n int) [][]int {
	var out [][]int
	for i := 1; i < n; i++ {
		out = append(out, []int{i})
		for j := i + 1; j < n; j++ {
			out = append(out, []int{i, j})
		}
	}
	return out
}

// FuzzStreamedArguments: the arguments of a bash call, of any text, split into deltas of any size
// and read in random small chunks: what the client accumulates from the streamed repair is the
// whole-arguments repair (RepairInput with the argument-text repairs, as the non-streamed path
// applies it) when it changes them — unless it would change bytes that streamed before the first
// byte the scan holds (D24 escaping a whole string, see repair.Scan), and then, as when nothing
// is repaired, the stream comes out as it came: byte for byte when the arguments fit (a healthy
// stream), and but for the comments that passed ahead of a held call when they do not. A faulty
// string value goes out repaired as soon as it ends: where the whole-arguments repair then
// changes nothing (the arguments unfit elsewhere, or cut off) or would change bytes that
// streamed after that value (a backslash: D24; a trailing comma: D23b), the client has the arguments with such values
// inlined (client.Inlined). Pushed piece by piece, the call holds no longer than it must: when
// the scan's only holds are faulty values read to their end, every argument delta is out before
// the finish_reason is read. Complete JSON arguments in one delta reach the client as the
// whole-arguments repair makes them, or as they came, with no faulty value inlined out of its
// context.
func FuzzStreamedArguments(f *testing.F) {
	for _, s := range []string{`{"command": "ls"}`, `{"command": "ls", "timeout": "30"}`, `{"command":"ls"} {"command":"ls"}`,
		`{"command": "C:\new"}`, `{'command': 'ls'}`, ` `, `{"command": "x\u7 ee7"}`, `{"command": "ls"} thanks`, `{"command"`,
		`{"timeout": "30", "command": "ls"}`, `{"command": "C:\Users\n"}`,
		`{"command": "ls",}`, `{"timeout": "30", "command": "ls" , }`, `{\n"command": "ls"\n}`, "{\"command\": \"a\tb\"}",
		"<tool_call>\n<function=bash>\n<parameter=command>\nls\n</parameter>\n</function>\n</tool_call>",
		"```json\n{\"command\": \"ls\"}\n```", "~~~\n{\"command\": \"ls\",}\n~~~\n", "```json\n{\"command\": \"ls\"}\n```\nok",
		`{"name": "bash", "arguments": {"command": "ls"}}`, `{"arguments":"{\"command\":\"ls\"}","name":"bash"}`, `{"name":"read","arguments":{"command":"ls"}}`,
		`{"command": 'ls', "timeout": 30}`, `{'command': 'it\'s', "timeout": 1,}`} {
		f.Add(s, uint64(1), uint8(4))
	}
	// With bit 40 of the seed set, the call is to multiTools' todo, whose arguments have several
	// places a stringified value can stand, so that one delta can end one faulty value and begin
	// the next.
	for _, s := range []string{`{"todos":"[{\"n\":1}]","count":"3"}`, `{"count":"3","opts":"{}","todos":"[]"}`, `{"todos":[{"n":"1"},{"n":"2"}]}`} {
		for k := range 32 {
			f.Add(s, uint64(1)<<40|uint64(k), uint8(k))
		}
	}
	// With bit 41 set (and bit 40 clear), the call is to tools' read, whose file_path is a path
	// place (D24: a Windows path whose escapes JSON has is its backslashes there).
	for _, s := range []string{`{"file_path":"src\new\table.txt"}`, `{"file_path":".\build\release","limit":"5"}`,
		`{"file_path":"..\foo\bar",}`, `{"file_path":"C:\Users\new"} thanks`, `{"file_path":"src\new\Main.java"}`} {
		for k := range 8 {
			f.Add(s, uint64(1)<<41|uint64(k), uint8(k))
		}
	}
	bash, _ := toolsFromChat(tools)
	todo, _ := toolsFromChat(multiTools)
	opt := repair.Options{Args: true, KeepText: true}
	f.Fuzz(func(t *testing.T, input string, seed uint64, size uint8) {
		input = strings.ToValidUTF8(input, "\uFFFD") // what the wire's JSON string can carry
		tl, name := bash, "bash"
		switch {
		case seed>>40&1 == 1:
			tl, name = todo, "todo"
		case seed>>41&1 == 1:
			name = "read"
		}
		body, ends := spanStream(input, name, seed, int(size%16)+1)
		fails := 0
		rep := &repair.Reporter{FailOpen: func(string) { fails++ }}
		out, err := ssetest.Run(ssetest.Chunks([]byte(body), int64(seed%64)), NewStream(tl, rep, Options{}))
		if err != nil {
			t.Fatal(err)
		}
		checkLawRecord(t, tl, name, out, fails)
		fixed, _, changed := repairArguments(tl, name, []byte(input), false) // the whole-arguments repair, D68 included
		healthy := tl.Fits(name, []byte(input))
		if f, ok := resentArguments(tl, name, input, ends); ok && !healthy {
			fixed, changed = f, true // the deltas read as a cumulative stream (D71), as repairWhole reads them first
		}
		if changed {
			if !bytes.HasPrefix(fixed, []byte(input[:ssetest.SentBefore(tl.NewScan(name, opt), input, ends)])) {
				changed = false // the repair reaches back into what streamed: it fails open
			}
		}
		err = client.CheckStreamedCall(out, []byte(body), fixed, changed, healthy, spanComment, chatArguments)
		if err != nil && !healthy && (!changed || strings.Contains(input, `\`) || streamedPastSpan(tl.NewScan(name, opt), input, ends)) {
			m, merr := client.ChatStream(out)
			if merr != nil {
				t.Fatal(merr)
			}
			err = client.Inlined(m.ToolCalls[0].RawArguments, input)
		}
		if err != nil {
			t.Fatal(err)
		}
		checkCallHeldNoLonger(t, tl, name, body, input)
		if !json.Valid([]byte(input)) {
			return // cut off (D46), or not JSON: found out at the call's end, later
		}
		// In one delta everything is known when a faulty value is judged: the client gets the
		// whole-arguments repair, with no value repaired out of its context (client.Inlined).
		one := sseOf(head("0", "call_1", name), args("0", input), finish("tool_calls"))
		out, err = ssetest.Run(ssetest.Chunks([]byte(one), int64(seed%64)), NewStream(tl, nil, Options{}))
		if err != nil {
			t.Fatal(err)
		}
		fixed, _, changed = repairArguments(tl, name, []byte(input), false)
		if err := client.CheckStreamedCall(out, []byte(one), fixed, changed, healthy, spanComment, chatArguments); err != nil {
			t.Fatalf("in one delta: %v", err)
		}
	})
}

// checkCallHeldNoLonger pushes body (a spanStream of input) piece by piece and fails when the
// scan's only holds are faulty values read to their end but an argument delta is still held
// when the finish_reason comes.
func checkCallHeldNoLonger(t *testing.T, tl *repair.Tools, name, body, input string) {
	t.Helper()
	if !tl.SpansOnly(name, repair.Options{Args: true, KeepText: true}, []byte(input)) {
		return
	}
	st := NewStream(tl, nil, Options{})
	var out strings.Builder
	pieces := strings.SplitAfter(body, "\n\n")
	for _, p := range pieces {
		if strings.Contains(p, `"finish_reason":"tool_calls"`) {
			break
		}
		if p == "" {
			continue
		}
		if err := st.Push(ssetest.Event(p), &out); err != nil {
			t.Fatal(err)
		}
	}
	if st.HoldingSpan() || len(st.Held()) > 0 {
		t.Fatalf("arguments %q: still held before the finish_reason, though their faulty values ended:\n%s", input, out.String())
	}
}

// TestHeldContentTailBound: a content tail that may be a leaked call, past the size limit, goes
// out as it came (a fail-open), and the rest of the content flows.
func TestHeldContentTailBound(t *testing.T) {
	tl, _ := toolsFromChat(tools)
	var fails []string
	st := NewStream(tl, &repair.Reporter{FailOpen: func(r string) { fails = append(fails, r) }}, Options{})
	st.SetMaxHeld(32)
	in := []string{"data: " + text("Ok.\n<tool_call>") + "\n\n", "data: " + text(`{"name":"bash","arguments":{"command":"a long enough value"}}`) + "\n\n", "data: " + text("more") + "\n\n"}
	if out := ssetest.PushEach(t, st, in); out != strings.Join(in, "") {
		t.Fatalf("not as it came, at once:\n%s", out)
	}
	if len(fails) != 1 {
		t.Fatalf("fail-opens %q", fails)
	}
}

// TestSplitEscapes: arguments whose escapes (valid ones, D24's Windows paths, D25's broken \u
// sequences) are cut at every byte boundary into two deltas, and into three at every pair of
// boundaries, each stream read in random small chunks: a healthy one comes out byte for byte,
// a faulty one as the whole-arguments repair, never as it came because the backslash went out
// before the bytes that judge it.
func TestSplitEscapes(t *testing.T) {
	tests := []struct {
		name    string
		input   string
		healthy bool
	}{
		{"valid escapes", `{"command":"a\nb\"c\\d\/e"}`, true},
		{"a u escape", `{"command":"\u00e9x"}`, true},
		{"a surrogate pair", `{"command":"\ud83d\ude00"}`, true},
		{"a Windows path (D24)", `{"command":"C:\Users\x"}`, false},
		{"a Windows path after text (D24)", `{"command":"dir C:\Program Files"}`, false},
		{"a u escape broken by a space (D25)", `{"command":"x\u7 ee7"}`, false},
		{"a u escape without its hex digits (D24)", `{"command":"x\u00zz"}`, false},
		{"an escape JSON does not have, then a u one cut short (D24)", `{"command":"\q\u1"}`, false},
	}
	tl, _ := toolsFromChat(tools)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fixed, _, changed := tl.RepairInput("bash", []byte(tt.input), repair.Options{Args: true, KeepText: true})
			if changed == tt.healthy {
				t.Fatalf("RepairInput changed %v, want %v", changed, !tt.healthy)
			}
			for n, cut := range cuts(len(tt.input)) {
				var deltas []string
				at := 0
				ok := true
				for _, c := range append(cut, len(tt.input)) {
					if !utf8.RuneStart(tt.input[min(c, len(tt.input)-1)]) && c < len(tt.input) {
						ok = false
					}
					deltas = append(deltas, args("0", tt.input[at:c]))
					at = c
				}
				if !ok {
					continue // a delta's JSON string holds whole characters
				}
				body := sseOf(append(append([]string{head("0", "call_1", "bash")}, deltas...), finish("tool_calls"))...)
				out, err := ssetest.Run(ssetest.Chunks([]byte(body), int64(n)), NewStream(tl, nil, Options{}))
				if err != nil {
					t.Fatal(err)
				}
				err = client.CheckStreamedCall(out, []byte(body), fixed, changed, tt.healthy, spanComment, chatArguments)
				if err != nil {
					t.Fatalf("cut at %v: %v", cut, err)
				}
			}
			if !strings.Contains(tt.input, `\`) {
				t.Fatal("no escape to cut")
			}
		})
	}
}

// multiTools declares one tool with several places a stringified value can stand (D13-D15).
const multiTools = `{"model":"m","stream":true,"tools":[
{"type":"function","function":{"name":"todo","parameters":{"type":"object","properties":{"todos":{"type":"array","items":{"type":"object","properties":{"content":{"type":"string"},"n":{"type":"integer"}}}},"opts":{"type":"object"},"count":{"type":"integer"}}}}}]}`

// TestSeveralFaultyValues: arguments holding two or more faulty values (D13-D15), cut into two
// deltas at every byte boundary and into three at every pair, each stream read in random small
// chunks, come out as the whole-arguments repair: every faulty value repaired, whichever delta
// ends one value and begins the next (a value that ended in the delta where the next began was
// let go unrepaired).
func TestSeveralFaultyValues(t *testing.T) {
	inputs := []string{
		`{"todos":"[{\"content\":\"a\",\"n\":1}]","count":"3"}`,
		`{"opts":"{}","count":"3"}`,
		`{"todos":"[]","count":"3"}`,
		`{"todos":"[]","opts":"{}"}`,
		`{"todos":[{"n":"1"},{"n":"2"}]}`,
		`{"count":"3","todos":"[]"}`,
		`{"count":"3","opts":"{}","todos":"[{\"n\":\"4\"}]"}`,
	}
	tl, _ := toolsFromChat(multiTools)
	for _, input := range inputs {
		t.Run(input, func(t *testing.T) {
			fixed, _, changed := tl.RepairInput("todo", []byte(input), repair.Options{Args: true, KeepText: true})
			if !changed {
				t.Fatalf("RepairInput did not change %s", input)
			}
			for n, cut := range cuts(len(input)) {
				var deltas []string
				at := 0
				for _, c := range append(cut, len(input)) {
					deltas = append(deltas, args("0", input[at:c]))
					at = c
				}
				body := sseOf(append(append([]string{head("0", "call_1", "todo")}, deltas...), finish("tool_calls"))...)
				if !utf8.ValidString(body) {
					t.Fatal("not UTF-8")
				}
				out, err := ssetest.Run(ssetest.Chunks([]byte(body), int64(n)), NewStream(tl, nil, Options{}))
				if err != nil {
					t.Fatal(err)
				}
				err = client.CheckStreamedCall(out, []byte(body), fixed, changed, false, spanComment, chatArguments)
				if err != nil {
					t.Fatalf("cut at %v: %v\n%s", cut, err, strings.TrimSpace(string(out)))
				}
			}
		})
	}
}

// TestUnreadableChunkStopsRepairs: a chunk that is a JSON object the dialect cannot read (an
// index spelled 0.0 or "0", which JavaScript's and Python's readers take as 0) passes as it came,
// and no repair is judged without it: a healthy call whose arguments came in such a chunk gets
// no D19 {} after them, and the stream comes out byte for byte, in any chunking.
func TestUnreadableChunkStopsRepairs(t *testing.T) {
	odd := func(index string) string {
		return chunk(`{"tool_calls":[{"index":`+index+`,"function":{"arguments":"{\"timeout\":1}"}}]}`, "null")
	}
	tl, _ := toolsFromChat(tools)
	for _, index := range []string{`0.0`, `"0"`, `1e0`, `-0.0`} {
		t.Run(index, func(t *testing.T) {
			body := sseOf(head("0", "call_1", "status"), odd(index), finish("tool_calls"))
			for n := range 8 {
				out, err := ssetest.Run(ssetest.Chunks([]byte(body), int64(n)), NewStream(tl, nil, Options{}))
				if err != nil {
					t.Fatal(err)
				}
				if string(out) != body {
					t.Fatalf("chunking %d: changed:\n%s", n, out)
				}
			}
		})
	}
}

// checkLawRecord holds the law's record for the one call of out (issue 20 item 4): one fail-open
// when the arguments the client builds from its deltas do not fit the schema, none when they do.
func checkLawRecord(t *testing.T, tl *repair.Tools, name string, out []byte, fails int) {
	t.Helper()
	m, err := client.ChatStream(out)
	if err != nil {
		t.Fatal(err)
	}
	got := m.ToolCalls[0].RawArguments
	if strings.TrimSpace(got) == "" {
		got = "{}"
	}
	if want := map[bool]int{true: 0, false: 1}[tl.Fits(name, []byte(got))]; fails != want {
		t.Fatalf("client arguments %q: %d fail-opens, want %d", got, fails, want)
	}
}
