package repair

import "unsafe"

// A stringified array or object that fits the schema of its place as it is, with nothing inside
// that wants a coercion of its own (what the inline path judges, see Inlines), becomes a value of
// kindRaw: its compact JSON text, exactly what appendJSON writes for the tree it holds, instead of
// that tree. A tree costs about 70 bytes a value (a 10 MB array of small integers, 2.6 million
// values, took 460 MB); the text costs its own size. Every reader of values that needs the tree
// (a schema the inline path does not judge, an enum or const compared) builds it from the text
// (value.tree), so that each answer is the tree path's. A Go benchmark, BenchmarkWholeAnswer in
// proxy/exchange, measures it.

// plainFits reports whether the JSON text fits every schema of set as it is, with no string
// inside at a place that wants it coerced, as the inline path judges it (inliner): false means
// only that the tree path is to judge it. The text is read in place.
func plainFits(text []byte, set []*schema) bool {
	if len(set) == 0 || len(set) > maxInlineSet {
		return false
	}
	in := inliner{src: unquoter{s: text, plain: true}}
	in.skipWS()
	return in.all(set) == nil
}

// plainCompact returns the compact JSON text of text (as appendJSON writes the value it holds)
// when it holds exactly one array or object, with white space around it at most, that fits set
// as plainFits judges it; ok is false otherwise.
func plainCompact(text string, set []*schema) (out string, ok bool) {
	i := skipWS(text, 0)
	if i == len(text) || (text[i] != '[' && text[i] != '{') || len(set) > maxInlineSet {
		return "", false
	}
	var b []byte
	in := inliner{src: unquoter{s: unsafe.Slice(unsafe.StringData(text), len(text)), plain: true}, write: func(p []byte) error {
		if b == nil {
			b = make([]byte, 0, len(text)) // compact text is never longer than its source
		}
		b = append(b, p...)
		return nil
	}}
	in.skipWS()
	if in.all(set) != nil || len(b) == 0 {
		return "", false
	}
	return unsafe.String(&b[0], len(b)), true // b is not written again
}

// rawValue is the value kept as the compact text of a stringified array or object at a place
// with schema s, or ok false when the tree path is to read it (see plainCompact).
func rawValue(text string, s *schema) (value, bool) {
	if !judged(s) {
		return value{}, false
	}
	out, ok := plainCompact(text, []*schema{s})
	if !ok {
		return value{}, false
	}
	return value{kind: kindRaw, text: out}, true
}

// rawFits reports whether the kindRaw value v fits s at hops combinator steps, as valid does.
func (b *budget) rawFits(v *value, s *schema, hops int) bool {
	if hops <= maxHops && plainFits(unsafe.Slice(unsafe.StringData(v.text), len(v.text)), []*schema{s}) {
		return b.step()
	}
	t := v.tree()
	return b.valid(&t, s, hops)
}

// rawCoerce is coerce for the kindRaw value v: nothing to coerce where it fits s as the inline
// path judges it, else the coercion of its tree.
func (b *budget) rawCoerce(v value, s *schema, hops int) (value, mask, bool) {
	if plainFits(unsafe.Slice(unsafe.StringData(v.text), len(v.text)), []*schema{s}) {
		return v, 0, false
	}
	if w, m, ch := b.coerce(v.tree(), s, hops); ch {
		return w, m, true
	}
	return v, 0, false
}

// tree returns v itself, or for a kindRaw value the tree its text holds.
func (v *value) tree() value {
	if v.kind != kindRaw {
		return *v
	}
	w, err := parseJSON(v.text)
	if err != nil {
		panic("repair: a raw value that is not JSON") // never: its text was written compact
	}
	return w
}
