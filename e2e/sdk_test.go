package e2e

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/client"
)

// sdkKinds are the SDK parsers of sdk/oracle.mjs that consume each protocol's answers: each at its
// newest major, and "KIND@6" at the previous major users are still on (openai 6, ai 6 with its
// providers; sdk/package.json installs them under aliases). @anthropic-ai/sdk has one major.
var sdkKinds = map[string][]string{
	"openai":    {"openai", "ai-openai-compatible", "openai@6", "ai-openai-compatible@6"},
	"anthropic": {"anthropic", "ai-anthropic", "ai-anthropic@6"},
	"responses": {"openai-responses", "ai-openai-responses", "openai-responses@6", "ai-openai-responses@6"},
}

// vectorPrefixes are the folder prefixes of the cases testdata/vectors/gen.py writes from the
// peers' tool-parser test vectors (its PREFIXES).
var vectorPrefixes = []string{"vllm-", "sglang-", "report-", "mlx-lm-", "ollama-", "llamacpp-"}

// generatedVector reports whether the case folder name is one gen.py writes. Those thousands of
// cases all have one shape (leaked markup in a text, repaired into calls or passed), which the
// hand-made cases hold each SDK major to; the oracle gives them each SDK's newest major only,
// so that its run stays within CI's time as vectors are added.
func generatedVector(name string) bool {
	return slices.ContainsFunc(vectorPrefixes, func(p string) bool { return strings.HasPrefix(name, p) })
}

// oracleKinds are the SDK kinds the oracle runs case c with: every kind of its protocol
// (sdkKinds), or for a generated vector case only the newest majors (the kinds without "@").
func oracleKinds(c cases.Case) []string {
	kinds := sdkKinds[c.Protocol]
	if !generatedVector(c.Name) {
		return kinds
	}
	return slices.DeleteFunc(slices.Clone(kinds), func(k string) bool { return k != baseKind(k) })
}

// baseKind is kind without its major: "openai@6" -> "openai". The tables below are by base kind:
// every major of an SDK is held to the same.
func baseKind(kind string) string {
	k, _, _ := strings.Cut(kind, "@")
	return k
}

// sdkChat converts an OpenAI-kind SDK message into the client package's accumulated message:
// each call's parsed input (AI SDK) or its arguments string parsed as JSON ("" counts as {}).
func sdkChat(raw json.RawMessage) (*client.ChatMessage, error) {
	var m struct {
		FinishReason *string   `json:"finish_reason"`
		Content      *string   `json:"content"`
		ToolCalls    []sdkCall `json:"tool_calls"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("parsing an SDK's chat message: %w", err)
	}
	out := &client.ChatMessage{Content: m.Content}
	if m.FinishReason != nil {
		out.FinishReason = *m.FinishReason
	}
	for _, c := range m.ToolCalls {
		cc := &client.ChatCall{ID: c.ID, Type: c.Type, Name: c.Name}
		cc.RawArguments, cc.Arguments, cc.ArgumentsErr = c.arguments()
		out.ToolCalls = append(out.ToolCalls, cc)
	}
	return out, nil
}

// sdkResponses converts a Responses-kind SDK message into the client package's result: its text,
// and its calls (each call's parsed input, AI SDK, or its arguments string parsed as JSON) as both
// the output_item.done calls and the final response's.
func sdkResponses(raw json.RawMessage) (*client.ResponsesResult, error) {
	var m struct {
		Text  string    `json:"text"`
		Calls []sdkCall `json:"calls"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("parsing an SDK's response: %w", err)
	}
	out := &client.ResponsesResult{Text: m.Text, Calls: []*client.ResponsesCall{}, Completed: true}
	for _, c := range m.Calls {
		rc := &client.ResponsesCall{Name: c.Name}
		rc.RawArguments, rc.Arguments, rc.ArgumentsErr = c.arguments()
		out.Calls = append(out.Calls, rc)
	}
	out.Final = out.Calls
	return out, nil
}

