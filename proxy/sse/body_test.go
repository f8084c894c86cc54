package sse

import "testing"

func TestLooksLikeStream(t *testing.T) {
	tests := []struct {
		body string
		want bool
	}{
		{"data: {}\n\n", true},
		{"\xEF\xBB\xBF\r\n event: x\ndata: {}\n\n", true}, // leading white space of the body is skipped
		{"\xEF\xBB\xBF\r\nevent: x\ndata: {}\n\n", true},
		{": ping\n\n", true},
		{"  \n\ndata:[DONE]", true},
		{`{"data: x":1}`, false},
		{"", false},
		{"<html>", false},
	}
	for _, tc := range tests {
		if got := LooksLikeStream([]byte(tc.body)); got != tc.want {
			t.Errorf("LooksLikeStream(%q) = %v, want %v", tc.body, got, tc.want)
		}
	}
}

func TestTrimDone(t *testing.T) {
	tests := []struct {
		body, want string
		ok         bool
	}{
		{"{\"a\":1}\ndata: [DONE]\n\n", `{"a":1}`, true},
		{" {\"a\":1}\r\n\r\ndata:[DONE]", `{"a":1}`, true},
		{"{\"a\":1}", "", false},
		{"[1]\ndata: [DONE]", "", false},
		{"{\"a\":\ndata: [DONE]", "", false},
		{"data: {}\n\ndata: [DONE]\n\n", "", false},
	}
	for _, tc := range tests {
		got, ok := TrimDone([]byte(tc.body))
		if ok != tc.ok || string(got) != tc.want {
			t.Errorf("TrimDone(%q) = %q, %v; want %q, %v", tc.body, got, ok, tc.want, tc.ok)
		}
	}
}
