package repair

import (
	"bytes"
	"sort"
	"strings"
)

// The reading side of Scan.Judge: the input as far as it came, as a tree of the values that hold
// an edit or are still open, every other value parsed whole.

// ctxNode is one value of the input as far as it came: a complete value without an edit in it
// (v), an edit (a faulty value whose repair fits its place), or an array or object with an edit
// in it or not yet closed (structural: elems, keys). Offsets are in ctxJudge.text.
type ctxNode struct {
	start, end int
	depth      int  // 1: the top level
	absent     bool // the value has not begun
	complete   bool
	edit       bool // an edit: fits its place
	pending    bool // the node is or holds an edit not yet let go
	structural bool // read member by member (elems, keys), not as one value (v)
	k          kind
	v          value
	keys       []string // objects: the member names, skipped ones first
	elems      []ctxNode
	skipped    int // the members (items) before elems, judged by an earlier Judge
	// resume is the offset after the last comma that follows a complete member, and resumeItems
	// the members before it; 0 when none
	resume, resumeItems int
}

// items returns the number of members or items read of n, skipped ones included.
func (n *ctxNode) items() int { return n.skipped + len(n.elems) }

// ctxJudge reads and checks one input for Scan.Judge. text is the input from offset base on,
// read in place: only the values parsed whole are copied.
type ctxJudge struct {
	text        []byte
	base        int
	sent, edits []SpanEdit
	next        int // the first edit (of sent then edits) not yet met by read
	b           *budget
	waitDepth   int // the depth of the outermost open value the answer waits for (1: the top)
}

// edit returns edit k of sent then edits, its offsets in text, and whether it is pending (not
// yet let go); ok is false past the last.
func (j *ctxJudge) edit(k int) (e SpanEdit, pending, ok bool) {
	switch {
	case k < len(j.sent):
		e = j.sent[k]
	case k < len(j.sent)+len(j.edits):
		e, pending = j.edits[k-len(j.sent)], true
	default:
		return e, false, false
	}
	e.Start -= j.base
	e.End -= j.base
	return e, pending, true
}

// seek returns the first edit that starts at or after i.
func (j *ctxJudge) seek(i int) int {
	k := sort.Search(len(j.sent), func(k int) bool { return j.sent[k].Start-j.base >= i })
	if k == len(j.sent) {
		k += sort.Search(len(j.edits), func(k int) bool { return j.edits[k].Start-j.base >= i })
	}
	return k
}

// read reads the value at i, at depth (1: the top level); false when the text is not JSON there.
func (j *ctxJudge) read(i, depth int) (ctxNode, bool) {
	n := ctxNode{start: i, end: len(j.text), depth: depth}
	if depth > maxDepth || !j.b.step() {
		return n, false
	}
	for {
		if e, _, ok := j.edit(j.next); !ok || e.Start >= i {
			break
		}
		j.next++
	}
	if i >= len(j.text) {
		n.absent = true
		return n, true
	}
	e, pending, ok := j.edit(j.next)
	if ok && e.Start == i {
		j.next++
		n.end, n.complete, n.edit, n.pending = e.End, true, true, pending
		return n, e.End <= len(j.text)
	}
	switch c := j.text[i]; {
	case c == '{' || c == '[':
		limit := len(j.text)
		if ok {
			limit = e.Start
		}
		if v, end, _, err := parseJSONPrefix(string(j.text[i:limit]), false); err == nil {
			n.end, n.complete, n.k, n.v = i+end, true, v.kind, v
			return n, true
		}
		n.k, n.structural = kindArray, true
		if c == '{' {
			n.k = kindObject
		}
		return j.container(n, i+1, depth)
	case c == '"':
		end, closed := stringEnd(j.text, i)
		if !closed {
			n.k = kindString
			return n, true // cut off
		}
		return j.scalar(n, end)
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range []string{"true", "false", "null"} {
			if lit[0] != c {
				continue
			}
			if bytes.HasPrefix(j.text[i:], []byte(lit)) {
				return j.scalar(n, i+len(lit))
			}
			if bytes.HasPrefix([]byte(lit), j.text[i:]) {
				n.k = map[byte]kind{'t': kindTrue, 'f': kindFalse, 'n': kindNull}[c]
				return n, true // cut off
			}
		}
		return n, false
	case c == '-' || c >= '0' && c <= '9':
		end := i
		for end < len(j.text) && strings.IndexByte("0123456789+-.eE", j.text[end]) >= 0 {
			end++
		}
		if end == len(j.text) {
			n.k = kindNumber
			return n, true // cut off: more digits may come
		}
		return j.scalar(n, end)
	}
	return n, false
}

// skipBlank returns the offset of the first byte at or after i that is not JSON white space.
func skipBlank(text []byte, i int) int {
	for i < len(text) && isWS(text[i]) {
		i++
	}
	return i
}

// stringEnd returns the offset just past the string token at i and true, or the text's length
// and false when the token is not closed yet.
func stringEnd(text []byte, i int) (int, bool) {
	for k := i + 1; k < len(text); k++ {
		switch text[k] {
		case '\\':
			k++
		case '"':
			return k + 1, true
		}
	}
	return len(text), false
}

// scalar reads the complete scalar token n.start..end.
func (j *ctxJudge) scalar(n ctxNode, end int) (ctxNode, bool) {
	v, k, _, err := parseJSONPrefix(string(j.text[n.start:end]), false)
	if err != nil || n.start+k != end {
		return n, false
	}
	n.end, n.complete, n.k, n.v = end, true, v.kind, v
	return n, true
}

// container reads the members (or items) of the array or object n, one that holds an edit or
// is not closed yet, from i on: just after its opening bracket, or where an earlier Judge
// stopped.
func (j *ctxJudge) container(n ctxNode, i, depth int) (ctxNode, bool) {
	obj := n.k == kindObject
	closer := byte(']')
	if obj {
		closer = '}'
	}
	j.next = j.seek(i)
	for {
		i = skipBlank(j.text, i)
		if i >= len(j.text) {
			return n, true
		}
		if j.text[i] == closer && n.items() == 0 {
			n.end, n.complete = i+1, true
			return n, true
		}
		if obj {
			if j.text[i] != '"' {
				return n, false
			}
			end, closed := stringEnd(j.text, i)
			if !closed {
				return n, true // the name is cut off
			}
			key, k, _, err := parseJSONPrefix(string(j.text[i:end]), false)
			if err != nil || key.kind != kindString || i+k != end {
				return n, false
			}
			if i = skipBlank(j.text, end); i >= len(j.text) {
				return n, true
			}
			if j.text[i] != ':' {
				return n, false
			}
			n.keys = append(n.keys, key.text)
			i = skipBlank(j.text, i+1)
		}
		e, ok := j.read(i, depth+1)
		if !ok {
			return n, false
		}
		n.elems = append(n.elems, e)
		n.pending = n.pending || e.pending
		if !e.complete {
			return n, true
		}
		if i = skipBlank(j.text, e.end); i >= len(j.text) {
			return n, true
		}
		switch j.text[i] {
		case ',':
			i++
			n.resume, n.resumeItems = i, n.items()
		case closer:
			n.end, n.complete = i+1, true
			return n, true
		default:
			return n, false
		}
	}
}
