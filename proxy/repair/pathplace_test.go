package repair

import (
	"strconv"
	"strings"
	"testing"
)

// pathPlaceTests are D24 at a path place (pathplace.go): a Windows path typed with single
// backslashes whose escapes JSON has, so that it reads as a path holding control characters,
// absolute and relative, in every API (the rule needs no Options.Args); and the look-alikes
// that stay: a real line break in a file's content or a command, white space around a path, an
// escaped path.
func pathPlaceTests() []repairTest {
	const listSchema = `{"type":"object","properties":{"paths":{"type":"array","items":{"type":"string"}},"command":{"type":"string"}}}`
	const cwdSchema = `{"type":"object","properties":{"command":{"type":"string"},"workingDirectory":{"type":"string"},"targetFile":{"$ref":"#/$defs/p"}},"$defs":{"p":{"type":"string"}}}`
	return []repairTest{
		{"absolute path", pathSchema, `{"path":"C:\new\tmp"}`, `{"path":"C:\\new\\tmp"}`, []string{KindEscape}},
		{"relative path, every escape valid", writeSchema, `{"file_path":"src\new\table.txt","content":"a\nb"}`, `{"file_path":"src\\new\\table.txt","content":"a\nb"}`, []string{KindEscape}},
		{"dot relative", writeSchema, `{"file_path":".\build\release","content":""}`, `{"file_path":".\\build\\release","content":""}`, []string{KindEscape}},
		{"dot-dot relative", writeSchema, `{"file_path":"..\foo\bar","content":""}`, `{"file_path":"..\\foo\\bar","content":""}`, []string{KindEscape}},
		{"a form feed and a carriage return", pathSchema, `{"path":"x\fonts\readme"}`, `{"path":"x\\fonts\\readme"}`, []string{KindEscape}},
		{"camel-case name, escaped backslashes beside", cwdSchema, `{"command":"make","workingDirectory":"C:\\src\tools"}`, `{"command":"make","workingDirectory":"C:\\src\\tools"}`, []string{KindEscape}},
		{"a member through $ref", cwdSchema, `{"targetFile":"lib\new.go"}`, `{"targetFile":"lib\\new.go"}`, []string{KindEscape}},
		{"an item of a list of paths", listSchema, `{"paths":["ok.txt","src\table.go"]}`, `{"paths":["ok.txt","src\\table.go"]}`, []string{KindEscape}},
		{"a real line break in content stays", writeSchema, `{"file_path":"a.txt","content":"one\ntwo\tthree"}`, "", nil},
		{"a command is no path", listSchema, `{"command":"printf 'a\nb'"}`, "", nil},
		{"white space around a path is none of it", pathSchema, `{"path":"\n src/a.txt\t"}`, "", nil},
		{"an escaped path stays", pathSchema, `{"path":"C:\\new\\tmp"}`, "", nil},
		{"a member named file alone may hold content", `{"type":"object","properties":{"file":{"type":"string"},"name":{"type":"string"}}}`, `{"name":"a.txt","file":"line one\nline two"}`, "", nil},
		{"base64 wrapped by CRLF in a member named file", `{"type":"object","properties":{"file":{"type":"string"}}}`, `{"file":"iVBORw0KGgoAAAANSUhEUgAA\r\nAAEAAAABCAYAAAAfFcSJAAAA"}`, "", nil},
		{"file_text is content, not a path", `{"type":"object","properties":{"file_text":{"type":"string"}}}`, `{"file_text":"a\nb"}`, "", nil},
		{"a path place that wants no string", `{"type":"object","properties":{"path":{"type":"array","items":{"type":"string"}}}}`, `{"path":"[\"a\"]"}`, `{"path":["a"]}`, []string{KindCoerce}},
	}
}

func TestPathPlaceRepairs(t *testing.T) {
	for _, args := range []bool{false, true} {
		t.Run("args="+strconv.FormatBool(args), func(t *testing.T) {
			runRepairTests(t, pathPlaceTests(), Options{Args: args})
		})
	}
}

