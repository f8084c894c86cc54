package sample

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
)

func TestRedactBody(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		stream bool
		want   string
	}{
		{"anthropic key in JSON", `{"a":"key sk-ant-api03-AbCdEf123456789xyz and more"}`, false, `{"a":"key REDACTED and more"}`},
		{"openai key after an escape", `{"a":"x\nsk-proj-Ab12Cd34Ef56Gh78Ij90Kl12"}`, false, `{"a":"x\nREDACTED"}`},
		{"bearer inside escaped arguments", `{"x":"{\"cmd\":\"curl -H 'Authorization: Bearer abcdef1234567890'\"}"}`, false, `{"x":"{\"cmd\":\"curl -H 'Authorization: Bearer REDACTED'\"}"}`},
		{"secret name and value in two strings", `{"api_key": "hunter2hunter2", "n": 12345678901234}`, false, `{"api_key": "REDACTED", "n": 12345678901234}`},
		{"high-entropy token after \\n", `{"t":"\nAbCdEfGhIjKlMnOpQrStUvWxYz0123456789"}`, false, `{"t":"\nREDACTED"}`},
		{"token after a \\u escape keeps the escape", `{"t":"\u00e9AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"}`, false, `{"t":"\u00e9REDACTED"}`},
		{"JWT", `{"t":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"}`, false, `{"t":"REDACTED"}`},
		{"GitHub token in text", "token ghp_0123456789abcdefghijABCDEFGHIJ0123456789 here", false, "token REDACTED here"},
		{"PEM key", `{"k":"-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----"}`, false, `{"k":"-----BEGIN RSA PRIVATE KEY-----REDACTED-----END RSA PRIVATE KEY-----"}`},
		{"key split across two streamed deltas",
			"data: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"k\\\":\\\"sk-ant-ap\"}}\n\n" +
				"data: {\"type\":\"ping\"}\n\n" +
				"data: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"i03-Zq9\\\"}\"}}\n\n", true,
			"data: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"{\\\"k\\\":\\\"REDACTED\"}}\n\n" +
				"data: {\"type\":\"ping\"}\n\n" +
				"data: {\"type\":\"content_block_delta\",\"index\":1,\"delta\":{\"type\":\"input_json_delta\",\"partial_json\":\"REDACTED\\\"}\"}}\n\n"},
		{"junk frame and comment lines", "data: x-api-key=abcdefgh12345\r\n: Bearer tok12345678\r\n\r\n", true, "data: x-api-key=REDACTED\r\n: Bearer REDACTED\r\n\r\n"},
		// Left alone: words that merely contain sk-, ids, signatures, hashes, short values.
		{"task- is not sk-", `{"a":"task-management-system-for-project-123"}`, false, ""},
		{"tool ids", `{"id":"toolu_01HealthyBBBBBBBBBBBBBBBBBaaa12","b":"chatcmpl-1674aa4b3aa1f9b6e38d6f89xx"}`, false, ""},
		{"signature", `{"signature":"EqQBCkYIBxgCKkDsig4985EqQBCkYIBxgCKkDsig4985EqQBCkYIBxgCKkDsig"}`, false, ""},
		{"git hash", `{"a":"commit 6896c3a1c60738391c7e1c86291b56cd6ea05231"}`, false, ""},
		{"prose", `{"a":"The Bearer authentication scheme; set password: below."}`, false, ""},
		{"max_tokens", `{"max_tokens": 32000, "usage": {"input_tokens": 123456789}}`, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.want
			if want == "" {
				want = tc.in
			}
			got, n := RedactBody([]byte(tc.in), tc.stream)
			if string(got) != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
			if (n > 0) != (want != tc.in) {
				t.Errorf("count %d", n)
			}
			if json.Valid([]byte(tc.in)) && !json.Valid(got) {
				t.Errorf("no longer JSON")
			}
		})
	}
}

