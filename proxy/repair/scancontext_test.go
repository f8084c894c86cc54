package repair

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
)

// streamed is what a client is sent of input when it streams in chunks through a Scan the way
// the dialects drive it: bytes go out while nothing is held; the faulty values read to their end
// go out as Judge says, repaired or as they came, or stay held; what is held at the end is
// judged whole (RepairInput with KeepText), and goes out repaired when what was sent is a prefix
// of the repair, else as it came. repaired reports whether any span went out repaired.
func streamed(ts *Tools, tool string, opt Options, chunks []string) (out []byte, repaired bool) {
	return streamedChecked(ts, tool, opt, chunks, nil)
}

// streamedChecked is streamed, calling check (when not nil) with every verdict of Judge other
// than SpansHold, the text it judged, and the edits sent before and now.
func streamedChecked(ts *Tools, tool string, opt Options, chunks []string, check func(v SpanVerdict, text []byte, sent, mine []SpanEdit)) (out []byte, repaired bool) {
	opt.KeepText = true
	sc := ts.NewScan(tool, opt)
	var text []byte
	var edits []SpanEdit
	sent := 0
	for _, c := range chunks {
		sc.Feed([]byte(c))
		text = append(text, c...)
		if spans := sc.Spans(); len(spans) > 0 {
			var mine []SpanEdit
			for _, sp := range spans {
				tok := text[sp.Start:sp.End]
				if sc.Inlines(sp, tok) {
					mine = append(mine, SpanEdit{Start: int(sp.Start), End: int(sp.End), Inlined: true})
				} else if fixed, _, ok := sc.RepairSpan(sp, tok); ok {
					mine = append(mine, SpanEdit{Start: int(sp.Start), End: int(sp.End), Repl: fixed})
				}
			}
			if sc.Waiting() {
				continue
			}
			v := sc.Judge(text, edits, mine)
			if check != nil && v != SpansHold {
				check(v, text, edits, mine)
			}
			switch v {
			case SpansHold:
				continue
			case SpansRepaired:
				edits = append(edits, mine...)
				repaired = repaired || len(mine) > 0
			}
			sc.TakeSpans()
		}
		if next, _ := sc.Held(); int(next) > sent {
			sent = int(next)
		}
	}
	client := Edited(text[:sent], edits)
	if sent == len(text) {
		return client, repaired
	}
	fixed, _, changed := ts.RepairInput(tool, text, opt)
	if changed && bytes.HasPrefix(fixed, client) {
		return fixed, repaired
	}
	return append(client, text[sent:]...), repaired
}

// whole is the whole-body repair of input: its KeepText repair, or input as it came.
func whole(ts *Tools, tool string, opt Options, input string) []byte {
	opt.KeepText = true
	if fixed, _, changed := ts.RepairInput(tool, []byte(input), opt); changed {
		return fixed
	}
	return []byte(input)
}

// randomChunks cuts s into chunks of 1..n bytes, by seed.
func randomChunks(s string, seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []string
	for len(s) > 0 {
		k := min(len(s), 1+rng.IntN(n))
		out = append(out, s[:k])
		s = s[k:]
	}
	return out
}

const (
	linesSchema  = `{"type":"object","properties":{"path":{"type":"string"},"lines":{"type":"array"}},"additionalProperties":false}`
	constSchema  = `{"type":"object","properties":{"o":{"type":"object","properties":{"l":{"type":"array"}},"const":{"l":[2]}}}}`
	siblingConst = `{"type":"object","properties":{"l":{"type":"array"},"o":{"type":"object","const":{"y":2}}}}`
	siblingEnum  = `{"type":"object","properties":{"l":{"type":"array"},"o":{"type":"array","enum":[[1,2],[2]]}}}`
)

// TestSpansInContext: a faulty value goes out repaired only when the whole input, with all that
// is known, can fit: for each input of testdata/spancontext.json (a value before the span that
// fails its schema, a parent's const, enum or not, and, in one delta, a value after it or a
// required member missing), in one delta and in random splits, what the client is sent is the
// whole-body repair.
func TestSpansInContext(t *testing.T) {
	for _, tt := range cases.SpanContextsForTest(t) {
		t.Run(tt.Name, func(t *testing.T) {
			ts := toolsWith(t, string(tt.Schema))
			want := whole(ts, "t", Options{}, tt.Input)
			if got, _ := streamed(ts, "t", Options{}, []string{tt.Input}); !bytes.Equal(got, want) {
				t.Fatalf("in one delta: streamed %s, whole %s", got, want)
			}
			if tt.Later {
				return
			}
			for seed := range uint64(40) {
				chunks := randomChunks(tt.Input, seed, 1+int(seed%6))
				if got, _ := streamed(ts, "t", Options{}, chunks); !bytes.Equal(got, want) {
					t.Fatalf("in %q: streamed %s, whole %s", chunks, got, want)
				}
			}
		})
	}
}

