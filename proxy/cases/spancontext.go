package cases

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// SpanContext is one input of testdata/spancontext.json (beside the cases folder, not one of
// them): a tool's input schema and an
// input holding a faulty value (a stringified array or object: docs/faults.md D13-D15) whose
// repair the rest of the input, or a schema above the value, decides (docs/repairs.md, "Spans
// in context"). A dialect streaming Input sends the client what the whole-body repair makes of
// it, when it comes in one delta and, unless Later is set, however it is split. Later marks an
// input whose fault comes after the faulty value: split so that the fault arrives after the
// value ended, the value may have gone out repaired (the accepted streaming refinement).
type SpanContext struct {
	Name   string          `json:"name"`
	Schema json.RawMessage `json:"schema"`
	Input  string          `json:"input"`
	Later  bool            `json:"later"`
}

// SpanContextsForTest loads testdata/spancontext.json at the module root, stopping tb (tb.Fatal) when it
// cannot be read.
func SpanContextsForTest(tb testing.TB) []SpanContext {
	tb.Helper()
	dir, err := Dir()
	if err != nil {
		tb.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(filepath.Dir(dir), "spancontext.json"))
	if err != nil {
		tb.Fatalf("reading the span context inputs: %v (restore testdata/spancontext.json from git)", err)
	}
	var out []SpanContext
	if err := json.Unmarshal(b, &out); err != nil || len(out) == 0 {
		tb.Fatalf("testdata/spancontext.json holds no inputs that read: %v", err)
	}
	return out
}
