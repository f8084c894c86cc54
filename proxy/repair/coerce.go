package repair

import "strings"

// mask is a set of repair kinds, turned into Kind strings for the caller.
type mask uint8

const (
	maskCoerce mask = 1 << iota
	maskEscape
	maskArgs
)

// kindStrings lists the kinds of m in a fixed order.
func (m mask) kindStrings() []string {
	var out []string
	for _, k := range []struct {
		m    mask
		name string
	}{{maskArgs, KindArgs}, {maskCoerce, KindCoerce}, {maskEscape, KindEscape}} {
		if m&k.m != 0 {
			out = append(out, k.name)
		}
	}
	return out
}

// maxStringLevels is how many times a value may have been stringified (D13: "up to two levels").
const maxStringLevels = 2

// coerce walks v along s and turns each string that holds JSON (or a Python literal) into the
// value it holds, where s says the value must not be a string (D13, D14, D15, D29, D23b, D25).
// It returns the new value (sharing unchanged parts with v), the kinds used, and whether
// anything changed. It never checks the whole result: the caller does.
func (b *budget) coerce(v value, s *schema, hops int) (value, mask, bool) {
	if v.kind == kindRaw {
		return b.rawCoerce(v, s, hops)
	}
	if s == nil || s.always || s.never || s.unresolved || s.opaque || hops > maxHops || !b.step() {
		return v, 0, false
	}
	if v.kind == kindString {
		return b.coerceString(v, s, hops)
	}
	var m mask
	changed := false
	switch v.kind {
	case kindObject:
		var elems []value
		var buf [4]*schema
		for i, k := range v.keys {
			e, em, ch := v.elems[i], mask(0), false
			for _, ps := range memberSchemas(s, k, buf[:0]) {
				var c bool
				var cm mask
				e, cm, c = b.coerce(e, ps, 0)
				ch, em = ch || c, em|cm
			}
			if ch {
				if elems == nil {
					elems = append([]value(nil), v.elems...)
				}
				elems[i] = e
				m |= em
			}
		}
		if elems != nil {
			v = value{kind: kindObject, keys: v.keys, elems: elems}
			changed = true
		}
	case kindArray:
		var elems []value
		for i := range v.elems {
			is := itemSchema(s, i)
			if is == nil {
				continue
			}
			if e, em, ch := b.coerce(v.elems[i], is, 0); ch {
				if elems == nil {
					elems = append([]value(nil), v.elems...)
				}
				elems[i] = e
				m |= em
			}
		}
		if elems != nil {
			v = value{kind: kindArray, elems: elems}
			changed = true
		}
	}
	return b.coerceCombinators(v, s, hops, m, changed)
}

// coerceCombinators applies $ref and allOf in turn, then picks a branch of anyOf and oneOf.
func (b *budget) coerceCombinators(v value, s *schema, hops int, m mask, changed bool) (value, mask, bool) {
	apply := func(w value, wm mask, ch bool) {
		if ch {
			v, m, changed = w, m|wm, true
		}
	}
	if s.ref != nil {
		apply(b.coerce(v, s.ref, hops+1))
	}
	for _, a := range s.allOf {
		apply(b.coerce(v, a, hops+1))
	}
	for _, group := range [][]*schema{s.anyOf, s.oneOf} {
		if len(group) > 0 {
			apply(b.pick(v, group, hops))
		}
	}
	return v, m, changed
}

// pick leaves v when it already fits a branch; otherwise it takes the first branch whose coerced
// value fits that branch.
func (b *budget) pick(v value, branches []*schema, hops int) (value, mask, bool) {
	for _, a := range branches {
		if b.valid(&v, a, hops+1) {
			return v, 0, false
		}
	}
	for _, a := range branches {
		if w, m, ch := b.coerce(v, a, hops+1); ch && b.valid(&w, a, hops+1) && !b.unsure {
			return w, m, true
		}
	}
	return v, 0, false
}

