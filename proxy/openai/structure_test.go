package openai

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// whole is a tool-call delta of call i carrying its id, type, name and arguments at once, as
// Ollama sends each call (ollama/ollama #15457).
func whole(i, id, name, arguments string) string {
	return chunk(`{"tool_calls":[{"index":`+i+`,"id":"`+id+`","type":"function","function":{"name":"`+name+`","arguments":`+quote(arguments)+`}}]}`, "null")
}

// reID is an arguments delta of call i that carries a fresh id and no name, as a gateway that
// gives every chunk an id of its own sends it.
func reID(i, id, arguments string) string {
	return chunk(`{"tool_calls":[{"index":`+i+`,"id":"`+id+`","function":{"arguments":`+quote(arguments)+`}}]}`, "null")
}

// TestStreamStructure: D70 (two parallel calls on one index), D71 (cumulative arguments) and D72
// (a named call's first delta without type), each with its look-alikes, which pass byte for byte.
func TestStreamStructure(t *testing.T) {
	call := func(id, name, args string) string {
		return `{"id":"` + id + `","type":"function","function":{"name":"` + name + `","arguments":` + args + `}}`
	}
	msg := func(calls ...string) string {
		return `{"finish_reason":"tool_calls","content":"","tool_calls":[` + strings.Join(calls, ",") + `]}`
	}
	runRules(t, []ruleCase{
		// D70
		{
			name:  "two whole calls on index 0 (Ollama)",
			in:    sseOf(whole("0", "call_a", "read", `{"file_path":"a.go"}`), whole("0", "call_b", "bash", `{"command":"ls"}`), finish("tool_calls")),
			want:  msg(call("call_a", "read", `{"file_path":"a.go"}`), call("call_b", "bash", `{"command":"ls"}`)),
			kinds: []string{"shape"}, has: `"index":1,"id":"call_b"`,
		},
		{
			name: "the second call streamed on the first one's index after it (a Responses bridge)",
			in: sseOf(head("0", "call_a", "read"), args("0", `{"file_path":`), args("0", `"a.go"}`),
				head("0", "call_b", "bash"), args("0", `{"command":`), args("0", `"ls"}`), finish("tool_calls")),
			want:  msg(call("call_a", "read", `{"file_path":"a.go"}`), call("call_b", "bash", `{"command":"ls"}`)),
			kinds: []string{"shape"},
		},
		{
			name: "three calls of one tool on index 0, each whole before the next",
			in: sseOf(whole("0", "call_a", "read", `{"file_path":"a"}`), whole("0", "call_b", "read", `{"file_path":"b"}`),
				whole("0", "call_c", "read", `{"file_path":"c"}`), finish("tool_calls")),
			want:  msg(call("call_a", "read", `{"file_path":"a"}`), call("call_b", "read", `{"file_path":"b"}`), call("call_c", "read", `{"file_path":"c"}`)),
			kinds: []string{"shape"}, has: `"index":2,"id":"call_c"`,
		},
		{
			name:  "the second call on one index needs a repair of its own",
			in:    sseOf(whole("0", "call_a", "read", `{"file_path":"a"}`), head("0", "call_b", "read"), args("0", `{"file_path":"b","limit":"5"}`), finish("tool_calls")),
			want:  msg(call("call_a", "read", `{"file_path":"a"}`), call("call_b", "read", `{"file_path":"b","limit":5}`)),
			kinds: []string{"shape", "coerce"},
		},
		{
			name: "look-alike: the same id repeated with its name is the same call",
			in: sseOf(whole("0", "call_a", "bash", ""), whole("0", "call_a", "bash", `{"command":`), args("0", `"ls"}`),
				finish("tool_calls")),
		},
		{
			name: "look-alike: a fresh id on every delta and no name is the same call",
			in: sseOf(head("0", "call_a", "bash"), reID("0", "gw_1", `{"command":`), reID("0", "gw_2", `"ls"}`),
				finish("tool_calls")),
		},
		{
			name: "look-alike: a new id and the same name before the call is whole is the same call",
			in: sseOf(whole("0", "call_a", "bash", `{"command":`), whole("0", "call_b", "bash", `"ls"}`),
				finish("tool_calls")),
		},
		{
			name: "look-alike: interleaved indexes",
			in: sseOf(head("0", "call_a", "read"), head("1", "call_b", "bash"), args("0", `{"file_path":`), args("1", `{"command":"ls"}`),
				args("0", `"a"}`), finish("tool_calls")),
		},
		{
			name: "the second call's name comes one delta after its new id",
			in: sseOf(whole("0", "call_a", "read", `{"file_path":"a"}`), reID("0", "call_b", ""),
				chunk(`{"tool_calls":[{"index":0,"function":{"name":"bash","arguments":""}}]}`, "null"), args("0", `{"command":"ls"}`), finish("tool_calls")),
			want:  msg(call("call_a", "read", `{"file_path":"a"}`), call("call_b", "bash", `{"command":"ls"}`)),
			kinds: []string{"shape"},
		},
		{
			name: "the second call's name comes with its arguments, one delta after its new id",
			in: sseOf(whole("0", "call_a", "read", `{"file_path":"a"}`), reID("0", "call_b", ""),
				chunk(`{"tool_calls":[{"index":0,"function":{"name":"bash","arguments":"{\"command\":\"ls\"}"}}]}`, "null"), finish("tool_calls")),
			want:  msg(call("call_a", "read", `{"file_path":"a"}`), call("call_b", "bash", `{"command":"ls"}`)),
			kinds: []string{"shape"},
		},
		{
			name: "a new id with the call's name, then white space, then arguments, begins a second call",
			in: sseOf(whole("0", "call_a", "bash", `{"command":"pwd"}`), head("0", "call_b", "bash"), args("0", " "),
				args("0", `{"command":"ls"}`), finish("tool_calls")),
			want:  msg(call("call_a", "bash", `{"command":"pwd"}`), call("call_b", "bash", `{"command":"ls"}`)),
			kinds: []string{"shape"},
		},
		{
			name: "look-alike: a fresh id and the name on every chunk, then a trailer with no arguments",
			in: sseOf(whole("0", "gw_1", "bash", `{"command":`), whole("0", "gw_2", "bash", `"ls"}`), whole("0", "gw_3", "bash", ""),
				finish("tool_calls")),
		},
		{
			name: "look-alike: the whole arguments, then a trailer with a fresh id and the name, on two calls of a choice",
			in: sseOf(whole("0", "gw_1", "bash", `{"command":"ls"}`), whole("0", "gw_2", "bash", ""), whole("1", "gw_3", "read", `{"file_path":"a"}`),
				whole("1", "gw_4", "read", ""), finish("tool_calls")),
		},
		{
			name: "look-alike: a trailer with a fresh id and no name, arguments absent",
			in: sseOf(whole("0", "gw_1", "bash", `{"command":"ls"}`), chunk(`{"tool_calls":[{"index":0,"id":"gw_2","type":"function","function":{}}]}`, "null"),
				finish("tool_calls")),
		},
		{
			name: "look-alike: a trailer with a fresh id and the name in the finish chunk",
			in: sseOf(whole("0", "gw_1", "bash", `{"command":"ls"}`),
				chunk(`{"tool_calls":[{"index":0,"id":"gw_2","type":"function","function":{"name":"bash","arguments":""}}]}`, `"tool_calls"`)),
		},
		{
			name: "look-alike: two trailers, then content",
			in: sseOf(whole("0", "gw_1", "bash", `{"command":"ls"}`), whole("0", "gw_2", "bash", ""), whole("0", "gw_3", "bash", ""),
				chunk(`{"content":"done"}`, "null"), finish("tool_calls")),
		},
		{
			name: "look-alike: a trailer, then the first id again",
			in: sseOf(whole("0", "gw_1", "bash", `{"command":"ls"}`), whole("0", "gw_2", "bash", ""), whole("0", "gw_1", "bash", " "),
				finish("tool_calls")),
		},
		{
			// a resend, never two calls: the client glues {A}{A}, which D21 mends
			name:  "the same whole call resent with a new id is one call",
			in:    sseOf(whole("0", "call_a", "bash", `{"command":"ls"}`), whole("0", "call_b", "bash", `{"command":"ls"}`), finish("tool_calls")),
			want:  msg(call("*", "bash", `{"command":"ls"}`)),
			kinds: []string{"args"},
		},
		// D71
		{
			name:  "each delta resends the arguments so far",
			in:    sseOf(head("0", "call_a", "bash"), args("0", `{"com`), args("0", `{"command":"l`), args("0", `{"command":"ls"}`), finish("tool_calls")),
			want:  msg(call("call_a", "bash", `{"command":"ls"}`)),
			kinds: []string{"shape"},
		},
		{
			name: "each resend carries the call's id and name again (docker-agent before PR #2105)",
			in: sseOf(whole("0", "call_a", "write", `{"file_path":"a.txt",`), whole("0", "call_a", "write", `{"file_path":"a.txt","content":"hi`),
				whole("0", "call_a", "write", `{"file_path":"a.txt","content":"hi there"}`), finish("tool_calls")),
			want:  msg(call("call_a", "write", `{"file_path":"a.txt","content":"hi there"}`)),
			kinds: []string{"shape"},
		},
		{
			name:  "a resent array value, whose concatenation nests instead of breaking",
			in:    sseOf(head("0", "call_a", "todowrite"), args("0", `{"todos":[`), args("0", `{"todos":[{"content":"a"}`), args("0", `{"todos":[{"content":"a"}]}`), finish("tool_calls")),
			want:  msg(call("call_a", "todowrite", `{"todos":[{"content":"a"}]}`)),
			kinds: []string{"shape"},
		},
		{
			name:  "the last resend needs a repair of its own",
			in:    sseOf(head("0", "call_a", "read"), args("0", `{"file_path":"a",`), args("0", `{"file_path":"a","limit":"5"}`), finish("tool_calls")),
			want:  msg(call("call_a", "read", `{"file_path":"a","limit":5}`)),
			kinds: []string{"shape", "coerce"},
		},
		{
			name: "look-alike: a healthy delta restating the text before it",
			in:   sseOf(head("0", "call_a", "write"), args("0", `{"file_path":"a","content":"ab`), args("0", `ab`), args("0", `ab"}`), finish("tool_calls")),
		},
		{
			name: `look-alike: {"content":" then {"content":"{"content":" then the rest`,
			in:   sseOf(head("0", "call_a", "write"), args("0", `{"content":"`), args("0", `{"content":"{"content":"`), args("0", `x"}`), finish("tool_calls")),
		},
		{
			name: `look-alike: {"content":" resent as {"content":"{"content":", whose last text is no JSON either`,
			in: sseOf(head("0", "call_a", "write"), args("0", `{"content":"`), args("0", `{"content":"{"content":"`),
				args("0", `{"content":"{"content":"x"}`), finish("tool_calls")),
		},
		{
			name: "look-alike: a chain that breaks is judged as it came",
			in:   sseOf(head("0", "call_a", "bash"), args("0", `{"com`), args("0", `{"command":"l`), args("0", `s"}`), finish("tool_calls")),
		},
		{
			name: "look-alike: every delta extends the one before and the concatenation fits",
			in:   sseOf(head("0", "call_a", "bash"), args("0", "\n"), args("0", "\n "), args("0", "\n  {\"command\":\"ls\"}"), finish("tool_calls")),
		},
		{
			name: "a resend cut off by max_tokens is never completed",
			in:   sseOf(head("0", "call_a", "bash"), args("0", `{"com`), args("0", `{"command":"l`), finish("length")),
		},
		{
			name: "resent arguments of a tool not offered pass as they came",
			in:   sseOf(head("0", "call_a", "deploy"), args("0", `{"e`), args("0", `{"env":"prod"}`), finish("tool_calls")),
		},
		// D72
		{
			name:  "a named first delta without type gets it",
			in:    sseOf(chunk(`{"tool_calls":[{"index":0,"id":"call_a","function":{"name":"bash","arguments":""}}]}`, "null"), args("0", `{"command":"ls"}`), finish("tool_calls")),
			want:  msg(call("call_a", "bash", `{"command":"ls"}`)),
			kinds: []string{"shape"}, has: `"type":"function"`,
		},
		{
			name: "look-alike: a later delta without type needs none",
			in: sseOf(head("0", "call_a", "bash"), chunk(`{"tool_calls":[{"index":0,"function":{"name":"bash","arguments":"{\"command\":\"ls\"}"}}]}`, "null"),
				finish("tool_calls")),
		},
	})
}

