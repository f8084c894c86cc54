package repair

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolfix/toolfix/proxy/markup"
)

// MarkupParams returns the parameters of a call that leaked as markup ([markup.Call.Params]) as
// BuildInput takes them, in their order; nil or empty gives an empty slice.
func MarkupParams(ps []markup.Param) []Param {
	out := make([]Param, len(ps))
	for i, p := range ps {
		out[i] = Param{Name: p.Name, Value: p.Value, JSON: p.JSON, Elements: p.Elements}
	}
	return out
}

// CallInput builds the input of a tool call that leaked into text, for the tool named name: from
// params (XML-style markup, raw string values typed by the schema, see BuildInput) or, when
// jsonArgs is not nil, from JSON arguments text (Hermes, Kimi, DeepSeek), which must fit the schema
// or be made to by RepairInput. It returns compact JSON that fits the tool's schema, or an error
// when the request offers no such tool, forbids calls (tool_choice "none"), declares the tool only
// in the legacy functions[] (its client reads no tool_calls), names another tool in tool_choice,
// or the input cannot be made to fit. The number of calls is AllowsCalls' to judge.
func (t *Tools) CallInput(name string, params []Param, jsonArgs []byte) ([]byte, error) {
	tl := t.lookup(name)
	switch {
	case tl == nil:
		return nil, fmt.Errorf("tool %q is not offered by the request", name)
	case t.noCalls:
		return nil, fmt.Errorf("the request forbids tool calls (tool_choice none)")
	case tl.legacy:
		return nil, fmt.Errorf("tool %q is declared only in the legacy functions", name)
	case t.only != "" && t.only != name:
		return nil, fmt.Errorf("the request's tool_choice names %q, not %q", t.only, name)
	}
	if jsonArgs == nil {
		return t.BuildInput(name, params)
	}
	if fixed, _, changed := t.RepairInput(name, jsonArgs, Options{}); changed {
		return fixed, nil
	}
	if t.Fits(name, jsonArgs) {
		var b bytes.Buffer
		if err := json.Compact(&b, jsonArgs); err != nil {
			return nil, fmt.Errorf("compacting arguments of %q: %w", name, err)
		}
		return b.Bytes(), nil
	}
	return nil, fmt.Errorf("arguments of %q do not fit its schema", name)
}

// LeakedInput is [Tools.CallInput] for a call that leaked into text. A call written bare (bare:
// the whole answer is a JSON call object, a JSON list of them or a Python call list, and nothing
// but that shape says it is a call, as Llama 3 JSON, xLAM and pythonic answers are) must also name
// only members the tool's schema declares (HasParam): a JSON answer to "give me JSON" that has a
// "name" and "arguments" of an offered tool but other members is a look-alike, not a call (issue
// 20 G1). In an answer the request asks for as JSON, a bare call is never a call.
func (t *Tools) LeakedInput(name string, params []Param, jsonArgs []byte, bare bool) ([]byte, error) {
	if bare && t.jsonText {
		return nil, fmt.Errorf("bare call %q in an answer the request asks for as JSON", name)
	}
	in, err := t.CallInput(name, params, jsonArgs)
	if err != nil || !bare {
		return in, err
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(in, &members); err != nil {
		return nil, fmt.Errorf("reading the input of bare call %q: %w", name, err)
	}
	for k := range members {
		if !t.HasParam(name, k) {
			return nil, fmt.Errorf("bare call %q names %q, which its schema does not declare", name, k)
		}
	}
	return in, nil
}

// MarkupInput reads a call's input text (Chat or Responses arguments, an Anthropic tool_use's
// input_json_delta text) as the raw call markup of that same call (docs/faults.md D68:
// vllm-project/vllm #51804, continuedev/continue #11453; a named or required tool_choice makes
// some servers put the model's markup there): only when the whole text is one call of one of
// markup's families (markup.All), it names the call's own tool name, and every parameter is
// declared and fits (CallInput). It returns the call's input as compact JSON, or false when the
// text is not such markup.
func (t *Tools) MarkupInput(name string, text []byte) ([]byte, bool) {
	keep, calls, found := markup.ParseTail(string(text), markup.All)
	if !found || strings.TrimSpace(keep) != "" || len(calls) != 1 || calls[0].Name != name {
		return nil, false
	}
	in, err := t.CallInput(name, MarkupParams(calls[0].Params), calls[0].JSON)
	if err != nil {
		return nil, false
	}
	return in, true
}
