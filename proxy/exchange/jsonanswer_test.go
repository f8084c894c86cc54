package exchange

import "testing"

func TestErrorStatus(t *testing.T) {
	tests := []struct {
		answer string
		want   int
	}{
		{`{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`, 529},
		{`{"type":"error","error":{"type":"rate_limit_error"}}`, 429},
		{`{"type":"error","error":{"type":"invalid_request_error"}}`, 400},
		{`{"type":"error","error":{"type":"api_error"}}`, 500},
		{`{"error":{"message":"upstream timeout","code":504}}`, 504},
		{`{"type":"error","error":{"type":"timeout_error"}}`, 504},
		{`{"type":"error","error":{"type":"billing_error"}}`, 402},
		{`{"error":{"type":"insufficient_quota","message":"quota"}}`, 429},
		{`{"error":{"code":429,"message":"slow down"}}`, 429},
		{`{"error":{"type":null,"code":"rate_limit_exceeded"}}`, 429},
		{`{"error":{"code":"weird"}}`, 500},
		{`{"type":"message","content":[]}`, 200},
		{`{"id":"c","choices":[]}`, 200},
		{`not json`, 200},
	}
	for _, tc := range tests {
		if got := errorStatus([]byte(tc.answer), 200); got != tc.want {
			t.Errorf("errorStatus(%s) = %d, want %d", tc.answer, got, tc.want)
		}
	}
}
