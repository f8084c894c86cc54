package repair

import (
	"slices"
	"testing"
)

// TestCallRecord: a call reports each kind once and one fail-open however often it is told, and
// a nil call reports every time, as Repair and Fail do.
func TestCallRecord(t *testing.T) {
	tests := []struct {
		name      string
		call      *CallRecord
		wantKinds []string
		wantFails int
	}{
		{"one call", &CallRecord{}, []string{"coerce", "escape"}, 1},
		{"no call", nil, []string{"coerce", "coerce", "escape", "coerce"}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var kinds []string
			fails := 0
			r := &Reporter{Repaired: func(k, _ string) { kinds = append(kinds, k) }, FailOpen: func(string) { fails++ }}
			r.CallRepair(tc.call, "read", "coerce")
			r.CallRepair(tc.call, "read", "coerce", "escape")
			r.CallFail(tc.call, NotFit)
			r.CallRepair(tc.call, "read", "coerce")
			r.CallFail(tc.call, "another reason")
			if !slices.Equal(kinds, tc.wantKinds) || fails != tc.wantFails {
				t.Errorf("kinds %v, %d fail-opens; want %v, %d", kinds, fails, tc.wantKinds, tc.wantFails)
			}
			if tc.call != nil && !tc.call.Failed() {
				t.Error("the call does not say it failed")
			}
		})
	}
	var nilRep *Reporter
	nilRep.CallRepair(&CallRecord{}, "read", "coerce") // a nil Reporter ignores everything
	nilRep.CallFail(nil, NotFit)
}
