package secret

import (
	"bytes"
	"math"
	"regexp"
	"strings"
)

// Marker replaces every secret found. It needs no escaping in JSON, SSE, a header, a URL or a
// terminal, so a redacted text keeps its structure.
const Marker = "REDACTED"

// prefixRule is a secret with a recognisable shape. The regexp's group 1, when present, is the
// confidential part (what stands before it is not the secret: a "Bearer " scheme word, a URL's
// scheme); otherwise the whole match is, its own prefix included ("sk-ant-…" becomes REDACTED, as
// a secret found by its name does, so that every redaction reads the same).
// hints are literal strings one of which every match contains; the regexp runs only on text holding
// one, since Go's regexp is slow on text without a literal prefix to look for. boundary requires
// that no letter or digit comes right before the match (an escape letter such as the n of \n does
// not count), so that "task-…" is not read as "sk-…". digit requires a digit in the confidential
// part, unless it is 24 bytes or longer.
type prefixRule struct {
	re       *regexp.Regexp
	hints    []string
	boundary bool
	digit    bool
}

func rule(expr string, hints ...string) prefixRule {
	return prefixRule{re: regexp.MustCompile(expr), hints: hints}
}

var prefixRules = []prefixRule{
	rule(`sk-ant-[A-Za-z0-9_-]{8,}`, "sk-ant-"),                                                                                    // Anthropic
	{re: regexp.MustCompile(`sk-[A-Za-z0-9_-]{20,}`), hints: []string{"sk-"}, boundary: true, digit: true},                         // OpenAI, DeepSeek, Moonshot, OpenRouter…
	{re: regexp.MustCompile(`(?:[Bb]earer|BEARER)[ \t]+([A-Za-z0-9._~+/=-]{8,})`), hints: []string{"earer", "EARER"}, digit: true}, // bearer tokens
	rule(`eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`, "eyJ"),                                                      // JWT
	{re: regexp.MustCompile(`(?:AKIA|ASIA)[0-9A-Z]{16}`), hints: []string{"AKIA", "ASIA"}, boundary: true},                         // AWS access key id
	rule(`AIza[0-9A-Za-z_-]{35}`, "AIza"),                                                                                          // Google API key
	rule(`(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}`, "ghp_", "gho_", "ghu_", "ghs_", "ghr_"),                                       // GitHub tokens
	rule(`github_pat_[A-Za-z0-9_]{30,}`, "github_pat_"),                                                                            // GitHub fine-grained
	rule(`glpat-[A-Za-z0-9_-]{20,}`, "glpat-"),                                                                                     // GitLab
	rule(`xox[abposr]-[A-Za-z0-9-]{10,}`, "xox"),                                                                                   // Slack
	rule(`(?:hf|gsk)_[A-Za-z0-9]{30,}`, "hf_", "gsk_"),                                                                             // Hugging Face, Groq
	rule(`xai-[A-Za-z0-9]{30,}`, "xai-"),                                                                                           // xAI
	rule(`(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}`, "_live_", "_test_"),                                                        // Stripe
	rule(`-----BEGIN[A-Z ]* PRIVATE KEY-----([\s\S]*?)-----END[A-Z ]* PRIVATE KEY-----`, "PRIVATE KEY-----"),                       // PEM
	rule(`[A-Za-z][A-Za-z0-9+.-]*://([^/\s:@"'\\]*:[^/\s@"'\\]+)@`, "://"),                                                         // URL user:password@
}

func (r *prefixRule) mayMatch(text []byte) bool {
	for _, h := range r.hints {
		if bytes.Contains(text, []byte(h)) {
			return true
		}
	}
	return false
}

// secretNames are the names whose assigned value is a secret whatever it looks like (api_key=…,
// "apiKey": "…", password: …), compared in lower case with '_' and '-' removed.
var secretNames = []string{"apikey", "accesstoken", "authtoken", "refreshtoken", "idtoken", "clientsecret", "secretkey", "privatekey", "password", "passwd"}