// sdkCall is one tool call of an OpenAI-kind or Responses-kind SDK message as oracle.mjs prints
// it: the official SDKs give the arguments string, the AI SDK the parsed input.
type sdkCall struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	Name      string          `json:"name"`
	Arguments *string         `json:"arguments"`
	Input     json.RawMessage `json:"input"`
}

// arguments parses the call's arguments string when it has one, else its input, as JSON, ""
// counting as {}. It returns the arguments string ("" for an input), the value, and, when they
// are not JSON, a nil value and the parse error's text.
func (c sdkCall) arguments() (raw string, v any, notJSON string) {
	src := []byte(c.Input)
	if c.Arguments != nil {
		raw, src = *c.Arguments, []byte(*c.Arguments)
	}
	if len(bytes.TrimSpace(src)) == 0 {
		src = []byte("{}")
	}
	if err := json.Unmarshal(src, &v); err != nil {
		return raw, nil, err.Error()
	}
	return raw, v, ""
}

// chatWant renders an accumulated chat message as a want.json "message".
func chatWant(m *client.ChatMessage) json.RawMessage {
	type fn struct {
		Name      string `json:"name"`
		Arguments any    `json:"arguments"`
	}
	type call struct {
		ID       string `json:"id"`
		Type     string `json:"type"`
		Function fn     `json:"function"`
	}
	w := struct {
		FinishReason string  `json:"finish_reason"`
		Content      *string `json:"content"`
		ToolCalls    []call  `json:"tool_calls"`
	}{FinishReason: m.FinishReason, Content: m.Content, ToolCalls: []call{}}
	for _, c := range m.ToolCalls {
		w.ToolCalls = append(w.ToolCalls, call{c.ID, c.Type, fn{c.Name, c.Arguments}})
	}
	b, _ := json.Marshal(w)
	return b
}

// unifiedFinish is the AI SDK's finishReason for a wire finish_reason or stop_reason.
var unifiedFinish = map[string]string{
	"stop": "stop", "tool_calls": "tool-calls", "length": "length",
	"end_turn": "stop", "tool_use": "tool-calls", "max_tokens": "length", "stop_sequence": "stop",
}

// judge compares one SDK result with want (a want.json "message"): nil when the SDK did not fail,
// its message matches by the cases' rules and, for the AI SDK, its unified finish reason is the
// one want's implies.
func judge(c cases.Case, want json.RawMessage, r oracleResult) error {
	if !r.OK {
		return fmt.Errorf("the SDK failed: %s", r.Error)
	}
	var err error
	switch c.Protocol {
	case "openai":
		var m *client.ChatMessage
		if m, err = sdkChat(r.Message); err == nil {
			// the AI SDK has no null content: no text is "" to it, streamed or not
			err = client.CompareChat(want, m, c.Stream || strings.HasPrefix(r.Kind, "ai-"))
		}
	case "responses":
		var m *client.ResponsesResult
		if m, err = sdkResponses(r.Message); err == nil {
			err = client.CompareResponses(want, m)
		}
	default:
		var m client.Message
		if err = json.Unmarshal(r.Message, &m); err == nil {
			err = client.CompareAnthropic(want, &m)
		}
	}
	if err != nil {
		return err
	}
	if strings.HasPrefix(r.Kind, "ai-") {
		var w, g struct {
			Finish  string            `json:"finish_reason"`
			Stop    string            `json:"stop_reason"`
			Calls   []json.RawMessage `json:"calls"`
			Unified string            `json:"unified_finish_reason"`
		}
		_ = json.Unmarshal(want, &w)
		_ = json.Unmarshal(r.Message, &g)
		u := unifiedFinish[w.Finish+w.Stop]
		if c.Protocol == "responses" { // a Responses want names no finish: calls make it tool-calls
			u = map[bool]string{true: "tool-calls", false: "stop"}[len(w.Calls) > 0]
		}
		if g.Unified != u {
			return fmt.Errorf("AI SDK finishReason %q, want %q", g.Unified, u)
		}
	}
	return nil
}