// TestStructureCountedOnce: a repair is reported once per call and kind, however many deltas it
// rewrote (issue 20 item 4): a call moved to its own index whose deltas are all renumbered, and a
// cumulative call of many resends.
func TestStructureCountedOnce(t *testing.T) {
	for name, tc := range map[string]struct {
		in    string
		shape int
	}{
		"D70": {sseOf(whole("0", "call_a", "read", `{"file_path":"a"}`), head("0", "call_b", "bash"), args("0", `{"com`), args("0", `mand":`),
			args("0", `"ls"}`), head("0", "call_c", "read"), args("0", `{"file_path":"c"}`), finish("tool_calls")), 2},
		"D71": {sseOf(head("0", "call_a", "bash"), args("0", `{"c`), args("0", `{"co`), args("0", `{"com`), args("0", `{"command":"l`),
			args("0", `{"command":"ls"}`), finish("tool_calls")), 1},
	} {
		for _, r := range ssetest.Readers([]byte(tc.in), 1, 2) {
			var fails int
			rep := &repair.Reporter{FailOpen: func(string) { fails++ }}
			var kinds ssetest.Kinds
			rep.Repaired = kinds.Reporter().Repaired
			tl, _ := repair.ToolsFromChat([]byte(tools))
			if _, err := ssetest.Run(r, NewStream(tl, rep, Options{})); err != nil {
				t.Fatal(err)
			}
			if n := len(slices.DeleteFunc(slices.Clone(kinds), func(k string) bool { return k != "shape" })); n != tc.shape || fails != 0 {
				t.Fatalf("%s: shape reported %d times (want %d), %d fail-opens; kinds %v", name, n, tc.shape, fails, kinds)
			}
		}
	}
}

