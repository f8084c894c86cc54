package repair

import (
	"bytes"
	"encoding/json"
	"fmt"
)

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