// goOracle accumulates the case's upstream bytes with the client package, as the cases' tests do,
// and returns them as a want.json "message", or the error the accumulation ended with; a tool
// input that is not JSON is such an error.
func goOracle(c cases.Case) (json.RawMessage, error) {
	var msg any
	var notJSON, err error
	switch c.Protocol {
	case "responses":
		var r *client.ResponsesResult
		if r, err = accumulate(c, client.ResponsesStream, client.ResponsesJSON); err == nil {
			for _, rc := range r.Calls {
				notJSON = cmp.Or(notJSON, inputNotJSON("the arguments of %s are not JSON: %s", rc.Name, rc.ArgumentsErr))
			}
			msg = r
		}
	case "openai":
		var m *client.ChatMessage
		if m, err = accumulate(c, client.ChatStream, client.ChatJSON); err == nil {
			for _, tc := range m.ToolCalls {
				notJSON = cmp.Or(notJSON, inputNotJSON("the arguments of %s are not JSON: %s", tc.Name, tc.ArgumentsErr))
			}
			msg = chatWant(m)
		}
	default:
		var m *client.Message
		if m, err = accumulate(c, client.AnthropicStream, client.AnthropicJSON); err == nil {
			for _, b := range m.Content {
				notJSON = cmp.Or(notJSON, inputNotJSON("the input of %s is not JSON: %s", b.Name, b.InputErr))
			}
			msg = m
		}
	}
	if err = cmp.Or(err, notJSON); err != nil {
		return nil, err
	}
	b, _ := json.Marshal(msg)
	return b, nil
}

// accumulate runs the client package's accumulator for the case's upstream bytes: stream for an
// SSE body, whole for a JSON one.
func accumulate[M any](c cases.Case, stream, whole func([]byte) (M, error)) (M, error) {
	if c.Stream {
		return stream(c.Upstream)
	}
	return whole(c.Upstream)
}

// inputNotJSON is the error, said by format, for a call of tool whose input or arguments did not
// parse as JSON, its parse error's text why; nil when why is "".
func inputNotJSON(format, tool, why string) error {
	if why == "" {
		return nil
	}
	return fmt.Errorf(format, tool, why)
}

// sdkStrictFrames says, per SDK kind, whether the SDK fails on a data payload that is not an event
// of its protocol. The Anthropic SDK skips unknown events by design, so a junk frame does not make
// it fail; the others validate every frame.
var sdkStrictFrames = map[string]bool{"openai": true, "ai-openai-compatible": true, "anthropic": false, "ai-anthropic": true,
	"openai-responses": true, "ai-openai-responses": true}

// sdkKnownGaps are the "<protocol>/<case> <kind>" runs where toolfix's answer is known not to
// satisfy the SDK, each with why. The test requires each of them to still fail, so that a fix shows
// up as a failure asking for its entry to be removed.
var sdkKnownGaps = map[string]string{
	"responses/parallel-dones-out-of-order ai-openai-responses":   aiDoneOrder,
	"responses/parallel-dones-out-of-order ai-openai-responses@6": aiDoneOrder,
}

// aiDoneOrder is why the AI SDK lists parallel Responses calls otherwise than the case wants: it
// reports the calls in the order their output_item.done events came, where the clients (and the
// case checker) order them by output_index.
const aiDoneOrder = "the AI SDK lists the calls in the order their dones came, not by output_index"

// aiSchemaPattern reports whether a case's tools declare a string format that z.fromJSONSchema
// turns into a pattern (uuid, email, …): the AI SDK sends the tool's schema as zod writes it back,
// so toolfix judges the call against another schema than the case's (a call whose "id" is "test"
// fits the case's uuid format, which toolfix does not check, and breaks the AI SDK's pattern). Those
// AI SDK runs are not compared.
func aiSchemaPattern(request []byte) bool {
	for _, f := range []string{"uuid", "email", "uri", "date-time", "ipv4", "ipv6"} {
		if bytes.Contains(request, []byte(`"format": "`+f+`"`)) || bytes.Contains(request, []byte(`"format":"`+f+`"`)) {
			return true
		}
	}
	return false
}

