package repair

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// stringifiedTodos returns a TodoWrite input of about size bytes whose todos array arrives as
// one JSON string, and the compact form it must repair to.
func stringifiedTodos(size int) (raw, want []byte) {
	var inner, fixed strings.Builder
	inner.WriteByte('[')
	fixed.WriteString(`{"todos":[`)
	for i := 0; inner.Len() < size; i++ {
		if i > 0 {
			inner.WriteString(", ")
			fixed.WriteByte(',')
		}
		fmt.Fprintf(&inner, `{"content": "Step %d: fix the parser for CRLF input \u00e9", "status": "pending"}`, i)
		fmt.Fprintf(&fixed, `{"content":"Step %d: fix the parser for CRLF input é","status":"pending"}`, i)
	}
	inner.WriteByte(']')
	fixed.WriteString(`]}`)
	s, _ := json.Marshal(inner.String())
	return []byte(`{"todos":` + string(s) + `}`), []byte(fixed.String())
}

func BenchmarkRepairInput10MB(b *testing.B) {
	tools := toolsWith(b, todoSchema)
	raw, _ := stringifiedTodos(10 << 20)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, changed := tools.RepairInput("t", raw, Options{}); !changed {
			b.Fatal("not repaired")
		}
	}
}

// TestLargeInputRepairs: a 10 MB stringified array repairs correctly, allocating a small
// multiple of its size. (Time is the benchmark's to report: a shared machine makes wall-clock
// bounds flaky.)
func TestLargeInputRepairs(t *testing.T) {
	tools := toolsWith(t, todoSchema)
	raw, want := stringifiedTodos(10 << 20)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fixed, kinds, changed := tools.RepairInput("t", raw, Options{})
	runtime.ReadMemStats(&after)
	if !changed || len(kinds) != 1 || kinds[0] != KindCoerce {
		t.Fatalf("changed %v, kinds %v", changed, kinds)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 5*uint64(len(raw)) { // 2.4x: the value is kept as its text
		t.Errorf("allocated %d bytes for %d bytes of input", alloc, len(raw))
	}
	if !bytes.Equal(fixed, want) {
		t.Fatal("the repaired input differs from the expected one")
	}
}

// TestPathologicalInputsEnd: schemas and inputs built to blow up end within the step budget.
func TestPathologicalInputsEnd(t *testing.T) {
	deepStr := strings.Repeat(`[`, 500) + strings.Repeat(`]`, 500)
	tests := []struct{ name, schema, input string }{
		{"anyOf recursion over a deep value", `{"anyOf":[{"$ref":"#"},{"type":"array","items":{"$ref":"#"}},{"type":"object","additionalProperties":{"$ref":"#"}}]}`, `{"a":"` + deepStr + `"}`},
		{"nested anyOf pairs", `{"$defs":{"n":{"anyOf":[{"$ref":"#/$defs/n"},{"$ref":"#/$defs/n"}]}},"properties":{"a":{"$ref":"#/$defs/n"}}}`, `{"a":"[1]"}`},
		{"a million backslashes", pathSchema, `{"path":"` + strings.Repeat(`\q`, 1<<19) + `"} and prose`},
		{"many repeated halves", pathSchema, strings.Repeat(`{"path":"a"}`, 1<<16)},
		{"deep python", `{"properties":{"a":{"type":"array"}}}`, `{"a":"` + strings.Repeat("(", 100000) + `"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tools := toolsWith(t, tt.schema)
			start := time.Now()
			tools.RepairInput("t", []byte(tt.input), Options{Args: true})
			tools.Fits("t", []byte(tt.input))
			if took := time.Since(start); took > 30*time.Second { // exponential work would take hours
				t.Errorf("took %v", took)
			}
		})
	}
}

// BenchmarkFitsSmallCall judges a small healthy call's input against its schema, as each
// streamed call's stop does (the load benchmark's Read call): allocs/op is what one judgment costs.
func BenchmarkFitsSmallCall(b *testing.B) {
	tools, err := ToolsFromAnthropic([]byte(`{"tools":[{"name":"Read","input_schema":{"type":"object","properties":{"file_path":{"type":"string"},"limit":{"type":"integer"}},"required":["file_path"]}}]}`))
	if err != nil {
		b.Fatal(err)
	}
	input := []byte(`{"file_path": "/repo/main.go", "limit": 40}`)
	b.ReportAllocs()
	for b.Loop() {
		if !tools.Fits("Read", input) {
			b.Fatal("a fitting input did not fit")
		}
	}
}
