package cmd

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

var terminalCases = []struct{ name, in, want string }{
	{"plain", "✓ proxy  toolfix v1 answers\n\tdetail\n", "✓ proxy  toolfix v1 answers\n\tdetail\n"},
	{"crlf kept", "a\r\nb", "a\r\nb"},
	{"lone cr dropped", "ok\rFAKE", "okFAKE"},
	{"csi clear screen", "401 \x1b[2J\x1b[HUnauthorized", "401 Unauthorized"},
	{"toolfix's own colours", "\x1b[32m✓\x1b[0m ok \x1b[31;1m✗\x1b[m \x1b[2m-\x1b[22m", "\x1b[32m✓\x1b[0m ok \x1b[31;1m✗\x1b[m \x1b[2m-\x1b[22m"},
	{"conceal dropped", "a\x1b[8msecret\x1b[0m", "asecret\x1b[0m"},
	{"black and background dropped", "\x1b[30;40mx\x1b[37m\x1b[47my\x1b[38;5;0mz", "xyz"},
	{"safe and unsafe mixed dropped", "\x1b[31;8mx", "x"},
	{"private sgr dropped", "\x1b[?31mx\x1b[>1m", "x"},
	{"overlong sgr dropped", "\x1b[" + strings.Repeat("0;", 20) + "mx", "x"},
	{"osc title with bel", "x\x1b]0;pwned\x07y", "xy"},
	{"osc 52 clipboard with st", "x\x1b]52;c;ZWNobyBwd25lZA==\x1b\\y", "xy"},
	{"osc hyperlink", "\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\", "click"},
	{"unterminated osc ends at newline", "a\x1b]0;title\nnext line", "a\nnext line"},
	{"dcs", "a\x1bPq#0;2;0;0;0\x1b\\b", "ab"},
	{"two-byte escape", "a\x1bcb\x1b(Bc", "abc"},
	{"c0 controls", "bell\x07 back\x08 nul\x00 del\x7f vt\x0b", "bell back nul del vt"},
	{"c1 csi in utf-8", "a\u009b31mb", "a31mb"},
	{"c1 nel", "a\u0085b", "ab"},
	{"latin-1 letters kept", "café ¡olé! ©", "café ¡olé! ©"},
	{"esc then newline", "a\x1b\nb", "a\nb"},
	{"csi cut by newline", "a\x1b[12\nb", "a\nb"},
}

// TestTerminalWriter holds issue 13 item 8: escape sequences and control characters from an
// upstream never reach the terminal; text passes unchanged; any split of the writes gives the same.
func TestTerminalWriter(t *testing.T) {
	for _, tc := range terminalCases {
		t.Run(tc.name, func(t *testing.T) {
			if got := filterInChunks([]byte(tc.in), nil); got != tc.want {
				t.Errorf("whole: %q -> %q, want %q", tc.in, got, tc.want)
			}
			rng := rand.New(rand.NewPCG(1, uint64(len(tc.in))))
			for range 20 {
				if got := filterInChunks([]byte(tc.in), rng); got != tc.want {
					t.Fatalf("in chunks: %q -> %q, want %q", tc.in, got, tc.want)
				}
			}
		})
	}
}

// filterInChunks writes in through a terminalWriter, whole when rng is nil, else in random small
// chunks.
func filterInChunks(in []byte, rng *rand.Rand) string {
	var out bytes.Buffer
	tw := &terminalWriter{w: &out}
	for len(in) > 0 {
		n := len(in)
		if rng != nil {
			n = min(1+rng.IntN(4), len(in))
		}
		if k, err := tw.Write(in[:n]); err != nil || k != n {
			panic("short write")
		}
		in = in[n:]
	}
	return out.String()
}

var safeSGRRe = regexp.MustCompile(`\x1b\[[0-9;]{0,16}m`)

// FuzzTerminalWriter: nothing a terminal acts on but the colours of safeSGR gets through, text without controls passes
// unchanged, and chunking changes nothing.
func FuzzTerminalWriter(f *testing.F) {
	for _, tc := range terminalCases {
		f.Add([]byte(tc.in), uint64(len(tc.in)))
	}
	f.Fuzz(func(t *testing.T, in []byte, seed uint64) {
		whole := filterInChunks(in, nil)
		if chunked := filterInChunks(in, rand.New(rand.NewPCG(seed, 7))); chunked != whole {
			t.Fatalf("chunked %q != whole %q", chunked, whole)
		}
		s := strings.ReplaceAll(whole, "\r\n", "\n")
		s = safeSGRRe.ReplaceAllStringFunc(s, func(m string) string {
			if safeParams([]byte(m[2 : len(m)-1])) {
				return ""
			}
			return m
		})
		for i, r := range s {
			if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r >= 0x80 && r <= 0x9f {
				t.Fatalf("control %U at %d got through: %q", r, i, whole)
			}
		}
		if !bytes.ContainsFunc(in, func(r rune) bool { return r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f }) && utf8.Valid(in) && whole != string(in) {
			t.Fatalf("text without controls changed: %q -> %q", in, whole)
		}
	})
}
