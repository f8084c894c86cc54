package responses

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

const tools = `{"model":"m","stream":true,"tools":[
{"type":"function","name":"todowrite","parameters":{"type":"object","properties":{"todos":{"type":"array","items":{"type":"object","properties":{"content":{"type":"string"}},"required":["content"]}}},"required":["todos"]}},
{"type":"function","name":"bash","parameters":{"type":"object","properties":{"command":{"type":"string"},"timeout":{"type":"number"}},"required":["command"]}},
{"type":"web_search"}]}`

// run feeds body through a Stream read by r and returns the output and the repair kinds reported.
func run(t testing.TB, request []byte, r io.Reader) ([]byte, []string) {
	tl, _ := repair.ToolsFromResponses(request)
	return ssetest.RunKinds(t, r, func(rep *repair.Reporter) sse.Repairer { return NewStream(tl, rep) })
}

// runJSON repairs a non-streamed body and returns what the client gets and the kinds reported.
func runJSON(request, body []byte) ([]byte, []string) {
	tl, _ := repair.ToolsFromResponses(request)
	fixed, ok, kinds := ssetest.RepairKinds(func(rep *repair.Reporter) ([]byte, bool) { return RepairResponse(tl, body, rep) })
	if !ok {
		return body, kinds
	}
	return fixed, kinds
}

func TestCasesPure(t *testing.T) {
	for _, c := range cases.ForTest(t, "responses") {
		if !c.Stream {
			t.Run(c.Name+"/json", func(t *testing.T) {
				out, kinds := runJSON(c.Request, c.Upstream)
				checkAs(t, client.ResponsesJSON, c.Want.Passthrough, c.Upstream, c.Want.Message, c.Want.Repairs, out, kinds)
			})
			continue
		}
		for _, mode := range ssetest.Feeds {
			t.Run(c.Name+"/"+mode, func(t *testing.T) {
				out, kinds := run(t, c.Request, ssetest.Feed(mode, c.Upstream, 5))
				check(t, c.Want.Passthrough, c.Upstream, c.Want.Message, c.Want.Repairs, out, kinds)
			})
		}
	}
}

func check(t *testing.T, passthrough bool, in []byte, want []byte, wantKinds []string, out []byte, kinds []string) {
	t.Helper()
	checkAs(t, client.ResponsesStream, passthrough, in, want, wantKinds, out, kinds)
}

