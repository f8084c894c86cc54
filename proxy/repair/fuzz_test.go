package repair

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/toolfix/toolfix/proxy/cases"
)

// fuzzTool is one tool the fuzzers call, with the Tools that offer it.
type fuzzTool struct {
	tools *Tools
	name  string
}

// fuzzCorpus returns every tool of the shared cases and of the rule tests, and the raw inputs
// the shared upstreams send (the fuzz seeds).
func fuzzCorpus(f *testing.F) ([]fuzzTool, []caseCall) {
	f.Helper()
	var tools []fuzzTool
	var calls []caseCall
	for _, c := range cases.ForTest(f) {
		ts := toolsFor(f, c)
		for _, n := range ts.Names() {
			tools = append(tools, fuzzTool{ts, n})
		}
		calls = append(calls, upstreamCalls(f, c)...)
	}
	for _, s := range []string{todoSchema, bashSchema, pathSchema, writeSchema, noRequired,
		`{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#"}}}}`,
		`{"properties":{"p":{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"type":"null"}]},"l":{"type":["array","null"]}}}`,
		`{"properties":{"x":{"allOf":[{"$ref":"#/properties/x"}],"oneOf":[{"$ref":"#/properties/x"}]}}}`,
	} {
		tools = append(tools, fuzzTool{toolsWith(f, s), "t"})
	}
	return tools, calls
}

func toolIndex(tools []fuzzTool, name string) int {
	for i, t := range tools {
		if t.name == name {
			return i
		}
	}
	return 0
}

// FuzzRepairInput: never panics; a repair is JSON that fits and stays as it is when repaired
// again; an input that fits is never changed; without Options.Args no argument-text repair.
func FuzzRepairInput(f *testing.F) {
	tools, calls := fuzzCorpus(f)
	for _, c := range calls {
		f.Add(uint16(toolIndex(tools, c.name)), c.raw, false)
		f.Add(uint16(toolIndex(tools, c.name)), c.raw, true)
	}
	f.Add(uint16(len(tools)-4), `{"path": "C:\Users\dev"} thanks`, true)
	f.Add(uint16(len(tools)-8), `{"todos":"[{'content': 'a', 'status': 'done'}]</parameter>"}`, false)
	// D24 at a path place (pathSchema's path, writeSchema's file_path beside its content)
	f.Add(uint16(len(tools)-6), `{"path": "src\new\table.txt"}`, false)
	f.Add(uint16(len(tools)-5), `{"file_path": "..\foo\bar", "content": "a\nb"}`, true)
	f.Fuzz(func(t *testing.T, which uint16, raw string, args bool) {
		ft := tools[int(which)%len(tools)]
		opt := Options{Args: args}
		fixed, m, changed := ft.tools.repairInput(ft.name, []byte(raw), opt)
		fitsRaw := ft.tools.fits(ft.name, []byte(raw))
		if !changed {
			if fixed != nil || m != 0 {
				t.Fatalf("unchanged but returned %q, kinds %v", fixed, m.kindStrings())
			}
			return
		}
		if fitsRaw {
			t.Fatalf("changed %q, which fits, into %q", raw, fixed)
		}
		if !json.Valid(fixed) || !ft.tools.fits(ft.name, fixed) {
			t.Fatalf("repaired %q into %q, which does not fit", raw, fixed)
		}
		// with Args false no argument-text kind, but for an input that is the call object of
		// its own tool around the arguments (unwrapCall), a call's shape in every API
		wrapped := false
		if v, err := parseJSON(raw); err == nil {
			_, wrapped = unwrapCall(&v, ft.name)
		}
		if m == 0 || (!args && m&maskArgs != 0 && !wrapped) {
			t.Fatalf("kinds %v with Options %+v", m.kindStrings(), opt)
		}
		if _, _, again := ft.tools.repairInput(ft.name, fixed, opt); again {
			t.Fatalf("the repair %q of %q is repaired again", fixed, raw)
		}
	})
}

// FuzzPythonLiteral: never panics, and what it reads encodes to JSON that reads back the same. A
// literal that is not valid UTF-8 is left out of the second check: JSON cannot carry such bytes, and
// the encoder writes U+FFFD for them by design (jsontext.AppendQuote); model output decoded from a
// JSON string is always valid UTF-8.
func FuzzPythonLiteral(f *testing.F) {
	for _, s := range []string{`[{'a': 'b', 'ok': True, 'n': None}]`, `('x', (1, 2.5e3), 0x1F)`, `{'k': r'C:\new', "q": '''a
b'''}`, `1, 2,`, `['\x41\u00e9\U0001F600\101']`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		v, _, err := parsePythonPrefix(in)
		if err != nil {
			return
		}
		out := appendJSON(nil, &v)
		w, err := parseJSON(string(out))
		if err != nil {
			t.Fatalf("read %q as %q, which is not JSON: %v", in, out, err)
		}
		if !equalValues(&v, &w) && utf8.ValidString(in) {
			t.Fatalf("read %q as %q, which reads back differently", in, out)
		}
	})
}

// FuzzBuildInput: never panics, and what it builds fits.
func FuzzBuildInput(f *testing.F) {
	tools, _ := fuzzCorpus(f)
	f.Add(uint16(toolIndex(tools, "TodoWrite")), "todos", `[{"content": "a", "status": "pending", "activeForm": "x"}]`, "", "")
	f.Add(uint16(toolIndex(tools, "Bash")), "command", `ls`, "timeout", "180000")
	f.Add(uint16(toolIndex(tools, "write")), "file_path", `C:\Users\dev\test.txt`, "content", "line one\nline two")
	f.Add(uint16(toolIndex(tools, "TodoWrite")), "x", "", "todos", ` {"item":{"content":"a","status":"pending","activeForm":"x"}}`) // 61 bytes: Elements
	f.Fuzz(func(t *testing.T, which uint16, n1, v1, n2, v2 string) {
		ft := tools[int(which)%len(tools)]
		params := []Param{{Name: n1, Value: v1}}
		if n2 != "" {
			params = append(params, Param{Name: n2, Value: v2, JSON: len(v2)%2 == 0, Elements: len(v2)%3 == 1})
		}
		out, err := ft.tools.buildInput(ft.name, params)
		if err != nil {
			return
		}
		if !ft.tools.fits(ft.name, out) {
			t.Fatalf("built %q from %v, which does not fit", out, params)
		}
	})
}
