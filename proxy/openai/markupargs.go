package openai

import (
	"strings"

	"github.com/toolfix/toolfix/proxy/markup"
	"github.com/toolfix/toolfix/proxy/repair"
)

// repairArguments repairs the arguments text of a call to the offered tool name that does not
// fit its schema: the schema engine's repairs (repair.Options.Args unless the call may be cut
// off, keeping the text's own bytes), then, when none fits, the arguments read as the raw call
// markup of that same call (MarkupArguments, D68). kinds are the repair kinds ("args" for D68);
// ok is false when nothing fits.
func repairArguments(tools *repair.Tools, name string, args []byte, cut bool) (fixed []byte, kinds []string, ok bool) {
	if fixed, kinds, ok := tools.RepairInput(name, args, repair.Options{Args: !cut, KeepText: true}); ok || cut {
		return fixed, kinds, ok
	}
	in, ok := MarkupArguments(tools, name, args)
	if !ok {
		return nil, nil, false
	}
	return in, []string{repair.KindArgs}, true
}

// MarkupArguments reads the arguments text of a Chat call to the tool name as the raw call
// markup of that same call (docs/faults.md D68: vllm-project/vllm #51804, continuedev/continue
// #11453; a named or required tool_choice makes some servers put the model's markup there):
// only when the whole text is one call of one of markup's families (Syntaxes), it names the
// call's own function, and every parameter is declared and fits (Tools.CallInput). It returns
// the call's input as compact JSON, or false when the text is not such markup.
func MarkupArguments(tools *repair.Tools, name string, args []byte) ([]byte, bool) {
	keep, calls, found := markup.ParseTail(string(args), Syntaxes)
	if !found || strings.TrimSpace(keep) != "" || len(calls) != 1 || calls[0].Name != name {
		return nil, false
	}
	in, err := tools.CallInput(name, repair.MarkupParams(calls[0].Params), calls[0].JSON)
	if err != nil {
		return nil, false
	}
	return in, true
}
