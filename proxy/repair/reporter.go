package repair

import "slices"

// Reporter receives what a dialect did with one response, for logs and counters. Any field may
// be nil, and a nil *Reporter ignores everything. No call ever carries argument values,
// headers or keys: only kind names, tool names and short fixed reasons.
type Reporter struct {
	// Repaired is called once per call and kind of repair applied (see CallRecord): kind is one of the kind names of the cases'
	// README ("coerce", "escape", "leaked_call", "orphan_prefix", "junk_frame", "args_object",
	// "args", "shape", "stop_reason", "finish_reason"); tool is the tool's name or "".
	Repaired func(kind, tool string)
	// FailOpen is called when a repair was attempted but the original bytes went out instead,
	// and once for every call of an offered tool that fits its schema neither as it came nor
	// repaired (NotFit): reason is a short fixed phrase such as NotFit or "panic in repair".
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

// CallRecord is what one tool call of a response has reported so far, so that a repair is
// counted once per call and kind however many deltas it rewrote, and a call that does not fit
// after the repair is one fail-open (issue 20 item 4). The zero value is a call that reported
// nothing. A dialect keeps one per call and reports through CallRepair and CallFail.
type CallRecord struct {
	kinds  []string // the kinds reported for the call, each once
	failed bool     // a fail-open was reported for the call
}

// Failed reports whether a fail-open was reported for the call.
func (c *CallRecord) Failed() bool { return c != nil && c.failed }

// CallRepair reports each of kinds for tool the first time call reports it; a nil call reports
// every kind, as Repair does.
func (r *Reporter) CallRepair(call *CallRecord, tool string, kinds ...string) {
	if call == nil {
		r.Repair(tool, kinds...)
		return
	}
	for _, k := range kinds {
		if slices.Contains(call.kinds, k) {
			continue
		}
		call.kinds = append(call.kinds, k)
		r.Repair(tool, k)
	}
}

// CallFail reports a fail-open with its reason the first time call fails; a nil call reports
// every time, as Fail does.
func (r *Reporter) CallFail(call *CallRecord, reason string) {
	if call != nil {
		if call.failed {
			return
		}
		call.failed = true
	}
	r.Fail(reason)
}

// NotFit is the fail-open reason of a call whose input does not fit its tool's schema once every
// repair toolfix knows was tried.
const NotFit = "tool input does not fit its schema and no repair makes it fit"