// checkAs is check for a body read by read (a stream or one response object).
func checkAs(t *testing.T, read func([]byte) (*client.ResponsesResult, error), passthrough bool, in []byte, want []byte, wantKinds []string, out []byte, kinds []string) {
	t.Helper()
	if passthrough {
		ssetest.CheckPassthrough(t, in, out, kinds)
		return
	}
	r, err := read(out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if err := client.CompareResponses(want, r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	ssetest.CheckKinds(t, kinds, wantKinds)
}

func ev(typ, data string) string { return "event: " + typ + "\ndata: " + data + "\n\n" }

func q(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

// stream is a Responses stream with a message item "Ok." and one function call of name with
// arguments args; output is the final response's output member ("" for a list of both items).
func stream(name, args, output string) string {
	msg := `{"type":"message","id":"msg_1","status":"completed","role":"assistant","content":[{"type":"output_text","text":"Ok.","annotations":[]}]}`
	fc := `{"type":"function_call","id":"fc_1","call_id":"call_1","name":"` + name + `","arguments":` + q(args) + `,"status":"completed"}`
	if output == "" {
		output = "[" + msg + "," + fc + "]"
	}
	return ev("response.created", `{"type":"response.created","response":{"id":"r","status":"in_progress","output":[]}}`) +
		ev("response.output_item.added", `{"type":"response.output_item.added","output_index":0,"item":{"type":"message","id":"msg_1","role":"assistant","content":[]}}`) +
		ev("response.output_text.delta", `{"type":"response.output_text.delta","item_id":"msg_1","output_index":0,"content_index":0,"delta":"Ok."}`) +
		ev("response.output_item.done", `{"type":"response.output_item.done","output_index":0,"item":`+msg+`}`) +
		ev("response.output_item.added", `{"type":"response.output_item.added","output_index":1,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"`+name+`","arguments":""}}`) +
		ev("response.function_call_arguments.delta", `{"type":"response.function_call_arguments.delta","item_id":"fc_1","output_index":1,"delta":`+q(args)+`}`) +
		ev("response.function_call_arguments.done", `{"type":"response.function_call_arguments.done","item_id":"fc_1","output_index":1,"arguments":`+q(args)+`}`) +
		ev("response.output_item.done", `{"type":"response.output_item.done","output_index":1,"item":`+fc+`}`) +
		ev("response.completed", `{"type":"response.completed","response":{"id":"r","status":"completed","output":`+output+`}}`)
}

func TestRules(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  string // "" for a stream that must pass unchanged
		kinds []string
	}{
		{name: "healthy", in: stream("bash", `{"command":"ls"}`, "")},
		{
			name:  "stringified array coerced in done, item and final output",
			in:    stream("todowrite", `{"todos":"[{\"content\":\"a\"}]"}`, ""),
			want:  `{"text":"Ok.","calls":[{"name":"todowrite","arguments":{"todos":[{"content":"a"}]}}]}`,
			kinds: []string{"coerce"},
		},
		{
			name:  "number as a string",
			in:    stream("bash", `{"command":"ls","timeout":"30"}`, ""),
			want:  `{"text":"Ok.","calls":[{"name":"bash","arguments":{"command":"ls","timeout":30}}]}`,
			kinds: []string{"coerce"},
		},
		// the argument-text rules, as in Chat (D63, D65, D66, D69)
		{name: "a stray closer after the arguments", in: stream("bash", `{"command":"ls"}}`, ""),
			want: `{"text":"Ok.","calls":[{"name":"bash","arguments":{"command":"ls"}}]}`, kinds: []string{"args"}},
		{name: "prose after the arguments", in: stream("bash", `{"command":"ls"} Listing now.`, ""),
			want: `{"text":"Ok.","calls":[{"name":"bash","arguments":{"command":"ls"}}]}`, kinds: []string{"args"}},
		{name: "the arguments twice", in: stream("bash", `{"command":"ls"}{"command":"ls"}`, ""),
			want: `{"text":"Ok.","calls":[{"name":"bash","arguments":{"command":"ls"}}]}`, kinds: []string{"args"}},
		{name: "a trailing comma", in: stream("bash", `{"command":"ls", "timeout":"30",}`, ""),
			want: `{"text":"Ok.","calls":[{"name":"bash","arguments":{"command":"ls","timeout":30}}]}`, kinds: []string{"args", "coerce"}},
		{name: "a literal backslash-n between tokens", in: stream("bash", `{\n"command":"ls"\n}`, ""),
			want: `{"text":"Ok.","calls":[{"name":"bash","arguments":{"command":"ls"}}]}`, kinds: []string{"args"}},
		{name: "two different argument objects are left", in: stream("bash", `{"command":"ls"}{"command":"rm x"}`, "")},
		{name: "a tool not offered is left", in: stream("deploy", `{"targets":"[1]"}`, "")},
		{name: "arguments no repair fits are left", in: stream("bash", `{"cmd":"ls"}`, "")},
		{
			name:  "output null rebuilt from the items",
			in:    stream("bash", `{"command":"ls"}`, "null"),
			want:  `{"text":"Ok.","calls":[{"name":"bash","arguments":{"command":"ls"}}]}`,
			kinds: []string{"shape"},
		},
		{
			name:  "output null rebuilt with the repaired call",
			in:    stream("todowrite", `{"todos":"[{\"content\":\"a\"}]"}`, "null"),
			want:  `{"text":"Ok.","calls":[{"name":"todowrite","arguments":{"todos":[{"content":"a"}]}}]}`,
			kinds: []string{"coerce", "shape"},
		},
		{
			name:  "junk frames dropped",
			in:    "data: null\n\ndata:\n\ndata: 42\n\ndata: {\"object\":\"billing.summary\"}\n\n" + stream("bash", `{"command":"ls"}`, "") + "data: [DONE]\n\n",
			want:  `{"text":"Ok.","calls":[{"name":"bash","arguments":{"command":"ls"}}]}`,
			kinds: []string{"junk_frame"},
		},
		{
			name: "errors, comments and [DONE] pass",
			in:   ": ping\n\n" + stream("bash", `{"command":"ls"}`, "") + "data: {\"error\":{\"message\":\"x\"}}\n\ndata: [DONE]\n\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, r := range ssetest.Readers([]byte(tc.in)) {
				out, kinds := run(t, []byte(tools), r)
				check(t, tc.want == "", []byte(tc.in), []byte(tc.want), tc.kinds, out, kinds)
			}
		})
	}
}

func TestRepairResponse(t *testing.T) {
	tl, _ := repair.ToolsFromResponses([]byte(tools))
	body := `{"id":"r","object":"response","status":"completed","output":[{"type":"function_call","id":"fc_1","call_id":"c","name":"bash","arguments":"{\"command\":\"ls\",\"timeout\":\"5\"}"}]}`
	out, ok := RepairResponse(tl, []byte(body), nil)
	if !ok {
		t.Fatal("not repaired")
	}
	want := `{"id":"r","object":"response","status":"completed","output":[{"type":"function_call","id":"fc_1","call_id":"c","name":"bash","arguments":"{\"command\":\"ls\",\"timeout\":5}"}]}`
	if string(out) != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
	healthy := `{"output":[{"type":"function_call","name":"bash","arguments":"{\"command\":\"ls\"}"}]}`
	if out, ok := RepairResponse(tl, []byte(healthy), nil); ok {
		t.Fatalf("healthy body changed: %s", out)
	}
}