// TestHeldFirstDeltaTyped: a call held from its first delta (no name yet, D32, and a value a
// repair may change) that goes out as it came, since an error ends the stream before the call is
// complete, has "type" added to that delta once its name came (D72): the SDKs read the call from
// what they got.
func TestHeldFirstDeltaTyped(t *testing.T) {
	in := "data: " + chunk(`{"tool_calls":[{"index":0,"id":"call_a","function":{"arguments":"{\"file_path\":\"a\",\"limit\":\"5"}}]}`, "null") + "\n\n" +
		"data: " + chunk(`{"tool_calls":[{"index":0,"function":{"name":"read"}}]}`, "null") + "\n\n" +
		"data: " + `{"error":{"message":"upstream overloaded","type":"server_error"}}` + "\n\n"
	for _, r := range ssetest.Readers([]byte(in), 1, 2) {
		out, kinds := run(t, []byte(tools), r, Options{})
		if err := firstDeltasTyped(out); err != nil || !slices.Contains(kinds, "shape") {
			t.Fatalf("%v (kinds %v)\n%s", err, kinds, out)
		}
		if got := strings.Replace(string(out), `,"type":"function"`, "", 1); got != in {
			t.Fatalf("more than the type changed:\n%s", out)
		}
	}
}

// TestLateNameThenResent: a call whose name came late (D32) is held when its chain shows itself
// (D71), and its resent arguments are judged at its end: the concatenation {"v":[1,{"v":[1,2],…
// reads as JSON so far to the scan, so only the chain holds it (found by FuzzOrder).
func TestLateNameThenResent(t *testing.T) {
	in := sseOf(chunk(`{"tool_calls":[{"index":0,"id":"call_00","type":"function","function":{"arguments":"{\"v\":[1,"}}]}`, "null"),
		chunk(`{"tool_calls":[{"index":0,"function":{"name":"a"}}]}`, "null"), args("0", `{"v":[1,2],"w":[3]}`), finish("tool_calls"))
	for _, r := range ssetest.Readers([]byte(in), 1, 2) {
		out, kinds := run(t, []byte(orderTools), r, Options{})
		if got := byCall(out)["0/0"]; got != `{"v":[1,2],"w":[3]}` || !slices.Contains(kinds, "shape") {
			t.Fatalf("call assembled as %q (kinds %v)\n%s", got, kinds, out)
		}
	}
}

