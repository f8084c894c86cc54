package proxy

import (
	"github.com/toolfix/toolfix/proxy/anthropic"
	"github.com/toolfix/toolfix/proxy/repair"
)

// newStreamRepairer returns the repairer for a streamed response of dialect, or nil to pass the
// stream through untouched. The request body is only read for its tools, never altered.
func newStreamRepairer(dialect string, request []byte, rep *repair.Reporter) streamRepairer {
	switch dialect {
	case "anthropic":
		tools, _ := repair.ToolsFromAnthropic(request)
		return anthropic.NewStream(tools, rep)
	}
	return nil
}

// repairJSON repairs a non-streamed response body; ok is false when nothing changed.
func repairJSON(dialect string, request, body []byte, rep *repair.Reporter) ([]byte, bool) {
	switch dialect {
	case "anthropic":
		tools, _ := repair.ToolsFromAnthropic(request)
		return anthropic.RepairMessage(tools, body, rep)
	}
	return nil, false
}
