package providers

import (
	"strings"
	"testing"
)

const toolfixURL = "http://127.0.0.1:47821/codex-x"

func TestTOMLDocSetKeepsEveryOtherByte(t *testing.T) {
	tests := []struct {
		name, in, want string
		key            Pointer
	}{
		{
			name: "table",
			in:   "# my config\nmodel_provider = \"x\"\n\n[model_providers.x]   # gateway\nname = \"X\"\nbase_url    =   \"https://gw.example/v1\"  # keep me\nenv_key = \"X_KEY\"\n",
			want: "# my config\nmodel_provider = \"x\"\n\n[model_providers.x]   # gateway\nname = \"X\"\nbase_url    =   \"" + toolfixURL + "\"  # keep me\nenv_key = \"X_KEY\"\n",
			key:  CodexProviderKey("x"),
		},
		{
			name: "literal string stays literal",
			in:   "[model_providers.x]\nbase_url = 'https://gw.example/v1'\n",
			want: "[model_providers.x]\nbase_url = '" + toolfixURL + "'\n",
			key:  CodexProviderKey("x"),
		},
		{
			name: "inline table",
			in:   "model_providers.x = { name = \"X\", base_url = \"https://gw.example/v1\", wire_api = \"responses\" }\n",
			want: "model_providers.x = { name = \"X\", base_url = \"" + toolfixURL + "\", wire_api = \"responses\" }\n",
			key:  CodexProviderKey("x"),
		},
		{
			name: "dotted key under a parent table",
			in:   "[model_providers]\nx.base_url = \"https://gw.example/v1\"\r\nx.name = \"X\"\r\n",
			want: "[model_providers]\nx.base_url = \"" + toolfixURL + "\"\r\nx.name = \"X\"\r\n",
			key:  CodexProviderKey("x"),
		},
		{
			name: "quoted key",
			in:   "[model_providers.\"my.gw\"]\nbase_url = \"https://gw.example/v1\"\n",
			want: "[model_providers.\"my.gw\"]\nbase_url = \"" + toolfixURL + "\"\n",
			key:  CodexProviderKey("my.gw"),
		},
		{
			name: "new top-level key goes after the last top-level key",
			in:   "model = \"gpt-5\" # mine\n\n[profiles.fast]\nmodel = \"o4\"\n",
			want: "model = \"gpt-5\" # mine\nopenai_base_url = \"" + toolfixURL + "\"\n\n[profiles.fast]\nmodel = \"o4\"\n",
			key:  CodexBuiltinKey,
		},
		{
			name: "new top-level key goes before the first table when there is none",
			in:   "# head\n\n[profiles.fast]\nmodel = \"o4\"\n",
			want: "# head\n\nopenai_base_url = \"" + toolfixURL + "\"\n[profiles.fast]\nmodel = \"o4\"\n",
			key:  CodexBuiltinKey,
		},
		{
			name: "new top-level key at the end without a final newline",
			in:   "model = \"gpt-5\"",
			want: "model = \"gpt-5\"\nopenai_base_url = \"" + toolfixURL + "\"",
			key:  CodexBuiltinKey,
		},
		{
			name: "new key in an empty file",
			in:   "",
			want: "openai_base_url = \"" + toolfixURL + "\"\n",
			key:  CodexBuiltinKey,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := ParseTOML("config.toml", []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(d.Bytes()) != tc.in {
				t.Fatal("parsing changed the bytes")
			}
			set, err := setThenUndo(t, d, tc.key, []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if got := string(set); got != tc.want {
				t.Fatalf("after Set:\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

func TestTOMLDocRefusals(t *testing.T) {
	tests := []struct {
		name, in, errHas string
		key              Pointer
	}{
		{"multi-line string", "[model_providers.x]\nbase_url = \"\"\"\nhttps://gw.example/v1\"\"\"\n", "multi-line string", CodexProviderKey("x")},
		{"not a string", "[model_providers.x]\nbase_url = 3\n", "not a string", CodexProviderKey("x")},
		{"missing key inside a table", "[model_providers.x]\nname = \"X\"\n", "only top-level keys", CodexProviderKey("x")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := ParseTOML("config.toml", []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			_, err = d.Set(tc.key, toolfixURL)
			if err == nil || !strings.Contains(err.Error(), tc.errHas) {
				t.Fatalf("Set error = %v, want one saying %q", err, tc.errHas)
			}
			if string(d.Bytes()) != tc.in {
				t.Fatal("a refused Set changed the bytes")
			}
		})
	}
	for _, bad := range []string{"a = \n", "[x]\na = 1\na = 2\n", "[x\n"} {
		if _, err := ParseTOML("config.toml", []byte(bad)); err == nil || !strings.Contains(err.Error(), "line") || !strings.Contains(err.Error(), "toolfix changed nothing") {
			t.Errorf("ParseTOML(%q) error = %v, want one with a line and 'toolfix changed nothing'", bad, err)
		}
	}
}

func TestTOMLDocKeysSkipArrayTables(t *testing.T) {
	in := "[model_providers.a]\nbase_url = \"u\"\n[[profiles_list]]\nbase_url = \"no\"\nmodel_providers.b = { base_url = \"v\" }\n[model_providers.c]\nname = \"c\"\n"
	d, err := ParseTOML("config.toml", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(d.Keys(Pointer{"model_providers"}), ",")
	if got != "a,c" {
		t.Fatalf("Keys = %s, want a,c (b sits inside an array table's section, so it belongs to it)", got)
	}
}

func FuzzTOMLDoc(f *testing.F) {
	for _, s := range []string{
		"[model_providers.x]\nbase_url = \"https://gw/v1\"\n",
		"model_providers.x = { base_url = 'https://gw/v1' }\r\n",
		"model = 1\n[a]\nb = 2\n",
		"openai_base_url = \"\\u0041\" # c\n",
		"",
	} {
		f.Add([]byte(s), uint8(0))
		f.Add([]byte(s), uint8(1))
	}
	keys := []Pointer{CodexProviderKey("x"), CodexBuiltinKey}
	f.Fuzz(func(t *testing.T, data []byte, k uint8) {
		key := keys[int(k)%len(keys)]
		d, err := ParseTOML("f", data)
		if err != nil {
			return
		}
		if string(d.Bytes()) != string(data) {
			t.Fatal("parse changed the bytes")
		}
		set, err := setThenUndo(t, d, key, data)
		if err != nil {
			if string(d.Bytes()) != string(data) {
				t.Fatal("a refused Set changed the bytes")
			}
			return
		}
		if _, err := ParseTOML("f", set); err != nil {
			t.Fatalf("Set wrote a file that does not parse: %v\n%q", err, set)
		}
	})
}
