package repair

import (
	"strings"
	"testing"
)

const (
	noRequired  = `{"type":"object","properties":{"verbose":{"type":"boolean"}}}`
	pathSchema  = `{"type":"object","properties":{"path":{"type":"string"},"n":{"type":"integer"}},"required":["path"],"additionalProperties":false}`
	listSchema  = `{"type":"object","properties":{"path":{"type":"string"},"recursive":{"type":"boolean"},"max_depth":{"type":"integer"},"ignore":{"type":"array","items":{"type":"string"}}},"required":["path"],"additionalProperties":false}`
	writeSchema = `{"type":"object","properties":{"file_path":{"type":"string"},"content":{"type":"string"}},"required":["file_path","content"]}`
)

func argsTests() []repairTest {
	return []repairTest{
		// D19
		{"empty arguments", noRequired, ``, `{}`, []string{KindArgs}},
		{"white-space arguments", noRequired, " \n\t", `{}`, []string{KindArgs}},
		{"empty arguments with a required param", pathSchema, ``, "", nil},
		// D21, D22
		{"repeated", pathSchema, `{"path":"a"}{"path":"a"}`, `{"path":"a"}`, []string{KindArgs}},
		{"repeated with white space", pathSchema, "{\"path\":\"a\"}\n {\"path\": \"a\"}", `{"path":"a"}`, []string{KindArgs}},
		{"repeated in another key order", `{"properties":{"a":{},"b":{}}}`, `{"a":1,"b":2}{"b":2,"a":1.0}`, `{"a":1,"b":2}`, []string{KindArgs}},
		{"repeated and stringified", pathSchema, `{"path":"a","n":"5"}{"path":"a","n":"5"}`, `{"path":"a","n":5}`, []string{KindArgs, KindCoerce}},
		{"two different calls merged", pathSchema, `{"path":"a"}{"path":"b"}`, "", nil},
		{"a second call cut short", pathSchema, `{"path":"a"}{"path":"a`, "", nil},
		{"three copies", pathSchema, `{"path":"a"}{"path":"a"}{"path":"a"}`, `{"path":"a"}`, []string{KindArgs}},
		{"six copies, white space between", pathSchema, strings.Repeat(`{"path":"a"} `, 6), `{"path":"a"}`, []string{KindArgs}},
		{"two copies then another call", pathSchema, `{"path":"a"}{"path":"a"}{"path":"b"}`, "", nil},
		{"two copies then a third cut short", pathSchema, `{"path":"a"}{"path":"a"}{"path":"a`, "", nil},
		{"two copies then prose", pathSchema, `{"path":"a"}{"path":"a"} done`, "", nil},
		{"an array after", pathSchema, `{"path":"a"}[1]`, "", nil},
		// D23
		{"prose after", pathSchema, `{"path":"a"} I will now read it.`, `{"path":"a"}`, []string{KindArgs}},
		{"a stray brace after", pathSchema, `{"path":"a"}}`, `{"path":"a"}`, []string{KindArgs}},
		{"leaked closer after", pathSchema, `{"path":"a"}</tool_call>`, `{"path":"a"}`, []string{KindArgs}},
		{"prose after what does not fit", pathSchema, `{"file":"a"} done`, "", nil},
		{"prose before", pathSchema, `Sure: {"path":"a"}`, "", nil},
		// D65
		{"a trailing comma in an object", pathSchema, `{"path":"a",}`, `{"path":"a"}`, []string{KindArgs}},
		{"a trailing comma in an array, white space around", listSchema, `{"path":"a","ignore":["x", "y" , ] }`, `{"path":"a","ignore":["x","y"]}`, []string{KindArgs}},
		{"trailing commas at two depths", listSchema, `{"path":"a","ignore":["x",],}`, `{"path":"a","ignore":["x"]}`, []string{KindArgs}},
		{"a comma before a closer inside a string stays", pathSchema, `{"path":"a,}",}`, `{"path":"a,}"}`, []string{KindArgs}},
		{"a trailing comma and a stringified value", listSchema, `{"path":"a","ignore":"[\"x\"]",}`, `{"path":"a","ignore":["x"]}`, []string{KindArgs, KindCoerce}},
		{"a trailing comma where it does not fit", pathSchema, `{"file":"a",}`, "", nil},
		{"two commas stay", pathSchema, `{"path":"a",,}`, "", nil},
		// D66
		{"a literal \\n between tokens", pathSchema, `{\n  "path": "a",\n  "n": 2\n}`, `{"path":"a","n":2}`, []string{KindArgs}},
		{"a literal \\n inside a string stays", bashSchema, `{\n"command": "a\nb"}`, `{"command":"a\nb"}`, []string{KindArgs}},
		{"a literal \\n and a trailing comma", pathSchema, `{"path": "a",\n}`, `{"path":"a"}`, []string{KindArgs}},
		{"a literal \\n where it does not fit", pathSchema, `{\n"file": "a"}`, "", nil},
		{"a lone backslash between tokens stays", pathSchema, `{\ "path": "a"}`, "", nil},
		// D24
		{"windows path", pathSchema, `{"path": "C:\Users\dev"}`, `{"path":"C:\\Users\\dev"}`, []string{KindArgs}},
		{"\\n in a windows path is no newline", pathSchema, `{"path": "C:\Users\new\table"}`, `{"path":"C:\\Users\\new\\table"}`, []string{KindArgs}},
		{"every backslash of that string", pathSchema, `{"path": "C:\\dir\x"}`, `{"path":"C:\\\\dir\\x"}`, []string{KindArgs}},
		{"escaped quotes stay quotes", writeSchema, `{"file_path":"a","content":"echo \"C:\Users\""}`, `{"file_path":"a","content":"echo \"C:\\Users\""}`, []string{KindArgs}},
		{"only the broken string", writeSchema, `{"file_path":"C:\dev\x.txt","content":"a\nb"}`, `{"file_path":"C:\\dev\\x.txt","content":"a\nb"}`, []string{KindArgs}},
		{"broken \\u", pathSchema, `{"path": "C:\u12\x"}`, `{"path":"C:\\u12\\x"}`, []string{KindArgs}},
		{"windows path and prose", pathSchema, `{"path": "C:\Users"} ok`, `{"path":"C:\\Users"}`, []string{KindArgs}},
		{"a backslash before the closing quote is no repair", pathSchema, `{"path": "C:\dir\"}`, "", nil},
		// D25 at the top of the text: mended before D24 could make the escape literal
		{"broken \\u mended", pathSchema, `{"path": "\u7 ee7\u7eed"}`, `{"path":"继续"}`, []string{KindEscape}},
		{"broken \\u mended, prose cut", pathSchema, `{"path": "\u7 ee7"} ok`, `{"path":"继"}`, []string{KindArgs, KindEscape}},
		{"broken \\u that cannot be mended is a path", pathSchema, `{"path": "C:\u7 e"}`, `{"path":"C:\\u7 e"}`, []string{KindArgs}},
		// D64: every raw control character in a string escaped alike, a line feed as a tab
		{"raw tab", writeSchema, "{\"file_path\":\"a\",\"content\":\"x\ty\"}", `{"file_path":"a","content":"x\ty"}`, []string{KindEscape}},
		{"raw line feed", writeSchema, "{\"file_path\":\"a\",\"content\":\"x\ny\"}", `{"file_path":"a","content":"x\ny"}`, []string{KindEscape}},
		{"raw carriage return and NUL", writeSchema, "{\"file_path\":\"a\",\"content\":\"x\r\x00y\x1f\"}", `{"file_path":"a","content":"x\r\u0000y\u001f"}`, []string{KindEscape}},
		{"raw line feed between members is white space", writeSchema, "{\"file_path\":\"a\",\n\"content\":\"x\ny\"}", `{"file_path":"a","content":"x\ny"}`, []string{KindEscape}},
		{"raw line feed in what does not fit", writeSchema, "{\"file\":\"x\ny\"}", "", nil},
		// D29: the whole arguments text as a Python dict literal
		{"python dict", listSchema, `{'path': 'src', 'recursive': True, 'max_depth': 2, 'ignore': ['__pycache__', '*.pyc']}`, `{"path":"src","recursive":true,"max_depth":2,"ignore":["__pycache__","*.pyc"]}`, []string{KindCoerce}},
		{"python dict, mixed quotes", writeSchema, `{'file_path': 'a', 'content': "Don't " + 'x'}`, "", nil},
		{"python dict, repr quoting", writeSchema, `{'file_path': 'docs/FAQ.md', 'content': "Don't say \"root\"."}`, `{"file_path":"docs/FAQ.md","content":"Don't say \"root\"."}`, []string{KindCoerce}},
		{"python dict, None and a stringified number", listSchema, `{'path': 'src', 'recursive': None}`, "", nil},
		{"python dict, number text coerced", listSchema, `{'path': 'src', 'max_depth': '3'}`, `{"path":"src","max_depth":3}`, []string{KindCoerce}},
		{"python dict with blanks around", listSchema, " \n{'path': 'src'}\n", `{"path":"src"}`, []string{KindCoerce}},
		{"python dict that does not fit", listSchema, `{'file': 'src'}`, "", nil},
		{"python dict cut short", listSchema, `{'path': 'src', 'recursive': Tr`, "", nil},
		{"python dict then prose", listSchema, `{'path': 'src'} listing now`, "", nil},
		{"python list is no arguments", listSchema, `[{'path': 'src'}]`, "", nil},
		{"python dict with a name", listSchema, `{'path': src}`, "", nil},
		// Python strings beside JSON literals: no Python text, but JSON once the strings are read as
		// Python reads them (pythonStrings; QwenLM/qwen-code #288's shape)
		{"python strings beside json's true", listSchema, `{'path': 'src', 'recursive': true}`, `{"path":"src","recursive":true}`, []string{KindCoerce}},
		{"python strings in a json object", listSchema, `{"path": "src", "ignore": ['a.py', 'b.py'], "recursive": false}`, `{"path":"src","ignore":["a.py","b.py"],"recursive":false}`, []string{KindCoerce}},
		{"python escapes read as python reads them", writeSchema, `{"file_path": 'a', "content": 'it\'s "x"\t\x41'}`, `{"file_path":"a","content":"it's \"x\"\tA"}`, []string{KindCoerce}},
		{"a single quote inside a json string stays", writeSchema, `{"file_path": "don't", "content": 'x'}`, `{"file_path":"don't","content":"x"}`, []string{KindCoerce}},
		{"python strings and a trailing comma", listSchema, `{"path": 'src', "ignore": ['a',],}`, `{"path":"src","ignore":["a"]}`, []string{KindArgs, KindCoerce}},
		{"python strings that do not fit", listSchema, `{"path": 'src', "recursive": 'yes'}`, "", nil},
		{"python strings then prose", listSchema, `{"path": 'src'} done`, "", nil},
		{"a python string never closed", listSchema, `{"path": 'src}`, "", nil},
		{"a python bytes literal is refused", listSchema, `{"path": b'src'}`, "", nil},
		{"python strings beside python's None", listSchema, `{"path": 'src', "ignore": None}`, "", nil},
		// a string "True" where a boolean is declared is Python's spelling of it (QwenLM/qwen-code #633),
		// read as any stringified boolean
		{"json arguments with Python's True for a declared boolean", listSchema, `{"path": "src", "recursive": "True"}`, `{"path":"src","recursive":true}`, []string{KindCoerce}},
		// arguments in a Markdown fence (issue 20's break-it run): the text inside it read as any argument text
		{"fenced arguments", pathSchema, "```json\n{\"path\": \"a\"}\n```", `{"path":"a"}`, []string{KindArgs}},
		{"a fence without an info string, blanks around", pathSchema, "\n```\n{\"path\": \"a\"}\n```\n", `{"path":"a"}`, []string{KindArgs}},
		{"a tilde fence, CRLF", pathSchema, "~~~JSON\r\n{\"path\": \"a\"}\r\n~~~", `{"path":"a"}`, []string{KindArgs}},
		{"a longer closing fence", pathSchema, "```json\n{\"path\": \"a\"}\n`````", `{"path":"a"}`, []string{KindArgs}},
		{"a fence and a trailing comma", pathSchema, "```json\n{\"path\": \"a\",}\n```", `{"path":"a"}`, []string{KindArgs}},
		{"a fence and a stringified value", pathSchema, "```json\n{\"path\": \"a\", \"n\": \"2\"}\n```", `{"path":"a","n":2}`, []string{KindArgs, KindCoerce}},
		{"a fence and a python dict", listSchema, "```python\n{'path': 'src', 'recursive': True}\n```", `{"path":"src","recursive":true}`, []string{KindArgs, KindCoerce}},
		{"fenced arguments that do not fit", pathSchema, "```json\n{\"file\": \"a\"}\n```", "", nil},
		{"a fence never closed", pathSchema, "```json\n{\"path\": \"a\"}\n", "", nil},
		{"a shorter closing fence", pathSchema, "````json\n{\"path\": \"a\"}\n```", "", nil},
		{"closers of another character", pathSchema, "```json\n{\"path\": \"a\"}\n~~~", "", nil},
		{"prose after the fence", pathSchema, "```json\n{\"path\": \"a\"}\n```\nDone.", "", nil},
		{"prose before the fence", pathSchema, "Here:\n```json\n{\"path\": \"a\"}\n```", "", nil},
		{"an info string that is no language", pathSchema, "```json {\"path\": \"a\"}\n```", "", nil},
		{"the closer on the value's line", pathSchema, "```json\n{\"path\": \"a\"}```", "", nil},
		{"a fence in a fence", pathSchema, "```\n```json\n{\"path\": \"a\"}\n```\n```", "", nil},
		{"a healthy value holding a fence", writeSchema, "{\"file_path\":\"a\",\"content\":\"```json\\n{}\\n```\"}", "", nil},
		// the whole call object as argument text only Args reads (callObjectTests)
		{"a call object and a trailing comma", pathSchema, `{"name":"t","arguments":{"path":"a",},}`, `{"path":"a"}`, []string{KindArgs}},
		{"a fenced call object", pathSchema, "```json\n{\"name\":\"t\",\"arguments\":{\"path\":\"a\"}}\n```", `{"path":"a"}`, []string{KindArgs}},
		// D46 and the rest
		{"truncated is never completed", pathSchema, `{"path": "C:/a`, "", nil},
		{"truncated with a windows path", pathSchema, `{"path": "C:\Users`, "", nil},
		{"healthy arguments", pathSchema, `{"path":"a"}`, "", nil},
		{"valid escapes are kept outside a path place (C:\\new is a newline in a command)", bashSchema, `{"command":"C:\new"}`, "", nil},
	}
}

