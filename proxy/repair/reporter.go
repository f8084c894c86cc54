package repair

// Reporter receives what a dialect did with one response, for logs and counters. Any field may
// be nil, and a nil *Reporter ignores everything. No call ever carries argument values,
// headers or keys: only kind names, tool names and short fixed reasons.
type Reporter struct {
	// Repaired is called once per repair applied: kind is one of the kind names of the cases'
	// README ("coerce", "escape", "leaked_call", "orphan_prefix", "junk_frame", "args_object",
	// "args", "shape", "stop_reason", "finish_reason"); tool is the tool's name or "".
	Repaired func(kind, tool string)
	// FailOpen is called when a repair was attempted but the original bytes went out instead:
	// reason is a short fixed phrase such as "input does not fit the schema" or "panic".
	FailOpen func(reason string)
	// Undeclared is called when a response calls a tool its request does not declare, which is
	// never repaired (REPAIRS.md D57): tool is the name as the response wrote it, never "". A
	// dialect calls it from what it reads anyway (an Anthropic tool_use content_block_start, a
	// Chat tool_calls delta naming a function, a Responses function_call item), once per such
	// call or delta, so the same name may come more than once; the caller keeps one per response.
	Undeclared func(tool string)
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

// NotDeclared reports a call to tool, which the request does not declare (see Undeclared). An
// empty name is not reported.
func (r *Reporter) NotDeclared(tool string) {
	if r == nil || r.Undeclared == nil || tool == "" {
		return
	}
	r.Undeclared(tool)
}

// WithoutUndeclared returns r without its Undeclared (r itself when it has none), for a dialect
// given tools it could not read from the request: every name would then look undeclared.
func (r *Reporter) WithoutUndeclared() *Reporter {
	if r == nil || r.Undeclared == nil {
		return r
	}
	c := *r
	c.Undeclared = nil
	return &c
}

// Fail reports a fail-open with its reason.
func (r *Reporter) Fail(reason string) {
	if r == nil || r.FailOpen == nil {
		return
	}
	r.FailOpen(reason)
}
