package sample

import (
	"net/http"
	"net/url"
	"sort"
	"strings"
)

// RedactBody returns a copy of body with every secret it finds replaced by Marker, and how many
// ranges it replaced. stream says body is Server-Sent Events; otherwise a body that is valid JSON is
// read as JSON and anything else as lines of text.
//
// What counts as a secret: strings shaped like API keys and tokens (sk-…, sk-ant-…, Bearer …, JWTs,
// AWS, Google, GitHub, GitLab, Slack, Hugging Face, Groq, xAI and Stripe keys, PEM private keys),
// a value assigned to a name such as api_key, password or client_secret, and any run of 32 or more
// letters, digits, '_' and '-' that mixes cases and digits with high entropy (except ids such as
// toolu_… and the values of "signature", "id" and similar members). They are found anywhere: in
// JSON strings at any depth of escaping (a key inside a tool call's arguments, inside a stringified
// array), and across the deltas of one streamed field (a key split between two events).
//
// Only the content of JSON strings and lines of plain text are changed, never a quote, bracket, line
// ending or escape sequence, so a JSON body stays valid JSON and an SSE body keeps its events, each
// data line as valid as it was.
func RedactBody(body []byte, stream bool) ([]byte, int) {
	if len(body) == 0 {
		return body, 0
	}
	regions := bodyRegions(body, stream)
	var found [][2]int
	add := func(s, e int) {
		if s < e {
			found = append(found, [2]int{s, e})
		}
	}
	// Regions read alone, and channels read joined.
	channels := map[string][]int{}
	var order []string
	for i, r := range regions {
		if r.channel == "" {
			content := body[r.start:r.end]
			findSecrets(content, !r.exempt, func(s, e int) {
				s, e = guardStart(content, s), guardEnd(content, e)
				add(r.start+s, r.start+min(e, len(content)))
			})
			continue
		}
		if _, ok := channels[r.channel]; !ok {
			order = append(order, r.channel)
		}
		channels[r.channel] = append(channels[r.channel], i)
	}
	for _, ch := range order {
		idx := channels[ch]
		var joined []byte
		offs := make([]int, len(idx)) // offset of each region in joined
		generic := true
		for k, i := range idx {
			offs[k] = len(joined)
			joined = append(joined, body[regions[i].start:regions[i].end]...)
			generic = generic && !regions[i].exempt
		}
		findSecrets(joined, generic, func(s, e int) {
			s, e = guardStart(joined, s), min(guardEnd(joined, e), len(joined))
			for k, i := range idx {
				rs, re := offs[k], offs[k]+regions[i].end-regions[i].start
				if a, b := max(s, rs), min(e, re); a < b {
					add(regions[i].start+a-rs, regions[i].start+b-rs)
				}
			}
		})
	}
	// A secret value after a secret name in another JSON string ("api_key": "…").
	assignedSecrets(body, func(s, e int) {
		if s = guardStart(body, s); inRegion(regions, s, e) {
			add(s, guardEnd(body, e))
		}
	})
	if len(found) == 0 {
		return body, 0
	}
	return apply(body, found)
}

// inRegion reports whether [s, e) lies inside one region.
func inRegion(regions []region, s, e int) bool {
	i := sort.Search(len(regions), func(i int) bool { return regions[i].end >= e })
	return i < len(regions) && regions[i].start <= s && e <= regions[i].end
}

// guardEnd moves the end of a range in raw JSON string content past an escape sequence it would
// otherwise cut in two, which would turn the escape's letter or a quote into a bare character.
func guardEnd(b []byte, e int) int {
	n := 0
	for e-n-1 >= 0 && b[e-n-1] == '\\' {
		n++
	}
	if n%2 == 1 && e < len(b) {
		if b[e] == 'u' && e+5 <= len(b) && allHex(b[e+1:e+5]) {
			return e + 5
		}
		return e + 1
	}
	for k := 2; k <= 5 && e-k >= 0; k++ {
		if b[e-k] == '\\' && b[e-k+1] == 'u' && allHex(b[e-k+2:e]) && e-k+6 <= len(b) {
			return e - k + 6
		}
	}
	return e
}

// apply replaces the ranges, merged where they overlap or touch, by Marker.
func apply(body []byte, found [][2]int) ([]byte, int) {
	sort.Slice(found, func(i, j int) bool { return found[i][0] < found[j][0] })
	out := make([]byte, 0, len(body))
	last, n := 0, 0
	for i := 0; i < len(found); {
		s, e := found[i][0], found[i][1]
		for i++; i < len(found) && found[i][0] <= e; i++ {
			e = max(e, found[i][1])
		}
		if s < last {
			s = last
		}
		out = append(out, body[last:s]...)
		out = append(out, Marker...)
		last = e
		n++
	}
	return append(out, body[last:]...), n
}

// sensitiveHeaderWords mark a header whose whole value is a credential, whatever it looks like.
var sensitiveHeaderWords = []string{"key", "token", "secret", "auth", "cookie", "session", "password", "credential", "signature"}

// SensitiveName reports whether a header or query parameter name says its value is a credential:
// x-api-key, Authorization, Cookie, Set-Cookie, Proxy-Authorization, and any name holding key,
// token, secret, auth, cookie, session, password, credential or signature.
func SensitiveName(name string) bool {
	n := strings.ToLower(name)
	for _, w := range sensitiveHeaderWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// RedactHeader returns a copy of h in which the value of every sensitive header (SensitiveName) is
// Marker — an Authorization value keeps its scheme word, "Bearer REDACTED" — and every other
// value has the secrets RedactBody would find replaced. It returns the number of values changed.
func RedactHeader(h http.Header) (http.Header, int) {
	out := make(http.Header, len(h))
	n := 0
	for k, vv := range h {
		nv := make([]string, len(vv))
		for i, v := range vv {
			nv[i] = redactHeaderValue(k, v)
			if nv[i] != v {
				n++
			}
		}
		out[k] = nv
	}
	return out, n
}

func redactHeaderValue(name, v string) string {
	if SensitiveName(name) {
		if sp := strings.IndexByte(v, ' '); sp > 0 && strings.Contains(strings.ToLower(name), "authorization") {
			return v[:sp+1] + Marker
		}
		if v == "" {
			return v
		}
		return Marker
	}
	b, _ := RedactBody([]byte(v), false)
	return string(b)
}

// RedactURL returns raw (a URL, or a path with a query) with any user information removed, the
// value of every sensitive query parameter (SensitiveName) replaced by Marker, and other secrets
// replaced as RedactBody would.
func RedactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		b, _ := RedactBody([]byte(raw), false)
		return string(b)
	}
	if u.User != nil {
		u.User = url.User(Marker)
	}
	if u.RawQuery != "" {
		q := u.Query()
		changed := false
		for k, vv := range q {
			if SensitiveName(k) {
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
	b, _ := RedactBody([]byte(u.String()), false)
	return string(b)
}