// aiSchemaRewritten reports whether c is a vector whose tool schema the AI SDK, which sends each
// tool's schema as z.fromJSONSchema reads it and zod writes it back, sends so that it judges the
// case's call otherwise than the case's schema does: SGLang's GLM 4.7 schema-typing vectors (a
// const object, a top level without "type": "object" whose value needs its type from the
// schema), its root-combinator vectors whose call takes the oneOf branch a $ref does not name,
// a Qwen integer past 2^53, which zod's integer bounds rule out, and K2 Horizon's "type": "any"
// parameter, a type outside JSON Schema's that z.fromJSONSchema refuses ("Unsupported type: any",
// so that the SDK sends no request at all). toolfix repairs them for the
// case's own request (the openai SDK runs); those AI SDK runs are not compared. The list is
// what the oracle showed when the vectors came (CI of 2026-12-02 and 2026-12-03), per vector, both forms.
func aiSchemaRewritten(c cases.Case) bool {
	_, ok := aiRewrittenVectors[strings.TrimSuffix(c.Name, "-nonstream")]
	return ok
}

var aiRewrittenVectors = map[string]struct{}{}

func init() {
	for _, n := range strings.Fields(`sglang-glm47st-field-15 sglang-glm47st-json-looking-const-0
		sglang-glm47st-json-looking-const-1 sglang-glm47st-json-looking-const-2 sglang-glm47st-json-looking-string-0
		sglang-glm47st-json-looking-string-1 sglang-glm47st-json-looking-string-2 sglang-glm47st-numeric-integer-1
		sglang-glm47st-numeric-integer-3 sglang-glm47st-numeric-number-1 sglang-glm47st-numeric-number-3
		sglang-glm47st-numeric-number-4 sglang-k2v3d-any-schema sglang-qcn-big-int-integer llamacpp-qwen3-coder-big-int-integer sglang-rootcomb-other-glm sglang-rootcomb-other-glm47
		sglang-rootcomb-other-hunyuan sglang-rootcomb-other-mimo sglang-rootcomb-other-minicpm5
		sglang-rootcomb-other-minimax-m2 sglang-rootcomb-other-minimax-m3 sglang-rootcomb-other-poolside
		sglang-rootcomb-other-qwen3-coder sglang-rootcomb-other-step3`) {
		aiRewrittenVectors[n] = struct{}{}
	}
}

// sdkAccumulateOtherwise are the "<protocol>/<case> <kind>" passthrough runs where the SDK, by
// design, ends up with another message than the client package, which builds a tool_use input
// from the input_json_delta events alone as Claude Code does; each with why. There the SDK's
// result through toolfix must still equal its result straight.
var sdkAccumulateOtherwise = map[string]string{
	"anthropic/programmatic-call-input-in-start-untouched anthropic":             "the SDK keeps a start's input when no delta follows (BetaMessageStream)",
	"anthropic/programmatic-call-input-in-start-untouched ai-anthropic":          "the AI SDK keeps a start's input and reports a server_tool_use as a tool call",
	"responses/attack-struct-reasoning-two-calls-late-dones openai-responses":    "finalResponse() lists the calls in output order; the client package in the order their output_item.done came (reversed here)",
	"responses/struct-lookalike-empty-final-output openai-responses":             "finalResponse() reads response.completed's output, which the Codex backend (store:false) sends empty; the client package, like Codex, reads the output_item.done events",
	"anthropic/ex-lookalike-message-delta-usage-only ai-anthropic":               "the AI SDK maps the later usage-only delta's null stop_reason to finish reason other (the anthropic SDK and the client package to null)",
	"responses/struct-lookalike-incomplete ai-openai-responses":                  "the AI SDK reports response.incomplete as finish reason length; the client package gives an incomplete response no finish",
	"anthropic/ex2-lookalike-block-start-bare-string-input anthropic":            "the SDK keeps a start's input when no delta follows (here a bare string); the client package, like Claude Code, builds the input from the deltas alone",
	"anthropic/ex2-lookalike-block-start-json-text-fits-nothing anthropic":       "the SDK keeps a start's input when no delta follows (here JSON text that fits no schema); the client package, like Claude Code, builds the input from the deltas alone",
	"responses/attack-struct-reasoning-two-calls-late-dones ai-openai-responses": "the AI SDK lists the calls in the order their output_item.done came; the client package, like finalResponse(), by output_index",
	"responses/lookalike-parallel-dones-out-of-order ai-openai-responses":        "the AI SDK lists the calls in the order their output_item.done came; the client package, like finalResponse(), by output_index",
	"openai/ex2-lookalike-finish-end-turn-text-only ai-openai-compatible":        "the AI SDK maps a finish_reason it does not know (the Anthropic end_turn a translator left in a text-only answer) to finish reason other; the client package keeps the word",
}