// coerceString replaces the string v by the value its text holds, when s rules out strings and
// says which types it wants, and the text holds a value of one of them; at a path place that
// allows strings, a string holding control characters is the Windows path it was typed as
// (pathLiteral: D24, anthropics/claude-code #87251, FoundationAgents/OpenManus #1161).
func (b *budget) coerceString(v value, s *schema, hops int) (value, mask, bool) {
	ts, known := types(s)
	if !known || ts&tString != 0 {
		if s.path && pathControl(v.text) {
			return value{kind: kindString, text: pathLiteral(v.text)}, maskEscape, true // D24 at a path place (pathplace.go)
		}
		return v, 0, false
	}
	if !b.tree {
		if w, ok := rawValue(v.text, s); ok {
			return w, maskCoerce, true
		}
	}
	w, m, ok := readStringValue(v.text, ts, 1)
	if !ok {
		return v, 0, false
	}
	if w2, m2, ch := b.coerce(w, s, hops); ch {
		w, m = w2, m|m2
	}
	return w, m | maskCoerce, true
}

// readStringValue reads the value held in the text of a string, for a place that wants one of
// the types ts (never string). Tried in order: strict JSON; JSON with \u escapes mended (D25);
// for arrays and objects a Python literal (D29). Leaked closing markup after the complete value
// is cut (D23b). A value that is again a string is read once more (double stringification). A
// number must suit ts: where only integers are wanted, only integer text ("42", never "42.0"
// nor "042") is read. Where a boolean is wanted, the Python spellings "True" and "False" are
// read as true and false (D15 with D29: QwenLM/qwen-code #633, `"is_background":"False"`).
func readStringValue(text string, ts typeSet, level int) (value, mask, bool) {
	if ts&tBoolean != 0 {
		switch text {
		case "True":
			return value{kind: kindTrue}, 0, true
		case "False":
			return value{kind: kindFalse}, 0, true
		}
	}
	var m mask
	w, rest, python, ok := readPrefix(text, ts, &m)
	if !ok || !onlyClosingMarkup(rest) {
		return value{}, 0, false
	}
	if w.kind == kindString {
		if python || level >= maxStringLevels {
			return value{}, 0, false
		}
		w2, m2, ok := readStringValue(w.text, ts, level+1)
		return w2, m | m2, ok
	}
	if python && w.kind != kindArray && w.kind != kindObject {
		return value{}, 0, false
	}
	if !typeMatches(&w, ts) {
		return value{}, 0, false
	}
	if w.kind == kindNumber && ts&tNumber == 0 && !isIntegerLiteral(w.text) {
		return value{}, 0, false
	}
	return w, m, true
}

// readPrefix reads the first value of text as JSON, as JSON with mended escapes, or (where ts
// allows arrays or objects) as a Python literal, taking the first reading whose remainder is
// only closing markup, and returns it with that remainder.
func readPrefix(text string, ts typeSet, m *mask) (v value, rest string, python, ok bool) {
	w, end, _, err := parseJSONPrefix(text, false)
	if err == nil && onlyClosingMarkup(text[end:]) {
		return w, text[end:], false, true
	}
	if err != nil && strings.Contains(text, `\u`) {
		w, end, mended, err := parseJSONPrefix(text, true)
		if err == nil && mended && onlyClosingMarkup(text[end:]) {
			*m |= maskEscape
			return w, text[end:], false, true
		}
	}
	if err != nil {
		if esc := escapeRawControls(text); esc != text { // D64, before Python reads a raw tab as its own
			w, end, _, err := parseJSONPrefix(esc, false)
			if err == nil && onlyClosingMarkup(esc[end:]) {
				*m |= maskEscape
				return w, esc[end:], false, true
			}
		}
	}
	if ts&(tArray|tObject) != 0 {
		if w, rest, err := parsePythonPrefix(text); err == nil && onlyClosingMarkup(rest) {
			return w, rest, true, true
		}
	}
	return value{}, "", false, false
}

// closingTags are the leaked closing tags cut after a complete value (D23b; librefang/librefang
// #2975): the closers of Anthropic-style invoke markup, Qwen/Hermes tool-call markup and
// function-call wrappers.
var closingTags = []string{"</parameter>", "</invoke>", "</function>", "</tool_call>", "</function_calls>"}

// onlyClosingMarkup reports whether rest is white space and closing tags only.
func onlyClosingMarkup(rest string) bool {
	for {
		rest = strings.TrimLeft(rest, " \t\r\n")
		if rest == "" {
			return true
		}
		found := false
		for _, t := range closingTags {
			if strings.HasPrefix(rest, t) {
				rest, found = rest[len(t):], true
				break
			}
		}
		if !found {
			return false
		}
	}
}
