package anthropic

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

const spanRequest = `{"model":"m","max_tokens":9,"stream":true,"messages":[],"tools":[{"name":"TodoWrite","input_schema":` +
	`{"type":"object","properties":{"note":{"type":"string"},"file_path":{"type":"string"},"todos":{"type":"array","items":{"type":"object",` +
	`"properties":{"content":{"type":"string"}},"required":["content"]}}},"required":["todos"]}}]}`

func ev(typ, data string) string { return "event: " + typ + "\ndata: " + data + "\n\n" }

func inputDelta(partial string) string {
	return ev("content_block_delta", string(inputDeltaData(0, []byte(partial))))
}

// spanEvents is a message with one TodoWrite call whose input arrives in the given deltas, a
// ping after each delta.
func spanEvents(deltas ...string) []string {
	evs := []string{
		ev("message_start", `{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"model":"x"}}`),
		ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"TodoWrite","input":{}}}`),
	}
	for _, d := range deltas {
		evs = append(evs, inputDelta(d), ev("ping", `{"type": "ping"}`))
	}
	return append(evs, ev("content_block_stop", `{"type":"content_block_stop","index":0}`),
		ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null}}`),
		ev("message_stop", `{"type":"message_stop"}`))
}

// TestToolInputStreams: each event is pushed alone and what the client has been sent is checked
// before the next is read: a healthy input goes out delta by delta; a faulty one goes out up to
// the delta holding its first faulty byte, the pings behind it pass at once, and the held deltas
// go out with the delta that ends the faulty value (repaired, or as they came), after which the
// input streams again delta by delta; the client's input is the whole-body repair. A fault that
// needs the whole input is held to the block's end.
func TestToolInputStreams(t *testing.T) {
	tests := []struct {
		name      string
		deltas    []string
		heldFrom  int // index of the first delta held; -1: none
		heldTo    int // index of the delta that lets the held ones go; -1: the block's end
		asCame    bool
		wantInput string
		kinds     []string
	}{
		{"healthy", []string{`{"note": "a`, `b", "todos": [`, `{"content": "x"}`, `]}`}, -1, -1, false,
			`{"note":"ab","todos":[{"content":"x"}]}`, nil},
		{"stringified after a healthy start", []string{`{"note": "a`, `b", "todos": "[{\"con`, `tent\": \"x\"}]"`, `}`}, 1, 2, false,
			`{"note":"ab","todos":[{"content":"x"}]}`, []string{"coerce"}},
		{"stringified in the middle: the rest streams", []string{`{"todos": "[{\"con`, `tent\": \"x\"}]", "no`, `te": "after`, `"}`}, 0, 1, false,
			`{"note":"after","todos":[{"content":"x"}]}`, []string{"coerce"}},
		{"fault in the first delta", []string{`{"todos": "[]"}`}, 0, 0, false, `{"todos":[]}`, []string{"coerce"}},
		{"unrepairable: as it came", []string{`{"note": "a", "`, `todos": "[{\"x\": 1}]"}`}, 1, 1, true,
			`{"note":"a","todos":"[{\"x\": 1}]"}`, nil},
		{"text after the value: held to the end, cut (D63)", []string{`{"todos": []}`, ` x`, ` y`}, 1, -1, false,
			`{"todos":[]}`, []string{"args"}},
		{"two different values after each other: held to the end, as they came (D22)", []string{`{"todos": []}`, `{"todos": [{"content": "x"}]}`}, 1, -1, false, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tools, _ := repair.ToolsFromAnthropic([]byte(spanRequest))
			var kinds []string
			st := NewStream(tools, &repair.Reporter{Repaired: func(k, _ string) { kinds = append(kinds, k) }})
			var out bytes.Buffer
			evs := spanEvents(tt.deltas...)
			var heldRaw string
			for i, e := range evs {
				before := out.Len()
				if err := st.Push(ssetest.Event(e), &out); err != nil {
					t.Fatal(err)
				}
				wrote := out.String()[before:]
				d := (i - 2) / 2 // the delta this event is, or follows as its ping
				isDelta := i >= 2 && i < 2+2*len(tt.deltas) && i%2 == 0
				isPing := i >= 2 && i < 2+2*len(tt.deltas) && i%2 == 1
				held := tt.heldFrom >= 0 && d >= tt.heldFrom && (tt.heldTo < 0 || d < tt.heldTo)
				lets := isDelta && tt.heldFrom >= 0 && d == tt.heldTo
				if isDelta && (held || lets) {
					heldRaw += e
				}
				switch {
				case lets && tt.asCame && wrote != heldRaw:
					t.Fatalf("delta %d: wrote %q, want the held deltas as they came", d, wrote)
				case lets && wrote == "":
					t.Fatalf("delta %d ends the faulty value: nothing written", d)
				case isDelta && !held && !lets && wrote != e:
					t.Fatalf("delta %d: wrote %q at once, want it as it came", d, wrote)
				case isDelta && held && wrote != "":
					t.Fatalf("delta %d: wrote %q, want it held", d, wrote)
				case isPing && wrote != e:
					t.Fatalf("ping after delta %d: wrote %q, want it at once", d, wrote)
				}
				if st.HoldingSpan() != (held && (isDelta || isPing)) {
					t.Fatalf("event %d: HoldingSpan %v", i, st.HoldingSpan())
				}
			}
			if err := st.End(&out); err != nil {
				t.Fatal(err)
			}
			m, err := client.AnthropicStream(out.Bytes())
			if err != nil {
				t.Fatalf("%v\n%s", err, out.Bytes())
			}
			if tt.wantInput == "" { // as it came, but for the pings that passed ahead of the held deltas
				ping := ev("ping", `{"type": "ping"}`)
				if strings.ReplaceAll(out.String(), ping, "") != strings.ReplaceAll(strings.Join(evs, ""), ping, "") {
					t.Fatalf("not as it came:\n%s", out.Bytes())
				}
				return
			}
			if got := compactAny(t, m.Content[0].Input); got != tt.wantInput {
				t.Fatalf("the client's input is %s, want %s\n%s", got, tt.wantInput, out.Bytes())
			}
			if fmt.Sprint(kinds) != fmt.Sprint(tt.kinds) {
				t.Fatalf("kinds %v, want %v", kinds, tt.kinds)
			}
			if tt.heldFrom < 0 && out.String() != strings.Join(evs, "") {
				t.Fatalf("a healthy stream changed:\n%s", out.Bytes())
			}
		})
	}
}