// jsonFormat reports whether a case's request asks for a JSON answer (Chat response_format,
// Responses text.format, Anthropic output_format or output_config.format). The AI SDK builds its
// own request from the case's prompt and tools without it, so toolfix, which never reads a JSON
// answer to such a request as a bare call, sees another request there: those AI SDK runs are not
// compared.
func jsonFormat(request []byte) bool {
	var r struct {
		ResponseFormat json.RawMessage `json:"response_format"`
		OutputFormat   json.RawMessage `json:"output_format"`
		Text           struct {
			Format json.RawMessage `json:"format"`
		} `json:"text"`
		OutputConfig struct {
			Format json.RawMessage `json:"format"`
		} `json:"output_config"`
	}
	if json.Unmarshal(request, &r) != nil {
		return false
	}
	for _, f := range []json.RawMessage{r.ResponseFormat, r.OutputFormat, r.Text.Format, r.OutputConfig.Format} {
		var t struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(f, &t) == nil && strings.HasPrefix(t.Type, "json") {
			return true
		}
	}
	return false
}

// TestSDKsOnCases has the official SDK parsers consume every openai, anthropic and responses case
// (the stream helpers: chat.completions.stream().finalChatCompletion(), responses.stream()
// .finalResponse(), messages.stream().finalMessage(), the AI SDK's streamText), once
// through `toolfix serve` and once straight from the mock upstream, all in one node process:
//   - a case whose want is a message: every SDK accepts toolfix's answer without an error and ends
//     up with the wanted message (text, tool names, parsed arguments, finish or stop reason);
//     straight, every junk-frame case makes each SDK of sdkStrictFrames fail, so the oracle is
//     live; what each SDK makes of the other cases straight is logged;
//   - a passthrough case: each SDK ends up with the same result through toolfix as straight, and
//     where both the SDK and the client package accept the upstream bytes, they agree.
func TestSDKsOnCases(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat(toolfixBin); err != nil {
		t.Fatalf("the toolfix binary TestMain built is missing: %v", err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatalf("node is not on PATH: %v", err)
	}
	missing, err := sdkMissing()
	if err != nil {
		t.Fatal(err)
	}
	if len(missing) > 0 {
		t.Fatalf("the SDKs %s are not installed at their pinned versions; from the module root run:\n\t%s", strings.Join(missing, ", "), sdkInstallHint)
	}
	all := cases.ForTest(t, "openai", "anthropic", "responses")
	up := &sdkUpstream{cases: map[string]cases.Case{}}
	for _, c := range all {
		up.cases[c.Protocol+"/"+c.Name] = c
	}
	mock := httptest.NewServer(up)
	t.Cleanup(mock.Close)
	proxied := startToolfix(t, mock.URL)

	var runs []oracleRun
	for _, c := range all {
		for _, kind := range oracleKinds(c) {
			key := c.Protocol + "/" + c.Name
			runs = append(runs,
				oracleRun{ID: "proxied/" + key + "/" + kind, Kind: kind, URL: proxied + "/" + key, Request: c.Request},
				oracleRun{ID: "straight/" + key + "/" + kind, Kind: kind, URL: mock.URL + "/" + key, Request: c.Request})
		}
	}
	res := runOracle(t, runs)

	for n := range aiRewrittenVectors {
		if _, ok := up.cases["openai/"+n]; !ok {
			t.Errorf("aiRewrittenVectors names %q, which is no openai case", n)
		}
	}
	for gap := range sdkKnownGaps {
		if _, ok := res["proxied/"+strings.Replace(gap, " ", "/", 1)]; !ok {
			t.Errorf("known gap %q names no run", gap)
		}
	}
	accepted, straightRight := map[string][]string{}, map[string][]string{}
	for _, c := range all {
		key := c.Protocol + "/" + c.Name
		t.Run(key, func(t *testing.T) {
			for _, kind := range oracleKinds(c) {
				got, straight := res["proxied/"+key+"/"+kind], res["straight/"+key+"/"+kind]
				if strings.HasPrefix(baseKind(kind), "ai-") && (jsonFormat(c.Request) || aiSchemaPattern(c.Request) || aiSchemaRewritten(c)) {
					t.Logf("%s: not compared: the AI SDK's own request differs from the case's (a JSON response format left out, or a tool schema zod writes back otherwise)", kind)
					continue
				}
				if c.Want.Passthrough {
					checkPassthrough(t, c, kind, got, straight)
					continue
				}
				err := judge(c, c.Want.Message, got)
				switch gap, known := sdkKnownGaps[key+" "+kind]; {
				case known && err == nil:
					t.Errorf("%s through toolfix now ends up right: remove the known gap %q", kind, gap)
				case known:
					t.Logf("%s through toolfix: known gap: %v", kind, err)
				case err != nil:
					t.Errorf("%s through toolfix: %v\nthe SDK got: %s", kind, err, got.Message)
				default:
					accepted[kind] = append(accepted[kind], c.Name)
				}
				serr := judge(c, c.Want.Message, straight)
				if serr == nil {
					straightRight[kind] = append(straightRight[kind], c.Name)
				}
				t.Logf("%s straight: %v", kind, firstLine(serr))
				if slices.Contains(c.Want.Repairs, "junk_frame") && sdkStrictFrames[baseKind(kind)] && straight.OK {
					t.Errorf("%s straight: no error on the junk frames; the oracle is not live", kind)
				}
			}
		})
	}
	for _, kinds := range sdkKinds {
		for _, kind := range kinds {
			t.Logf("%s accepts through toolfix: %s", kind, strings.Join(accepted[kind], ", "))
			t.Logf("%s is right straight, without toolfix, on: %s", kind, strings.Join(straightRight[kind], ", "))
		}
	}
}

// checkPassthrough checks a passthrough case for one SDK: the same result through toolfix as
// straight, and, where the SDK and the client package both accept the upstream bytes (a tool input
// that is not JSON counts as refused), the same message.
func checkPassthrough(t *testing.T, c cases.Case, kind string, got, straight oracleResult) {
	t.Helper()
	if got.OK != straight.OK || got.Error != straight.Error || !jsonSame(got.Message, straight.Message) {
		t.Errorf("%s: through toolfix %v %q %s, straight %v %q %s", kind, got.OK, got.Error, got.Message, straight.OK, straight.Error, straight.Message)
	}
	want, gerr := goOracle(c)
	why, otherwise := sdkAccumulateOtherwise[c.Protocol+"/"+c.Name+" "+baseKind(kind)]
	switch {
	case otherwise:
		t.Logf("%s: accumulates otherwise than the client package: %s", kind, why)
	case gerr != nil:
		t.Logf("%s: the client package refuses the upstream bytes (%v); the SDK: ok=%v %s", kind, gerr, got.OK, firstLine(errors.New(got.Error)))
	case !got.OK:
		t.Logf("%s refuses what the client package accepts: %s", kind, firstLine(errors.New(got.Error)))
	default:
		if err := judge(c, want, got); err != nil {
			t.Errorf("%s disagrees with the client package: %v\nthe SDK got: %s\nthe client package: %s", kind, err, got.Message, want)
		}
	}
}

// firstLine is err's message up to its first line break, "<nil>" for nil.
func firstLine(err error) string {
	if err == nil {
		return "<nil>"
	}
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

// jsonSame reports whether a and b are the same JSON value, key order free.
func jsonSame(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return bytes.Equal(a, b)
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}