// TestSpansInContextStream: a span whose context decides streams on once decided: released
// repaired as soon as its value ends in a healthy context, held while an open parent's const
// decides, released as it came at once when a value before it fails or an open value after it
// can no longer become its const or any of its enum's values.
func TestSpansInContextStream(t *testing.T) {
	tests := []struct {
		name, schema string
		chunks       []string
		want         []SpanVerdict // per chunk, for the chunks that end a span or follow a held one
	}{
		{"healthy: repaired at once", linesSchema, []string{`{"path":"a","lines":"[1]"`, `}`}, []SpanVerdict{SpansRepaired}},
		{"a failing value before: as it came", linesSchema, []string{`{"path":5,"lines":"[1]"`, `}`}, []SpanVerdict{SpansAsCame}},
		{"a parent's const: held until it ends", constSchema, []string{`{"o":{"l":"[2]"`, ` `, `}`, `}`},
			[]SpanVerdict{SpansHold, SpansHold, SpansRepaired}},
		{"a parent's const rejects: as it came when it ends", constSchema, []string{`{"o":{"l":"[1]"`, `}`, `}`},
			[]SpanVerdict{SpansHold, SpansAsCame}},
		{"an open sibling's const already ruled out", siblingConst, []string{`{"l":"[1]","o":{"x":1`, `,"y":2}}`},
			[]SpanVerdict{SpansAsCame}},
		{"an open sibling's const not ruled out yet", siblingConst, []string{`{"l":"[1]","o":{"y":1`, `,"y":2}}`},
			[]SpanVerdict{SpansRepaired}},
		{"an open sibling's enum already ruled out", siblingEnum, []string{`{"l":"[1]","o":[3,`, `2]}`},
			[]SpanVerdict{SpansAsCame}},
		{"an open sibling's enum still possible", siblingEnum, []string{`{"l":"[1]","o":[2`, `]}`},
			[]SpanVerdict{SpansRepaired}},
		{"a cut scalar of another kind", siblingEnum, []string{`{"l":"[1]","o":[1,n`, `ull]}`},
			[]SpanVerdict{SpansAsCame}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := toolsWith(t, tt.schema)
			sc := ts.NewScan("t", Options{KeepText: true})
			var text []byte
			var got []SpanVerdict
			for _, c := range tt.chunks {
				sc.Feed([]byte(c))
				text = append(text, c...)
				var edits []SpanEdit
				for _, sp := range sc.Spans() {
					if fixed, _, ok := sc.RepairSpan(sp, text[sp.Start:sp.End]); ok {
						edits = append(edits, SpanEdit{Start: int(sp.Start), End: int(sp.End), Repl: fixed})
					}
				}
				if len(sc.Spans()) == 0 {
					continue
				}
				v := sc.Judge(text, nil, edits)
				got = append(got, v)
				if v != SpansHold {
					sc.TakeSpans()
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("verdicts %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("verdicts %v, want %v", got, tt.want)
				}
			}
		})
	}
}

// manySpans is an input of n members, each a stringified array, for a schema whose every
// member is an array of integers.
func manySpans(n int) (schema, input string) {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"m` + strconv.Itoa(i) + `":"[1,2,3]"`)
	}
	b.WriteString("}")
	return `{"type":"object","additionalProperties":{"type":"array","items":{"type":"integer"}}}`, b.String()
}

// BenchmarkJudgeManySpans streams an input of 2,000 stringified arrays (about 40 KB) in
// 16-byte deltas, each span judged in its context as it ends.
func BenchmarkJudgeManySpans(b *testing.B) {
	sch, input := manySpans(2000)
	benchStreamed(b, sch, input, 16)
}

// benchStreamed streams input through a Scan for schema in deltas of up to size bytes.
func benchStreamed(b *testing.B, schema, input string, size int) {
	ts := toolsWith(b, schema)
	chunks := randomChunks(input, 1, size)
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		if _, rep := streamed(ts, "t", Options{}, chunks); !rep {
			b.Fatal("nothing went out repaired")
		}
	}
}

// BenchmarkJudgeLargeSpan streams a 10 MB stringified array after a healthy member, in 4 KiB
// deltas.
func BenchmarkJudgeLargeSpan(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`{"path":"a","lines":"[`)
	for i := 0; sb.Len() < 10<<20; i++ {
		if i > 0 {
			sb.WriteString(",")
		}
		sb.WriteString(strconv.Itoa(i))
	}
	sb.WriteString(`]"}`)
	benchStreamed(b, linesSchema, sb.String(), 4096)
}