// minAssigned is the shortest value after a secret name that is taken as a secret, in bytes.
const minAssigned = 8

// Assigned reports, as byte ranges [start, end) of text, the value after each secret name (one
// ending in a word of secretNames: api_key, access-token, clientSecret, password…) followed by ':'
// or '=' (quotes, backslashes of escaped quotes and blanks allowed around): a run of at least
// minAssigned bytes up to a blank, quote, backslash or one of &,;<>{}[]().
func Assigned(text []byte, emit func(start, end int)) {
	for i := 0; i < len(text); i++ {
		if text[i] != ':' && text[i] != '=' {
			continue
		}
		// The name before: skip quotes, backslashes and blanks, then read letters, '_' and '-'.
		j := i
		for j > 0 && strings.IndexByte("\\\"' \t", text[j-1]) >= 0 {
			j--
		}
		k := j
		for k > 0 && (isTokenByte(text[k-1])) {
			k--
		}
		if !isSecretName(text[k:j]) {
			continue
		}
		// The value after.
		s := i + 1
		for s < len(text) && strings.IndexByte("\\\"' \t", text[s]) >= 0 {
			s++
		}
		e := s
		for e < len(text) && strings.IndexByte(" \t\r\n\"'\\&,;<>{}[]()", text[e]) < 0 {
			e++
		}
		if e-s >= minAssigned {
			emit(s, e)
			i = e - 1
		}
	}
}

func isSecretName(name []byte) bool {
	if len(name) < 6 || len(name) > 64 {
		return false
	}
	n := make([]byte, 0, len(name))
	for _, c := range name {
		switch {
		case c == '_' || c == '-':
		case c >= 'A' && c <= 'Z':
			n = append(n, c+'a'-'A')
		default:
			n = append(n, c)
		}
	}
	for _, w := range secretNames {
		if bytes.HasSuffix(n, []byte(w)) {
			return true
		}
	}
	return false
}

// safeIDPrefixes start ids that APIs mint for messages, calls and requests: never secrets, and worth
// keeping readable in a sample.
var safeIDPrefixes = []string{"toolu_", "srvtoolu_", "msg_", "call_", "chatcmpl-", "resp_", "fc_", "rs_", "req_", "msg-", "item_", "ws_"}

// Find reports the confidential part of each secret in text (the raw, still escaped content of a
// JSON string, or a plain line) as a byte range [start, end). generic adds the rule for long
// high-entropy tokens without a known prefix. Ranges may overlap. The secrets are the shapes of
// prefixRules (sk-…, sk-ant-…, Bearer …, JWTs, AWS, Google, GitHub, GitLab, Slack, Hugging Face,
// Groq, xAI and Stripe keys, PEM private keys, a URL's user:password), what Assigned reports, the
// values of query parameters whose name is secret (Name), and with generic the tokens
// of genericTokens. Its cost is linear in len(text) times the number of secrets found.
// A match that overlaps one of an earlier rule is skipped, so that "sk-ant-…" is one secret
// rather than being read as "sk-…" or as a bare token.
func Find(text []byte, generic bool, emit func(start, end int)) {
	FindRules(text, generic, func(start, end int, _ bool) { emit(start, end) })
}