// callObjectTests are inputs that are the whole call object of the test tool t (unwrapCall): JSON,
// so read alike with and without Options.Args.
func callObjectTests() []repairTest {
	return []repairTest{
		{"a call object", pathSchema, `{"name": "t", "arguments": {"path": "a"}}`, `{"path":"a"}`, []string{KindArgs}},
		{"a call object with parameters, a value stringified", pathSchema, `{"name":"t","parameters":{"path":"a","n":"2"}}`, `{"path":"a","n":2}`, []string{KindArgs, KindCoerce}},
		{"a call object, arguments first", pathSchema, `{"arguments": {"path": "a"}, "name": "t"}`, `{"path":"a"}`, []string{KindArgs}},
		{"a call object, arguments as JSON text", pathSchema, `{"name":"t","arguments":"{\"path\":\"a\"}"}`, `{"path":"a"}`, []string{KindArgs}},
		{"a call object of another tool", pathSchema, `{"name":"u","arguments":{"path":"a"}}`, "", nil},
		{"a call object with a third member", pathSchema, `{"name":"t","arguments":{"path":"a"},"id":"1"}`, "", nil},
		{"a call object whose arguments are no object", pathSchema, `{"name":"t","arguments":["a"]}`, "", nil},
		{"a call object whose arguments do not fit", pathSchema, `{"name":"t","arguments":{"file":"a"}}`, "", nil},
		{"a tool that declares name reads it as its own", `{"type":"object","properties":{"name":{"type":"string"},"path":{"type":"string"}},"required":["path"]}`, `{"name":"t","arguments":{"path":"a"}}`, "", nil},
	}
}

