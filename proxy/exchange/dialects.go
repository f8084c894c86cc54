package exchange

import (
	"fmt"
	"strings"

	"github.com/toolfix/toolfix/proxy/anthropic"
	"github.com/toolfix/toolfix/proxy/openai"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/responses"
	"github.com/toolfix/toolfix/proxy/sse"
)

// DialectFor names the API a request path speaks: "anthropic" for …/messages, "chat" for
// …/chat/completions, "responses" for …/responses, "" for anything else (forwarded untouched). A
// query or fragment and trailing slashes are ignored.
func DialectFor(path string) string {
	p := path
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	p = strings.TrimRight(p, "/")
	switch {
	case strings.HasSuffix(p, "/messages"):
		return "anthropic"
	case strings.HasSuffix(p, "/chat/completions"):
		return "chat"
	case strings.HasSuffix(p, "/responses"):
		return "responses"
	}
	return ""
}

// newStreamRepairer returns the repairer for a streamed response of dialect, or nil to pass the
// stream through untouched. The request body is only read for its tools, never altered.
// textFormat is the route's opt-in leaked-call text format ("" for none; see Route.TextFormat).
func newStreamRepairer(dialect string, request []byte, textFormat string, maxHeld int, rep *repair.Reporter) sse.Repairer {
	tools, err := ToolsOf(dialect, request)
	switch dialect {
	case "anthropic":
		st := anthropic.NewStream(tools, readable(rep, err))
		st.SetMaxHeld(maxHeld)
		return st
	case "chat":
		st := openai.NewStream(tools, readable(rep, err), openai.Options{TextFormat: textFormat})
		st.SetMaxHeld(maxHeld)
		return st
	case "responses":
		return responses.NewStream(tools, readable(rep, err))
	}
	return nil
}

// readable returns rep without its Undeclared when the request's tools could not be read (err):
// every call would look undeclared then.
func readable(rep *repair.Reporter, err error) *repair.Reporter {
	if err != nil {
		return rep.WithoutUndeclared()
	}
	return rep
}

// repairJSON repairs a non-streamed response body against the request's tools (ToolsOf, read
// once by the caller; nil or partial when they could not be read); ok is false when nothing changed.
func repairJSON(dialect string, tools *repair.Tools, body []byte, textFormat string, rep *repair.Reporter) ([]byte, bool) {
	switch dialect {
	case "anthropic":
		return anthropic.RepairMessage(tools, body, rep)
	case "chat":
		return openai.RepairCompletion(tools, body, rep, openai.Options{TextFormat: textFormat})
	case "responses":
		return responses.RepairResponse(tools, body, rep)
	}
	return nil, false
}

// ToolsOf reads the tools a request body of dialect ("anthropic", "chat" or "responses", as
// DialectFor names them) declares, with repair.ToolsFromAnthropic, ToolsFromChat or
// ToolsFromResponses. When the tools cannot be read the error is theirs, and the Tools read up to
// there come with it; for another dialect the Tools are nil and the error says so.
func ToolsOf(dialect string, request []byte) (*repair.Tools, error) {
	switch dialect {
	case "anthropic":
		return repair.ToolsFromAnthropic(request)
	case "chat":
		return repair.ToolsFromChat(request)
	case "responses":
		return repair.ToolsFromResponses(request)
	}
	return nil, fmt.Errorf("reading the tools of a request: toolfix repairs no dialect %q", dialect)
}
