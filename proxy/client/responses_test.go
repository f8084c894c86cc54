package client

import (
	"testing"
)

func respEv(typ, data string) string { return "event: " + typ + "\ndata: " + data + "\n\n" }

func respStream(doneArgs, finalOutput string) []byte {
	fc := `{"type":"function_call","id":"fc","call_id":"c","name":"bash","arguments":` + doneArgs + `}`
	msg := `{"type":"message","id":"m","content":[{"type":"output_text","text":"Ok."}]}`
	if finalOutput == "" {
		finalOutput = `[` + msg + `,` + fc + `]`
	}
	return []byte(respEv("response.output_item.done", `{"type":"response.output_item.done","output_index":0,"item":`+msg+`}`) +
		respEv("response.output_item.done", `{"type":"response.output_item.done","output_index":1,"item":`+fc+`}`) +
		respEv("response.completed", `{"type":"response.completed","response":{"output":`+finalOutput+`}}`))
}

func TestCompareResponses(t *testing.T) {
	want := `{"text":"Ok.","calls":[{"name":"bash","arguments":{"command":"ls"}}]}`
	tests := []struct {
		name    string
		body    []byte
		wantErr string
	}{
		{"equal", respStream(`"{\"command\":\"ls\"}"`, ""), ""},
		{"other arguments", respStream(`"{\"command\":\"pwd\"}"`, ""), "arguments"},
		{"arguments not JSON", respStream(`"{\"command\""`, ""), "not JSON"},
		{"final output null", respStream(`"{\"command\":\"ls\"}"`, "null"), "no response.completed"},
		{"final output without the call", respStream(`"{\"command\":\"ls\"}"`, `[]`), "response.completed: 0 calls"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ResponsesStream(tc.body)
			if err != nil {
				t.Fatal(err)
			}
			err = CompareResponses([]byte(want), r)
			wantError(t, err, tc.wantErr)
		})
	}
}

func TestResponsesStreamStrict(t *testing.T) {
	for _, bad := range []string{"data: null\n\n", "data: {\"object\":\"x\"}\n\n", "event: response.created\ndata: {\"type\":\"response.completed\"}\n\n", "data: {\"type\":\"error\",\"message\":\"x\"}\n\n"} {
		if _, err := ResponsesStream([]byte(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestResponsesJSON(t *testing.T) {
	r, err := ResponsesJSON([]byte(`{"output":[{"type":"message","content":[{"type":"output_text","text":"Ok."}]},{"type":"function_call","name":"bash","arguments":"{\"command\":\"ls\"}"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := CompareResponses([]byte(`{"text":"Ok.","calls":[{"name":"bash","arguments":{"command":"ls"}}]}`), r); err != nil {
		t.Fatal(err)
	}
	if err := CompareResponses([]byte(`{"text":"Ok.","calls":[{"name":"bash","arguments":{"command":"pwd"}}]}`), r); err == nil {
		t.Fatal("different arguments compared equal")
	}
}
