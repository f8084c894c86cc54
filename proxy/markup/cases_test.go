package markup

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
)

// caseSyntax is the syntaxes a dialect of each protocol would enable.
var caseSyntax = map[string]Syntax{"anthropic": Invoke, "openai": All, "responses": Invoke}

// sharedCases are the cases whose text matters to this package.
var sharedCases = map[string][]string{
	"anthropic": {"leaked-invoke-court", "leaked-invoke-array-param", "leaked-invoke-two-calls", "invoke-in-prose-untouched",
		"orphan-prefix-before-tool", "orphan-prefix-only-block", "healthy-text-ends-with-count", "nonstream-leaked-invoke", "healthy-text"},
	"openai": {"hermes-tool-call-in-content", "qwen-xml-tool-call-windows-path", "kimi-tokens-in-content", "deepseek-tokens-in-content",
		"glm-arg-key-in-content", "tool-call-syntax-in-prose-untouched", "leaked-copy-of-real-call", "nonstream-hermes",
		"kimi-singular-section-nonstream", "kimi-singular-section-two-calls", "qwen-naked-function-then-wrapped-nonstream",
		"qwen-naked-function-trailing-closer", "deepseek-dsml-number-like-string-nonstream", "deepseek-dsml-two-invokes-typed",
		"harmony-channel-tokens-nonstream", "harmony-detokenized-commentary", "mistral-args-two-calls", "mistral-json-list-nonstream"},
	"responses": {"resp-leaked-invoke-count-nonstream", "resp-leaked-invoke-court-shell", "resp-invoke-in-fence-untouched"},
}

// wantCall is a tool call of a case's want.json: a name and its arguments as parsed JSON.
type wantCall struct {
	name string
	args map[string]any
}

// caseText is the text of one case: its deltas (one piece for a non-streamed reply).
type caseText struct {
	c      cases.Case
	pieces []string
	calls  []wantCall // the calls the leaked text must give
}

func loadCaseTexts(t testing.TB) []caseText {
	var out []caseText
	for proto, names := range sharedCases {
		all, err := cases.Load(proto)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range all {
			if !slices.Contains(names, c.Name) {
				continue
			}
			ct := caseText{c: c, pieces: textPieces(t, c)}
			if len(ct.pieces) == 0 {
				t.Fatalf("%s/%s: no text", proto, c.Name)
			}
			ct.calls = wantCalls(t, c)
			out = append(out, ct)
		}
	}
	if len(out) != len(sharedCases["anthropic"])+len(sharedCases["openai"])+len(sharedCases["responses"]) {
		t.Fatalf("found %d of the shared cases", len(out))
	}
	return out
}

// textPieces returns the text deltas of a case's single text block or choice, in order.
func textPieces(t testing.TB, c cases.Case) []string {
	if c.Protocol == "responses" {
		return responsesPieces(t, c)
	}
	var v struct {
		Type  string `json:"type"`
		Index int    `json:"index"`
		Delta struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"delta"`
		Content []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"content"`
		Choices []struct {
			Delta   struct{ Content string } `json:"delta"`
			Message struct{ Content string } `json:"message"`
		} `json:"choices"`
	}
	if !c.Stream {
		if err := json.Unmarshal(c.Upstream, &v); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		for _, b := range v.Content {
			if b.Type == "text" {
				return []string{b.Text}
			}
		}
		if len(v.Choices) > 0 {
			return []string{v.Choices[0].Message.Content}
		}
		return nil
	}
	var pieces []string
	for _, line := range strings.Split(strings.ReplaceAll(string(c.Upstream), "\r\n", "\n"), "\n") {
		data, found := strings.CutPrefix(line, "data:")
		if !found || strings.TrimSpace(data) == "[DONE]" {
			continue
		}
		v.Delta.Text, v.Choices, v.Type = "", nil, ""
		if err := json.Unmarshal([]byte(data), &v); err != nil {
			continue
		}
		if v.Type == "content_block_delta" && v.Delta.Type == "text_delta" {
			pieces = append(pieces, v.Delta.Text)
		}
		if len(v.Choices) > 0 && v.Choices[0].Delta.Content != "" {
			pieces = append(pieces, v.Choices[0].Delta.Content)
		}
	}
	return pieces
}

