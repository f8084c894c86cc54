package proxy

import (
	"crypto/rand"
	"encoding/binary"
	"net/http"
	"net/url"
	"strings"
)

// The path check: what is left of a request path after the access check (see gate.admit) is
// joined to the route's base URL as it came (see upstreamURL), so it must not be able to leave
// that base path on the upstream host, nor carry an access token there. A path with a dot segment
// or a token anywhere is refused 400 and goes nowhere (docs/gateway.md, "What a path may hold").

// dotSegmentMessage is the answer to a path with a "." or ".." segment.
const dotSegmentMessage = "toolfix: the request path holds a \".\" or \"..\" segment (perhaps percent-encoded, or next to an encoded slash or a backslash), which could leave the route's base path on the upstream; fix the client's base URL so that its path has no such segment"

// doubledTokenMessage is the answer to a request that still holds an access token after the
// access check; it names neither the token nor the path.
const doubledTokenMessage = "toolfix: the request still holds the gateway's access token after /t/<token> was taken off (the base URL has the token twice, or a header or the query holds it); the token never goes upstream: give it once, as http(s)://HOST/t/<token>/<route>, or in the " + TokenHeader + " header only"

// pathRefusal returns why r may not go upstream, or "" when it may: a dot segment in its path
// (in loopback and gateway mode), or, with a gate, an access token anywhere in its path, its query
// or a header value. The path and the query are looked at as they came and percent-decoded again
// and again (an upstream that decodes twice sees no more than toolfix did). It runs after g.admit
// has taken off the token r was admitted with.
func pathRefusal(r *http.Request, g *gate) string {
	paths := []string{r.URL.EscapedPath(), r.URL.Path, fullyUnescaped(r.URL.EscapedPath(), url.PathUnescape)}
	for _, p := range paths {
		if hasDotSegment(p) {
			return dotSegmentMessage
		}
	}
	if g == nil {
		return ""
	}
	for _, p := range append(paths, r.URL.RawQuery, fullyUnescaped(r.URL.RawQuery, url.QueryUnescape)) {
		if g.holdsToken(p) {
			return doubledTokenMessage
		}
	}
	for _, vv := range r.Header {
		for _, v := range vv {
			if g.holdsToken(v) {
				return doubledTokenMessage
			}
		}
	}
	return ""
}

// fullyUnescaped applies unescape to s until it changes nothing or fails, at most 8 times.
func fullyUnescaped(s string, unescape func(string) (string, error)) string {
	for range 8 {
		d, err := unescape(s)
		if err != nil || d == s {
			break
		}
		s = d
	}
	return s
}

// hasDotSegment reports whether a path, decoded or escaped, has a segment that is "." or ".."
// once percent-decoded, where a segment ends at '/', '\\', or their encodings %2F and %5C.
func hasDotSegment(p string) bool {
	for seg := range strings.FieldsFuncSeq(p, func(c rune) bool { return c == '/' || c == '\\' }) {
		for _, part := range splitEncodedSeparators(seg) {
			if d := decodeDots(part); d == "." || d == ".." {
				return true
			}
		}
	}
	return false
}

// splitEncodedSeparators splits a segment at the percent-encodings of '/' and '\\' (%2F, %5C,
// either case).
func splitEncodedSeparators(s string) []string {
	var parts []string
	for i := 0; i+2 < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		switch strings.ToLower(s[i+1 : i+3]) {
		case "2f", "5c":
			parts = append(parts, s[:i])
			s, i = s[i+3:], -1
		}
	}
	return append(parts, s)
}

// decodeDots decodes %2E (either case) to '.'; other bytes stay.
func decodeDots(s string) string {
	return strings.NewReplacer("%2e", ".", "%2E", ".").Replace(s)
}

// holdsToken reports whether one of g's tokens stands anywhere in s. Every window of s as long as
// a token is hashed with a rolling hash keyed by a secret random base (so that its timing tells
// nothing of the tokens), and a window whose hash is a token's is compared as gate.accepts does.
// The work is linear in len(s) for each distinct token length.
func (g *gate) holdsToken(s string) bool {
	found := false
	for _, n := range g.scan.lens {
		if len(s) < n {
			continue
		}
		var h uint64
		for i := range n {
			h = h*g.scan.base + uint64(s[i])
		}
		pow := g.scan.pow[n]
		for i := n; ; i++ {
			if _, ok := g.scan.sums[h]; ok && g.accepts(s[i-n:i]) {
				found = true
			}
			if i == len(s) {
				break
			}
			h = (h-uint64(s[i-n])*pow)*g.scan.base + uint64(s[i])
		}
	}
	return found
}

// tokenScan is what holdsToken needs of the tokens: their distinct lengths, the rolling hash of
// each under base, and base to the power length-1 for each length.
type tokenScan struct {
	base uint64
	lens []int
	pow  map[int]uint64
	sums map[uint64]struct{}
}

// newTokenScan prepares holdsToken for tokens, with a random odd base.
func newTokenScan(tokens []string) tokenScan {
	var b [8]byte
	_, _ = rand.Read(b[:])
	sc := tokenScan{base: binary.LittleEndian.Uint64(b[:]) | 1, pow: map[int]uint64{}, sums: map[uint64]struct{}{}}
	for _, t := range tokens {
		if _, ok := sc.pow[len(t)]; !ok {
			p := uint64(1)
			for range len(t) - 1 {
				p *= sc.base
			}
			sc.pow[len(t)] = p
			sc.lens = append(sc.lens, len(t))
		}
		var h uint64
		for i := range len(t) {
			h = h*sc.base + uint64(t[i])
		}
		sc.sums[h] = struct{}{}
	}
	return sc
}
