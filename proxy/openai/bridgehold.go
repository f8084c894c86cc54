package openai

import (
	"strings"

	"github.com/toolfix/toolfix/proxy/markup"
)

// bridgeHolder is markup.Holder's counterpart for the opt-in text format: it follows one
// content's text and tells how much of the unreleased text may go, holding from the first line
// start outside a code fence from which the text could still be a tail of the format.
type bridgeHolder struct {
	fence   fenceState
	partial strings.Builder // the released part of the line the released text ends in
	mid     bool            // the released text ends inside a line
	off     int             // bytes released

	// The parse of the candidate held last time, at byte memoAt of the whole text.
	memoAt   int
	memoNext int
	memoSt   gState
	memoOK   bool
}

// maxFenceLine is how much of a line the fence tracker keeps: a longer line is never a fence.
const maxFenceLine = 1 << 10

// Safe returns how many bytes of pending, the unreleased text in order, may go now.
func (h *bridgeHolder) Safe(pending string) int {
	fs := h.fence
	i := 0
	if h.mid {
		end, next := lineEnd(pending, 0)
		if next < 0 {
			return holdCR(pending)
		}
		fs.feed(h.partial.String() + pending[:end])
		i = next
	}
	for i < len(pending) {
		if !fs.in && h.candidate(pending, i) {
			return i
		}
		end, next := lineEnd(pending, i)
		if next < 0 {
			break
		}
		fs.feed(pending[i:end])
		i = next
	}
	return holdCR(pending)
}

// candidate reports whether pending[i:] (i a line start) could still be a tail, resuming the
// parse of the candidate held last time when it starts at the same place.
func (h *bridgeHolder) candidate(pending string, i int) bool {
	t := pending[i:]
	l := strings.TrimLeft(t, " \t")
	if l != "" && l[0] != gongjuOpen[0] {
		return false
	}
	var st gState
	from := 0
	if h.memoOK && h.memoAt == h.off+i {
		st, from = h.memoSt, h.memoNext
		st.calls = append([]markup.Call(nil), st.calls...)
		st.cur.Params = append([]markup.Param(nil), st.cur.Params...)
	}
	next, ok := parseGongju(t, from, &st, false)
	if !ok {
		return false
	}
	h.memoAt, h.memoNext, h.memoSt, h.memoOK = h.off+i, next, st, true
	return true
}

// holdCR is markup.CompleteLen less a CR at the very end: whether it ends a line, or an LF follows, is
// known only with the next byte, and a line start must not be released as if inside a line.
func holdCR(pending string) int {
	n := markup.CompleteLen(pending)
	if n > 0 && n == len(pending) && pending[n-1] == '\r' {
		n--
	}
	return n
}

// Release records that text, the next unreleased bytes, went out.
func (h *bridgeHolder) Release(text string) {
	h.off += len(text)
	for len(text) > 0 {
		end, next := lineEnd(text, 0)
		if next < 0 && end > 0 && text[end-1] == '\r' && end == len(text) {
			// Released text ends in a CR: Safe lets one go only when the byte after it is known,
			// so the CR ends its line.
			end, next = len(text)-1, len(text)
		}
		if next < 0 {
			if h.partial.Len() < maxFenceLine {
				h.partial.WriteString(text[:min(len(text), maxFenceLine)])
			}
			h.mid = true
			return
		}
		h.partial.WriteString(text[:min(end, maxFenceLine)])
		h.fence.feed(h.partial.String())
		h.partial.Reset()
		h.mid = false
		text = text[next:]
	}
}

// Tail reports whether pending, the unreleased text at the end of the content, ends with a tail of
// the format: start is where it begins in pending.
func (h *bridgeHolder) Tail(pending string) (start int, calls []markup.Call, ok bool) {
	fs := h.fence
	i := 0
	if h.mid {
		end, next := lineEnd(pending, 0)
		if next < 0 {
			return 0, nil, false
		}
		fs.feed(h.partial.String() + pending[:end])
		i = next
	}
	for i < len(pending) {
		if !fs.in && strings.HasPrefix(strings.TrimLeft(pending[i:], " \t"), gongjuOpen) {
			if calls, ok := gongjuTail(pending[i:]); ok {
				return i, calls, true
			}
		}
		end, next := lineEnd(pending, i)
		if next < 0 {
			break
		}
		fs.feed(pending[i:end])
		i = next
	}
	return 0, nil, false
}

// fenceState follows Markdown code fences line by line: a line of three or more backticks or
// tildes (after any indentation) opens one; a line of at least as many of the same character and
// nothing else closes it.
type fenceState struct {
	in   bool
	char byte
	n    int
}

func (f *fenceState) feed(line string) {
	l := strings.TrimLeft(line, " \t")
	if l == "" || l[0] != '`' && l[0] != '~' {
		return
	}
	c := l[0]
	n := 0
	for n < len(l) && l[n] == c {
		n++
	}
	if n < 3 {
		return
	}
	if !f.in {
		f.in, f.char, f.n = true, c, n
		return
	}
	if c == f.char && n >= f.n && strings.Trim(l[n:], " \t\r") == "" {
		f.in = false
	}
}
