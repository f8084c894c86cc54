package markup_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolfix/toolfix/proxy"
	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/inspect"
	"github.com/toolfix/toolfix/proxy/markup"
)

// TestNewRowEveryAPI proves the table's design: a family added as one row (markup.MyCall, a
// made-up <|mycall|> JSON row) and nothing else is found in Chat content, Anthropic text blocks and
// Responses output_text, streamed in random small deltas and whole, through a toolfix Server. The
// texts are those of the LongCat cases (vllm test_longcat_tool_parser.py) with LongCat's tags
// swapped for the row's, and each must accumulate to the case's wanted message (the look-alike,
// prose after the call, passing as it came); without the row every upstream passes as it came.
func TestNewRowEveryAPI(t *testing.T) {
	swap := strings.NewReplacer("<longcat_tool_call>", "<|mycall|>", "</longcat_tool_call>", "<|/mycall|>")
	for _, protocol := range cases.Protocols {
		for _, name := range []string{"vllm-longcat-single", "vllm-longcat-parallel", "vllm-longcat-surrounding-text"} {
			whole := cases.NamedForTest(t, protocol, name+"-nonstream")
			streamed := cases.NamedForTest(t, protocol, name)
			text := swap.Replace(upstreamText(t, whole))
			if !strings.Contains(text, "<|mycall|>") {
				t.Fatalf("%s/%s: no LongCat tags to swap in %q", protocol, name, text)
			}
			for _, c := range []cases.Case{whole, streamed} {
				for seed := int64(1); seed <= 3; seed++ {
					up := []byte(swap.Replace(string(c.Upstream)))
					if c.Stream {
						up = streamOf(protocol, text, seed)
					}
					t.Run(fmt.Sprintf("%s/%s/seed%d", protocol, c.Name, seed), func(t *testing.T) {
						if got := serve(t, c, up, seed); !bytes.Equal(got, up) {
							t.Fatalf("without the row the text changed:\n%s", got)
						}
						undo := markup.AddFamily(markup.MyCall)
						defer undo()
						got := serve(t, c, up, seed)
						if c.Want.Passthrough { // prose after the call: a look-alike, the row's too
							if !bytes.Equal(got, up) {
								t.Fatalf("a look-alike changed:\n%s", got)
							}
							return
						}
						if err := client.Checks[protocol](c.Want.Message, got, c.Stream); err != nil {
							t.Fatalf("%v\nbody:\n%s", err, got)
						}
						if bytes.Contains(got, []byte("mycall")) {
							t.Fatalf("the row's markup is left in the answer:\n%s", got)
						}
					})
				}
			}
		}
	}
}

// serve sends c's request through a toolfix Server to an upstream that answers with up in
// random writes of 1 to 8 bytes, and returns the body the client received.
func serve(t *testing.T, c cases.Case, up []byte, seed int64) []byte {
	t.Helper()
	c.Upstream = up
	ups := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		cases.WriteUpstream(w, c, seed, 8)
	}))
	defer ups.Close()
	srv, err := proxy.New(proxy.Options{Routes: []proxy.Route{{Upstream: ups.URL}}})
	if err != nil {
		t.Fatal(err)
	}
	ps := httptest.NewServer(srv)
	defer ps.Close()
	req, err := http.NewRequest(http.MethodPost, ps.URL+inspect.PathOf(c.Protocol), bytes.NewReader(c.Request))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-api-key", "sk-ant-test-canary")
	resp, err := ps.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	return body
}

// upstreamText returns the text of the non-streamed case c's answer: Chat's message content,
// Anthropic's first text block, Responses' first output_text.
func upstreamText(t *testing.T, c cases.Case) string {
	t.Helper()
	var a struct {
		Choices []struct {
			Message struct{ Content string } `json:"message"`
		} `json:"choices"`
		Content []struct{ Text string } `json:"content"`
		Output  []struct {
			Content []struct{ Text string } `json:"content"`
		} `json:"output"`
	}
	if err := json.Unmarshal(c.Upstream, &a); err != nil {
		t.Fatalf("%s/%s: %v", c.Protocol, c.Name, err)
	}
	switch {
	case len(a.Choices) > 0:
		return a.Choices[0].Message.Content
	case len(a.Content) > 0:
		return a.Content[0].Text
	case len(a.Output) > 0 && len(a.Output[0].Content) > 0:
		return a.Output[0].Content[0].Text
	}
	t.Fatalf("%s/%s: no text", c.Protocol, c.Name)
	return ""
}

