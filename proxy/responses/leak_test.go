package responses

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/jsontext"
	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// textStream is a Responses stream, with sequence numbers, whose message item's output_text is
// text, sent in deltas of 4 bytes; after the message comes a function_call item of bash with
// args when args is not "", and the response ends with status.
func textStream(text, args, status string) string {
	seq := 0
	var b strings.Builder
	add := func(typ, data string) {
		b.WriteString(ev(typ, `{"type":"`+typ+`",`+data+`,"sequence_number":`+strconv.Itoa(seq)+`}`))
		seq++
	}
	msg := `{"type":"message","id":"msg_1","status":"` + status + `","role":"assistant","content":[{"type":"output_text","text":` + qj(text) + `,"annotations":[]}]}`
	output := msg
	add("response.created", `"response":{"id":"r","status":"in_progress","output":[]}`)
	add("response.output_item.added", `"output_index":0,"item":{"type":"message","id":"msg_1","status":"in_progress","role":"assistant","content":[]}`)
	add("response.content_part.added", `"item_id":"msg_1","output_index":0,"content_index":0,"part":{"type":"output_text","text":"","annotations":[]}`)
	for i := 0; i < len(text); i += 4 {
		add("response.output_text.delta", `"item_id":"msg_1","output_index":0,"content_index":0,"delta":`+qj(text[i:min(i+4, len(text))])+`,"logprobs":[],"obfuscation":"x"`)
	}
	add("response.output_text.done", `"item_id":"msg_1","output_index":0,"content_index":0,"text":`+qj(text))
	add("response.content_part.done", `"item_id":"msg_1","output_index":0,"content_index":0,"part":{"type":"output_text","text":`+qj(text)+`,"annotations":[]}`)
	add("response.output_item.done", `"output_index":0,"item":`+msg)
	if args != "" {
		fc := `{"type":"function_call","id":"fc_1","call_id":"call_1","name":"bash","arguments":` + qj(args) + `,"status":"completed"}`
		add("response.output_item.added", `"output_index":1,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"bash","arguments":"","status":"in_progress"}`)
		add("response.function_call_arguments.delta", `"item_id":"fc_1","output_index":1,"delta":`+qj(args))
		add("response.function_call_arguments.done", `"item_id":"fc_1","output_index":1,"arguments":`+qj(args))
		add("response.output_item.done", `"output_index":1,"item":`+fc)
		output += "," + fc
	}
	final := "response.completed"
	if status != "completed" {
		final = "response.incomplete"
	}
	add(final, `"response":{"id":"r","status":"`+status+`","output":[`+output+`]}`)
	return b.String()
}

// qj is s as a JSON string.
func qj(s string) string { return string(jsontext.Quote(s)) }

const lsMarkup = "<invoke name=\"bash\">\n<parameter name=\"command\">ls -la</parameter>\n<parameter name=\"timeout\">30</parameter>\n</invoke>"

