package service

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// LaunchdLabel is the LaunchAgent's label on macOS, reverse-DNS as launchd's documentation asks,
// so that it cannot collide with another program's job; the plist is
// ~/Library/LaunchAgents/<LaunchdLabel>.plist.
const LaunchdLabel = "io.github.toolfix.proxy"

// legacyLaunchdLabel is the label toolfix used before LaunchdLabel (~/Library/LaunchAgents/toolfix.plist);
// install and uninstall remove a job of that label.
const legacyLaunchdLabel = Name

// plistHeader opens an XML property list 1.0 with Apple's DOCTYPE, as plutil writes one.
const plistHeader = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
`

// launchdPlist renders toolfix's LaunchAgent for cfg: it runs `<Executable> serve` at load
// (RunAtLoad, so at login), relaunches it only when it exits with a failure (KeepAlive
// {SuccessfulExit: false}: a proxy that stops cleanly, or that launchd stops, stays stopped),
// passes the state folder as TOOLFIX_STATE_DIR, and sends its output to LogDir/toolfix.log.
func launchdPlist(cfg Config) []byte {
	var b bytes.Buffer
	b.WriteString(plistHeader)
	b.WriteString("<dict>\n")
	plistKey(&b, 1, "Label")
	plistString(&b, 1, LaunchdLabel)
	plistKey(&b, 1, "ProgramArguments")
	b.WriteString("\t<array>\n")
	plistString(&b, 2, cfg.Executable)
	plistString(&b, 2, "serve")
	b.WriteString("\t</array>\n")
	if cfg.StateDir != "" {
		plistKey(&b, 1, "EnvironmentVariables")
		b.WriteString("\t<dict>\n")
		plistKey(&b, 2, StateDirEnv)
		plistString(&b, 2, cfg.StateDir)
		b.WriteString("\t</dict>\n")
	}
	plistKey(&b, 1, "RunAtLoad")
	b.WriteString("\t<true/>\n")
	plistKey(&b, 1, "KeepAlive")
	b.WriteString("\t<dict>\n")
	plistKey(&b, 2, "SuccessfulExit")
	b.WriteString("\t\t<false/>\n")
	b.WriteString("\t</dict>\n")
	plistKey(&b, 1, "ThrottleInterval")
	b.WriteString("\t<integer>3</integer>\n")
	if cfg.LogDir != "" {
		log := strings.TrimSuffix(cfg.LogDir, "/") + "/" + Name + ".log"
		plistKey(&b, 1, "StandardOutPath")
		plistString(&b, 1, log)
		plistKey(&b, 1, "StandardErrorPath")
		plistString(&b, 1, log)
	}
	b.WriteString("</dict>\n</plist>\n")
	return b.Bytes()
}

func plistKey(b *bytes.Buffer, indent int, k string) {
	b.WriteString(strings.Repeat("\t", indent) + "<key>")
	_ = xml.EscapeText(b, []byte(k))
	b.WriteString("</key>\n")
}

func plistString(b *bytes.Buffer, indent int, s string) {
	b.WriteString(strings.Repeat("\t", indent) + "<string>")
	_ = xml.EscapeText(b, []byte(s))
	b.WriteString("</string>\n")
}

// parsePlist reads an XML property list strictly, by the rules `plutil -lint` applies: one
// <plist version="1.0"> root holding one value; a <dict> is <key> elements each followed by one
// value, with no key twice; values are <string>, <integer>, <real>, <true/>, <false/>, <date>,
// <data>, <array> or <dict>; nothing but white space between elements. A dict becomes a
// map[string]any, an array a []any, a string/date/data a string, an integer an int64, a real a
// float64, true/false a bool. It returns an error saying what is wrong where.
func parsePlist(data []byte) (any, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	var sawDoctype bool
	for {
		tok, err := d.Token()
		if err != nil {
			return nil, fmt.Errorf("plist: no <plist> element: %w", err)
		}
		switch t := tok.(type) {
		case xml.Directive:
			if strings.HasPrefix(string(t), "DOCTYPE plist") {
				sawDoctype = true
			}
		case xml.StartElement:
			if t.Name.Local != "plist" {
				return nil, fmt.Errorf("plist: the root element is <%s>, not <plist>", t.Name.Local)
			}
			if !sawDoctype {
				return nil, errors.New("plist: no <!DOCTYPE plist …> before <plist>")
			}
			if v := attr(t, "version"); v != "1.0" {
				return nil, fmt.Errorf("plist: version %q, want 1.0", v)
			}
			root, end, err := plistValue(d)
			if err != nil {
				return nil, err
			}
			if end {
				return nil, errors.New("plist: <plist> holds no value")
			}
			if next, end, err := plistValue(d); err != nil || !end {
				if err == nil {
					err = fmt.Errorf("plist: <plist> holds a second value (%T)", next)
				}
				return nil, err
			}
			for {
				tok, err := d.Token()
				if err == io.EOF {
					return root, nil
				}
				if err != nil {
					return nil, fmt.Errorf("plist: after </plist>: %w", err)
				}
				if !ignorable(tok) {
					return nil, errors.New("plist: something follows </plist>")
				}
			}
		case xml.CharData:
			if len(bytes.TrimSpace(t)) > 0 {
				return nil, errors.New("plist: text before <plist>")
			}
		}
	}
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func ignorable(tok xml.Token) bool {
	switch t := tok.(type) {
	case xml.CharData:
		return len(bytes.TrimSpace(t)) == 0
	case xml.Comment, xml.ProcInst:
		return true
	}
	return false
}

// plistValue reads the next value; end is true when the enclosing element closes instead.
func plistValue(d *xml.Decoder) (v any, end bool, err error) {
	for {
		tok, err := d.Token()
		if err != nil {
			return nil, false, fmt.Errorf("plist: %w", err)
		}
		if ignorable(tok) {
			continue
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return nil, true, nil
		case xml.StartElement:
			v, err := plistElement(d, t)
			return v, false, err
		default:
			return nil, false, fmt.Errorf("plist: unexpected %T where a value belongs", tok)
		}
	}
}

func plistElement(d *xml.Decoder, start xml.StartElement) (any, error) {
	switch name := start.Name.Local; name {
	case "string", "date", "data", "integer", "real":
		text, err := plistText(d, name)
		if err != nil {
			return nil, err
		}
		switch name {
		case "integer":
			n, err := strconv.ParseInt(strings.TrimSpace(text), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("plist: <integer>%s</integer> is not an integer", text)
			}
			return n, nil
		case "real":
			f, err := strconv.ParseFloat(strings.TrimSpace(text), 64)
			if err != nil {
				return nil, fmt.Errorf("plist: <real>%s</real> is not a number", text)
			}
			return f, nil
		}
		return text, nil
	case "true", "false":
		if _, end, err := plistValue(d); err != nil || !end {
			return nil, fmt.Errorf("plist: <%s/> must be empty", name)
		}
		return name == "true", nil
	case "array":
		arr := []any{}
		for {
			v, end, err := plistValue(d)
			if err != nil {
				return nil, err
			}
			if end {
				return arr, nil
			}
			arr = append(arr, v)
		}
	case "dict":
		m := map[string]any{}
		for {
			tok, err := d.Token()
			if err != nil {
				return nil, fmt.Errorf("plist: in <dict>: %w", err)
			}
			if ignorable(tok) {
				continue
			}
			if _, ok := tok.(xml.EndElement); ok {
				return m, nil
			}
			k, ok := tok.(xml.StartElement)
			if !ok || k.Name.Local != "key" {
				return nil, fmt.Errorf("plist: a <dict> holds %v where a <key> belongs", tok)
			}
			key, err := plistText(d, "key")
			if err != nil {
				return nil, err
			}
			if _, dup := m[key]; dup {
				return nil, fmt.Errorf("plist: key %q twice in one <dict>", key)
			}
			v, end, err := plistValue(d)
			if err != nil {
				return nil, err
			}
			if end {
				return nil, fmt.Errorf("plist: key %q has no value", key)
			}
			m[key] = v
		}
	}
	return nil, fmt.Errorf("plist: <%s> is not a property list type", start.Name.Local)
}

// plistText reads the character data of a text element up to its end tag.
func plistText(d *xml.Decoder, name string) (string, error) {
	var b strings.Builder
	for {
		tok, err := d.Token()
		if err != nil {
			return "", fmt.Errorf("plist: in <%s>: %w", name, err)
		}
		switch t := tok.(type) {
		case xml.CharData:
			b.Write(t)
		case xml.EndElement:
			return b.String(), nil
		case xml.Comment:
		default:
			return "", fmt.Errorf("plist: <%s> holds an element", name)
		}
	}
}

// plistExecutable returns the first ProgramArguments entry (or Program) of a LaunchAgent plist;
// "" when the plist does not parse or names none.
func plistExecutable(data []byte) string {
	v, err := parsePlist(data)
	if err != nil {
		return ""
	}
	m, _ := v.(map[string]any)
	if p, ok := m["Program"].(string); ok {
		return p
	}
	if args, ok := m["ProgramArguments"].([]any); ok && len(args) > 0 {
		p, _ := args[0].(string)
		return p
	}
	return ""
}