// TestHeadLookAhead: a delta with a new id and no arguments after a call's whole arguments
// (BeginsAnother's Maybe) is told by the delta after it, in the stream repair and in the
// whole-body answer of a stream (D55) alike: a fresh id that brings arguments begins the next
// call and leaves the trailer to the call before; a name or arguments without an id make the
// held delta the next call's head; a finish makes it the call's own, byte for byte.
func TestHeadLookAhead(t *testing.T) {
	late := chunk(`{"tool_calls":[{"index":0,"function":{"name":"bash","arguments":""}}]}`, "null")
	for _, tc := range []struct {
		name string
		in   string
		want []string // the arguments of each call, by the index it goes out with
	}{
		{"fresh ids, each call whole then a trailer", sseOf(whole("0", "gw_1", "read", `{"file_path":"a"}`), whole("0", "gw_2", "read", ""),
			whole("0", "gw_3", "read", `{"file_path":"b"}`), whole("0", "gw_4", "read", ""), finish("tool_calls")),
			[]string{`{"file_path":"a"}`, `{"file_path":"b"}`}},
		{"the second call's name one delta after its id", sseOf(whole("0", "call_a", "read", `{"file_path":"a"}`), reID("0", "call_b", ""), late,
			args("0", `{"command":"ls"}`), finish("tool_calls")),
			[]string{`{"file_path":"a"}`, `{"command":"ls"}`}},
		{"a standard head of the same tool", sseOf(whole("0", "call_a", "read", `{"file_path":"a"}`), head("0", "call_b", "read"),
			args("0", `{"file_path":"b"}`), finish("tool_calls")),
			[]string{`{"file_path":"a"}`, `{"file_path":"b"}`}},
		{"a trailer before the finish", sseOf(whole("0", "gw_1", "read", `{"file_path":"a"}`), whole("0", "gw_2", "read", ""), finish("tool_calls")),
			[]string{`{"file_path":"a"}`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, r := range ssetest.Readers([]byte(tc.in), 1, 2, 3) {
				out, _ := run(t, []byte(tools), r, Options{})
				lanes := argsByIndex(t, out)
				if len(tc.want) == 1 && string(out) != tc.in {
					t.Fatalf("a healthy stream changed:\n%s", out)
				}
				for i, w := range tc.want {
					if g := lanes[i]; g != w {
						t.Fatalf("call %d assembled as %q, want %q (lanes %v)\n%s", i, g, w, lanes, out)
					}
				}
				if len(lanes) != len(tc.want) {
					t.Fatalf("%d calls, want %d: %v", len(lanes), len(tc.want), lanes)
				}
			}
			tl, _ := repair.ToolsFromChat([]byte(tools))
			whole, ok := completionFromSSE([]byte(tc.in), tl)
			var msg struct {
				Choices []struct {
					Message struct {
						ToolCalls []struct {
							Function struct{ Arguments string }
						} `json:"tool_calls"`
					}
				}
			}
			if !ok || json.Unmarshal(whole, &msg) != nil || len(msg.Choices) != 1 || len(msg.Choices[0].Message.ToolCalls) != len(tc.want) {
				t.Fatalf("whole body: %s", whole)
			}
			for i, w := range tc.want {
				if g := msg.Choices[0].Message.ToolCalls[i].Function.Arguments; g != w {
					t.Fatalf("whole body: call %d %q, want %q", i, g, w)
				}
			}
		})
	}
}

// argsByIndex joins the arguments of a Chat stream's tool-call deltas by the index they go out
// with, as an SDK accumulates them (whatever ids they carry).
func argsByIndex(t *testing.T, body []byte) map[int]string {
	t.Helper()
	out := map[int]string{}
	for _, ev := range sse.Each(body, 0) {
		_, d, ok := sse.ObjectData(ev.Raw)
		if !ok {
			continue
		}
		var ch wireChunk
		if err := json.Unmarshal(d, &ch); err != nil {
			t.Fatal(err)
		}
		for _, c := range ch.Choices.list {
			if c.Delta == nil {
				continue
			}
			for _, tc := range c.Delta.ToolCalls {
				text, _, _ := argText(tc.Function.Arguments)
				out[*tc.Index] += string(text)
			}
		}
	}
	return out
}
