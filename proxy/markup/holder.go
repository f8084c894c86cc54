package markup

import (
	"strings"
	"unicode/utf8"
)

// Holder decides, while a text streams in, how much of it may be released at once without ever
// releasing the start of a leaked tail (see the package doc for what it holds). One Holder follows
// one text (one text block, one choice's content).
//
// It can be driven two ways; use one per Holder. With [Holder.Safe] and [Holder.Release] the
// caller keeps the unreleased text; with [Holder.Push] and [Holder.Held] the Holder keeps it, which
// also spares the caller the cost of joining a long held text to each new piece. Either way,
// [Holder.Tail] tells at the end whether the held text is a leaked tail.
//
// The zero Holder enables no syntax: it holds only an incomplete UTF-8 sequence at the end. A
// Holder is not safe for concurrent use.
type Holder struct {
	syn   Syntax
	known Declared  // the tool names that count; nil: every name
	ts    textState // the Markdown state after the released text
	off   int       // bytes released so far

	// The memo of the candidate the last Safe call held from, at byte memoAt of the whole text.
	memo    *memo
	memoAt  int
	scratch memos

	buf   strings.Builder // Push: the pushed text; the held part is buf.String()[start:]
	start int
}

// NewHolder returns a Holder for a text that has not begun, watching for the syntaxes syn.
func NewHolder(syn Syntax) *Holder { return &Holder{syn: syn} }

// NewHolderFor is [NewHolder] counting only calls of the tools known declares (see
// [FindDeclared]): markup naming another tool is released as it came as soon as its name is
// read, not held to the text's end.
func NewHolderFor(syn Syntax, known Declared) *Holder { return &Holder{syn: syn, known: known} }

// Safe returns n, 0 <= n <= len(pending): the first n bytes of pending, the text not yet released
// in order, can never be part of a leaked tail and may go now; the rest must be held until more
// text arrives or the text ends. n never splits a UTF-8 sequence. Safe does not change what the
// Holder answers: call [Holder.Release] with pending[:n] (or any prefix of it) once that text is
// released. It does remember how far it read held markup, so the next call, on pending grown
// longer, reads only the new text of a long value; a pending that does not begin with the last
// one's unreleased text is read afresh. Checking that costs a comparison of the held text, which
// is free when the two strings share memory (as [Holder.Push] arranges).
func (h *Holder) Safe(pending string) int {
	if quiet(&h.ts, pending) {
		h.memo = nil
		return CompleteLen(pending)
	}
	ms := &h.scratch
	*ms = memos{at: -1, last: -1}
	if h.memo != nil {
		rel := h.memoAt - h.off
		if rel >= 0 && rel < len(pending) && strings.HasPrefix(pending[rel:], h.memo.base) {
			ms.at, ms.held = rel, h.memo
		}
	}
	f := first(h.ts, pending, h.syn, h.known, ms)
	if f.at < 0 {
		h.memo = nil
		return CompleteLen(pending)
	}
	m := ms.forPos(f.at)
	if m != ms.held {
		m = &memo{upto: ms.scratch.upto, str: ms.scratch.str}
	}
	m.base = pending[f.at:]
	h.memo, h.memoAt = m, h.off+f.at
	return f.at
}

// Release records that text, the next bytes after what was released before, has been released.
func (h *Holder) Release(text string) {
	if quiet(&h.ts, text) {
		noteStop(&h.ts, text)
		h.off += len(text)
		return
	}
	for i := 0; i < len(text); i++ {
		h.ts.feed(text[i])
	}
	h.off += len(text)
}

// ReleaseQuiet releases text, the next bytes after what was released before and valid UTF-8,
// when it can start no markup from where the text stands (a prose delta in the middle of an
// ordinary line with no '<', '[', line end or backtick): Safe would let all of it go and
// Release would change nothing but the count. It reports whether it did; when it did not,
// nothing changed, and the caller goes the way of Safe and Release. It reads text where it is,
// so a caller need not make a string of it.
func (h *Holder) ReleaseQuiet(text []byte) bool {
	if !quiet(&h.ts, text) {
		return false
	}
	noteStop(&h.ts, text)
	h.memo = nil
	h.off += len(text)
	return true
}

// Push appends piece to the text the Holder keeps and returns the part of that text that may go
// now, in order, recording it as released; the rest stays held (see [Holder.Held]).
func (h *Holder) Push(piece string) string {
	if h.start == h.buf.Len() {
		// Nothing held: read piece where it is and keep only what must be held.
		h.buf.Reset()
		h.start = 0
		n := h.Safe(piece)
		h.Release(piece[:n])
		h.buf.WriteString(piece[n:])
		return piece[:n]
	}
	h.buf.WriteString(piece)
	pending := h.buf.String()[h.start:]
	n := h.Safe(pending)
	out := pending[:n]
	h.Release(out)
	h.start += n
	switch {
	case h.start == h.buf.Len():
		h.buf.Reset() // the strings handed out keep the old bytes
		h.start = 0
	case h.start > 4096 && h.start > h.buf.Len()/2:
		held := h.buf.String()[h.start:]
		h.buf = strings.Builder{}
		h.buf.WriteString(held)
		h.start = 0
	}
	return out
}

// Held returns the text pushed with [Holder.Push] and not released yet.
func (h *Holder) Held() string { return h.buf.String()[h.start:] }

// Tail is [FindTail] on the whole text — the text released so far followed by pending — with
// Start counted in pending: call it when the text ends, with the unreleased text (Held() when
// driving the Holder with Push). As long as only what Safe allowed was released, the answer is the
// one FindTail gives on the whole text, so the caller need not keep the released text.
func (h *Holder) Tail(pending string) (Leak, bool) {
	return findFrom(h.ts, pending, h.syn, h.known)
}

// CompleteLen is len(s) less an incomplete UTF-8 sequence at its end: how much of streamed text can
// go out without splitting a character. A sequence that cannot be completed counts as whole.
func CompleteLen(s string) int {
	for k := 1; k <= utf8.UTFMax && k <= len(s); k++ {
		if utf8.RuneStart(s[len(s)-k]) {
			if utf8.FullRuneInString(s[len(s)-k:]) {
				return len(s)
			}
			return len(s) - k
		}
	}
	return len(s)
}
