package repair

import (
	"bytes"
	"testing"
)

// rawOracle holds the kindRaw path to the tree path it stands for: Fits as fitsTree answers,
// and RepairInput's bytes, kinds and answer as with every stringified value read as a tree.
func rawOracle(t *testing.T, tools *Tools, name string, raw []byte, opt Options) {
	t.Helper()
	tl := tools.lookup(name)
	if tl == nil {
		return
	}
	if got, want := tools.fits(name, raw), fitsTree(tl, raw); got != want {
		t.Fatalf("Fits(%q) = %v, the tree says %v", raw, got, want)
	}
	tree := newBudget(len(raw))
	tree.tree = true
	wantOut, wantM, wantCh := tools.repairWith(name, raw, opt, tree)
	gotOut, gotM, gotCh := tools.repairWith(name, raw, opt, newBudget(len(raw)))
	if gotCh != wantCh || gotM != wantM || !bytes.Equal(gotOut, wantOut) {
		t.Fatalf("RepairInput(%q, %+v) = %q %v %v, the tree path gives %q %v %v", raw, opt, gotOut, gotM.kindStrings(), gotCh, wantOut, wantM.kindStrings(), wantCh)
	}
}

// TestRawValuesAnswerAsTrees: the schemas above a value kept as its text (const, enum, allOf,
// $ref, anyOf branches, not) judge it as they judge its tree.
func TestRawValuesAnswerAsTrees(t *testing.T) {
	tests := []struct{ schema, input string }{
		{`{"properties":{"v":{"type":"array","items":{"type":"integer"}}}}`, `{"v":"[1, 2,3]"}`},
		{`{"properties":{"v":{"type":"array","items":{"type":"integer"}}}}`, `{"v":"[1, \"2\"]"}`},
		{`{"properties":{"v":{"type":"array","items":{"type":"integer"}}}}`, `{"v":" [1] </parameter>"}`},
		{`{"properties":{"v":{"type":"array","items":{"type":"string"}}}}`, `{"v":"[\"a\\u00e9\", \"\\\"q\\\"\"]"}`},
		{`{"const":{"v":[1]},"properties":{"v":{"type":"array"}}}`, `{"v":"[1]"}`},
		{`{"const":{"v":[1]},"properties":{"v":{"type":"array"}}}`, `{"v":"[2]"}`},
		{`{"properties":{"v":{"type":"array","enum":[[1],[2]]}}}`, `{"v":"[2]"}`},
		{`{"allOf":[{"properties":{"v":{"type":"array","items":{"type":"integer"}}}},{"properties":{"v":{"maxItems":1}}}]}`, `{"v":"[1,2]"}`},
		{`{"allOf":[{"properties":{"v":{"type":"array","items":{"type":"integer"}}}},{"properties":{"v":{"maxItems":2}}}]}`, `{"v":"[1,2]"}`},
		{`{"properties":{"v":{"type":"array"}},"not":{"properties":{"v":{"minItems":2}}}}`, `{"v":"[1,2]"}`},
		{`{"properties":{"v":{"type":"array"}},"not":{"properties":{"v":{"minItems":2}}}}`, `{"v":"[1]"}`},
		{`{"anyOf":[{"properties":{"v":{"type":"array","items":{"type":"string"}}}},{"properties":{"v":{"type":"array","items":{"type":"integer"}}}}]}`, `{"v":"[1]"}`},
		{`{"properties":{"v":{"type":"object","properties":{"w":{"type":"array"}}}}}`, `{"v":"{\"w\":\"[1]\"}"}`},
		{`{"properties":{"v":{"type":"object","required":["a"]}}}`, `{"v":"{\"b\":1}"}`},
		{`{"properties":{"v":{"type":"array","items":{"type":"integer"}}}}`, `{"v":"\"[1]\""}`},
		{`{"type":"object","properties":{"v":{"type":"array","items":{"type":"integer"}}}}`, ` {"v" : [1, 2] } `},
		{`{"type":"object","properties":{"v":{"type":"array","items":{"type":"integer"}}}}`, `{"v":[1, 2.5]}`},
		{`{"type":"object","properties":{"v":{"type":"array","items":{"type":"integer"}}}}`, `{"v":[01]}`},
	}
	for _, tt := range tests {
		tools := toolsWith(t, tt.schema)
		for _, opt := range []Options{{}, {Args: true}, {KeepText: true}} {
			rawOracle(t, tools, "t", []byte(tt.input), opt)
		}
	}
}

// FuzzRawValues: over the tools of the cases and rule tests, every input gives what the tree
// path gives (rawOracle), and so does the input with each of its arrays and objects stringified.
func FuzzRawValues(f *testing.F) {
	tools, calls := fuzzCorpus(f)
	for _, c := range calls {
		f.Add(uint16(toolIndex(tools, c.name)), c.raw, uint8(0))
	}
	f.Add(uint16(len(tools)-8), `{"todos":"[{\"content\": \"a\", \"status\": \"pending\"}]"}`, uint8(1))
	f.Fuzz(func(t *testing.T, which uint16, raw string, opts uint8) {
		ft := tools[int(which)%len(tools)]
		opt := Options{Args: opts&1 != 0, KeepText: opts&2 != 0}
		rawOracle(t, ft.tools, ft.name, []byte(raw), opt)
	})
}

// TestStringifiedArrayKeptAsText: a stringified array that fits its place is kept as its
// compact text, not as a tree.
func TestStringifiedArrayKeptAsText(t *testing.T) {
	tools := toolsWith(t, `{"properties":{"v":{"type":"array","items":{"type":"integer"}}}}`)
	ps := tools.lookup("t").schema.properties["v"]
	w, m, ch := newBudget(16).coerce(value{kind: kindString, text: " [1, 2 ,3] "}, ps, 0)
	if !ch || m != maskCoerce || w.kind != kindRaw {
		t.Fatalf("coerced to %+v, %v, %v", w, m.kindStrings(), ch)
	}
	if got := string(appendJSON([]byte("x"), &w)); got != "x[1,2,3]" {
		t.Fatalf("written as %s", got)
	}
}

// TestInlinerReleaseClears: a pooled inliner goes back to fitsPool with its byte buffers cleared
// to their capacity, so that no byte of a text it judged (its strings raw and decoded) is left
// in memory a later exchange's judgment holds.
func TestInlinerReleaseClears(t *testing.T) {
	tools := toolsWith(t, `{"properties":{"v":{"type":"array","items":{"type":"string"}}}}`)
	ps := tools.lookup("t").schema.properties["v"]
	for _, text := range []string{`["s\u0065cret-one", "secret-two"]`, `[1, "secret"]`, `["secret" `} {
		in := &inliner{src: unquoter{s: []byte(text), plain: true}}
		in.skipWS()
		_ = in.all([]*schema{ps})
		if cap(in.out)+cap(in.tok)+cap(in.dec) == 0 {
			t.Fatalf("%s: the judgment used no buffer, the test proves nothing", text)
		}
		out, tok, dec := in.out[:cap(in.out)], in.tok[:cap(in.tok)], in.dec[:cap(in.dec)]
		in.release()
		for name, b := range map[string][]byte{"out": out, "tok": tok, "dec": dec} {
			if i := bytes.IndexFunc(b, func(r rune) bool { return r != 0 }); i >= 0 {
				t.Errorf("%s: after release, %s still holds %q", text, name, b)
			}
		}
	}
}
