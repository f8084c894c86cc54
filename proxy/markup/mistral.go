package markup

import "strings"

// Mistral's tool-call tokens (docs/faults.md D59: ml-explore/mlx-lm PR #1448, #1374, PR #1643;
// raullenchai/Rapid-MLX #1071; ai-dynamo/frontend-crates PR #60).
const (
	mToolCalls = "[TOOL_CALLS]"
	mArgs      = "[ARGS]"
	mCallID    = "[CALL_ID]"
)

// mistralBlock parses one Mistral call block: [TOOL_CALLS]T[ARGS]{…} (Devstral and the v11+
// templates; [CALL_ID]id may stand before [ARGS]; v11's T{…} without [ARGS], vllm
// test_mistral_tool_parser.py test_extract_tool_calls), whose arguments are exactly one JSON object,
// or the older [TOOL_CALLS] [{"name": "T", "arguments": {…}, "id": "…"}, …], a JSON list of
// call objects with those keys only (arguments an object, a string holding one, or absent).
// Parallel calls repeat the first form, each after its own [TOOL_CALLS].
func mistralBlock(c *cursor) ([]Call, outcome) {
	if r := c.lit(mToolCalls); r != ok {
		return nil, failOrShort(r)
	}
	c.skipBlanks()
	if c.eof() {
		return nil, short
	}
	if rest := c.rest(); rest[0] == '[' {
		switch {
		case strings.HasPrefix(rest, mArgs):
			return nil, fail // [ARGS] without a name
		case partial(rest, mArgs):
			return nil, short
		}
		return mistralList(c)
	}
	name, r := c.token()
	if r != ok {
		return nil, short
	}
	if !validName(name) || !c.tool(name) {
		return nil, fail
	}
	c.skipBlanks()
	if rest := c.rest(); rest != "" && rest[0] == '{' { // v11: the arguments glued to the name
		return mistralArgs(c, name)
	}
	if rest := c.rest(); strings.HasPrefix(rest, mCallID) {
		c.i += len(mCallID)
		if _, r := c.token(); r != ok {
			return nil, short
		}
		c.skipBlanks()
	} else if partial(rest, mCallID) && !partial(rest, mArgs) {
		return nil, short
	}
	if r := c.lit(mArgs); r != ok {
		return nil, failOrShort(r)
	}
	c.skipBlanks()
	return mistralArgs(c, name)
}

// mistralArgs reads the arguments object of the call named name.
func mistralArgs(c *cursor, name string) ([]Call, outcome) {
	obj, r := c.object()
	if r != ok {
		return nil, failOrShort(r)
	}
	return []Call{{Syntax: Mistral, Name: name, JSON: []byte(obj)}}, whole
}

// mistralKeys names the keys of the older template's call objects: name, arguments and id.
var mistralKeys = Family{Syntax: Mistral, Extra: "id"}

// mistralList parses the JSON list of the older template, from its '['.
func mistralList(c *cursor) ([]Call, outcome) { return jsonCallList(c, &mistralKeys, false) }
