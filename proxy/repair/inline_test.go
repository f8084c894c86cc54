package repair

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// inlineSpan is the inline path's repair of a span, when it answers.
func inlineSpan(sp ScanSpan, tok []byte) ([]byte, bool) {
	if !inlines(sp, tok) {
		return nil, false
	}
	fixed, err := AppendInlined(nil, tok)
	return fixed, err == nil
}

// firstSpan returns the first faulty value a Scan of raw reads to its end, under schema.
func firstSpan(t testing.TB, tools *Tools, name, raw string, opt Options) (ScanSpan, bool) {
	t.Helper()
	sc := tools.NewScan(name, opt)
	if sc == nil {
		return ScanSpan{}, false
	}
	sc.Feed([]byte(raw))
	spans := sc.Spans()
	if len(spans) == 0 {
		return ScanSpan{}, false
	}
	return spans[0], true
}

// TestInlineSpan: the inline path answers for a stringified value that fits as it is, with the
// tree path's bytes, and leaves every other value to the tree path.
func TestInlineSpan(t *testing.T) {
	tests := []struct {
		name, schema, raw string
		answers           bool
	}{
		{"stringified todos", todoSchema, `{"todos":"[{\"content\": \"a\", \"status\": \"done\"}]"}`, true},
		{"white space and escapes compacted", todoSchema, `{"todos":" [ {\"content\" : \"\\u00e9\\/\\n\" ,\"status\":\"pending\"} ] \n"}`, true},
		{"status outside the enum", todoSchema, `{"todos":"[{\"content\":\"a\",\"status\":\"later\"}]"}`, false},
		{"required member missing", todoSchema, `{"todos":"[{\"content\":\"a\"}]"}`, false},
		{"a Python literal", todoSchema, `{"todos":"[{'content': 'a', 'status': 'done'}]"}`, false},
		{"closing markup after the value", todoSchema, `{"todos":"[]</parameter>"}`, false},
		{"stringified twice", todoSchema, `{"todos":"\"[]\""}`, false},
		{"a string inside wants coercion", `{"properties":{"a":{"type":"array","items":{"type":"array"}}}}`, `{"a":"[\"[1]\"]"}`, false},
		{"numbers and literals", `{"properties":{"a":{"type":"object","properties":{"n":{"type":"integer","minimum":1},"b":{"type":"boolean"},"z":{"type":"null"}}}}}`, `{"a":"{\"n\": 3.0e0, \"b\": false, \"z\": null}"}`, true},
		{"number under its minimum", `{"properties":{"a":{"type":"object","properties":{"n":{"type":"integer","minimum":5}}}}}`, `{"a":"{\"n\": 3}"}`, false},
		{"anyOf inside", `{"properties":{"a":{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"number"}]}}}}`, `{"a":"[1]"}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tools := toolsWith(t, tt.schema)
			sp, ok := firstSpan(t, tools, "t", tt.raw, Options{KeepText: true})
			if !ok {
				t.Fatalf("no span in %s", tt.raw)
			}
			tok := []byte(tt.raw[sp.Start:sp.End])
			fixed, answered := inlineSpan(sp, tok)
			if answered != tt.answers {
				t.Fatalf("inline answered %v (%q), want %v", answered, fixed, tt.answers)
			}
			tree, _, changed := repairSpanTree(sp, tok)
			if answered && (!changed || !bytes.Equal(fixed, tree)) {
				t.Fatalf("inline %q, tree %q (changed %v)", fixed, tree, changed)
			}
		})
	}
}

// FuzzInlineSpan: wherever the inline path answers for a faulty value, the tree path repairs it
// to the same bytes; neither panics.
func FuzzInlineSpan(f *testing.F) {
	tools, calls := fuzzCorpus(f)
	for _, c := range calls {
		f.Add(uint16(toolIndex(tools, c.name)), c.raw, uint64(1))
	}
	f.Add(uint16(len(tools)-8), `{"todos":"[{\"content\": \"a\\u00e9\", \"status\": \"done\"}]"}`, uint64(2))
	f.Fuzz(func(t *testing.T, which uint16, raw string, seed uint64) {
		ft := tools[int(which)%len(tools)]
		sc := ft.tools.NewScan(ft.name, Options{KeepText: true})
		if sc == nil {
			return
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		for rest := []byte(raw); len(rest) > 0; {
			n := min(len(rest), 1+rng.IntN(8))
			sc.Feed(rest[:n])
			rest = rest[n:]
		}
		for _, sp := range sc.Spans() {
			tok := []byte(raw[sp.Start:sp.End])
			fixed, ok := inlineSpan(sp, tok)
			tree, kinds, changed := repairSpanTree(sp, tok)
			if !ok {
				continue
			}
			if !changed || !bytes.Equal(fixed, tree) {
				t.Fatalf("span %q: inline %q, tree %q (changed %v)", tok, fixed, tree, changed)
			}
			if len(kinds) != 1 || kinds[0] != KindCoerce {
				t.Fatalf("span %q: tree kinds %v, inline reports coerce", tok, kinds)
			}
		}
	})
}

// BenchmarkRepairSpan10MB repairs the 10 MB stringified todos value alone, as a dialect does at
// its closing quote: the inline path, and the tree path it replaces.
func BenchmarkRepairSpan10MB(b *testing.B) {
	tools := toolsWith(b, todoSchema)
	raw, _ := stringifiedTodos(10 << 20)
	sp, ok := firstSpan(b, tools, "t", string(raw), Options{KeepText: true})
	if !ok {
		b.Fatal("no span")
	}
	tok := raw[sp.Start:sp.End]
	for _, bc := range []struct {
		name   string
		repair func(ScanSpan, []byte) ([]byte, []string, bool)
	}{{"inline", repairSpan}, {"tree", repairSpanTree}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tok)))
			b.ReportAllocs()
			for b.Loop() {
				if _, _, changed := bc.repair(sp, tok); !changed {
					b.Fatal("not repaired")
				}
			}
		})
	}
}