// TestPathPlaceStreamed: fed in chunks of every size, the scan lets go only a prefix of the
// KeepText repair of a path typed with single backslashes, so the streamed call is repaired as
// the whole one is; a healthy look-alike is held nowhere.
func TestPathPlaceStreamed(t *testing.T) {
	for _, tt := range pathPlaceTests() {
		t.Run(tt.name, func(t *testing.T) {
			tools := toolsWith(t, tt.schema)
			opt := Options{Args: true, KeepText: true}
			fixed, _, changed := tools.RepairInput("t", []byte(tt.input), opt)
			for n := 1; n <= len(tt.input); n++ {
				sc := tools.NewScan("t", opt)
				for i := 0; i < len(tt.input); i += n {
					sc.Feed([]byte(tt.input[i:min(i+n, len(tt.input))]))
				}
				off, held := sc.Held()
				if !changed {
					if held && tt.want == "" && !strings.ContainsAny(tt.input, "\\") {
						t.Fatalf("chunks of %d: healthy input held from %d", n, off)
					}
					continue
				}
				if !held {
					t.Fatalf("chunks of %d: nothing held, the repair is %s", n, fixed)
				}
				if !strings.HasPrefix(string(fixed), tt.input[:off]) {
					t.Fatalf("chunks of %d: the scan lets %q go, the repair is %s", n, tt.input[:off], fixed)
				}
			}
		})
	}
}

func TestPathName(t *testing.T) {
	for _, tt := range []struct {
		name      string
		one, list bool
	}{
		{"path", true, false}, {"file_path", true, false}, {"filePath", true, false}, {"target_file", true, false},
		{"working_directory", true, false}, {"cwd", true, false}, {"notebook_path", true, false}, {"dir", true, false},
		{"paths", false, true}, {"source_files", false, true}, {"file_text", false, false}, {"file_content", false, false},
		{"file", false, false}, {"File", false, false}, {"files", false, false}, {"input_file", true, false},
		{"command", false, false}, {"content", false, false}, {"profile", false, false}, {"pathPrefix", false, false},
	} {
		if one, list := pathName(tt.name); one != tt.one || list != tt.list {
			t.Errorf("pathName(%q) = %v, %v; want %v, %v", tt.name, one, list, tt.one, tt.list)
		}
	}
}

// TestObjectTextRepairs: an input that is the JSON text of an object (D67) whose text holds an
// argument-text fault (D21, D23, D24, D65, D66) is read as the argument text it is, in every
// API, as the same text streamed in deltas is; a bare non-JSON string, and two different
// objects, stay.
func TestObjectTextRepairs(t *testing.T) {
	tests := []repairTest{
		{"prose after", bashSchema, `"{\"command\":\"ls\"} thanks"`, `{"command":"ls"}`, []string{KindCoerce}},
		{"sent twice", bashSchema, `"{\"command\":\"ls\"}{\"command\":\"ls\"}"`, `{"command":"ls"}`, []string{KindCoerce}},
		{"a stray closer", bashSchema, `"{\"command\":\"ls\"}}"`, `{"command":"ls"}`, []string{KindCoerce}},
		{"a literal \\n between tokens", bashSchema, `"{\\n\"command\":\"ls\"\\n}"`, `{"command":"ls"}`, []string{KindCoerce}},
		{"a Windows path with an invalid escape", pathSchema, `"{\"path\":\"C:\\Users\\x\"}"`, `{"path":"C:\\Users\\x"}`, []string{KindCoerce}},
		{"a relative path and a trailing comma", pathSchema, `"{\"path\":\"src\\new\\table.txt\",}"`, `{"path":"src\\new\\table.txt"}`, []string{KindCoerce, KindEscape}},
		{"two different objects stay", bashSchema, `"{\"command\":\"ls\"}{\"command\":\"rm x\"}"`, "", nil},
		{"a bare command stays", bashSchema, `"git status"`, "", nil},
	}
	runRepairTests(t, tests, Options{})
	for i := range tests {
		// a trailing comma is read by the stringified value's own reader (readStringValue)
		if tests[i].kinds != nil && !strings.Contains(tests[i].name, "trailing comma") {
			tests[i].kinds = append([]string{KindArgs}, tests[i].kinds...)
		}
	}
	runRepairTests(t, tests, Options{Args: true})
}