// TestLeakedInvoke: a leaked <invoke> call (or any other family's, D62) at the tail of a message's
// output_text becomes a function_call item, streamed the standard way, in response.completed too (D60); look-alikes
// pass byte for byte, in any chunking.
func TestLeakedInvoke(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		args   string // a real function_call after the message
		status string
		want   string // the wanted client result; "" for a stream that must pass unchanged
	}{
		{name: "court and bare invoke", text: "Listing.\n\ncourt\n" + lsMarkup + "\n",
			want: `{"text":"Listing.","calls":[{"name":"bash","arguments":{"command":"ls -la","timeout":30}}]}`},
		{name: "in function_calls, no word", text: "Listing.\n<function_calls>\n" + lsMarkup + "\n" + lsMarkup + "\n</function_calls>",
			want: `{"text":"Listing.","calls":[{"name":"bash","arguments":{"command":"ls -la","timeout":30}},{"name":"bash","arguments":{"command":"ls -la","timeout":30}}]}`},
		{name: "the whole text", text: "count" + lsMarkup,
			want: `{"text":"","calls":[{"name":"bash","arguments":{"command":"ls -la","timeout":30}}]}`},
		// a leaked call that copies no real one is made too (waybarrios/vllm-mlx PR #55)
		{name: "then a real call", text: "Listing.\n" + lsMarkup, args: `{"command":"pwd"}`,
			want: `{"text":"Listing.","calls":[{"name":"bash","arguments":{"command":"ls -la","timeout":30}},{"name":"bash","arguments":{"command":"pwd"}}]}`},
		{name: "healthy", text: "All done.\ncount me in: call me later.", args: `{"command":"ls"}`},
		{name: "a stray word line then prose", text: "court\nThe court ruled.\n"},
		{name: "in a fence", text: "Like this:\n```xml\n" + lsMarkup + "\n```\n"},
		{name: "in inline code", text: "Use `" + lsMarkup + "`"},
		{name: "after prose on its line", text: "The call is " + lsMarkup},
		{name: "followed by prose", text: "Listing.\n" + lsMarkup + "\nThat lists it."},
		{name: "a tool not offered", text: "Deploying.\n<invoke name=\"deploy\">\n<parameter name=\"env\">prod</parameter>\n</invoke>"},
		{name: "a parameter not in the schema", text: "Listing.\n<invoke name=\"bash\">\n<parameter name=\"cwd\">/</parameter>\n</invoke>"},
		{name: "cut by a limit", text: "Listing.\n" + lsMarkup, status: "incomplete"},
		{name: "Kimi tokens leak here too (D62)", text: "Now." + kimiTokens,
			want: `{"text":"Now.","calls":[{"name":"bash","arguments":{"command":"ls"}}]}`},
		{name: "pythonic as the whole text (D62)", text: `[bash(command='ls')]`,
			want: `{"text":"","calls":[{"name":"bash","arguments":{"command":"ls"}}]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status := tc.status
			if status == "" {
				status = "completed"
			}
			in := textStream(tc.text, tc.args, status)
			for seed := int64(1); seed <= 4; seed++ {
				out, kinds := run(t, []byte(tools), ssetest.Chunks([]byte(in), seed))
				if tc.want == "" {
					if string(out) != in || len(kinds) > 0 {
						t.Fatalf("kinds %v; changed:\n%s", kinds, out)
					}
					continue
				}
				check(t, false, nil, []byte(tc.want), []string{"leaked_call"}, out, kinds)
				if strings.Contains(string(out), "<invoke") {
					t.Fatalf("markup left in the stream:\n%s", out)
				}
				checkOrder(t, out)
			}
		})
	}
}

const kimiTokens = "<|tool_calls_section_begin|><|tool_call_begin|>functions.bash:0<|tool_call_argument_begin|>{\"command\":\"ls\"}<|tool_call_end|><|tool_calls_section_end|>"

// checkOrder checks a repaired stream's bookkeeping: sequence numbers rise by one, each item is
// added at the next output_index, and its deltas and done name that index.
func checkOrder(t *testing.T, out []byte) {
	t.Helper()
	seq, items := -1, 0
	for _, e := range sse.Each(out, 0) {
		_, data, has := sse.Fields(e.Raw)
		if !has {
			continue
		}
		var v struct {
			Type  string `json:"type"`
			Seq   *int   `json:"sequence_number"`
			Index *int   `json:"output_index"`
		}
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatalf("%v: %s", err, data)
		}
		if v.Seq != nil {
			if *v.Seq != seq+1 {
				t.Fatalf("sequence_number %d after %d: %s", *v.Seq, seq, data)
			}
			seq = *v.Seq
		}
		if v.Type == "response.output_item.added" {
			if v.Index == nil || *v.Index != items {
				t.Fatalf("item added at %v, want %d: %s", v.Index, items, data)
			}
			items++
		} else if v.Index != nil && *v.Index != items-1 {
			t.Fatalf("output_index %d inside item %d: %s", *v.Index, items-1, data)
		}
	}
}

// TestLeakedInvokeJSON: the same rule on a non-streamed response.
func TestLeakedInvokeJSON(t *testing.T) {
	body := func(text, status, extra string) string {
		return `{"id":"r","object":"response","status":"` + status + `","output":[{"type":"message","id":"msg_1","status":"completed","role":"assistant","content":[{"type":"output_text","text":` + qj(text) + `,"annotations":[]}]}` + extra + `],"usage":{"input_tokens":1}}`
	}
	fc := `,{"type":"function_call","id":"fc_1","call_id":"call_1","name":"bash","arguments":"{\"command\":\"pwd\"}","status":"completed"}`
	tests := []struct {
		name, in, want string
	}{
		{"court and invoke", body("Listing.\ncourt\n"+lsMarkup, "completed", ""),
			`{"text":"Listing.","calls":[{"name":"bash","arguments":{"command":"ls -la","timeout":30}}]}`},
		{"beside a real call", body("Listing.\n"+lsMarkup, "completed", fc),
			`{"text":"Listing.","calls":[{"name":"bash","arguments":{"command":"ls -la","timeout":30}},{"name":"bash","arguments":{"command":"pwd"}}]}`},
		{"incomplete", body("Listing.\n"+lsMarkup, "incomplete", ""), ""},
		{"in a fence", body("```\n"+lsMarkup+"\n```", "completed", ""), ""},
		{"healthy", body("Listing done.", "completed", fc), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, kinds := runJSON([]byte(tools), []byte(tc.in))
			checkAs(t, client.ResponsesJSON, tc.want == "", []byte(tc.in), []byte(tc.want), []string{"leaked_call"}, out, kinds)
		})
	}
}

// TestLeakedInvokeAfterReasoning: a message after a reasoning item, in a stream without sequence
// numbers and without output_text.done: the call goes at the index after the message.
func TestLeakedInvokeAfterReasoning(t *testing.T) {
	text := "Checking.\ncall\n" + lsMarkup
	msg := `{"type":"message","id":"msg_2","status":"completed","role":"assistant","content":[{"type":"output_text","text":` + qj(text) + `}]}`
	rs := `{"type":"reasoning","id":"rs_1","summary":[]}`
	in := ev("response.created", `{"type":"response.created","response":{"id":"r","status":"in_progress","output":[]}}`) +
		ev("response.output_item.added", `{"type":"response.output_item.added","output_index":0,"item":`+rs+`}`) +
		ev("response.output_item.done", `{"type":"response.output_item.done","output_index":0,"item":`+rs+`}`) +
		ev("response.output_item.added", `{"type":"response.output_item.added","output_index":1,"item":{"type":"message","id":"msg_2","role":"assistant","content":[]}}`) +
		ev("response.output_text.delta", `{"type":"response.output_text.delta","item_id":"msg_2","output_index":1,"content_index":0,"delta":`+qj(text[:12])+`}`) +
		ev("response.output_text.delta", `{"type":"response.output_text.delta","item_id":"msg_2","output_index":1,"content_index":0,"delta":`+qj(text[12:])+`}`) +
		ev("response.output_item.done", `{"type":"response.output_item.done","output_index":1,"item":`+msg+`}`) +
		ev("response.completed", `{"type":"response.completed","response":{"id":"r","status":"completed","output":[`+rs+`,`+msg+`]}}`)
	for seed := int64(1); seed <= 3; seed++ {
		out, kinds := run(t, []byte(tools), ssetest.Chunks([]byte(in), seed))
		check(t, false, nil, []byte(`{"text":"Checking.","calls":[{"name":"bash","arguments":{"command":"ls -la","timeout":30}}]}`), []string{"leaked_call"}, out, kinds)
		checkOrder(t, out)
		if !strings.Contains(string(out), `"type":"response.output_item.added","output_index":2,`) {
			t.Fatalf("no call added at index 2:\n%s", out)
		}
	}
}