// FuzzStream: never panic, and an output that differs from the input must have been reported as a
// repair, but for comments that passed ahead of a held text (see Stream.HoldingSpan).
func FuzzStream(f *testing.F) {
	for _, c := range cases.ForTest(f, "responses") {
		f.Add(c.Request, c.Upstream, uint8(1))
	}
	f.Add([]byte(tools), []byte(stream("todowrite", `{"todos":"[{\"content\":\"a\"}]"}`, "null")), uint8(2))
	f.Add([]byte(tools), []byte("data: null\n\n"+stream("bash", `{"command":"ls","timeout":"3"}`, "")), uint8(3))
	f.Fuzz(func(t *testing.T, request, body []byte, chunk uint8) {
		r := io.Reader(ssetest.Chunks(body, int64(chunk)))
		out, kinds := run(t, request, r)
		if len(kinds) == 0 && !bytes.Equal(sse.WithoutKeepAlives(out, nil), sse.WithoutKeepAlives(body, nil)) {
			t.Fatalf("output changed with no repair reported:\n in: %q\nout: %q", body, out)
		}
	})
}

// TestRepairResponseShapes: a non-streamed request answered with the stream, or with the object
// and a trailing [DONE], gets the response object, repaired (docs/faults.md D55); a stream without a
// final event passes.
func TestRepairResponseShapes(t *testing.T) {
	tl, _ := repair.ToolsFromResponses([]byte(tools))
	obj := `{"id":"r","object":"response","status":"completed","output":[{"type":"function_call","id":"fc_1","call_id":"c","name":"bash","arguments":"{\"command\":\"ls\",\"timeout\":\"5\"}"}]}`
	fixed := `"arguments":"{\"command\":\"ls\",\"timeout\":5}"`
	tests := []struct {
		name, body string
		want       string // a part the result must hold; "" when the body must pass
	}{
		{"stream", stream("bash", `{"command":"ls","timeout":"5"}`, ""), fixed},
		{"stream with output null", stream("bash", `{"command":"ls","timeout":"5"}`, "null"), fixed},
		{"object then [DONE]", obj + "\n\ndata: [DONE]\n\n", fixed},
		{"healthy object then [DONE]", strings.Replace(obj, `\"5\"`, `5`, 1) + "\ndata: [DONE]\n", fixed},
		{"stream without a final event", "event: response.created\ndata: {\"type\":\"response.created\",\"response\":{}}\n\n", ""},
		{"stream ending in an error event", "event: response.created\ndata: {\"type\":\"response.created\",\"response\":{}}\n\nevent: error\ndata: {\"type\":\"error\",\"code\":\"rate_limit_exceeded\",\"message\":\"slow\",\"param\":null,\"sequence_number\":1}\n\n",
			`{"error":{"message":"slow","param":null,"code":"rate_limit_exceeded"}}`},
		{"stream ending in a nested error event", "data: {\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"bad\"}}\n\n",
			`{"error":{"type":"invalid_request_error","message":"bad"}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var kinds ssetest.Kinds
			rep := kinds.Reporter()
			out, ok := RepairResponse(tl, []byte(tc.body), rep)
			if tc.want == "" {
				if ok {
					t.Fatalf("changed: %s", out)
				}
				return
			}
			if !ok || !json.Valid(out) || !strings.Contains(string(out), tc.want) || sse.LooksLikeStream(out) {
				t.Fatalf("got %v %s, want one object holding %s", ok, out, tc.want)
			}
			if !slices.Contains(kinds, "shape") {
				t.Errorf("repairs %v lack shape", kinds)
			}
		})
	}
}

// FuzzRepairResponse: never panic; a changed body is one JSON value.
func FuzzRepairResponse(f *testing.F) {
	for _, c := range cases.ForTest(f, "responses") {
		f.Add(c.Request, c.Upstream)
	}
	f.Add([]byte(tools), []byte(`{"output":[{"type":"function_call","name":"bash","arguments":"{\"command\":\"ls\",\"timeout\":\"5\"}"}]}`+"\ndata: [DONE]\n"))
	f.Fuzz(func(t *testing.T, request, body []byte) {
		tl, _ := repair.ToolsFromResponses(request)
		out, ok := RepairResponse(tl, body, nil)
		if ok && !json.Valid(out) {
			t.Fatalf("changed into invalid JSON:\n in: %q\nout: %q", body, out)
		}
	})
}
