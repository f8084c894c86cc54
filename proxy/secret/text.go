package secret

import (
	"net/url"
	"slices"
	"strings"
)

// nameWords mark a name (a header, query parameter, environment variable, settings member or
// command-line flag) whose whole value is a credential, whatever it looks like. "header" is there
// for settings such as ANTHROPIC_CUSTOM_HEADERS, whose value is a list of headers with keys in it.
var nameWords = []string{"key", "token", "secret", "auth", "cookie", "session", "password", "passwd", "credential", "signature", "header"}

// Name reports whether a name says its value is a credential: x-api-key, Authorization, Cookie,
// Set-Cookie, Proxy-Authorization, ANTHROPIC_AUTH_TOKEN, ANTHROPIC_CUSTOM_HEADERS, apiKey,
// --api-key, and any name holding key, token, secret, auth, cookie, session, password, passwd,
// credential, signature or header, in any case.
func Name(name string) bool {
	n := strings.ToLower(name)
	for _, w := range nameWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// String returns s with every secret Find reports (generic tokens included) replaced by Marker.
func String(s string) string {
	var found [][2]int
	Find([]byte(s), true, func(start, end int) { found = append(found, [2]int{start, end}) })
	return Replace(s, found)
}

// Replace returns s with each byte range of ranges ([start, end), in any order, overlapping or
// not, clipped to s) replaced by Marker; ranges that overlap or touch become one Marker.
func Replace(s string, ranges [][2]int) string {
	if len(ranges) == 0 {
		return s
	}
	r := append([][2]int(nil), ranges...)
	slices.SortFunc(r, func(a, b [2]int) int { return a[0] - b[0] })
	var b strings.Builder
	last := 0
	for i := 0; i < len(r); {
		start, end := r[i][0], r[i][1]
		for i++; i < len(r) && r[i][0] <= end; i++ {
			end = max(end, r[i][1])
		}
		start, end = max(start, last, 0), min(end, len(s))
		if start >= end {
			continue
		}
		b.WriteString(s[last:start])
		b.WriteString(Marker)
		last = end
	}
	b.WriteString(s[last:])
	return b.String()
}

// URL returns raw (a URL, or a path with a query) with any user information replaced by Marker,
// the value of every query parameter whose name is secret (Name) replaced by Marker, and other
// secrets replaced as String would. Text that is not a URL is redacted as String would.
func URL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return String(raw)
	}
	if u.User != nil {
		u.User = url.User(Marker)
	}
	if u.RawQuery != "" {
		q := u.Query()
		changed := false
		for k, vv := range q {
			if Name(k) {
				for i := range vv {
					vv[i] = Marker
				}
				changed = true
			}
		}
		if changed {
			u.RawQuery = q.Encode()
		}
	}
	return String(u.String())
}

// Value returns what may be shown of the value of a setting, environment variable, header or flag
// called name: Marker when Name says the name is secret, else value with the secrets String finds
// replaced. An empty value and a reference to where the secret lives ({env:VAR}, {file:PATH},
// $VAR, ${VAR}) are not the secret and are kept.
func Value(name, value string) string {
	if value == "" || isReference(value) {
		return value
	}
	if Name(name) && !namesVariable(name, value) {
		return Marker
	}
	return String(value)
}

// namesVariable reports whether value is the name of an environment variable that holds the
// secret, not the secret: the setting's name says so ("env" in it: Qwen Code's envKey, Codex's
// env_key, apiKeyEnv), and value is spelt as such names are, upper-case letters, digits and '_',
// and is itself a secret's name (Name: DASHSCOPE_API_KEY, ANTHROPIC_AUTH_TOKEN). A value of a
// secret's shape is still found by String and Find.
func namesVariable(name, value string) bool {
	if !strings.Contains(strings.ToLower(name), "env") || len(value) > 128 || value == "" || value[0] >= '0' && value[0] <= '9' {
		return false
	}
	for i := 0; i < len(value); i++ {
		if c := value[i]; !(c == '_' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return Name(value)
}

func isReference(v string) bool {
	if strings.HasPrefix(v, "{env:") || strings.HasPrefix(v, "{file:") {
		return strings.HasSuffix(v, "}")
	}
	if strings.HasPrefix(v, "${") {
		return strings.HasSuffix(v, "}") && isIdent(v[2:len(v)-1])
	}
	return strings.HasPrefix(v, "$") && isIdent(v[1:])
}

func isIdent(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// Args returns a copy of a command line with its secrets replaced by Marker: the value of a flag
// whose name is secret (--api-key=VALUE, --api-key VALUE, -token VALUE), the value of an
// environment assignment whose name is secret (OPENAI_API_KEY=VALUE, as env(1) and shells take
// them), and in every other argument the secrets String finds. A flag's value is its next argument
// unless that starts with '-'.
func Args(argv []string) []string {
	out := make([]string, len(argv))
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		name, value, assigned := strings.Cut(a, "=")
		flag := strings.TrimLeft(name, "-")
		switch {
		case assigned && flag != "" && isFlagName(flag):
			out[i] = name + "=" + Value(flag, value)
		case !assigned && flag != "" && flag != name && Name(flag) && i+1 < len(argv) && !strings.HasPrefix(argv[i+1], "-"):
			out[i] = a
			i++
			out[i] = Value(flag, argv[i])
		default:
			out[i] = String(a)
		}
	}
	return out
}

// Command is Args over a command line given as one string, its arguments separated by spaces (as a
// process table shows it); the spacing is kept.
func Command(line string) string {
	return strings.Join(Args(strings.Split(line, " ")), " ")
}

// isFlagName reports whether s can be a flag or environment variable name: letters, digits, '_',
// '-' and '.'.
func isFlagName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c == '-' || c == '.' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// JSONMembers reports, as byte ranges of text (JSON or JSONC, whole or one line of it), the content
// of every string value of a member whose name is secret (Name), except the values Value keeps
// (empty, {env:…}, {file:…}). It reads text once, in linear time, and needs no valid JSON: a member
// is a string, blanks, ':', blanks and a string.
func JSONMembers(text []byte, emit func(start, end int)) {
	for i := 0; i < len(text); i++ {
		if text[i] != '"' {
			continue
		}
		ke := stringEnd(text, i)
		if ke < 0 {
			return
		}
		j := skipBlanks(text, ke+1)
		if j >= len(text) || text[j] != ':' {
			i = ke
			continue
		}
		v := skipBlanks(text, j+1)
		if v >= len(text) || text[v] != '"' {
			i = j
			continue
		}
		ve := stringEnd(text, v)
		if ve < 0 {
			ve = len(text) // a string cut by the end of a line: hide the rest
		}
		val := string(text[v+1 : min(ve, len(text))])
		if name := string(text[i+1 : ke]); val != "" && !isReference(val) && Name(name) && !namesVariable(name, val) {
			emit(v+1, min(ve, len(text)))
		}
		i = ve
	}
}

// stringEnd returns the index of the quote closing the JSON string that opens at text[i], or -1.
func stringEnd(text []byte, i int) int {
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return -1
}

func skipBlanks(text []byte, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n') {
		i++
	}
	return i
}
