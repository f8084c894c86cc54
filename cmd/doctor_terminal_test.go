package cmd

import (
	"bufio"
	"bytes"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestDoctorStripsUpstreamEscapes holds issue 13 item 8: an upstream's reason phrase and error body
// with terminal escape sequences (clear the screen, set the title, write the clipboard) reach the
// terminal stripped, through the one filter every command's output passes.
func TestDoctorStripsUpstreamEscapes(t *testing.T) {
	home := tempHome(t)
	clearEnv(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				if _, err := http.ReadRequest(bufio.NewReader(c)); err != nil {
					return
				}
				body := "{\"error\":{\"message\":\"bad key\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2J\u009b1m\"}}"
				_, _ = c.Write([]byte("HTTP/1.1 401 \x1b]0;pwned\x07Unauthorized\x1b[2J\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body))
			}()
		}
	}()
	writeFile(t, filepath.Join(home, ".claude", "settings.json"), `{"env": {"ANTHROPIC_BASE_URL": "http://`+ln.Addr().String()+`/anthropic"}}`)
	if code, stdout, stderr := run(t, "", false, "install", "--no-service", "--yes", "--port", "1"); code != 0 {
		t.Fatalf("install: exit %d\n%s\n%s", code, stdout, stderr)
	}
	_, out, errOut := run(t, "", false, "doctor", "--port", "1")
	if !strings.Contains(out, "Unauthorized") {
		t.Fatalf("doctor did not report the upstream's answer:\n%s", out)
	}
	for _, s := range []string{out, errOut} {
		if strings.ContainsAny(s, "\x1b\x07\u009b") {
			t.Errorf("doctor printed a control character:\n%q", s)
		}
	}
	// With colour on, doctor's own marks keep their colours; the upstream's sequences still go.
	var cout, cerr bytes.Buffer
	Run([]string{"doctor", "--port", "1"}, &IOStreams{In: strings.NewReader(""), Out: &cout, ErrOut: &cerr, Color: true})
	colored := cout.String()
	if !strings.Contains(colored, "\x1b[31m✗\x1b[0m proxy") || !strings.Contains(colored, "Unauthorized") {
		t.Errorf("doctor's marks lost their colours:\n%q", colored)
	}
	if rest := strings.NewReplacer("\x1b[31m", "", "\x1b[32m", "", "\x1b[33m", "", "\x1b[2m", "", "\x1b[0m", "").Replace(colored); strings.ContainsAny(rest, "\x1b\x07\u009b") {
		t.Errorf("doctor printed a control character beside its colours:\n%q", colored)
	}
}

// clearEnv empties the proxy variables, and the others named, for a test that runs doctor: the
// machine's own settings must not change what it finds.
func clearEnv(t *testing.T, others ...string) {
	t.Helper()
	for _, k := range append([]string{"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy", "NO_PROXY", "no_proxy"}, others...) {
		t.Setenv(k, "")
	}
}
