package service

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestUnitExecutable reads back the program of units toolfix writes, whatever the path holds, and
// of units written before it quoted paths (kardianos/service's \x20 escapes).
func TestUnitExecutable(t *testing.T) {
	tests := []struct {
		name, unit, want string
	}{
		{"plain", systemdUnit(Config{Executable: "/usr/local/bin/toolfix"}), "/usr/local/bin/toolfix"},
		{"space", systemdUnit(Config{Executable: "/home/me/My Tools/toolfix"}), "/home/me/My Tools/toolfix"},
		{"specials", systemdUnit(Config{Executable: `/opt/a "b" \c $HOME 100%/toolfix`}), `/opt/a "b" \c $HOME 100%/toolfix`},
		{"legacy escapes", "[Service]\nExecStart=/home/me/My\\x20Tools/toolfix \"serve\"\n", "/home/me/My Tools/toolfix"},
		{"prefix", "[Service]\nExecStart=-/usr/bin/toolfix serve\n", "/usr/bin/toolfix"},
		{"no ExecStart", "[Unit]\nDescription=x\n", ""},
		{"unterminated quote", "[Service]\nExecStart=\"/usr/bin/toolfix serve\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := unitExecutable(tt.unit); got != tt.want {
				t.Errorf("unitExecutable = %q, want %q\nunit:\n%s", got, tt.want, tt.unit)
			}
		})
	}
}

// TestSystemdUnitPaths: the condition names the path as it is (systemd does not unescape it: a
// \x20 there named a file that does not exist, so the unit never started), '%' doubled.
func TestSystemdUnitPaths(t *testing.T) {
	tests := []struct{ exe, condition, exec string }{
		{"/usr/bin/toolfix", "ConditionFileIsExecutable=/usr/bin/toolfix\n", `ExecStart="/usr/bin/toolfix" serve` + "\n"},
		{"/home/me/My Tools/toolfix", "ConditionFileIsExecutable=/home/me/My Tools/toolfix\n", `ExecStart="/home/me/My Tools/toolfix" serve` + "\n"},
		{"/opt/100%/$x/toolfix", "ConditionFileIsExecutable=/opt/100%%/$x/toolfix\n", `ExecStart="/opt/100%%/$$x/toolfix" serve` + "\n"},
	}
	for _, tt := range tests {
		unit := systemdUnit(Config{Executable: tt.exe})
		for _, want := range []string{tt.condition, tt.exec} {
			if !strings.Contains(unit, want) {
				t.Errorf("unit for %q lacks %q:\n%s", tt.exe, want, unit)
			}
		}
		if strings.Contains(unit, `\x`) {
			t.Errorf("unit for %q holds a \\x escape:\n%s", tt.exe, unit)
		}
	}
}

// FuzzUnitExecutable: any path New accepts comes back from the unit as it went in, and no unit
// text makes the reader panic.
func FuzzUnitExecutable(f *testing.F) {
	for _, s := range []string{"/usr/bin/toolfix", "/a b/toolfix", `/a"\b%$/t`, "/x\\x20y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_ = unitExecutable("ExecStart=" + s)
		exe := "/" + s
		if !utf8.ValidString(exe) || strings.ContainsAny(exe, "\n\r\x00") || strings.TrimSpace(exe) != exe {
			return
		}
		if got := unitExecutable(systemdUnit(Config{Executable: exe})); got != exe {
			t.Errorf("unitExecutable(systemdUnit(%q)) = %q", exe, got)
		}
	})
}
