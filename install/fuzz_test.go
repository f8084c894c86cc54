package install

import (
	"net"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolfix/toolfix/proxy/secret"
)

// FuzzDiffLines checks the line diff behind the plan's unified diffs: keeping the ' ' and '-'
// lines gives the old text back, keeping ' ' and '+' the new one; rendering never panics and is
// empty exactly when the texts are equal.
func FuzzDiffLines(f *testing.F) {
	f.Add([]byte("{\n  \"a\": 1\n}\n"), []byte("{\n  \"a\": 1,\n  \"b\": 2\n}\n"))
	f.Add([]byte("a\r\nb"), []byte("b\r\na"))
	f.Add([]byte(""), []byte("x"))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		al, bl := splitLines(a), splitLines(b)
		var ga, gb strings.Builder
		for _, o := range diffLines(al, bl) {
			if o.kind != '+' {
				ga.WriteString(o.line)
			}
			if o.kind != '-' {
				gb.WriteString(o.line)
			}
		}
		if ga.String() != strings.Join(al, "") || gb.String() != strings.Join(bl, "") {
			t.Fatalf("ops do not rebuild the inputs %q, %q", a, b)
		}
		if d := unifiedDiff("a", "b", a, b); (d == "") != (string(a) == string(b)) {
			t.Fatalf("diff of %q and %q is %q", a, b, d)
		}
	})
}

// FuzzParseInetAton: never panics; what it reads is an IPv4 address; a dotted quad of plain
// decimals reads as net.ParseIP reads it.
func FuzzParseInetAton(f *testing.F) {
	for _, s := range []string{"127.1", "2130706433", "0x7f.1", "017700000001", "127.0.1", "1.2.3.4", "08", "0x", "256.1.1.1", "1..1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ip := parseInetAton(s)
		if ip != nil && ip.To4() == nil {
			t.Fatalf("parseInetAton(%q) = %v, not IPv4", s, ip)
		}
		if std := net.ParseIP(s); std != nil && std.To4() != nil && !strings.ContainsAny(s, ":") {
			plain := true
			for _, p := range strings.Split(s, ".") {
				plain = plain && (p == "0" || p[0] != '0')
			}
			if plain && !std.Equal(ip) {
				t.Fatalf("parseInetAton(%q) = %v, net.ParseIP says %v", s, ip, std)
			}
		}
	})
}

// FuzzShownLine: never panics, the shown line is valid UTF-8 when the line is, and a short line
// without secrets is shown as it is.
func FuzzShownLine(f *testing.F) {
	f.Add(`{"env":{"ANTHROPIC_BASE_URL":"https://a.example"}}`, `{"env":{"ANTHROPIC_BASE_URL":"http://127.0.0.1:1/c"}}`)
	f.Add(strings.Repeat("é", 200)+"x", strings.Repeat("é", 200)+"y")
	f.Fuzz(func(t *testing.T, line, partner string) {
		got := shownLine(line, partner)
		if utf8.ValidString(line) && !utf8.ValidString(got) {
			t.Fatalf("shownLine(%q) = %q, not UTF-8", line, got)
		}
		if len(line) <= maxShownLine && !strings.Contains(got, secret.Marker) && got != line {
			t.Fatalf("shownLine(%q) = %q", line, got)
		}
		if len(got) > maxShownLine+2*len("…")+len(secret.Marker)*maxShownLine && len(line) > maxShownLine {
			t.Fatalf("shownLine of %d bytes is %d bytes long", len(line), len(got))
		}
	})
}
