package repair

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// schemaGen writes a random tool schema and an input for it from the fuzzer's bytes: objects of
// up to three members a, b, c, each an integer, a string, an array of integers, or an object of
// the same kind; with required, additionalProperties false, maxItems, const, enum and not
// sprinkled in, anyOf at a value's place or on an object, the keywords judged on the whole value
// (multipleOf, uniqueItems, contains, propertyNames, dependentRequired, if/then) and keywords
// the validator does not know (unevaluatedItems, unevaluatedProperties). The input's values are right,
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
		sch := `{"type":"integer"}`
		if g.next(4) == 0 {
			sch = `{"type":"integer","multipleOf":2}`
		}
		return sch, []string{`1`, `"2"`, `"x"`, `true`}[g.next(4)]
	case 1:
		return `{"type":"string"}`, []string{`"s"`, `5`, `"[1]"`}[g.next(3)]
	case 2:
		sch := `{"type":"array","items":{"type":"integer"}`
		switch g.next(7) {
		case 1:
			sch += `,"maxItems":1`
		case 2:
			sch += `,"enum":[[1],[]]`
		case 3:
			sch += `,"not":{"const":[2]}`
		case 4:
			sch += `,"uniqueItems":true`
		case 5:
			sch += `,"contains":{"const":1}`
		case 6:
			sch += `,"unevaluatedItems":false`
		}
		return sch + `}`, []string{`[1]`, `"[1]"`, `"[2]"`, `"[1,2]"`, `"[\"x\"]"`, `[]`, `"{}"`, `"[1,1]"`}[g.next(8)]
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
	switch g.next(9) {
	case 5:
		sch += `,"propertyNames":{"pattern":"^[abc]$"}`
	case 6:
		sch += `,"dependentRequired":{"a":["b"]}`
	case 7:
		sch += `,"if":{"required":["a"]},"then":{"required":["b"]}`
	case 8:
		sch += `,"unevaluatedProperties":false`
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