// streamOf is a streamed answer of protocol whose only text is text, in deltas of 1 to 6 runes
// drawn from a generator seeded with seed, ending as a model's turn ends.
func streamOf(protocol, text string, seed int64) []byte {
	rnd := rand.New(rand.NewSource(seed))
	var pieces []string
	for rest := text; rest != ""; {
		n, k := 1+rnd.Intn(6), 0
		for ; n > 0 && k < len(rest); n-- {
			_, size := utf8.DecodeRuneInString(rest[k:])
			k += size
		}
		pieces = append(pieces, rest[:k])
		rest = rest[k:]
	}
	q := func(s string) string { // JSON as a server writes it, < and > unescaped
		var b bytes.Buffer
		e := json.NewEncoder(&b)
		e.SetEscapeHTML(false)
		_ = e.Encode(s)
		return strings.TrimSuffix(b.String(), "\n")
	}
	var b strings.Builder
	ev := func(typ, data string) {
		if typ != "" {
			b.WriteString("event: " + typ + "\n")
		}
		b.WriteString("data: " + data + "\n\n")
	}
	switch protocol {
	case "openai":
		chunk := func(delta, finish string) string {
			return `{"id":"chatcmpl-r1","object":"chat.completion.chunk","created":1764460800,"model":"open-model","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + finish + `}]}`
		}
		ev("", chunk(`{"role":"assistant","content":""}`, "null"))
		for _, p := range pieces {
			ev("", chunk(`{"content":`+q(p)+`}`, "null"))
		}
		ev("", chunk(`{}`, `"stop"`))
		ev("", "[DONE]")
	case "anthropic":
		ev("message_start", `{"type":"message_start","message":{"id":"msg_r1","type":"message","role":"assistant","model":"open-model","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":100,"output_tokens":1}}}`)
		ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`)
		for _, p := range pieces {
			ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":`+q(p)+`}}`)
		}
		ev("content_block_stop", `{"type":"content_block_stop","index":0}`)
		ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":50}}`)
		ev("message_stop", `{"type":"message_stop"}`)
	default:
		seq := 0
		rev := func(typ, body string) {
			ev(typ, `{"type":"`+typ+`",`+body+`,"sequence_number":`+fmt.Sprint(seq)+`}`)
			seq++
		}
		resp := func(status, output string) string {
			return `"response":{"id":"resp_r1","object":"response","created_at":1766102400,"status":"` + status + `","model":"open-model","output":[` + output + `]}`
		}
		part := `{"type":"output_text","text":` + q(text) + `,"annotations":[]}`
		item := `{"type":"message","id":"msg_r1","status":"completed","role":"assistant","content":[` + part + `]}`
		at := `"item_id":"msg_r1","output_index":0,"content_index":0`
		rev("response.created", resp("in_progress", ""))
		rev("response.in_progress", resp("in_progress", ""))
		rev("response.output_item.added", `"output_index":0,"item":{"type":"message","id":"msg_r1","status":"in_progress","role":"assistant","content":[]}`)
		rev("response.content_part.added", at+`,"part":{"type":"output_text","text":"","annotations":[]}`)
		for _, p := range pieces {
			rev("response.output_text.delta", at+`,"delta":`+q(p))
		}
		rev("response.output_text.done", at+`,"text":`+q(text))
		rev("response.content_part.done", at+`,"part":`+part)
		rev("response.output_item.done", `"output_index":0,"item":`+item)
		rev("response.completed", resp("completed", item))
	}
	return []byte(b.String())
}
