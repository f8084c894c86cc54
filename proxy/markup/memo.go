package markup

// memo remembers, for one candidate position, how far the long scans of its markup got without
// finding their end, so the next [Holder.Safe] call, on the same text grown longer, resumes them
// instead of reading a long held value again. Offsets are into the candidate's text (the text from
// the candidate on). The facts hold for any text that begins with base, and only those are given
// the memo, so it never changes a result. A nil *memo remembers nothing.
type memo struct {
	base string          // the candidate's text the facts were learnt on
	upto map[uptoKey]int // a search for closer from start found none before this offset (exclusive of a closer cut by it)
	str  map[int]int     // the JSON string opened at this offset is valid and unclosed up to this offset, outside any escape
}

type uptoKey struct {
	start  int
	closer string
}

// uptoFrom is where a search for closer from start may resume.
func (m *memo) uptoFrom(start int, closer string) int {
	if m == nil {
		return start
	}
	if end, found := m.upto[uptoKey{start, closer}]; found {
		return max(start, end-len(closer)+1)
	}
	return start
}

// setUpto records that no closer begins in [start, end-len(closer)].
func (m *memo) setUpto(start int, closer string, end int) {
	if m == nil {
		return
	}
	if m.upto == nil {
		m.upto = make(map[uptoKey]int)
	}
	m.upto[uptoKey{start, closer}] = end
}

// strFrom is where the scan of the JSON string opened at quote may resume; 0 when unknown.
func (m *memo) strFrom(quote int) int {
	if m == nil {
		return 0
	}
	return m.str[quote]
}

// setStr records that the JSON string opened at quote is valid and unclosed up to at.
func (m *memo) setStr(quote, at int) {
	if m == nil {
		return
	}
	if m.str == nil {
		m.str = make(map[int]int)
	}
	m.str[quote] = at
}

// reset forgets every fact.
func (m *memo) reset() { *m = memo{} }

// memos hands each candidate position of one scan its memo: the remembered one at at, and
// elsewhere a scratch memo cleared for each new position. A nil *memos hands out nil.
type memos struct {
	at      int   // position of the remembered candidate in the scanned text; -1 for none
	held    *memo // the remembered memo
	scratch memo
	last    int // the position last handed a memo
}

// forPos returns the memo for the candidate at position i.
func (ms *memos) forPos(i int) *memo {
	if ms == nil {
		return nil
	}
	if i == ms.at {
		ms.last = i
		return ms.held
	}
	if ms.last != i {
		ms.scratch.reset()
		ms.last = i
	}
	return &ms.scratch
}
