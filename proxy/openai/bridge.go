package openai

import (
	"strings"

	"github.com/toolfix/toolfix/proxy/markup"
)

// The opt-in text format of web-chat bridges (FormatGongju; docs/faults.md D10, seed: DeepSeek web
// proxy notes). A tail is one or more blocks, blank lines allowed anywhere:
//
//	工具 NAME
//	key="value"
//	工具结束
//
// A block opens with a line "工具", blanks, and a tool name; each parameter line is a key, "=" and
// a double-quoted value, which may run over several lines and ends at a quote followed only by
// blanks up to the end of its line; a value is unescaped for \" and \\ only, so that \t and \n in
// C:\test\new stay as written. A block ends at a line "工具结束", at the next block or at the end
// of the content. Lines may be indented. A tail counts only at the start of a line outside a
// Markdown code fence, and only when nothing but blanks follows it.
const (
	gongjuOpen = "工具"
	gongjuEnd  = "工具结束"
)

// gState is the parse of a tail at a line boundary.
type gState struct {
	calls    []markup.Call
	inBlock  bool
	cur      markup.Call
	inValue  bool
	key      string
	valStart int // offset in the tail where the open value's text begins
}

func isBlankByte(b byte) bool { return b == ' ' || b == '\t' }

func trimBlanks(s string) string { return strings.Trim(s, " \t") }

// lineEnd returns the end of the line starting at i (before its line break) and the start of the
// next line; next is -1 when the line has no break yet.
func lineEnd(t string, i int) (end, next int) {
	for j := i; j < len(t); j++ {
		switch t[j] {
		case '\n':
			return j, j + 1
		case '\r':
			if j+1 < len(t) && t[j+1] == '\n' {
				return j, j + 2
			}
			if j+1 == len(t) {
				return len(t), -1 // a CR at the end: its LF may follow
			}
			return j, j + 1
		}
	}
	return len(t), -1
}

// closeQuote finds, in t[i:end] (inside a value), the quote that ends the value: one that is not
// escaped and is followed only by blanks up to end. It returns -1 when the value goes on.
func closeQuote(t string, i, end int) int {
	for j := i; j < end; j++ {
		switch t[j] {
		case '\\':
			if j+1 < end && (t[j+1] == '"' || t[j+1] == '\\') {
				j++
			}
		case '"':
			if trimBlanks(t[j+1:end]) == "" {
				return j
			}
		}
	}
	return -1
}

// unescapeValue undoes \" and \\ and nothing else.
func unescapeValue(v string) string {
	if !strings.Contains(v, `\`) {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) && (v[i+1] == '"' || v[i+1] == '\\') {
			i++
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

func keyByte(b byte) bool {
	return b == '_' || b == '-' || b == '.' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

func nameByte(b byte) bool { return keyByte(b) || b == ':' }

// line applies one complete line t[i:end] to st; false when the line breaks the format.
func (st *gState) line(t string, i, end int) bool {
	if st.inValue {
		if q := closeQuote(t, i, end); q >= 0 {
			st.cur.Params = append(st.cur.Params, markup.Param{Name: st.key, Value: unescapeValue(t[st.valStart:q])})
			st.inValue = false
		}
		return true
	}
	l := trimBlanks(t[i:end])
	switch {
	case l == "":
		return true
	case l == gongjuEnd:
		if !st.inBlock {
			return false
		}
		st.endBlock()
		return true
	case strings.HasPrefix(l, gongjuOpen):
		rest := l[len(gongjuOpen):]
		if rest == "" || !isBlankByte(rest[0]) {
			return false
		}
		name := trimBlanks(rest)
		if name == "" {
			return false
		}
		for k := 0; k < len(name); k++ {
			if !nameByte(name[k]) {
				return false
			}
		}
		st.endBlock()
		st.inBlock, st.cur = true, markup.Call{Name: name}
		return true
	}
	if !st.inBlock {
		return false
	}
	// key="value…
	j := i
	for j < end && isBlankByte(t[j]) {
		j++
	}
	k := j
	for k < end && keyByte(t[k]) {
		k++
	}
	if k == j {
		return false
	}
	key := t[j:k]
	for k < end && isBlankByte(t[k]) {
		k++
	}
	if k >= end || t[k] != '=' {
		return false
	}
	k++
	for k < end && isBlankByte(t[k]) {
		k++
	}
	if k >= end || t[k] != '"' {
		return false
	}
	st.key, st.valStart, st.inValue = key, k+1, true
	if q := closeQuote(t, k+1, end); q >= 0 {
		st.cur.Params = append(st.cur.Params, markup.Param{Name: key, Value: unescapeValue(t[k+1 : q])})
		st.inValue = false
	}
	return true
}

func (st *gState) endBlock() {
	if st.inBlock {
		st.calls = append(st.calls, st.cur)
		st.inBlock, st.cur = false, markup.Call{}
	}
}

// couldStart reports whether an incomplete last line l (not inside a value) can still grow into a
// line of the format.
func (st *gState) couldStart(l string) bool {
	l = strings.TrimRight(strings.TrimLeft(l, " \t"), "\r") // a CR at the end may end the line
	if l == "" || strings.HasPrefix(gongjuEnd, l) || strings.HasPrefix(gongjuOpen+" ", l) {
		return true
	}
	if strings.TrimRight(l, " \t") == gongjuEnd {
		// The end marker with blanks after it, as line takes it: the line may still end here.
		return true
	}
	if strings.HasPrefix(l, gongjuOpen) {
		rest := l[len(gongjuOpen):]
		if !isBlankByte(rest[0]) {
			return false
		}
		rest = strings.TrimLeft(rest, " \t")
		for k := 0; k < len(rest); k++ {
			if !nameByte(rest[k]) {
				return trimBlanks(rest[k:]) == "" && k > 0
			}
		}
		return true
	}
	if !st.inBlock {
		return false
	}
	k := 0
	for k < len(l) && keyByte(l[k]) {
		k++
	}
	if k == 0 {
		return false
	}
	r := strings.TrimLeft(l[k:], " \t")
	if r == "" {
		return true
	}
	if r[0] != '=' {
		return false
	}
	r = strings.TrimLeft(r[1:], " \t")
	return r == "" || r[0] == '"'
}

// parseGongju reads t, which starts at a line start, as a tail of the format, resuming from st
// and from (a line start reached before). It returns how far complete lines were read and the
// state there. With final, t is the whole rest of the content and the last line counts as
// complete. ok is false once t cannot be (the start of) a tail.
func parseGongju(t string, from int, st *gState, final bool) (next int, ok bool) {
	i := from
	for i < len(t) {
		end, nxt := lineEnd(t, i)
		if nxt < 0 {
			if final {
				return len(t), st.line(t, i, len(t))
			}
			if st.inValue {
				return i, true
			}
			return i, st.couldStart(t[i:])
		}
		if !st.line(t, i, end) {
			return i, false
		}
		i = nxt
	}
	return i, true
}

// gongjuTail parses the whole of t as a complete tail: ok when it is one with at least one call.
func gongjuTail(t string) ([]markup.Call, bool) {
	var st gState
	if _, ok := parseGongju(t, 0, &st, true); !ok || st.inValue {
		return nil, false
	}
	st.endBlock()
	return st.calls, len(st.calls) > 0
}
