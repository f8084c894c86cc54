package providers

import (
	"fmt"
	"strings"
)

// Pointer is a JSON pointer (RFC 6901) split into its unescaped reference tokens: the pointer
// "/env/ANTHROPIC_BASE_URL" is Pointer{"env", "ANTHROPIC_BASE_URL"}. The empty Pointer is the root.
type Pointer []string

// ParsePointer parses the RFC 6901 text form ("/a/b~1c" is {"a", "b/c"}). It returns an error for
// text that is neither empty nor starts with '/'.
func ParsePointer(s string) (Pointer, error) {
	if s == "" {
		return Pointer{}, nil
	}
	if !strings.HasPrefix(s, "/") {
		return nil, fmt.Errorf("json pointer %q: does not start with '/'", s)
	}
	parts := strings.Split(s[1:], "/")
	for i, p := range parts {
		parts[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(p)
	}
	return Pointer(parts), nil
}

// String is the RFC 6901 text form, as stored in toolfix's state file.
func (p Pointer) String() string {
	var b strings.Builder
	for _, t := range p {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(t))
	}
	return b.String()
}

// Dotted is the form people read in messages: "env.ANTHROPIC_BASE_URL". A token holding a dot,
// a space or a quote is written quoted: provider."my.llm".options.baseURL.
func (p Pointer) Dotted() string {
	parts := make([]string, len(p))
	for i, t := range p {
		if t == "" || strings.ContainsAny(t, ". \"") {
			parts[i] = fmt.Sprintf("%q", t)
		} else {
			parts[i] = t
		}
	}
	return strings.Join(parts, ".")
}
