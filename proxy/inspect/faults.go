package inspect

import (
	"sort"
)

// Fault is one fault found in an upstream response, named by its row in the fault table (docs/faults.md).
type Fault struct {
	// ID is the docs/faults.md row: "D13", "D01b", …; "" for a fault no row names (an input that does
	// not fit its schema in a way no rule covers).
	ID string `json:"id"`
	// Kind is the kind name toolfix reports when it repairs this fault ("coerce", "leaked_call", …,
	// as in testdata/cases/README.md); "" for a fault toolfix leaves alone on purpose.
	Kind string `json:"kind,omitempty"`
	// Where says which event or block: "event 7", "block 1 (tool_use TodoWrite)", "message".
	Where string `json:"where"`
	// Detail says what is wrong, in a sentence.
	Detail string `json:"detail"`
}

// Title returns the short name of a docs/faults.md row, "" for an unknown id.
func Title(id string) string { return titles[id] }

// titles are short names of the docs/faults.md rows analyze reports.
var titles = map[string]string{
	"D01":  "tool call leaked as <invoke> markup in text",
	"D01b": "stray word left before a real tool call",
	"D02":  "tool call leaked as MiniMax markup in text",
	"D03":  "tool call leaked as Qwen <tool_call><function=…> in content",
	"D03b": "tool call leaked as Hermes <tool_call>{json} in content",
	"D04":  "tool call leaked as Kimi section tokens in content",
	"D05":  "tool call leaked as DeepSeek tokens in content",
	"D06":  "tool call leaked as GLM <arg_key> markup in content",
	"D58":  "tool call leaked as gpt-oss Harmony commentary in content",
	"D59":  "tool call leaked as Mistral [TOOL_CALLS] in content",
	"D62":  "tool call leaked as another open model's call markup (Seed-OSS, LongCat, Step3, pythonic, …) in text",
	"D60":  "tool call leaked as <invoke> markup in a Responses output_text",
	"D11":  "tool-call markup inside thinking (never promoted)",
	"D12":  "tool-call markup in prose or a code fence (never promoted)",
	"D13":  "array or object argument sent as a JSON string",
	"D15":  "number, boolean or null sent as a string",
	"D23b": "leaked closing markup after a complete value",
	"D25":  "\\u escape broken by white space",
	"D29":  "Python literal where JSON was due",
	"D34":  "finish_reason stop (or end_turn, tool_use) although tool calls came",
	"D36":  "choices: null",
	"D38":  "tool_use input only in content_block_start",
	"D39":  "stop_reason end_turn/null (or stop, tool_calls) although tool_use blocks came",
	"D41":  "event without an event: line",
	"D41b": "blank text_delta on an open tool_use block",
	"D42":  "error event mid-stream (passed unchanged)",
	"D46":  "tool input that is not JSON, maybe cut off (never completed)",
	"D47":  "extra object frame that is not an event/chunk",
	"D48":  "data that is not a JSON object (null, scalar, array, empty)",
	"D55":  "non-streamed request answered with SSE",
	"D56":  "error frame (kept for the client)",
	"D57":  "call to a tool the request does not offer (never renamed)",
	"D16":  "object where the schema wants a string (left alone)",
	"D19":  "empty arguments",
	"D21":  "the full arguments repeated",
	"D22":  "two calls merged into one arguments text (left alone)",
	"D23":  "prose after complete arguments",
	"D24":  "unescaped backslashes",
	"D64":  "raw control character inside a string",
	"D63":  "an argument-text fault in an Anthropic or Responses call",
	"D65":  "trailing comma before a closer",
	"D66":  "literal backslash-n between tokens",
	"D67":  "tool_use input that is the JSON text of an object",
	"D68":  "arguments holding the raw markup of the same call",
	"D69":  "arguments null",
	"D20":  "arguments sent as an object, not a string",
	"D31":  "tool-call delta without an index",
	"D70":  "two parallel calls streamed on one index",
	"D71":  "cumulative arguments: every delta resends them whole",
	"D72":  `a named call's first delta without "type":"function"`,
	"D44":  "response.completed without output",
	"D73":  "finish sequence replayed after message_stop",
	"D74":  "Responses function_call without its output_item.done, or with an empty name there",
}

// KindRows maps a repair kind, as toolfix reports it, to the docs/faults.md rows it covers.
var KindRows = map[string][]string{
	"coerce":        {"D13", "D14", "D15", "D29", "D23b", "D67"},
	"escape":        {"D24", "D25", "D64"},
	"leaked_call":   {"D01", "D02", "D03", "D03b", "D04", "D05", "D06", "D58", "D59", "D60", "D62"},
	"orphan_prefix": {"D01b"},
	"junk_frame":    {"D47", "D48"},
	"shape":         {"D38", "D41", "D41b", "D31", "D32", "D33", "D36", "D70", "D71", "D72", "D73", "D74"},
	"stop_reason":   {"D39"},
	"finish_reason": {"D34"},
	"args_object":   {"D20"},
	"args":          {"D19", "D21", "D23", "D24", "D63", "D65", "D66", "D68", "D69"},
}

// faultList collects faults, each (id, where) once.
type faultList struct {
	list []Fault
	seen map[string]bool
}

func (f *faultList) add(id, kind, where, detail string) {
	if f.seen == nil {
		f.seen = map[string]bool{}
	}
	k := id + "\x00" + where
	if f.seen[k] {
		return
	}
	f.seen[k] = true
	f.list = append(f.list, Fault{ID: id, Kind: kind, Where: where, Detail: detail})
}

// sortedKinds returns the distinct kinds in kinds, sorted.
func sortedKinds(kinds []string) []string {
	m := map[string]bool{}
	for _, k := range kinds {
		m[k] = true
	}
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