func TestRedactHeader(t *testing.T) {
	h := http.Header{
		"X-Api-Key":           {"sk-ant-api03-secret"},
		"Authorization":       {"Bearer abc"},
		"Proxy-Authorization": {"Basic Zm9vOmJhcg=="},
		"Cookie":              {"a=b"},
		"Set-Cookie":          {"sid=1; HttpOnly"},
		"X-Goog-Api-Key":      {"k"},
		"X-Session-Id":        {"s"},
		"Anthropic-Version":   {"2023-06-01"},
		"User-Agent":          {"claude-cli/2.1 sk-ant-api03-AAAABBBBCCCC1111"},
		"Content-Type":        {"application/json"},
	}
	got, n := RedactHeader(h)
	want := map[string]string{
		"X-Api-Key": "REDACTED", "Authorization": "Bearer REDACTED", "Proxy-Authorization": "Basic REDACTED",
		"Cookie": "REDACTED", "Set-Cookie": "REDACTED", "X-Goog-Api-Key": "REDACTED", "X-Session-Id": "REDACTED",
		"Anthropic-Version": "2023-06-01", "User-Agent": "claude-cli/2.1 REDACTED", "Content-Type": "application/json",
	}
	for k, v := range want {
		if got.Get(k) != v {
			t.Errorf("%s = %q, want %q", k, got.Get(k), v)
		}
	}
	if n != 8 {
		t.Errorf("count %d, want 8", n)
	}
	if h.Get("X-Api-Key") != "sk-ant-api03-secret" {
		t.Errorf("the input header was changed")
	}
}

// TestCasesHaveNothingToRedact checks for false positives: the shared cases hold no secrets, so
// redaction must leave every request and upstream body as it is.
func TestCasesHaveNothingToRedact(t *testing.T) {
	all := cases.ForTest(t)
	for _, c := range all {
		for name, body := range map[string][]byte{"request": c.Request, "upstream": c.Upstream} {
			got, n := RedactBody(body, name == "upstream" && c.Stream)
			if n != 0 {
				t.Errorf("%s/%s %s: %d ranges redacted:\n%s", c.Protocol, c.Name, name, n, firstChange(string(body), string(got)))
			}
		}
	}
}

func firstChange(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-40)
	return "…" + a[lo:min(len(a), i+60)] + "…\n…" + b[lo:min(len(b), i+60)] + "…"
}

func FuzzRedactBody(f *testing.F) {
	for _, c := range cases.ForTest(f) {
		f.Add(c.Upstream, c.Stream)
		f.Add(c.Request, false)
	}
	f.Add([]byte(`{"a":"sk-ant-api03-AbCdEf123456789xyz\\u00e9\\\"x"}`), false)
	f.Add([]byte("data: {\"t\":\"sk-ant-ap\"}\n\ndata: {\"t\":\"i03-Zq9Zq9Zq9\\\\\"}\n\n"), true)
	f.Fuzz(func(t *testing.T, body []byte, stream bool) {
		got, n := RedactBody(body, stream)
		if n == 0 && string(got) != string(body) {
			t.Fatalf("changed without counting")
		}
		if !stream && json.Valid(body) && !json.Valid(got) {
			t.Fatalf("JSON broken:\n%q\n%q", body, got)
		}
		if stream {
			in, out := dataLines(body), dataLines(got)
			if len(in) != len(out) {
				t.Fatalf("%d data lines became %d", len(in), len(out))
			}
			for i := range in {
				if json.Valid([]byte(in[i])) && !json.Valid([]byte(out[i])) {
					t.Fatalf("data line %d broken:\n%q\n%q", i, in[i], out[i])
				}
			}
		}
		again, _ := RedactBody(got, stream)
		if strings.Count(string(again), Marker) < strings.Count(string(got), Marker) {
			t.Fatalf("a second pass lost markers")
		}
	})
}

// dataLines returns the payload of every data line.
func dataLines(body []byte) []string {
	var out []string
	lines(body, func(s, e int) {
		l := string(body[s:e])
		if p, ok := strings.CutPrefix(l, "data:"); ok {
			out = append(out, strings.TrimPrefix(p, " "))
		}
	})
	return out
}
