package sample

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"

	"github.com/toolfix/toolfix/proxy/secret"
)

// minKnownSecret is the shortest credential value replaced wherever it appears: shorter values
// ("1", "on") would cut ordinary text.
const minKnownSecret = 8

// knownSecrets returns the credentials the exchange itself names: the values of the sensitive
// headers of the request and the response (an Authorization value without its scheme word, each
// cookie's value), of the sensitive query parameters of the path, and the password of the
// upstream URL. An upstream that echoes one of them in an error ("invalid x-api-key …") then has
// it replaced even when it has no recognisable shape. Only values of at least minKnownSecret
// bytes of printable ASCII without quote or backslash are returned: they appear in a JSON or SSE
// body as they are, and replacing them keeps the body valid.
func knownSecrets(x *Exchange) []string {
	var out []string
	add := func(v string) {
		v = strings.TrimSpace(v)
		if len(v) < minKnownSecret {
			return
		}
		for i := 0; i < len(v); i++ {
			if c := v[i]; c <= ' ' || c >= 0x7f || c == '"' || c == '\\' {
				return
			}
		}
		out = append(out, v)
	}
	for _, h := range []http.Header{x.Request.Header, x.Response.Header} {
		for name, vv := range h {
			if !secret.Name(name) {
				continue
			}
			for _, v := range vv {
				if sp := strings.IndexByte(v, ' '); sp > 0 && strings.Contains(strings.ToLower(name), "authorization") {
					v = v[sp+1:]
				}
				add(v)
				for _, part := range strings.Split(v, ";") { // cookies: name=value; name=value
					if eq := strings.IndexByte(part, '='); eq >= 0 {
						add(part[eq+1:])
					}
				}
			}
		}
	}
	for _, raw := range []string{x.Path, x.Upstream} {
		u, err := url.Parse(raw)
		if err != nil {
			continue
		}
		if p, ok := u.User.Password(); ok {
			add(p)
		}
		for k, vv := range u.Query() {
			if secret.Name(k) {
				for _, v := range vv {
					add(v)
				}
			}
		}
	}
	return out
}

// replaceKnown replaces every occurrence of each secret in b by Marker and returns the result
// and the number of occurrences replaced.
func replaceKnown(b []byte, secrets []string) ([]byte, int) {
	n := 0
	for _, s := range secrets {
		if k := bytes.Count(b, []byte(s)); k > 0 {
			b = bytes.ReplaceAll(b, []byte(s), []byte(Marker))
			n += k
		}
	}
	return b, n
}
