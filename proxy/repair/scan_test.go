package repair

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
)

// heldAt feeds in to a new Scan in chunks of at most chunk bytes (0: whole) and returns Held.
func heldAt(t testing.TB, tools *Tools, name, in string, opt Options, chunk int, rng *rand.Rand) (int64, bool) {
	t.Helper()
	sc := tools.NewScan(name, opt)
	b := []byte(in)
	for len(b) > 0 {
		n := len(b)
		if chunk > 0 {
			n = min(n, 1+rng.IntN(chunk))
		}
		sc.Feed(b[:n])
		b = b[n:]
	}
	if sc.Len() != int64(len(in)) && sc != nil {
		t.Fatalf("Len %d after feeding %d bytes", sc.Len(), len(in))
	}
	return sc.Held()
}

func TestScanHolds(t *testing.T) {
	const anyOfSchema = `{"type":"object","properties":{"p":{"anyOf":[{"type":"array"},{"type":"string"}]},"q":{"anyOf":[{"type":"object","properties":{"n":{"type":"integer"}}},{"type":"null"}]}}}`
	tests := []struct {
		name, schema, in string
		args             bool
		held             int // -1: nothing held
	}{
		{"healthy todos", todoSchema, `{"todos": [{"content": "a \"quoted\" \u00e9\n", "status": "done"}]}`, false, -1},
		{"healthy bash, every type", bashSchema, `{"command":"ls","timeout":1.5e3,"n":-2,"bg":true,"nothing":null}`, false, -1},
		{"stringified array (D13)", todoSchema, `{"todos": "[{\"content\":\"a\"}]"}`, false, 10},
		{"stringified number (D15)", bashSchema, `{"command":"ls","timeout":"180000"}`, false, 26},
		{"stringified boolean (D15)", bashSchema, `{"command":"ls","bg":"true"}`, false, 21},
		{"string allowed in a branch: no hold", anyOfSchema, `{"p":"[1]"}`, false, -1},
		{"nested place through anyOf", anyOfSchema, `{"q":{"n":"3"}}`, false, 10},
		{"object where a string is wanted (D16): no hold", pathSchema, `{"path":{"a":1}}`, false, -1},
		{"invalid escape (D24)", pathSchema, `{"path":"a\q"}`, true, 10},
		{"windows path with a valid escape first after a drive: held from it (D24)", pathSchema, `{"path":"C:\new\Users"}`, true, 11},
		{"drive prefix after a space, \\t first", pathSchema, `{"path":"dir D:\temp\x"}`, true, 15},
		{"drive prefix, \\u first", pathSchema, `{"path":"C:\users\me"}`, true, 11},
		{"a letter and colon inside a word: no drive, no hold", bashSchema, `{"command":"ab:\nc"}`, true, -1},
		{"a valid escape at a path place holds from it (D24)", pathSchema, `{"path":"ab:\nc"}`, true, 12},
		{"a relative path's \\b at a path place, without Args too", writeSchema, `{"file_path":".\build\release"}`, false, 15},
		{"a list of paths holds at its item's \\t", `{"properties":{"paths":{"type":"array","items":{"type":"string"}}}}`, `{"paths":["a","src\table"]}`, true, 18},
		{"a file's content is no path: no hold", writeSchema, `{"file_path":"a","content":"x\ny"}`, true, -1},
		{"a one-letter label before a newline holds (a delay, no change)", pathSchema, `{"path":"A:\nB"}`, true, 11},
		{"drive prefix without Args: no hold", bashSchema, `{"command":"D:\repos"}`, false, -1},
		{"relative path with a valid escape first outside a path place: JSON as it is (D24 fails open)", bashSchema, `{"command":"src\new\Main.java"}`, true, 19},
		{"relative path with a valid escape first at a path place: held from it", pathSchema, `{"path":"src\new\Main.java"}`, true, 12},
		{"escaped backslashes: no hold", pathSchema, `{"path":"C:\\Users\\dev"}`, true, -1},
		{"broken \\u escape (D25)", pathSchema, `{"path":"x\u7 ee7"}`, true, 13},
		{"python literal arguments (D29)", pathSchema, `{'path': 'x'}`, true, 1},
		{"python True in a value (D29)", noRequired, `{"verbose": True}`, true, 12},
		{"whole arguments as a string (D21)", pathSchema, `"{\"path\":\"x\"}"`, true, 0},
		{"arguments twice (D21)", pathSchema, `{"path":"x"} {"path":"x"}`, true, 13},
		{"prose after the arguments (D23)", pathSchema, `{"path":"x"}  thanks`, true, 14},
		{"trailing white space: no hold", pathSchema, "{\"path\":\"x\"} \n", true, -1},
		{"leading white space: no hold", pathSchema, "  {\"path\":\"x\"}", true, -1},
		{"cut off (D46): no hold", todoSchema, `{"todos": [{"content": "a`, false, -1},
		{"unknown member, additionalProperties false: no hold", pathSchema, `{"zz":"1"}`, false, -1},
		{"array items", `{"type":"object","properties":{"l":{"type":"array","items":{"type":"integer"}}}}`, `{"l":[1, 2, "3"]}`, false, 12},
		{"prefixItems", `{"type":"object","properties":{"l":{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}]}}}`, `{"l":["a","2"]}`, false, 10},
		{"escaped member name", bashSchema, `{"t\u0069meout":"5"}`, false, 16},
		{"$ref at depth", `{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#"}}}}`, `{"kids":[{"kids":[{"kids":"[]"}]}]}`, false, 26},
		{"empty containers", todoSchema, `{"todos":[],"x":{}}`, false, -1},
		{"trailing comma: held from the comma (D65)", todoSchema, `{"todos":[1,]}`, false, 11},
		{"trailing comma in an object", todoSchema, `{"todos":[], }`, false, 11},
		{"trailing comma before a nested closer", todoSchema, `{"todos":[{"content":"a",}]}`, true, 24},
		{"a comma then a member: nothing held", todoSchema, `{"todos":[],"x":1}`, true, -1},
		{"a comma then an item: nothing held", todoSchema, `{"todos":[{"content":"a"}, {"content":"b"}]}`, true, -1},
		{"a comma inside a string: nothing held", todoSchema, `{"todos":[{"content":"a,]"}]}`, true, -1},
		{"a comma waiting for its next token holds (Args)", todoSchema, `{"todos":[],`, true, 11},
		{"a comma waiting without Args holds nothing", todoSchema, `{"todos":[],`, false, -1},
		{"a first member name held until it ends", pathSchema, `{"na`, false, 1},
		{"a first member name other than a call object's: let go", pathSchema, `{"path":"a"}`, false, -1},
		{"a call object's name holds to the end", pathSchema, `{"name":"t","arguments":{"path":"a"}}`, false, 1},
		{"a call object's arguments first", pathSchema, "{ \"arguments\":{\"path\":\"a\"},\"name\":\"t\"}", true, 2},
		{"a later member called name holds nothing", pathSchema, `{"path":"a","name":"t"}`, false, -1},
		{"a nested member called name holds nothing", todoSchema, `{"todos":[{"name":"t"}]}`, false, -1},
		{"a schema that declares name holds nothing", `{"type":"object","properties":{"name":{"type":"string"}}}`, `{"name":"t"}`, false, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tools := toolsWith(t, tt.schema)
			rng := rand.New(rand.NewPCG(1, uint64(len(tt.in))))
			for _, chunk := range []int{0, 1, 3, 7} {
				off, held := heldAt(t, tools, "t", tt.in, Options{Args: tt.args}, chunk, rng)
				want := tt.held
				if !held {
					off = -1
				}
				if int(off) != want {
					t.Fatalf("chunks of %d: held from %d, want %d (%q)", chunk, off, want, tt.in[max(0, int(off)):])
				}
			}
		})
	}
}

