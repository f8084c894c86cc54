package exchange

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/iotest"
)

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

// TestReadWhole: the body comes whole whether its Content-Length is known, unknown or wrong,
// and a body over the limit shows by one byte more.
func TestReadWhole(t *testing.T) {
	body := strings.Repeat("x", 1000)
	tests := []struct {
		length int64
		limit  int64
		want   int
	}{{1000, 4096, 1000}, {-1, 4096, 1000}, {0, 4096, 1000}, {10, 4096, 1000}, {5000, 4096, 1000}, {1000, 100, 101}, {-1, 100, 101}}
	for _, tc := range tests {
		ex := &exchange{resp: &http.Response{Body: io.NopCloser(iotest.OneByteReader(strings.NewReader(body))), ContentLength: tc.length}}
		got, err := ex.readWhole(tc.limit)
		if err != nil || len(got) != tc.want || string(got) != body[:tc.want] {
			t.Errorf("Content-Length %d, limit %d: %d bytes, %v; want %d", tc.length, tc.limit, len(got), err, tc.want)
		}
	}
	ex := &exchange{resp: &http.Response{Body: io.NopCloser(iotest.ErrReader(io.ErrUnexpectedEOF)), ContentLength: 10}}
	if _, err := ex.readWhole(100); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("a failed read gave %v", err)
	}
}
