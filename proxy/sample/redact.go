package sample

import (
	"net/http"
	"sort"
	"strings"

	"github.com/toolfix/toolfix/proxy/secret"
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
	found := findRanges(body, stream)
	if len(found) == 0 {
		return body, 0
	}
	return apply(body, found)
}

// findRanges returns the ranges of body RedactBody replaces, unsorted, possibly overlapping.
func findRanges(body []byte, stream bool) [][2]int {
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
			secret.Find(content, !r.exempt, func(s, e int) {
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
		secret.Find(joined, generic, func(s, e int) {
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
	secret.Assigned(body, func(s, e int) {
		if s = guardStart(body, s); inRegion(regions, s, e) {
			add(s, guardEnd(body, e))
		}
	})
	return found
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
	merged := merge(found)
	out := make([]byte, 0, len(body))
	last := 0
	for _, r := range merged {
		out = append(out, body[last:r[0]]...)
		out = append(out, Marker...)
		last = r[1]
	}
	return append(out, body[last:]...), len(merged)
}

// merge sorts the ranges by start and merges those that overlap or touch: what apply replaces,
// one Marker each, in order.
func merge(found [][2]int) [][2]int {
	sort.Slice(found, func(i, j int) bool { return found[i][0] < found[j][0] })
	var out [][2]int
	last := 0
	for i := 0; i < len(found); {
		s, e := found[i][0], found[i][1]
		for i++; i < len(found) && found[i][0] <= e; i++ {
			e = max(e, found[i][1])
		}
		if s < last {
			s = last
		}
		out = append(out, [2]int{s, e})
		last = e
	}
	return out
}

// Marker replaces every secret found in a sample: secret.Marker.
const Marker = secret.Marker

// RedactHeader returns a copy of h in which the value of every sensitive header (secret.Name) is
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
	if secret.Name(name) {
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

// guardStart moves the start of a range in raw JSON string content past an escape sequence it would
// otherwise cut: a range that starts right after a backslash (at any nesting depth of escaped JSON)
// or inside the hex digits of \uXXXX would leave a broken escape once replaced.
func guardStart(b []byte, s int) int {
	if s > 0 && s < len(b) && b[s-1] == '\\' {
		if b[s] == 'u' && s+5 <= len(b) && allHex(b[s+1:s+5]) {
			return s + 5
		}
		return s + 1
	}
	for k := 2; k <= 5 && s-k >= 0; k++ {
		if b[s-k] == '\\' && b[s-k+1] == 'u' && allHex(b[s-k+2:s]) {
			return s - k + 6
		}
	}
	return s
}

func allHex(b []byte) bool {
	for _, c := range b {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}
