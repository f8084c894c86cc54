package repair

import (
	"slices"
	"testing"
)

func TestToolsFromRequests(t *testing.T) {
	tests := []struct {
		name    string
		read    func([]byte) (*Tools, error)
		body    string
		names   []string
		wantErr bool
	}{
		{"anthropic", ToolsFromAnthropic,
			`{"tools":[{"name":"Bash","input_schema":{"type":"object","properties":{"command":{"type":"string"}}}},{"type":"web_search_20250305","name":"web_search"}]}`,
			[]string{"Bash", "web_search"}, false},
		{"chat", ToolsFromChat,
			`{"tools":[{"type":"function","function":{"name":"bash","parameters":{"type":"object","properties":{"command":{"type":"string"}}}}},{"type":"custom","custom":{"name":"x"}},{"function":{"name":"untyped"}}],"functions":[{"name":"legacy","parameters":{"type":"object"}}]}`,
			[]string{"bash", "untyped", "legacy"}, false},
		{"responses", ToolsFromResponses,
			`{"tools":[{"type":"function","name":"bash","parameters":{"type":"object","properties":{"command":{"type":"string"}}}},{"type":"web_search"},{"type":"custom","name":"free"}]}`,
			[]string{"bash"}, false},
		{"no tools", ToolsFromAnthropic, `{"model":"m","messages":[]}`, nil, false},
		{"functions are Chat's only", ToolsFromAnthropic, `{"functions":[{"name":"f","parameters":{}}]}`, nil, false},
		{"functions are not Responses'", ToolsFromResponses, `{"functions":[{"name":"f","parameters":{}}]}`, nil, false},
		{"tools null", ToolsFromChat, `{"tools":null}`, nil, false},
		{"tools not a list", ToolsFromResponses, `{"tools":{"name":"x"}}`, nil, false},
		{"nameless tool", ToolsFromAnthropic, `{"tools":[{"input_schema":{}},{"name":""}]}`, nil, false},
		{"not JSON", ToolsFromAnthropic, `{"tools":[`, nil, true},
		{"not an object", ToolsFromChat, `[1]`, nil, true},
		{"empty body", ToolsFromResponses, ``, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tools, err := tt.read([]byte(tt.body))
			if (err != nil) != tt.wantErr {
				t.Fatalf("err %v, want error %v", err, tt.wantErr)
			}
			if tools == nil {
				t.Fatal("nil *Tools")
			}
			if got := tools.Names(); !slices.Equal(got, tt.names) {
				t.Errorf("names %v, want %v", got, tt.names)
			}
			for _, n := range tt.names {
				if !tools.Has(n) {
					t.Errorf("Has(%q) = false", n)
				}
			}
			if tools.Has("nope") {
				t.Error(`Has("nope") = true`)
			}
		})
	}
}

func TestToolsQueries(t *testing.T) {
	chat, err := ToolsFromChat([]byte(`{"tools":[` +
		`{"type":"function","function":{"name":"bash","parameters":{"type":"object","properties":{"command":{"type":"string"}},"required":["command"]}}},` +
		`{"type":"function","function":{"name":"now"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	anth, err := ToolsFromAnthropic([]byte(`{"tools":[{"type":"web_search_20250305","name":"web_search"},` +
		`{"name":"dup","input_schema":{"type":"object","properties":{"a":{"type":"array"}}}},` +
		`{"name":"dup","input_schema":{"type":"object","properties":{"a":{"type":"string"}}}},` +
		`{"name":"same","input_schema":{"type":"object","properties":{"a":{"type":"array"}}}},` +
		`{"name":"same","input_schema":{"type":"object","properties":{"a":{"type":"array"}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var none *Tools
	tests := []struct {
		name string
		got  bool
		want bool
	}{
		{"HasParam", chat.HasParam("bash", "command"), true},
		{"HasParam missing", chat.HasParam("bash", "cmd"), false},
		{"HasParam unknown tool", chat.HasParam("sh", "command"), false},
		{"Fits", chat.Fits("bash", []byte(`{"command":"ls"}`)), true},
		{"Fits missing required", chat.Fits("bash", []byte(`{}`)), false},
		{"Fits unknown tool", chat.Fits("sh", []byte(`{}`)), false},
		{"function without parameters takes {}", chat.Fits("now", []byte(`{}`)), true},
		{"function without parameters is an object", chat.Fits("now", []byte(`[]`)), false},
		{"server tool fits any JSON", anth.Fits("web_search", []byte(`{"query":1}`)), true},
		{"server tool has no params", anth.HasParam("web_search", "query"), false},
		{"conflicting duplicates known", anth.Has("dup"), true},
		{"nil Has", none.Has("bash"), false},
		{"nil HasParam", none.HasParam("bash", "command"), false},
		{"nil Fits", none.Fits("bash", []byte(`{}`)), false},
		{"nil Names", none.Names() == nil, true},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %v, want %v", tt.name, tt.got, tt.want)
		}
	}
	for _, tool := range []string{"web_search", "dup"} {
		if _, _, changed := anth.RepairInput(tool, []byte(`{"a":"[1]"}`), Options{}); changed {
			t.Errorf("%s: repaired without a usable schema", tool)
		}
	}
	if fixed, _, changed := anth.RepairInput("same", []byte(`{"a":"[1]"}`), Options{}); !changed || string(fixed) != `{"a":[1]}` {
		t.Errorf("identical duplicates: got %s, %v", fixed, changed)
	}
	if fixed, _, changed := chat.RepairInput("now", nil, Options{Args: true}); !changed || string(fixed) != `{}` {
		t.Errorf("empty arguments of a parameterless function: got %s, %v", fixed, changed)
	}
}

// TestToolsConcurrentUse: one Tools serves many calls at once (run with -race).
func TestToolsConcurrentUse(t *testing.T) {
	tools := toolsWith(t, todoSchema)
	raw := []byte(`{"todos":"[{\"content\":\"a\",\"status\":\"done\"}]"}`)
	want := `{"todos":[{"content":"a","status":"done"}]}`
	errs := make(chan string, 8)
	for range 8 {
		go func() {
			for range 50 {
				fixed, _, changed := tools.RepairInput("t", raw, Options{})
				if !changed || string(fixed) != want || !tools.Fits("t", fixed) {
					errs <- string(fixed)
					return
				}
			}
			errs <- ""
		}()
	}
	for range 8 {
		if got := <-errs; got != "" {
			t.Errorf("concurrent repair gave %q", got)
		}
	}
}
