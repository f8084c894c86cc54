package providers

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// secretish is any text of the broken files below that a message must never echo.
var secretish = regexp.MustCompile(`sk-secret|tok_ABC|9f8e7d|secret`)

// TestSyntaxErrorsNeverEchoConfig: for many broken JSON, JSONC, TOML and dotenv configs holding a
// key or a token, the error names the file, the line and the column and says what is wrong in
// words, and holds none of the file's text nor a parser's own message.
func TestSyntaxErrorsNeverEchoConfig(t *testing.T) {
	jsonFiles := []string{
		`{"env": {"ANTHROPIC_API_KEY": sk-secret-123}}`,
		"{\n  \"env\": {\n    \"ANTHROPIC_AUTH_TOKEN\": \"sk-secret-123,\n    \"X\": 1}}",
		"{\"env\": {\"KEY\": \"sk-secret-123\n}}",
		`{"a": "sk-secret-123" "b": 2}`,
		`{"a": "sk-secret-123" sk-secret}`,
		`{"a" "sk-secret-123"}`,
		`{"a": "sk-secret-\q123"}`,
		`{"a": "sk-secret-\u12zz"}`,
		`{"a": "sk-secret-123"} sk-secret`,
		`{"a": tsk-secret}`,
		`{"a": nsk-secret}`,
		`{"a": fsecret}`,
		`{"a": "sk-secret-123`,
		`{"a": [1 sk-secret]}`,
		`{sk-secret: 1}`,
		`{"a": 1,, "b": "sk-secret"}`,
		`{"a": /* sk-secret`,
		"{\"a\": \"sk\x01secret\"}",
		"{\"a\": \"sk\tsecret\"}",
		`{"a": -secret}`,
		`{"a": 9f8e7d}`,
		`{"a": 1.secret}`,
		`{"a": 1esecret}`,
		`[sk-secret]`,
		`sk-secret`,
		`{'key': 'sk-secret-123'}`,
		`{"provider": {"x": {"options": {"apiKey": tok_ABC123}}}}`,
		"{\n  // a comment\n  \"apiKey\": tok_ABC123,\n}",
		"{\"security\": {\"auth\": {\"apiKey\": \"tok_ABC123\" \"x\": 1}}}",
	}
	check := func(t *testing.T, err error) {
		t.Helper()
		if err == nil {
			t.Fatal("parsed")
		}
		got := err.Error()
		if secretish.MatchString(got) {
			t.Errorf("error echoes the file's text: %s", got)
		}
		for _, raw := range []string{"hujson", "invalid literal", "invalid character", "U+", "toml:", "EOF", " json: "} {
			if strings.Contains(got, raw) {
				t.Errorf("error %q holds the parser's %q", got, raw)
			}
		}
		if !regexp.MustCompile(`^\S+(, line \d+, column \d+)?: [a-z]`).MatchString(got) {
			t.Errorf("error %q is not FILE, line L, column C: words", got)
		}
	}
	for _, f := range jsonFiles {
		for _, strict := range []bool{true, false} {
			t.Run(f, func(t *testing.T) {
				_, err := ParseDoc("settings.json", []byte(f), strict)
				if err == nil && !strict {
					return // JSONC accepts it (a comment, a trailing comma): no error to judge
				}
				check(t, err)
			})
		}
		t.Run("encoding/json "+f, func(t *testing.T) {
			var v struct{ A string }
			err := json.Unmarshal([]byte(f), &v)
			if err == nil {
				return // encoding/json reads it: no error to judge
			}
			if !strings.Contains(err.Error(), "cannot unmarshal") {
				check(t, ParseError("state.json", []byte(f), err))
			}
		})
	}
	tomlFiles := []string{
		`model = sk-secret-123`,
		"model = \"sk-secret-123\nx = 1",
		`model = 'sk-secret`,
		`[sk-secret`,
		"sk-secret = 1\nsk-secret = 2",
		"[sk-secret]\n[sk-secret]",
		`a = "\q sk-secret"`,
		`a = [1, sk-secret]`,
		`a = {b = sk-secret}`,
		`sk-secret`,
		`a = 1 sk-secret`,
		`= "sk-secret"`,
		`a = """sk-secret`,
		`a = 1979-05-27Tsecret`,
		"a = \"sk\x01secret\"",
		`a = 9f8e7d`,
		`a = 1.secret`,
		`[model_providers.x]
env_key = tok_ABC123`,
	}
	for _, f := range tomlFiles {
		t.Run("toml "+f, func(t *testing.T) {
			_, err := ParseTOML("config.toml", []byte(f))
			check(t, err)
		})
	}
	envFiles := []string{
		"OPENAI_API_KEY=\"sk-secret-123\nX=1",
		"sk-secret-123",
		"OPENAI_API_KEY='tok_ABC123",
		"export sk-secret",
	}
	for _, f := range envFiles {
		t.Run("dotenv "+f, func(t *testing.T) {
			_, err := ParseDotenv(".env", []byte(f))
			check(t, err)
		})
	}
}

// TestUnmarshalTypeErrorHidesNumber: encoding/json names a number it could not store ("number
// 123"); the message says only its kind.
func TestUnmarshalTypeErrorHidesNumber(t *testing.T) {
	var v struct{ Key string }
	b := []byte(`{"Key": 987654321}`)
	err := ParseError("state.json", b, json.Unmarshal(b, &v))
	if strings.Contains(err.Error(), "987654321") || !strings.Contains(err.Error(), "a JSON number") {
		t.Errorf("error = %q", err)
	}
}
