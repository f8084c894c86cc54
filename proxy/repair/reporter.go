package repair

// Reporter receives what a dialect did with one response, for logs and counters. Either field may
// be nil, and a nil *Reporter ignores everything. Neither call ever carries argument values,
// headers or keys: only kind names, tool names and short fixed reasons.
type Reporter struct {
	// Repaired is called once per repair applied: kind is one of the kind names of the cases'
	// README ("coerce", "escape", "leaked_call", "orphan_prefix", "junk_frame", "args_object",
	// "args", "shape", "stop_reason", "finish_reason"); tool is the tool's name or "".
	Repaired func(kind, tool string)
	// FailOpen is called when a repair was attempted but the original bytes went out instead:
	// reason is a short fixed phrase such as "input does not fit the schema" or "panic".
	FailOpen func(reason string)
}

// Repair reports each of kinds for tool.
func (r *Reporter) Repair(tool string, kinds ...string) {
	if r == nil || r.Repaired == nil {
		return
	}
	for _, k := range kinds {
		r.Repaired(k, tool)
	}
}

// Fail reports a fail-open with its reason.
func (r *Reporter) Fail(reason string) {
	if r == nil || r.FailOpen == nil {
		return
	}
	r.FailOpen(reason)
}