// responsesPieces returns the output_text deltas of a Responses case's message (for a
// non-streamed reply, its text).
func responsesPieces(t testing.TB, c cases.Case) []string {
	if !c.Stream {
		var r struct {
			Output []struct {
				Content []struct {
					Type string `json:"type"`
					Text string `json:"text"`
				} `json:"content"`
			} `json:"output"`
		}
		if err := json.Unmarshal(c.Upstream, &r); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		for _, it := range r.Output {
			for _, p := range it.Content {
				if p.Type == "output_text" {
					return []string{p.Text}
				}
			}
		}
		return nil
	}
	var pieces []string
	for _, line := range strings.Split(strings.ReplaceAll(string(c.Upstream), "\r\n", "\n"), "\n") {
		data, found := strings.CutPrefix(line, "data:")
		if !found {
			continue
		}
		var e struct {
			Type  string `json:"type"`
			Delta string `json:"delta"`
		}
		if json.Unmarshal([]byte(data), &e) == nil && e.Type == "response.output_text.delta" {
			pieces = append(pieces, e.Delta)
		}
	}
	return pieces
}

// wantCalls returns the tool calls a leaked case's want.json expects, those the proxy makes (id
// "*"), or all of them when the upstream also sent them as real calls.
func wantCalls(t testing.TB, c cases.Case) []wantCall {
	if !slices.Contains(c.Want.Repairs, "leaked_call") {
		return nil
	}
	var blocks []struct {
		Type  string         `json:"type"`
		ID    string         `json:"id"`
		Name  string         `json:"name"`
		Input map[string]any `json:"input"`
	}
	var m struct {
		Calls []struct {
			Name      string         `json:"name"`
			Arguments map[string]any `json:"arguments"`
		} `json:"calls"` // Responses
		Content   json.RawMessage `json:"content"` // Anthropic: blocks; OpenAI: a string
		ToolCalls []struct {
			ID       string `json:"id"`
			Function struct {
				Name      string         `json:"name"`
				Arguments map[string]any `json:"arguments"`
			} `json:"function"`
		} `json:"tool_calls"`
	}
	if err := json.Unmarshal(c.Want.Message, &m); err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	if c.Protocol == "anthropic" {
		if err := json.Unmarshal(m.Content, &blocks); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
	}
	var made, all []wantCall
	add := func(id, name string, args map[string]any) {
		all = append(all, wantCall{name, args})
		if id == "*" {
			made = append(made, wantCall{name, args})
		}
	}
	for _, b := range blocks {
		if b.Type == "tool_use" {
			add(b.ID, b.Name, b.Input)
		}
	}
	for _, tc := range m.ToolCalls {
		add(tc.ID, tc.Function.Name, tc.Function.Arguments)
	}
	for _, cl := range m.Calls {
		add("*", cl.Name, cl.Arguments)
	}
	if len(made) > 0 {
		return made
	}
	return all
}

// sameCall compares a parsed call with a wanted one: JSON arguments as parsed JSON; raw parameters
// as strings where the want has a string, else as the JSON they hold (the schema engine's typing).
func sameCall(got Call, want wantCall) bool {
	if got.Name != want.name {
		return false
	}
	if got.JSON != nil {
		var args map[string]any
		return json.Unmarshal(got.JSON, &args) == nil && reflect.DeepEqual(args, want.args)
	}
	if len(got.Params) != len(want.args) {
		return false
	}
	for _, p := range got.Params {
		w, found := want.args[p.Name]
		if !found {
			return false
		}
		if s, isString := w.(string); isString {
			if p.Value != s {
				return false
			}
			continue
		}
		var v any
		d := json.NewDecoder(bytes.NewReader([]byte(p.Value)))
		if d.Decode(&v) != nil || !reflect.DeepEqual(v, w) {
			return false
		}
	}
	return true
}