func TestCallObjects(t *testing.T) {
	for _, opt := range []Options{{}, {Args: true}, {Args: true, KeepText: true}} {
		runRepairTests(t, callObjectTests(), opt)
	}
}

func TestArgsRepairs(t *testing.T) {
	runRepairTests(t, argsTests(), Options{Args: true})
}

// TestArgsRepairsOffForAnthropic: without Options.Args none of the argument-text repairs fire.
func TestArgsRepairsOffForAnthropic(t *testing.T) {
	var off []repairTest
	for _, tt := range argsTests() {
		if tt.want != "" && tt.name != "repeated and stringified" && tt.name != "json arguments with Python's True for a declared boolean" { // value coercions, on in every API
			off = append(off, repairTest{name: tt.name, schema: tt.schema, input: tt.input})
		}
	}
	if len(off) < 10 {
		t.Fatalf("only %d tests", len(off))
	}
	runRepairTests(t, off, Options{})
}

func TestEscapeRawBackslashes(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"a":"C:\Users"}`, `{"a":"C:\\Users"}`},
		{`{"a":"ok\n","b":"C:\x"}`, `{"a":"ok\n","b":"C:\\x"}`},
		{`{"a":"fine"}`, `{"a":"fine"}`},
		{`{"a":"\\\q"}`, `{"a":"\\\\\\q"}`},
		{`"\u00e9\q"`, `"\\u00e9\\q"`},
		{`"unterminated \q`, `"unterminated \\q`},
	}
	for _, tt := range tests {
		if got := escapeRawBackslashes(tt.in); got != tt.want {
			t.Errorf("escapeRawBackslashes(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestEscapeRawControls(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{\"a\":\"x\ty\"}", `{"a":"x\ty"}`},
		{"{\"a\":\"x\ny\r\b\f\x00\x01\x1f\"}", `{"a":"x\ny\r\b\f\u0000\u0001\u001f"}`},
		{"{\n\t\"a\": \"fine\"\r\n}", "{\n\t\"a\": \"fine\"\r\n}"}, // white space outside strings
		{"{\"a\":\"\\\"\t\"}", `{"a":"\"\t"}`},                     // after an escaped quote, still in the string
		{"{\"a\":\"\\\n\"}", "{\"a\":\"\\\n\"}"},                   // right after a backslash: kept
		{"\"unterminated\t", `"unterminated\t`},
	}
	for _, tt := range tests {
		if got := escapeRawControls(tt.in); got != tt.want {
			t.Errorf("escapeRawControls(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestStringifiedControls: a stringified value whose JSON holds a raw control character in a
// string is read with it escaped (D64), whichever character it is: a tab and a NUL as a line feed.
func TestStringifiedControls(t *testing.T) {
	const todos = `{"type":"object","properties":{"todos":{"type":"array","items":{"type":"object","properties":{"content":{"type":"string"}}}}}}`
	var tests []repairTest
	for _, esc := range []string{`\t`, `\n`, `\r`, `\u0000`, `\u001f`} { // escaped in the outer string, raw in the inner JSON
		tests = append(tests, repairTest{"control " + esc, todos, `{"todos":"[{\"content\":\"a` + esc + `b\"}]"}`,
			`{"todos":[{"content":"a` + esc + `b"}]}`, []string{KindCoerce, KindEscape}})
	}
	runRepairTests(t, tests, Options{})
}
