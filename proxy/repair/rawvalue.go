package repair

import (
	"sync"
	"unsafe"
)

// A stringified array or object that fits the schema of its place as it is, with nothing inside
// that wants a coercion of its own (what the inline path judges, see Inlines), becomes a value of
// kindRaw: the JSON text the string holds, shared with it, written compact only into the repair
// (appendJSON, exactly what it writes for the tree the text holds), instead of that tree. A tree
// costs about 70 bytes a value (a 10 MB array of small integers, 2.6 million values, took 460 MB);
// the text costs nothing more than the string it was. Every reader of values that needs the tree
// (a schema the inline path does not judge, an enum or const compared) builds it from the text
// (value.tree), so that each answer is the tree path's. A Go benchmark, BenchmarkWholeAnswer in
// proxy/exchange, measures it.

// bytesOf is the bytes of s, read only.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// plainFits reports whether the JSON text fits every schema of set as it is, with no string
// inside at a place that wants it coerced, as the inline path judges it (inliner): false means
// only that the tree path is to judge it. The text is read in place.
func plainFits(text []byte, set []*schema) bool {
	if len(set) == 0 || len(set) > maxInlineSet {
		return false
	}
	in := fitsPool.Get().(*inliner)
	*in = inliner{src: unquoter{s: text, plain: true}, out: in.out[:0], tok: in.tok[:0], sets: in.sets, dec: in.dec[:0]}
	in.skipWS()
	ok := in.all(set) == nil
	in.release()
	return ok
}

// fitsPool holds the inliners of plainFits: a judgment reads no output, so one inliner's
// buffers serve every judgment of a process, and a streamed call's check at its stop allocates
// nothing once they have grown.
var fitsPool = sync.Pool{New: func() any { return new(inliner) }}

// maxPooledBuffer is the largest buffer (bytes, or schemas in a list) an inliner goes back to
// fitsPool with; a larger one is dropped, so that one large input's buffers are not kept.
const maxPooledBuffer = 64 << 10

// release gives in back to fitsPool, its references to the text and schemas dropped and its
// schema sets cleared, its byte buffers kept, cleared in full to their capacity (no byte of one
// exchange's text stays in memory a later exchange's inliner holds), unless one grew over
// maxPooledBuffer, and its list of sets unless it grew longer than maxPooledBuffer entries.
func (in *inliner) release() {
	if cap(in.out) > maxPooledBuffer || cap(in.tok) > maxPooledBuffer || cap(in.dec) > maxPooledBuffer || len(in.sets) > maxPooledBuffer {
		return
	}
	clear(in.out[:cap(in.out)])
	clear(in.tok[:cap(in.tok)])
	clear(in.dec[:cap(in.dec)])
	for i, set := range in.sets {
		set = set[:cap(set)]
		clear(set)
		in.sets[i] = set[:0]
	}
	*in = inliner{out: in.out[:0], tok: in.tok[:0], sets: in.sets, dec: in.dec[:0]}
	fitsPool.Put(in)
}

// rawValue is the value kept as the text of a stringified array or object at a place with
// schema s: text holds exactly one array or object, with white space around it at most, that
// fits s as plainFits judges it. ok is false when the tree path is to read it.
func rawValue(text string, s *schema) (value, bool) {
	i := skipWS(text, 0)
	if !judged(s) || i == len(text) || (text[i] != '[' && text[i] != '{') || !plainFits(bytesOf(text), []*schema{s}) {
		return value{}, false
	}
	return value{kind: kindRaw, text: text}, true
}

// appendPlain appends the compact text of the kindRaw value v to dst, as appendJSON writes the
// tree it holds.
func appendPlain(dst []byte, v *value) []byte {
	out := dst
	in := inliner{src: unquoter{s: bytesOf(v.text), plain: true}, write: func(p []byte) error {
		out = append(out, p...)
		return nil
	}}
	in.skipWS()
	if in.all(nil) != nil { // never: the text was judged so
		t := v.tree()
		return appendJSON(dst, &t)
	}
	return out
}

// rawFits reports whether the kindRaw value v fits s at hops combinator steps, as valid does.
func (b *budget) rawFits(v *value, s *schema, hops int) bool {
	if hops <= maxHops && plainFits(bytesOf(v.text), []*schema{s}) {
		return b.step()
	}
	t := v.tree()
	return b.valid(&t, s, hops)
}

// rawCoerce is coerce for the kindRaw value v: nothing to coerce where it fits s as the inline
// path judges it, else the coercion of its tree.
func (b *budget) rawCoerce(v value, s *schema, hops int) (value, mask, bool) {
	if plainFits(bytesOf(v.text), []*schema{s}) {
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
		panic("repair: a raw value that is not JSON") // never: its text was judged JSON
	}
	return w
}