func TestScanFaulty(t *testing.T) {
	const branches = `{"type":"object","anyOf":[{"properties":{"p":{"type":"array"}}},{"properties":{"p":{"type":"string"}}}]}`
	tests := []struct {
		name, schema, in string
		faulty           bool
	}{
		{"a string where only an array fits", todoSchema, `{"todos":"[`, true},
		{"a string where one branch wants an array: may be healthy", branches, `{"p":"[`, false},
		{"not JSON", pathSchema, `{"path":x`, true},
		{"text after the value", pathSchema, `{"path":"x"} and`, true},
		{"a scalar where the root wants an object", pathSchema, `"{}"`, true},
		{"a member name too long to look up: may be healthy", pathSchema, `{"` + strings.Repeat("k", maxScanKey+1), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := toolsWith(t, tt.schema).NewScan("t", Options{Args: true})
			sc.Feed([]byte(tt.in))
			if _, held := sc.Held(); !held || sc.Faulty() != tt.faulty {
				t.Fatalf("held %v, Faulty %v; want held, Faulty %v", held, sc.Faulty(), tt.faulty)
			}
		})
	}
}

func TestScanUnknownTool(t *testing.T) {
	tools := toolsWith(t, todoSchema)
	if sc := tools.NewScan("other", Options{}); sc != nil {
		t.Fatal("a scan for a tool the request does not offer")
	}
	var sc *Scan
	sc.Feed([]byte(`"x"`))
	if off, held := sc.Held(); held || off != 0 {
		t.Fatalf("a nil scan holds %d, %v", off, held)
	}
}

