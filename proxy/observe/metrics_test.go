package observe

import (
	"io"
	"regexp"
	"strings"
	"testing"
)

// metricLine is one sample line of the Prometheus text format.
var metricLine = regexp.MustCompile(`^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*"(?:,|\}))+)? (\S+)$`)

func TestMetricsLabelEscaping(t *testing.T) {
	var b strings.Builder
	m := &metricWriter{w: &b}
	m.sample("x", labels{"a", "q\"b\\c\nd"}, 1.5)
	if got := b.String(); got != "x{a=\"q\\\"b\\\\c\\nd\"} 1.5\n" {
		t.Errorf("got %q", got)
	}
	if !metricLine.MatchString(strings.TrimSuffix(b.String(), "\n")) {
		t.Errorf("escaped line does not parse")
	}
	_ = io.Discard
}
