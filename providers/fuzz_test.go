package providers

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/tailscale/hujson"
)

// FuzzDoc checks the properties toolfix's promises rest on, for any input that parses: packing
// without edits gives the input back; Set writes a file that parses and holds the value; undoing
// Set (removing the key and the objects it created) gives the input back — exactly, except that an
// empty object that held only blank space comes back as "{}".
func FuzzDoc(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*", "*"))
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b, uint8(0))
			f.Add(b, uint8(1))
		}
	}
	for _, s := range []string{"{}", "{\"a\":1}", "{\r\n  \"a\": 1, // x\r\n}", "\xef\xbb\xbf{\"env\":{}}", "{\"provider\":{\"x\":{\"options\":{}}}}", "{ }"} {
		f.Add([]byte(s), uint8(0))
		f.Add([]byte(s), uint8(2))
	}
	keys := []Pointer{ClaudeKey, {"provider", "x", "options", "baseURL"}, {"a"}}
	f.Fuzz(func(t *testing.T, data []byte, k uint8) {
		key := keys[int(k)%len(keys)]
		d, err := ParseDoc("f", data, false)
		if err != nil {
			return
		}
		if !bytes.Equal(d.Bytes(), data) {
			t.Fatalf("pack without edits changed %q into %q", data, d.Bytes())
		}
		_, existed, err := d.Get(key)
		if err != nil {
			return
		}
		// The object that receives the first new member: the deepest one that exists.
		parentWasEmpty := false
		for i := len(key) - 1; i >= 0; i-- {
			if obj, _, err := d.walk(key[:i]); err == nil && obj != nil {
				parentWasEmpty = len(obj.Members) == 0
				break
			}
		}
		created, err := d.Set(key, url)
		if err != nil {
			return
		}
		out := d.Bytes()
		d2, err := ParseDoc("f", out, false)
		if err != nil {
			t.Fatalf("Set on %q wrote %q, which does not parse: %v", data, out, err)
		}
		if v, ok, err := d2.Get(key); err != nil || !ok || v != url {
			t.Fatalf("Get after Set = %q, %v, %v", v, ok, err)
		}
		if existed {
			return
		}
		if err := d2.Remove(key); err != nil {
			t.Fatal(err)
		}
		for i := len(created) - 1; i >= 0; i-- {
			if d2.IsEmptyObject(created[i]) {
				if err := d2.Remove(created[i]); err != nil {
					t.Fatal(err)
				}
			}
		}
		back := d2.Bytes()
		if parentWasEmpty {
			a, _ := hujson.Minimize(bytes.TrimPrefix(back, bom))
			b, _ := hujson.Minimize(bytes.TrimPrefix(data, bom))
			if !bytes.Equal(a, b) {
				t.Fatalf("undo changed the content: %q -> %q -> %q", data, out, back)
			}
			return
		}
		if !bytes.Equal(back, data) {
			t.Fatalf("undo is not exact: %q -> %q -> %q", data, out, back)
		}
	})
}

// FuzzResolve checks OpenCode reference resolution: it never panics, and a value that resolves
// without error keeps no {env:…} reference when every variable is set.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"{env:A}/v1", "https://{env:HOST}:{env:PORT}/v1", "{file:x}", "{env:}", "{env:A}{file:~/y}", "plain"} {
		f.Add(s)
	}
	env := Env{Home: f.TempDir(), Getenv: func(string) string { return "set" }}
	f.Fuzz(func(t *testing.T, raw string) {
		out, err := Resolve(raw, env.Home, env)
		if err == nil && !fileRef.MatchString(raw) && envRef.MatchString(out) {
			t.Fatalf("Resolve(%q) = %q still holds a reference", raw, out)
		}
	})
}
