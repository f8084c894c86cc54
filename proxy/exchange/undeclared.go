package exchange

import (
	"bytes"
	"encoding/json"

	"github.com/toolfix/toolfix/proxy/repair"
)

// A tool call that names a tool the request does not declare is never repaired (REPAIRS.md D57:
// toolfix does not guess a schema, nor rename a call; router-for-me/CLIProxyAPI #2857). Since Claude
// Code 2.1.3xx turns tool search on behind a base URL that is not Anthropic's, this is common: a
// deferred tool's schema reaches the request only after a ToolSearch call found it, and the model
// may call it before. So that the logs say why nothing was repaired, the proxy logs one line
// "tool not declared in the request" per such tool name and response; `toolfix analyze` names the
// same call as D57. The bytes pass as they came either way. In a stream the dialect reports each
// such call from what it reads anyway (repair.Reporter.Undeclared), so that no event is read
// twice. A whole Messages or Chat Completions answer is reported so by its JSON repairer
// (anthropic.RepairMessage, openai.RepairCompletion), which reads every call anyway; a whole
// Responses answer is read once here.

// undeclaredMsg is the log message of a call to a tool the request does not declare.
const undeclaredMsg = "tool not declared in the request"

// undeclared finds the tool names a whole JSON answer calls that its request does not declare.
type undeclared struct {
	dialect string
	tools   *repair.Tools
	seen    map[string]bool
	note    func(tool string)
}

// newUndeclared watches a whole JSON answer of dialect ("anthropic", "chat", "responses") for
// calls to tools other than the request's, as ToolsOf read them without an error (a request whose
// tools cannot be read is not watched: the dialects fail open on those). A stream needs none: its
// dialect reports each call to an undeclared tool as it reads it (repair.Reporter.Undeclared).
func newUndeclared(dialect string, tools *repair.Tools, note func(string)) *undeclared {
	return &undeclared{dialect: dialect, tools: tools, seen: map[string]bool{}, note: note}
}

// check notes each name not declared, once per response.
func (u *undeclared) check(names []string) {
	for _, n := range names {
		if n != "" && !u.tools.Has(n) && !u.seen[n] {
			u.seen[n] = true
			u.note(n)
		}
	}
}

// callMarker is a byte string every body that calls a tool holds, per dialect; a body without it
// is not decoded at all.
var callMarker = map[string][]byte{
	"anthropic": []byte(`"tool_use"`),
	"chat":      []byte(`"tool_calls"`),
	"responses": []byte(`"function_call"`),
}

// body notes the tools a whole JSON answer calls: Anthropic content[] tool_use blocks, Chat
// Completions choices[].message.tool_calls, Responses output[] function_call items.
func (u *undeclared) body(b []byte) {
	if !bytes.Contains(b, callMarker[u.dialect]) {
		return
	}
	var msg struct {
		Content []struct {
			Type string `json:"type"`
			Name string `json:"name"`
		} `json:"content"`
		Choices []struct {
			Message struct {
				ToolCalls []struct {
					Function struct {
						Name string `json:"name"`
					} `json:"function"`
				} `json:"tool_calls"`
			} `json:"message"`
		} `json:"choices"`
		Output []struct {
			Type string `json:"type"`
			Name string `json:"name"`
		} `json:"output"`
	}
	if json.Unmarshal(b, &msg) != nil {
		return
	}
	var names []string
	for _, c := range msg.Content {
		if c.Type == "tool_use" {
			names = append(names, c.Name)
		}
	}
	for _, c := range msg.Choices {
		for _, tc := range c.Message.ToolCalls {
			names = append(names, tc.Function.Name)
		}
	}
	for _, o := range msg.Output {
		if o.Type == "function_call" {
			names = append(names, o.Name)
		}
	}
	u.check(names)
}

// logUndeclared logs one call to a tool the request does not declare.
func (ex *exchange) logUndeclared(tool string) {
	ex.s.log.Info(undeclaredMsg, "route", ex.route, "dialect", ex.dialect, "tool", tool)
}