// heldOK is what a healthy text may hold: a partial line that could still be a stray word (a
// prefix of count, court or call).
var heldOK = regexp.MustCompile(`^[ \t]*(c|co|cou|coun|count|cour|court|ca|cal|call)?$`)

func TestSharedCases(t *testing.T) {
	for _, ct := range loadCaseTexts(t) {
		text := strings.Join(ct.pieces, "")
		for _, syn := range slices.Compact([]Syntax{caseSyntax[ct.c.Protocol], All}) {
			name := ct.c.Protocol + "/" + ct.c.Name
			if syn == All {
				name += "/all"
			}
			t.Run(name, func(t *testing.T) {
				leak, leaked := FindTail(text, syn)
				_, word, orphan := TrailingWord(text)
				switch {
				case ct.calls != nil:
					if !leaked {
						t.Fatalf("no leaked tail in %q", text)
					}
					if len(leak.Calls) != len(ct.calls) {
						t.Fatalf("calls:\n%s\nwant %d", dumpCalls(leak.Calls), len(ct.calls))
					}
					for i, w := range ct.calls {
						if !sameCall(leak.Calls[i], w) {
							t.Errorf("call %d:\n%s\nwant %+v", i, dumpCalls(leak.Calls[i:i+1]), w)
						}
					}
				case leaked:
					t.Fatalf("found a tail at %d in a case without a leaked call: %s", leak.Start, dumpCalls(leak.Calls))
				default:
					leak.Start = len(text)
				}
				wantOrphan := slices.Contains(ct.c.Want.Repairs, "orphan_prefix") || strings.Contains(ct.c.Name, "ends-with-count")
				if orphan != wantOrphan {
					t.Errorf("TrailingWord ok = %v (word %q), want %v", orphan, word, wantOrphan)
				}

				byteAtATime := strings.Split(text, "")
				for _, pieces := range [][]string{ct.pieces, byteAtATime} {
					released, held := feedPieces(NewHolder(syn), pieces, func(released, held string) {
						sofar := released + held
						if !strings.HasPrefix(text, sofar) {
							t.Fatalf("released %q + held %q is not a prefix of the text", released, held)
						}
						if len(released) > leak.Start {
							t.Fatalf("released %q, past the leak at %d", released, leak.Start)
						}
						// Everything before the last non-blank line goes at once, unless it is the leak.
						trimmed := strings.TrimRight(sofar, blanks)
						lastLine := strings.LastIndexByte(trimmed, '\n') + 1
						if len(released) < min(leak.Start, lastLine) {
							t.Fatalf("held %q, though it began before the last line of %q", held, sofar)
						}
						if ct.calls == nil && !heldOK.MatchString(held) && !(orphan && strings.HasPrefix(text[len(released):], held)) {
							t.Fatalf("healthy text: held %q", held)
						}
					})
					if released+held != text {
						t.Fatalf("released %q + held %q != text", released, held)
					}
					switch {
					case ct.calls != nil && len(released) != leak.Start:
						t.Errorf("at the end released %q, want everything before the leak at %d", released, leak.Start)
					case ct.calls == nil && orphan:
						if strings.TrimSpace(held) != word {
							t.Errorf("at the end held %q, want the stray word %q", held, word)
						}
						if _, w, ok := TrailingWord(held); !ok || w != word {
							t.Errorf("TrailingWord(held %q) = %q, %v; want %q", held, w, ok, word)
						}
					case ct.calls == nil && held != "":
						t.Errorf("at the end held %q of a healthy text", held)
					}
				}
			})
		}
	}
}
