package providers

import (
	"strings"
	"testing"
)

func TestDotenvDoc(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"bare", "# qwen\nOPENAI_API_KEY=sk-x\nOPENAI_BASE_URL=https://gw.example/v1\n", "# qwen\nOPENAI_API_KEY=sk-x\nOPENAI_BASE_URL=" + toolfixURL + "\n"},
		{"export, double quotes, comment", "export OPENAI_BASE_URL = \"https://gw.example/v1\" # gw\r\n", "export OPENAI_BASE_URL = \"" + toolfixURL + "\" # gw\r\n"},
		{"single quotes, no final newline", "OPENAI_BASE_URL='https://gw.example/v1'", "OPENAI_BASE_URL='" + toolfixURL + "'"},
		{"bare with a comment", "OPENAI_BASE_URL=https://gw.example/v1 # gw\n", "OPENAI_BASE_URL=" + toolfixURL + " # gw\n"},
		{"the last line wins", "OPENAI_BASE_URL=https://old/v1\nOPENAI_BASE_URL=https://gw.example/v1\n", "OPENAI_BASE_URL=https://old/v1\nOPENAI_BASE_URL=" + toolfixURL + "\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := ParseDotenv(".env", []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			before, ok, _ := d.Get(QwenEnvKey)
			if !ok || before != "https://gw.example/v1" {
				t.Fatalf("Get = %q, %v", before, ok)
			}
			set, err := setThenUndo(t, d, QwenEnvKey, []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if got := string(set); got != tc.want {
				t.Fatalf("after Set %q, want %q", got, tc.want)
			}
		})
	}
	if _, err := ParseDotenv(".env", []byte("OPENAI_BASE_URL=\"https://gw\n")); err == nil {
		t.Error("an unclosed quote parsed")
	}
	if _, err := ParseDotenv(".env", []byte("not an assignment\n")); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("a stray line: error %v, want one naming line 1", err)
	}
	d, _ := ParseDotenv(".env", []byte("A=1\n"))
	if _, err := d.Set(QwenEnvKey, toolfixURL); err == nil {
		t.Error("Set added a variable the file does not set")
	}
}

func FuzzDotenv(f *testing.F) {
	for _, s := range []string{"OPENAI_BASE_URL=https://gw/v1\n", "export OPENAI_BASE_URL='x' # c\r\n", "# c\n\nA=\"b\"", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseDotenv("f", data)
		if err != nil {
			return
		}
		if string(d.Bytes()) != string(data) {
			t.Fatal("parse changed the bytes")
		}
		if _, ok, _ := d.Get(QwenEnvKey); !ok {
			return
		}
		_, _ = setThenUndo(t, d, QwenEnvKey, data) // a refused Set is fine here
	})
}