// FindRules is Find, telling each range's rule apart: fromGeneric is true for a range of the
// generic rule (long high-entropy tokens), which Find reports only with generic. Find(text, true)
// reports exactly the ranges of FindRules(text, true), in the same order; Find(text, false) those
// of them with fromGeneric false.
func FindRules(text []byte, generic bool, emit func(start, end int, fromGeneric bool)) {
	var taken [][2]int // whole matches so far
	overlaps := func(s, e int) bool {
		for _, t := range taken {
			if s < t[1] && t[0] < e {
				return true
			}
		}
		return false
	}
	for _, r := range prefixRules {
		if !r.mayMatch(text) {
			continue
		}
		var mine [][2]int
		for _, m := range r.re.FindAllSubmatchIndex(text, -1) {
			s, e := m[0], m[1]
			if len(m) >= 4 && m[2] >= 0 {
				s, e = m[2], m[3]
			}
			if r.boundary && !leftBoundary(text, m[0]) || r.digit && !hasDigit(text[s:e]) && e-s < 24 || overlaps(m[0], m[1]) {
				continue
			}
			mine = append(mine, [2]int{m[0], m[1]})
			emit(s, e, false)
		}
		taken = append(taken, mine...)
	}
	Assigned(text, func(s, e int) {
		if !overlaps(s, e) {
			taken = append(taken, [2]int{s, e})
			emit(s, e, false)
		}
	})
	queryParams(text, func(s, e int) {
		if !overlaps(s, e) {
			taken = append(taken, [2]int{s, e})
			emit(s, e, false)
		}
	})
	if generic {
		genericTokens(text, func(s, e int) {
			if !overlaps(s, e) {
				emit(s, e, true)
			}
		})
	}
}

// queryParams reports the value of each URL query parameter (after '?' or '&') whose name is
// secret (Name): ?key=…, &access_token=…, up to '&', '#', a blank, a quote or a backslash.
func queryParams(text []byte, emit func(start, end int)) {
	for i := 0; i < len(text); i++ {
		if text[i] != '?' && text[i] != '&' {
			continue
		}
		j := i + 1
		for j < len(text) && (isTokenByte(text[j]) || text[j] == '.') {
			j++
		}
		if j == i+1 || j >= len(text) || text[j] != '=' || !Name(string(text[i+1:j])) {
			continue
		}
		e := j + 1
		for e < len(text) && strings.IndexByte(" \t\r\n\"'\\&#", text[e]) < 0 {
			e++
		}
		if e > j+1 {
			emit(j+1, e)
		}
		i = e - 1
	}
}

func isTokenByte(c byte) bool {
	return c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// leftBoundary reports whether position i of text starts a word: the text's start, a byte that is
// not a letter or digit, or the letter of a one-letter escape (\n, \t, …) of raw JSON content.
func leftBoundary(text []byte, i int) bool {
	if i == 0 {
		return true
	}
	c := text[i-1]
	if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
		return true
	}
	return i >= 2 && text[i-2] == '\\' && strings.IndexByte("nrtbfu", c) >= 0
}

func hasDigit(b []byte) bool {
	for _, c := range b {
		if c >= '0' && c <= '9' {
			return true
		}
	}
	return false
}

// minGeneric is the shortest token the generic rule considers, in bytes.
const minGeneric = 32

// genericTokens reports runs of at least minGeneric letters, digits, '_' and '-' that mix upper
// case, lower case and digits and whose characters carry at least 4 bits of entropy each — the
// shape of API keys and session tokens without a known prefix — unless they start with an id prefix.
func genericTokens(text []byte, emit func(start, end int)) {
	for i := 0; i < len(text); {
		if !isTokenByte(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isTokenByte(text[j]) {
			j++
		}
		if j-i >= minGeneric && looksRandom(text[i:j]) {
			emit(i, j)
		}
		i = j
	}
}

func looksRandom(tok []byte) bool {
	s := string(tok)
	for _, p := range safeIDPrefixes {
		if strings.HasPrefix(s, p) {
			return false
		}
	}
	var upper, lower, digit bool
	var counts [256]int
	for _, c := range tok {
		counts[c]++
		switch {
		case c >= 'A' && c <= 'Z':
			upper = true
		case c >= 'a' && c <= 'z':
			lower = true
		case c >= '0' && c <= '9':
			digit = true
		}
	}
	if !upper || !lower || !digit {
		return false
	}
	h := 0.0
	n := float64(len(tok))
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h >= 4.0
}
