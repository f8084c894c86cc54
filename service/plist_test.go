package service

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLaunchdPlist checks the rendered LaunchAgent by plutil -lint's rules (parsePlist is strict:
// XML 1.0, Apple's DOCTYPE, <plist version="1.0">, one root value, key/value pairs with known
// types) and checks each launchd key's type and value.
func TestLaunchdPlist(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		env  map[string]any
		log  string
	}{
		{"plain", Config{Executable: "/usr/local/bin/toolfix", StateDir: "/Users/me/.local/state/toolfix", LogDir: "/Users/me/.local/state/toolfix/logs"},
			map[string]any{StateDirEnv: "/Users/me/.local/state/toolfix"}, "/Users/me/.local/state/toolfix/logs/toolfix.log"},
		{"markup in paths", Config{Executable: "/Users/me/A & B <tools>/toolfix", StateDir: `/Users/me/"s"`, LogDir: "/l"},
			map[string]any{StateDirEnv: `/Users/me/"s"`}, "/l/toolfix.log"},
		{"no state folder", Config{Executable: "/usr/local/bin/toolfix"}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := launchdPlist(tt.cfg)
			if !strings.HasPrefix(string(data), `<?xml version="1.0" encoding="UTF-8"?>`+"\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n") {
				t.Errorf("plist does not start with the XML declaration and Apple's DOCTYPE:\n%s", data)
			}
			v, err := parsePlist(data)
			if err != nil {
				t.Fatalf("plist does not lint: %v\n%s", err, data)
			}
			want := map[string]any{
				"Label":            LaunchdLabel,
				"ProgramArguments": []any{tt.cfg.Executable, "serve"},
				"RunAtLoad":        true,
				"KeepAlive":        map[string]any{"SuccessfulExit": false},
				"ThrottleInterval": int64(3),
			}
			if tt.env != nil {
				want["EnvironmentVariables"] = tt.env
			}
			if tt.log != "" {
				want["StandardOutPath"], want["StandardErrorPath"] = tt.log, tt.log
			}
			if diff := cmp.Diff(want, v); diff != "" {
				t.Errorf("plist (-want +got):\n%s", diff)
			}
			if got := plistExecutable(data); got != tt.cfg.Executable {
				t.Errorf("plistExecutable = %q, want %q", got, tt.cfg.Executable)
			}
		})
	}
	if !strings.Contains(LaunchdLabel, ".") || strings.Count(LaunchdLabel, ".") < 2 {
		t.Errorf("label %q is not reverse-DNS", LaunchdLabel)
	}
}

// TestParsePlistRefuses: what plutil -lint refuses, parsePlist refuses.
func TestParsePlistRefuses(t *testing.T) {
	const head = plistHeader
	tests := []struct{ name, doc string }{
		{"not XML", "{}"},
		{"no DOCTYPE", `<?xml version="1.0"?><plist version="1.0"><dict/></plist>`},
		{"wrong version", strings.Replace(head, `"1.0">`, `"2.0">`, 1) + "<dict/></plist>"},
		{"unclosed", head + "<dict><key>a</key><string>b</string></plist>"},
		{"key without value", head + "<dict><key>a</key></dict></plist>"},
		{"value without key", head + "<dict><string>b</string></dict></plist>"},
		{"duplicate key", head + "<dict><key>a</key><true/><key>a</key><false/></dict></plist>"},
		{"unknown type", head + "<dict><key>a</key><bool>yes</bool></dict></plist>"},
		{"bad integer", head + "<dict><key>a</key><integer>3s</integer></dict></plist>"},
		{"true with content", head + "<dict><key>a</key><true>x</true></dict></plist>"},
		{"two roots", head + "<dict/><dict/></plist>"},
		{"empty plist", head + "</plist>"},
		{"bare ampersand", head + "<dict><key>a</key><string>A & B</string></dict></plist>"},
		{"text after", head + "<dict/></plist>junk"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if v, err := parsePlist([]byte(tt.doc)); err == nil {
				t.Errorf("parsePlist accepted %q as %v", tt.doc, v)
			}
		})
	}
}

// FuzzParsePlist: no input makes the reader panic, and any executable path comes back from the
// rendered plist as it went in.
func FuzzParsePlist(f *testing.F) {
	f.Add(string(launchdPlist(Config{Executable: "/usr/local/bin/toolfix", StateDir: "/s", LogDir: "/s/logs"})), "/a b/toolfix")
	f.Add(plistHeader+"<array><integer>1</integer><real>2.5</real></array></plist>", "/x&y/<z>")
	f.Fuzz(func(t *testing.T, doc, exe string) {
		_, _ = parsePlist([]byte(doc))
		exe = "/" + exe
		if strings.ContainsAny(exe, "\n\r\x00") || !validXMLText(exe) {
			return
		}
		if got := plistExecutable(launchdPlist(Config{Executable: exe})); got != exe {
			t.Errorf("plistExecutable(launchdPlist(%q)) = %q", exe, got)
		}
	})
}

// validXMLText reports whether s holds only characters XML 1.0 allows.
func validXMLText(s string) bool {
	for _, r := range s {
		if r == 0xFFFD || (r < 0x20 && r != '\t') || (r >= 0xD800 && r <= 0xDFFF) || r == 0xFFFE || r == 0xFFFF {
			return false
		}
	}
	return true
}
