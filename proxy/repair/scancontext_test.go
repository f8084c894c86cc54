package repair

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

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

// schemaGen writes a random tool schema and an input for it from the fuzzer's bytes: objects of
// up to three members a, b, c, each an integer, a string, an array of integers, or an object of
// the same kind; with required, additionalProperties false, maxItems, const, enum and not
// sprinkled in, and anyOf at a value's place or on an object. The input's values are right,
// wrong, or stringified (a faulty value a Scan reads as a span); tail adds faults of the whole
// text.
type schemaGen struct {
	p []byte
}

func (g *schemaGen) next(n int) int {
	if len(g.p) == 0 {
		return 0
	}
	c := g.p[0]
	g.p = g.p[1:]
	return int(c) % n
}

// pair returns a schema and a value for it, nested up to depth.
func (g *schemaGen) pair(depth int) (schema, input string) {
	k := g.next(4)
	if depth <= 0 {
		k %= 3
	}
	switch k {
	case 0:
		if g.next(4) == 0 {
			return `{"anyOf":[{"type":"integer"},{"type":"null"}]}`, []string{`1`, `"2"`, `null`, `"null"`}[g.next(4)]
		}
		return `{"type":"integer"}`, []string{`1`, `"2"`, `"x"`, `true`}[g.next(4)]
	case 1:
		return `{"type":"string"}`, []string{`"s"`, `5`, `"[1]"`}[g.next(3)]
	case 2:
		sch := `{"type":"array","items":{"type":"integer"}`
		switch g.next(4) {
		case 1:
			sch += `,"maxItems":1`
		case 2:
			sch += `,"enum":[[1],[]]`
		case 3:
			sch += `,"not":{"const":[2]}`
		}
		return sch + `}`, []string{`[1]`, `"[1]"`, `"[2]"`, `"[1,2]"`, `"[\"x\"]"`, `[]`, `"{}"`}[g.next(7)]
	}
	var props, members []string
	var req string
	for _, name := range []string{"a", "b", "c"} {
		if g.next(3) == 0 {
			continue
		}
		s, v := g.pair(depth - 1)
		props = append(props, `"`+name+`":`+s)
		if g.next(4) != 0 {
			members = append(members, `"`+name+`":`+v)
		}
		if g.next(3) == 0 {
			req += `,"` + name + `"`
		}
	}
	if g.next(5) == 0 {
		members = append(members[:len(members):len(members)], `"z":0`)
	}
	if len(members) > 1 && g.next(3) == 0 {
		members[0], members[len(members)-1] = members[len(members)-1], members[0]
	}
	sch := `{"type":"object","properties":{` + strings.Join(props, ",") + `}`
	if req != "" {
		sch += `,"required":[` + req[1:] + `]`
	}
	switch g.next(5) {
	case 1:
		sch += `,"additionalProperties":false`
	case 2:
		sch += `,"const":{"a":[1]}`
	case 3:
		sch += `,"not":{"required":["b"]}`
	case 4:
		sch += `,"anyOf":[{"required":["a"]},{"properties":{"b":{"type":"array"}}}]`
	}
	return sch + `}`, `{` + strings.Join(members, ",") + `}`
}

// tail returns input with, at times, a fault of the whole text after it: a comma before its
// last '}', prose after it, or a second copy of it (D21, D23, D29 with Options.Args).
func (g *schemaGen) tail(input string) string {
	switch g.next(6) {
	case 1:
		if i := strings.LastIndexByte(input, '}'); i > 1 {
			return input[:i] + "," + input[i:]
		}
	case 2:
		return input + " thanks"
	case 3:
		return input + input
	}
	return input
}

