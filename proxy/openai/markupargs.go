package openai

import "github.com/toolfix/toolfix/proxy/repair"

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
// markup of that same call (D68, repair.Tools.MarkupInput over Syntaxes, which are markup.All).
func MarkupArguments(tools *repair.Tools, name string, args []byte) ([]byte, bool) {
	return tools.MarkupInput(name, args)
}