func compactAny(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestHeldInputBound: a held input past the size limit goes out as it came, reported as a
// fail-open, and the rest of the block streams.
func TestHeldInputBound(t *testing.T) {
	tools, _ := repair.ToolsFromAnthropic([]byte(spanRequest))
	var fails []string
	st := NewStream(tools, &repair.Reporter{FailOpen: func(r string) { fails = append(fails, r) }})
	st.SetMaxHeld(16)
	evs := spanEvents(`{"todos": "[{\"content\": `, `\"a long enough value\"`, `}]"}`)
	var out bytes.Buffer
	for i, e := range evs {
		if err := st.Push(ssetest.Event(e), &out); err != nil {
			t.Fatal(err)
		}
		if i == 4 && st.HoldingSpan() {
			t.Fatal("still holding past the limit")
		}
	}
	if err := st.End(&out); err != nil {
		t.Fatal(err)
	}
	if out.String() != strings.Join(evs, "") {
		t.Fatalf("not as it came:\n%s", out.Bytes())
	}
	if len(fails) != 1 || fails[0] != "held tool input over the size limit" {
		t.Fatalf("fail-opens %q", fails)
	}
}

// TestHeldTextTailBound: a text tail that may be a leaked call, past the size limit, goes out as
// it came (a fail-open), and the rest of the block flows.
func TestHeldTextTailBound(t *testing.T) {
	tools, _ := repair.ToolsFromAnthropic([]byte(spanRequest))
	var fails []string
	st := NewStream(tools, &repair.Reporter{FailOpen: func(r string) { fails = append(fails, r) }})
	st.SetMaxHeld(32)
	text := func(s string) string { return ev("content_block_delta", string(textDeltaData(0, s))) }
	evs := []string{
		ev("message_start", `{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"model":"x"}}`),
		ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`),
		text("Ok.\n<invoke name=\"TodoWrite\">"), text(`<parameter name="todos">[{"content": "a long enough value"}]`), text("more"),
	}
	if out := ssetest.PushEach(t, st, evs); out != strings.Join(evs, "") {
		t.Fatalf("not as it came, at once:\n%s", out)
	}
	if len(fails) != 1 {
		t.Fatalf("fail-opens %q", fails)
	}
}

// TestWriteInputDeltas: a repaired input of any size goes out in input_json_delta events of at
// most maxDeltaBytes of text, each cut between characters, that join to the input.
func TestWriteInputDeltas(t *testing.T) {
	big := strings.Repeat("a", maxDeltaBytes-1) + "é" + strings.Repeat("日本", maxDeltaBytes/3)
	tests := []struct {
		name   string
		parts  []string
		events int
	}{
		{"nothing", nil, 0},
		{"small parts join in one event", []string{`{"todos": `, `[{"content":"a"}]`, `}`}, 1},
		{"exactly the limit", []string{strings.Repeat("x", maxDeltaBytes)}, 1},
		{"a character across the limit", []string{big}, 4},
		{"parts across the limit", []string{strings.Repeat("y", maxDeltaBytes-2), "éé", "z"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var parts [][]byte
			for _, p := range tt.parts {
				parts = append(parts, []byte(p))
			}
			var out bytes.Buffer
			if err := writeInputDeltas(&out, []byte("\n"), 3, parts...); err != nil {
				t.Fatal(err)
			}
			evs := strings.SplitAfter(out.String(), "\n\n")
			evs = evs[:len(evs)-1]
			if len(evs) != tt.events {
				t.Fatalf("%d events, want %d", len(evs), tt.events)
			}
			var joined strings.Builder
			for _, e := range evs {
				var d struct {
					Index int `json:"index"`
					Delta struct {
						PartialJSON string `json:"partial_json"`
					} `json:"delta"`
				}
				_, data, _ := sse.Fields([]byte(e))
				if err := json.Unmarshal(data, &d); err != nil || d.Index != 3 {
					t.Fatalf("event %q: %v, index %d", e[:min(len(e), 80)], err, d.Index)
				}
				if len(d.Delta.PartialJSON) > maxDeltaBytes || strings.ContainsRune(d.Delta.PartialJSON, utf8.RuneError) {
					t.Fatalf("an event of %d bytes, or a character cut", len(d.Delta.PartialJSON))
				}
				joined.WriteString(d.Delta.PartialJSON)
			}
			if joined.String() != strings.Join(tt.parts, "") {
				t.Fatal("the events do not join to the input")
			}
		})
	}
}

// TestLargeSpanInlined: a stringified todos value of a few hundred KB with characters of every
// UTF-8 length, in deltas of random sizes, goes out inlined (repair.Scan.Inlines) in events of
// at most maxDeltaBytes cut between characters, and the client's input is the whole-body repair.
func TestLargeSpanInlined(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 9))
			var inner strings.Builder
			inner.WriteByte('[')
			for i := 0; inner.Len() < 300<<10; i++ {
				if i > 0 {
					inner.WriteString(", ")
				}
				fmt.Fprintf(&inner, `{"content": "step %d é € 😀 \"q\" \\ \n"}`, i)
			}
			inner.WriteByte(']')
			q, _ := json.Marshal(inner.String())
			input := `{"note": "n", "todos": ` + string(q) + `}`
			var deltas []string
			for s := input; len(s) > 0; {
				k := min(len(s), 1+rng.IntN(9000))
				for k < len(s) && !utf8.RuneStart(s[k]) {
					k++
				}
				deltas = append(deltas, s[:k])
				s = s[k:]
			}
			tools, _ := repair.ToolsFromAnthropic([]byte(spanRequest))
			want, _, changed := tools.RepairInput("TodoWrite", []byte(input), deltaOptions)
			if !changed {
				t.Fatal("the whole-body repair changed nothing")
			}
			out := ssetest.PushEach(t, NewStream(tools, &repair.Reporter{}), spanEvents(deltas...))
			var got strings.Builder
			for _, line := range strings.Split(out, "\n") {
				data, ok := strings.CutPrefix(line, "data: ")
				if !ok || !strings.Contains(data, "input_json_delta") {
					continue
				}
				var d struct {
					Delta struct {
						PartialJSON string `json:"partial_json"`
					} `json:"delta"`
				}
				if err := json.Unmarshal([]byte(data), &d); err != nil {
					t.Fatal(err)
				}
				if len(d.Delta.PartialJSON) > maxDeltaBytes || strings.ContainsRune(d.Delta.PartialJSON, utf8.RuneError) {
					t.Fatalf("an event of %d bytes, cut inside a character: %v", len(d.Delta.PartialJSON), strings.ContainsRune(d.Delta.PartialJSON, utf8.RuneError))
				}
				got.WriteString(d.Delta.PartialJSON)
			}
			if got.String() != string(want) {
				t.Fatalf("the client's input (%d bytes) is not the whole-body repair (%d bytes)", got.Len(), len(want))
			}
		})
	}
}

// TestCarriesInput: a tool_use start whose input is an empty object, in any spelling of white
// space, carries no input, so that its call streams delta by delta as one with "input":{} does.
func TestCarriesInput(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`{}`, false}, {`{ }`, false}, {" {\n\t} ", false}, {`{"a":1}`, true}, {`{ "a": 1 }`, true},
		{`[]`, false}, {`null`, false}, {``, false}, {`{`, false},
	}
	for _, tt := range tests {
		if got := carriesInput([]byte(tt.in)); got != tt.want {
			t.Errorf("carriesInput(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// splitDeltas cuts input into 1..n-byte deltas, by seed.
func splitDeltas(input string, seed uint64, n int) []string {
	return ssetest.SplitRunes(input, seed, n)
}

// FuzzStreamedInput: a TodoWrite input of any text, split into deltas of any size and read in
// random small chunks: what the client accumulates from the streamed repair is the whole-input
// repair (RepairInput, as the non-streamed path applies it) when it changes the input; else the
// stream comes out as it came — byte for byte when the input fits (a healthy stream), and but for
// the pings that passed ahead of a held input when it does not — or, when a faulty string value
// went out repaired as soon as it ended, the input with such values inlined (client.Inlined).
// Pushed event by event, the stream holds no longer than it must: when the scan's only holds are
// faulty values read to their end, the whole input has reached the client before the block's
// content_block_stop is read. A complete JSON input in one delta reaches the client as the
// whole-input repair makes it, or as it came, with no faulty value inlined out of its context.
func FuzzStreamedInput(f *testing.F) {
	for _, s := range []string{`{"todos": [{"content": "a"}]}`, `{"note": "x", "todos": "[{\"content\": \"a\"}]"}`,
		`{"todos": "[{'content': 'a'}]"}`, `{"todos": "[{\"content\": \"\u7 ee7\"}]"}`, `{"todos": "[1]"}`, `{"todos": "[`, ``,
		`{"todos": "[{\"content\": \"a\"}]", "note": "after"}`,
		// the argument-text rules (D63-D66): a stray closer, prose, {A}{A}, a trailing comma,
		// a literal \n between tokens, a raw tab in a string, a Windows path
		`{"todos": []}}`, `{"todos": []} done`, `{"todos": []}{"todos": []}`, `{"todos": [{"content": "a"},], }`,
		`{\n"todos": []\n}`, "{\"todos\": [{\"content\": \"a\tb\"}]}", `{"todos": [{"content": "C:\Users\x"}]}`,
		`{"note": "a,", "todos": "[1]",}`,
		// D24 at a path place: a relative Windows path whose escapes JSON has, beside a note's line break
		`{"file_path": "src\new\table.txt", "todos": []}`, `{"note": "a\nb", "file_path": ".\build\release", "todos": "[]"}`,
		`{"file_path": "..\foo\bar", "todos": []} done`,
		// arguments in a Markdown fence
		"```json\n{\"todos\": []}\n```", "```\n{\"todos\": \"[1]\",}\n```\n", "```json\n{\"todos\": []}\n",
		// the whole call object as the input, Python strings in a JSON object
		`{"name": "TodoWrite", "arguments": {"todos": []}}`, `{"parameters": {"todos": "[]"}, "name": "TodoWrite"}`, `{"name": "Other", "arguments": {"todos": []}}`,
		`{"todos": [{"content": 'a'}]}`, `{"note": 'x', "todos": [],}`} {
		f.Add(s, uint64(1), uint8(4))
	}
	tools, _ := repair.ToolsFromAnthropic([]byte(spanRequest))
	f.Fuzz(func(t *testing.T, input string, seed uint64, size uint8) {
		input = strings.ToValidUTF8(input, "\uFFFD") // what the wire's JSON string can carry
		deltas := splitDeltas(input, seed, int(size%16)+1)
		evs := spanEvents(deltas...)
		body := strings.Join(evs, "")
		fails := 0
		st := NewStream(tools, &repair.Reporter{FailOpen: func(string) { fails++ }})
		out, err := ssetest.Run(ssetest.Chunks([]byte(body), int64(seed%64)), st)
		if err != nil {
			t.Fatal(err)
		}
		checkLawRecord(t, tools, out, fails)
		fixed, _, changed := tools.RepairInput("TodoWrite", []byte(input), repair.Options{Args: deltaOptions.Args})
		if changed {
			var ends []int
			for _, d := range deltas {
				ends = append(ends, len(d))
				if len(ends) > 1 {
					ends[len(ends)-1] += ends[len(ends)-2]
				}
			}
			keep, _, _ := tools.RepairInput("TodoWrite", []byte(input), deltaOptions)
			if !bytes.HasPrefix(keep, []byte(input[:ssetest.SentBefore(tools.NewScan("TodoWrite", deltaOptions), input, ends)])) {
				changed = false // the repair reaches back into what streamed (D24 after a valid escape): it fails open
			}
		}
		healthy := tools.Fits("TodoWrite", []byte(input)) || strings.Trim(input, " \t\r\n") == ""
		ping := ev("ping", `{"type": "ping"}`)
		read := func(out []byte) (any, error) {
			m, err := client.AnthropicStream(out)
			if err != nil {
				return nil, err
			}
			return m.Content[0].Input, nil
		}
		err = client.CheckStreamedCall(out, []byte(body), fixed, changed, healthy, ping, read)
		if err != nil && !changed && !healthy {
			m, merr := client.AnthropicStream(out)
			if merr != nil {
				t.Fatal(merr)
			}
			err = client.Inlined(m.Content[0].PartialJSON(), input)
		}
		if err != nil {
			t.Fatal(err)
		}
		checkHeldNoLonger(t, tools, evs, input)
		if !json.Valid([]byte(input)) {
			return // cut off (D46), or not JSON: found out at the block's end, later
		}
		// In one delta everything is known when a faulty value is judged: the client gets the
		// whole-input repair, with no value repaired out of its context (client.Inlined).
		one := strings.Join(spanEvents(input), "")
		out, err = ssetest.Run(ssetest.Chunks([]byte(one), int64(seed%64)), NewStream(tools, nil))
		if err != nil {
			t.Fatal(err)
		}
		if err := client.CheckStreamedCall(out, []byte(one), fixed, changed, healthy, ping, read); err != nil {
			t.Fatalf("in one delta: %v", err)
		}
	})
}

// checkLawRecord holds the law's record for the one call of out (issue 20 item 4): one fail-open
// when the input the client builds from its deltas does not fit the schema, none when it does.
func checkLawRecord(t *testing.T, tools *repair.Tools, out []byte, fails int) {
	t.Helper()
	m, err := client.AnthropicStream(out)
	if err != nil {
		t.Fatal(err)
	}
	got := m.Content[0].PartialJSON()
	if strings.TrimSpace(got) == "" {
		got = "{}"
	}
	if want := map[bool]int{true: 0, false: 1}[tools.Fits("TodoWrite", []byte(got))]; fails != want {
		t.Fatalf("client input %q: %d fail-opens, want %d", got, fails, want)
	}
}

// checkHeldNoLonger pushes evs (a spanEvents stream of input) event by event and fails when the
// scan's only holds are faulty values read to their end but the client has not got the whole
// input before content_block_stop is read.
func checkHeldNoLonger(t *testing.T, tools *repair.Tools, evs []string, input string) {
	t.Helper()
	if !tools.SpansOnly("TodoWrite", deltaOptions, []byte(input)) {
		return
	}
	st := NewStream(tools, nil)
	out := ssetest.PushEach(t, st, evs[:len(evs)-3]) // up to the content_block_stop
	if st.HoldingSpan() || len(st.Held()) > 0 {
		t.Fatalf("input %q: still held before content_block_stop, though its faulty values ended:\n%s", input, out)
	}
}
