package markup

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// tailCase is one row of a ParseTail table: calls nil means the text holds no leaked tail.
type tailCase struct {
	name  string
	text  string
	syn   Syntax
	keep  string
	word  string
	calls []Call
}

// runTail checks FindTail and ParseTail on each row, and that the Holder, fed the text in one piece
// and one byte at a time, never releases the leaked part.
func runTail(t *testing.T, rows []tailCase) {
	t.Helper()
	for _, tc := range rows {
		t.Run(tc.name, func(t *testing.T) {
			leak, ok := FindTail(tc.text, tc.syn)
			keep, calls, ok2 := ParseTail(tc.text, tc.syn)
			if ok != ok2 {
				t.Fatalf("FindTail ok=%v, ParseTail ok=%v", ok, ok2)
			}
			if tc.calls == nil {
				if ok {
					t.Fatalf("found a tail at %d: %s", leak.Start, dumpCalls(leak.Calls))
				}
				return
			}
			if !ok {
				t.Fatalf("no tail found")
			}
			if keep != tc.keep {
				t.Errorf("keep = %q, want %q", keep, tc.keep)
			}
			if leak.Word != tc.word {
				t.Errorf("word = %q, want %q", leak.Word, tc.word)
			}
			if !reflect.DeepEqual(calls, tc.calls) {
				t.Errorf("calls:\n%s\nwant:\n%s", dumpCalls(calls), dumpCalls(tc.calls))
			}
			for k := leak.Start + 1; k <= len(tc.text); k++ {
				if f := first(textState{}, tc.text[:k], tc.syn, nil, nil); f.at < 0 || f.at > leak.Start {
					t.Fatalf("the prefix %q does not hold the tail at %d", tc.text[:k], leak.Start)
				}
			}
			for _, piece := range []int{len(tc.text), 1} {
				h := NewHolder(tc.syn)
				released, held := feed(h, tc.text, piece)
				if len(released) > leak.Start {
					t.Errorf("pieces of %d: released %q, past the tail's start %d", piece, released, leak.Start)
				}
				if l, ok := h.Tail(held); !ok || len(released)+l.Start != leak.Start || !reflect.DeepEqual(l.Calls, leak.Calls) {
					t.Errorf("pieces of %d: Tail(%q) = %+v, %v", piece, held, l, ok)
				}
			}
		})
	}
}

// feed streams text into h in pieces of n bytes, releasing what Safe allows after each; it returns
// the released text and what is still held at the end.
func feed(h *Holder, text string, n int) (released, held string) {
	var pieces []string
	for i := 0; i < len(text); i += n {
		pieces = append(pieces, text[i:min(i+n, len(text))])
	}
	return feedPieces(h, pieces, nil)
}

// feedPieces streams pieces into h, a new Holder, with Safe and Release; after each it calls check (if not nil)
// with the text released so far and the text held. It panics when Safe leaves [0, len(pending)],
// or answers otherwise than a Holder in the same state without a memo (the memo must be invisible),
// or when Push on a twin Holder releases other text.
func feedPieces(h *Holder, pieces []string, check func(released, held string)) (string, string) {
	var released, pushed strings.Builder
	twin := NewHolderFor(h.syn, h.known)
	pending := ""
	for _, p := range pieces {
		pending += p
		fresh := Holder{syn: h.syn, known: h.known, ts: h.ts, off: h.off}
		n := h.Safe(pending)
		if n < 0 || n > len(pending) {
			panic(fmt.Sprintf("Safe(%q) = %d", pending, n))
		}
		if m := fresh.Safe(pending); m != n {
			panic(fmt.Sprintf("Safe(%q) = %d with the memo, %d without", pending, n, m))
		}
		pushed.WriteString(twin.Push(p))
		h.Release(pending[:n])
		released.WriteString(pending[:n])
		if pushed.String() != released.String() || twin.Held() != pending[n:] {
			panic(fmt.Sprintf("Push released %q and holds %q; Safe released %q and holds %q",
				pushed.String(), twin.Held(), released.String(), pending[n:]))
		}
		pending = pending[n:]
		if check != nil {
			check(released.String(), pending)
		}
	}
	return released.String(), pending
}

func dumpCalls(cs []Call) string {
	var b strings.Builder
	for _, c := range cs {
		fmt.Fprintf(&b, "  %d %q params=%+v json=%q\n", c.Syntax, c.Name, c.Params, c.JSON)
	}
	return b.String()
}

// ps builds a parameter list from name, value pairs.
func ps(kv ...string) []Param {
	var out []Param
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, Param{Name: kv[i], Value: kv[i+1]})
	}
	return out
}