// FuzzSpansInContext: over random schemas and inputs (schemaGen) that a Scan holds anything of,
// what a client is sent of an input streamed through it (streamed) is the whole-body repair
// when the input comes in one delta, and for every split when the whole-body repair makes the
// input fit (nothing fails, then, later or not) and a JSON value starts the text; an input that
// fits streams as it came. A verdict reached where an earlier Judge stopped is the one a Scan
// fed the text at once gives. Chat's argument-text repairs are on or off.
func FuzzSpansInContext(f *testing.F) {
	f.Add([]byte{3, 1, 2, 1, 1, 0, 1, 1, 1, 2, 1, 0, 0}, uint64(1), false)
	f.Add([]byte{3, 1, 0, 1, 1, 0, 1, 2, 1, 1, 1, 0, 2}, uint64(2), true)
	f.Add([]byte{3, 1, 3, 1, 2, 1, 1, 0, 1, 1, 1, 1, 0, 2, 0, 4}, uint64(3), false)
	f.Fuzz(func(t *testing.T, p []byte, seed uint64, args bool) {
		g := schemaGen{p: p}
		g.p = append([]byte{3}, g.p...) // the top is an object
		sch, input := g.pair(3)
		input = g.tail(input)
		ts := toolsWith(t, sch)
		opt := Options{Args: args}
		if sc := ts.NewScan("t", opt); sc != nil {
			if sc.Feed([]byte(input)); len(sc.Spans()) == 0 && !sc.HeldBeyondSpans() {
				return // no span and nothing held: the input streams as it came, whatever it is
			}
		}
		want := whole(ts, "t", opt, input)
		if got, _ := streamed(ts, "t", opt, []string{input}); !bytes.Equal(got, want) {
			t.Fatalf("schema %s\nin one delta: streamed %s, whole %s", sch, got, want)
		}
		_, _, changed := ts.RepairInput("t", []byte(input), opt)
		fits := ts.Fits("t", []byte(input))
		// A text that no JSON value starts (a comma before its last '}') is repaired, if at all,
		// by D29's Python reading of the whole: its fault comes with that byte, later than a
		// value it follows.
		_, _, _, err := parseJSONPrefix(input, false)
		jsonFirst := err == nil
		for k := range uint64(4) {
			chunks := randomChunks(input, seed+k, 1+int((seed+k)%8))
			got, _ := streamedChecked(ts, "t", opt, chunks, func(v SpanVerdict, text []byte, sent, mine []SpanEdit) {
				// a verdict reached from where an earlier Judge stopped is the one a Scan fed all
				// the text at once gives
				fresh := ts.NewScan("t", Options{Args: args, KeepText: true})
				fresh.Feed(text)
				all := append(append([]SpanEdit(nil), sent...), mine...)
				if w := fresh.Judge(text, nil, all); v == SpansRepaired && w != v {
					t.Fatalf("schema %s\n%q: Judge %d as it streamed, %d at once", sch, text, v, w)
				}
			})
			if (changed || fits) && jsonFirst && !bytes.Equal(got, want) {
				t.Fatalf("schema %s\nin %q: streamed %s, whole %s", sch, chunks, got, want)
			}
		}
	})
}

// FuzzJudge: Judge never panics on any text a Scan was fed, with any edits, and an input that
// arrives whole gets the answer RepairInput gives: repaired only when it repairs the input.
func FuzzJudge(f *testing.F) {
	for _, s := range []string{`{"path":5,"lines":"[1]"}`, `{"lines":"[1]","path":"a"}`, `{"lines":"[1]"`, `{"lines":"[1]","p`} {
		f.Add(s)
	}
	ts := toolsWith(f, linesSchema)
	f.Fuzz(func(t *testing.T, input string) {
		if !utf8.ValidString(input) {
			return
		}
		sc := ts.NewScan("t", Options{KeepText: true})
		sc.Feed([]byte(input))
		var edits []SpanEdit
		for _, sp := range sc.Spans() {
			if fixed, _, ok := repairSpan(sp, []byte(input[sp.Start:sp.End])); ok {
				edits = append(edits, SpanEdit{Start: int(sp.Start), End: int(sp.End), Repl: fixed})
			}
		}
		if len(sc.Spans()) == 0 {
			return
		}
		v := sc.Judge([]byte(input), nil, edits)
		if _, _, changed := ts.RepairInput("t", []byte(input), Options{}); v == SpansRepaired && !changed && json1(input) {
			t.Fatalf("%q: Judge lets the spans go repaired, RepairInput changes nothing", input)
		}
	})
}

// json1 reports whether s is one complete JSON value (an input that arrived whole).
func json1(s string) bool {
	_, err := parseJSON(s)
	return err == nil
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
