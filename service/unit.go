package service

import (
	"fmt"
	"strconv"
	"strings"
)

// description is the service's one-line description in the unit, the plist comment and the
// Windows logon entry's log.
const description = "toolfix: repairs broken tool calls between coding agents and their APIs"

// systemdUnit renders toolfix's systemd user unit for cfg. Paths go in as systemd reads them:
//
//   - ConditionFileIsExecutable= takes the rest of the line as the path (systemd expands
//     %-specifiers there but does not unescape \x20), so the path is written as it is, with '%'
//     doubled; a path with spaces stays one path.
//   - ExecStart= splits words and unescapes C escapes inside double quotes, and expands $VAR and
//     %-specifiers, so the path is double-quoted with '\' and '"' escaped, '$' and '%' doubled.
//   - Environment= is one quoted assignment (systemdQuote).
//
// WantedBy=default.target (a user manager never reaches multi-user.target); Restart=on-failure
// after 3 seconds.
func systemdUnit(cfg Config) string {
	var b strings.Builder
	b.WriteString("[Unit]\n")
	b.WriteString("Description=" + description + "\n")
	b.WriteString("ConditionFileIsExecutable=" + strings.ReplaceAll(cfg.Executable, "%", "%%") + "\n")
	b.WriteString("\n[Service]\n")
	b.WriteString("ExecStart=" + execQuote(cfg.Executable) + " serve\n")
	if cfg.StateDir != "" {
		b.WriteString("Environment=" + systemdQuote(StateDirEnv+"="+cfg.StateDir) + "\n")
	}
	b.WriteString("Restart=on-failure\nRestartSec=3\n")
	b.WriteString("\n[Install]\nWantedBy=default.target\n")
	return b.String()
}

// systemdQuote quotes one Environment= assignment: inside double quotes a backslash and a double
// quote are escaped with a backslash, and '%' is doubled (systemd expands %-specifiers).
func systemdQuote(s string) string {
	s = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "%", "%%").Replace(s)
	return `"` + s + `"`
}

// execQuote quotes the program of an ExecStart= line: as systemdQuote, and '$' doubled, since
// ExecStart= expands $VAR and ${VAR}.
func execQuote(s string) string {
	return systemdQuote(strings.ReplaceAll(s, "$", "$$"))
}

// unitExecutable returns the program an installed unit's ExecStart= runs, unquoted as systemd
// reads it: a double-quoted word (toolfix's form) or a bare word with C escapes such as \x20 (the
// form of units written by toolfix before it quoted paths). It returns "" when the unit has no
// ExecStart= line or the line does not parse.
func unitExecutable(unit string) string {
	for _, line := range strings.Split(unit, "\n") {
		v, ok := strings.CutPrefix(strings.TrimSpace(line), "ExecStart=")
		if !ok {
			continue
		}
		v = strings.TrimLeft(v, "@-:+!")
		word, err := firstWord(v)
		if err != nil {
			return ""
		}
		return strings.NewReplacer("%%", "%", "$$", "$").Replace(word)
	}
	return ""
}

// firstWord reads the first word of an ExecStart= value the way systemd does: quoted or bare,
// with C escapes (\\, \", \xHH, \n …) resolved.
func firstWord(v string) (string, error) {
	var b strings.Builder
	quoted := strings.HasPrefix(v, `"`)
	if quoted {
		v = v[1:]
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case quoted && c == '"':
			return b.String(), nil
		case !quoted && (c == ' ' || c == '\t'):
			return b.String(), nil
		case c == '\\':
			if i+1 >= len(v) {
				return "", fmt.Errorf("a backslash ends %q", v)
			}
			if v[i+1] == 'x' && i+3 < len(v) {
				n, err := strconv.ParseUint(v[i+2:i+4], 16, 8)
				if err != nil {
					return "", fmt.Errorf("escape \\x%s in %q: %w", v[i+2:i+4], v, err)
				}
				b.WriteByte(byte(n))
				i += 3
				continue
			}
			r, _, tail, err := strconv.UnquoteChar(v[i:], '"')
			if err != nil {
				return "", fmt.Errorf("escape in %q: %w", v, err)
			}
			b.WriteRune(r)
			i = len(v) - len(tail) - 1
		default:
			b.WriteByte(c)
		}
	}
	if quoted {
		return "", fmt.Errorf("no closing quote in %q", v)
	}
	return b.String(), nil
}