func TestKeepText(t *testing.T) {
	tests := []struct {
		name, schema, in, want string
		args                   bool
	}{
		{"stringified array keeps the rest", todoSchema, "{\"todos\": \"[{\\\"content\\\":\\\"a\\\",\\\"status\\\":\\\"done\\\"}]\" }",
			`{"todos": [{"content":"a","status":"done"}] }`, false},
		{"number", bashSchema, `{ "command" : "l\u0073", "timeout": "5" }`, `{ "command" : "l\u0073", "timeout": 5 }`, false},
		{"D19 keeps white space", noRequired, "  ", "  {}", true},
		{"white space after a JSON value kept", bashSchema, "{\"command\": \"ls\", \"timeout\": \"5\"} \n", "{\"command\": \"ls\", \"timeout\": 5} \n", false},
		{"D64 escapes in place", bashSchema, "{\"command\": \"a\tb\", \"timeout\": \"1\"}", `{"command": "a\tb", "timeout": 1}`, true},
		{"D23 cuts after the white space", pathSchema, `{"path": "x", "n": "2"}  thanks`, `{"path": "x", "n": 2}  `, true},
		{"D21 one copy", pathSchema, `{"path":"x"}{"path":"x"}`, `{"path":"x"}`, true},
		{"D24 backslashes", pathSchema, `{"path": "C:\Users\new"}`, `{"path": "C:\\Users\\new"}`, true},
		{"D25 mend in place", bashSchema, `{"command": "a\n\u00 e9", "timeout": "1"}`, `{"command": "a\n\u00e9", "timeout": 1}`, true},
		{"D24 at a path place in place", pathSchema, `{"path": "src\new\table.txt", "n": "1"}`, `{"path": "src\\new\\table.txt", "n": 1}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tools := toolsWith(t, tt.schema)
			got, _, ok := tools.RepairInput("t", []byte(tt.in), Options{Args: tt.args, KeepText: true})
			if !ok || string(got) != tt.want {
				t.Fatalf("KeepText repair of %q = %q, %v; want %q", tt.in, got, ok, tt.want)
			}
			compact, _, _ := tools.RepairInput("t", []byte(tt.in), Options{Args: tt.args})
			if !jsonEqual(got, compact) {
				t.Fatalf("KeepText %q and compact %q differ as JSON", got, compact)
			}
		})
	}
}

func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return bytes.Equal(ja, jb)
}

// TestScanKeepsCasesRepairable: for every call of the shared cases that the engine repairs, the
// bytes before the first one a Scan holds are a prefix of the repair, so streaming them at once
// never stands in the way of a repair the engine makes.
func TestScanKeepsCasesRepairable(t *testing.T) {
	n := 0
	for _, cs := range cases.ForTest(t) {
		tools := toolsFor(t, cs)
		for _, c := range upstreamCalls(t, cs) {
			for _, args := range []bool{false, true} {
				opt := Options{Args: args, KeepText: true}
				fixed, _, ok := tools.RepairInput(c.name, []byte(c.raw), opt)
				if !ok {
					continue
				}
				n++
				off, _ := heldAt(t, tools, c.name, c.raw, opt, 0, nil)
				if !strings.HasPrefix(string(fixed), c.raw[:off]) {
					t.Errorf("%s %s: the scan lets %q go, but the repair is %q", cs.Name, c.name, c.raw[:off], fixed)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no repaired call in the shared cases")
	}
}

// FuzzScan: never panics; fed in any chunks it holds from the same byte; and what it lets go
// before that byte is a prefix of the KeepText repair (the repair stays possible), but where
// D24's escaping of a whole string may reach back before an invalid escape (a streamed call
// then fails open), and but where the whole arguments are read as one Python literal (D29): that
// reading re-encodes them, and the JSON-looking text before its first non-JSON byte may already
// have streamed ({"a":"",} cannot go on as JSON), so a streamed call fails open there too; the
// KeepText repair equals the compact one as JSON.
func FuzzScan(f *testing.F) {
	tools, calls := fuzzCorpus(f)
	for _, c := range calls {
		f.Add(uint16(toolIndex(tools, c.name)), c.raw, false, uint64(1))
		f.Add(uint16(toolIndex(tools, c.name)), c.raw, true, uint64(2))
	}
	f.Add(uint16(len(tools)-4), `{"path": "C:\Users\dev"} thanks`, true, uint64(3))
	f.Add(uint16(len(tools)-8), `{"todos":"[{'content': 'a', 'status': 'done'}]</parameter>"}`, false, uint64(4))
	f.Add(uint16(len(tools)-6), `{"path": "src\new\table.txt", "n": "1"}`, false, uint64(5))
	f.Add(uint16(len(tools)-5), `{"file_path": ".\build\release", "content": "a\nb"}`, true, uint64(6))
	f.Fuzz(func(t *testing.T, which uint16, raw string, args bool, seed uint64) {
		ft := tools[int(which)%len(tools)]
		opt := Options{Args: args, KeepText: true}
		whole, wholeHeld := heldAt(t, ft.tools, ft.name, raw, opt, 0, nil)
		rng := rand.New(rand.NewPCG(seed, 7))
		if off, held := heldAt(t, ft.tools, ft.name, raw, opt, 5, rng); off != whole || held != wholeHeld {
			t.Fatalf("in chunks held from %d (%v), whole from %d (%v)", off, held, whole, wholeHeld)
		}
		fixed, _, changed := ft.tools.repairInput(ft.name, []byte(raw), opt)
		if !changed {
			return
		}
		compact, _, _ := ft.tools.repairInput(ft.name, []byte(raw), Options{Args: args})
		if !jsonEqual(fixed, compact) && json.Valid(compact) {
			t.Fatalf("KeepText repair %q, compact %q", fixed, compact)
		}
		if args && escapeRawBackslashes(raw) != raw {
			return
		}
		if args && pythonOnly(raw) {
			return
		}
		if !bytes.HasPrefix(fixed, []byte(raw[:whole])) {
			t.Fatalf("the scan lets %q go, the repair is %q", raw[:whole], fixed)
		}
		checkFirstSpan(t, ft.tools, ft.name, raw, opt, fixed)
	})
}

// checkFirstSpan: where the whole-input repair fixed is made, the first faulty value the scan
// reads to its end, judged alone (RepairSpan), is what fixed has at its place: a dialect that
// lets it go at its closing quote sends what the whole-body repair would.
func checkFirstSpan(t *testing.T, tools *Tools, name, raw string, opt Options, fixed []byte) {
	t.Helper()
	sc := tools.NewScan(name, opt)
	sc.Feed([]byte(raw))
	spans := sc.Spans()
	if len(spans) == 0 || !bytes.HasPrefix(fixed, []byte(raw[:spans[0].Start])) {
		return
	}
	sp := spans[0]
	repl, _, ok := repairSpan(sp, []byte(raw[sp.Start:sp.End]))
	if !ok {
		repl = []byte(raw[sp.Start:sp.End])
	}
	if !bytes.HasPrefix(fixed[sp.Start:], repl) {
		t.Fatalf("the value %q judged alone is %q (repaired %v), the whole-input repair %q", raw[sp.Start:sp.End], repl, ok, fixed)
	}
}

// pythonOnly reports whether arguments text can be read only as a Python literal, not as JSON
// nor as a JSON value with text after it (argCandidates' last resort, D29).
func pythonOnly(raw string) bool {
	if _, _, _, err := parseJSONPrefix(raw, false); err == nil {
		return false
	}
	_, ok := pythonArguments(raw)
	return ok
}
