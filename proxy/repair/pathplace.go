package repair

import "strings"

// D24 at a path place: a Windows path written with single backslashes whose escapes all happen
// to be ones JSON has (`src\new\table.txt`, `.\build\release`, `..\foo\bar`: \n \t \b \f \r),
// so that the text is valid JSON but the path holds control characters. A file path never holds
// one, so at a place the schema names as a path (pathName) a string holding one fits no schema
// (validString), and coerceString writes each back as the backslash and letter the model typed
// (pathLiteral). The streaming scan holds such a string from the backslash of its first such
// escape (strState.path), so the same call is repaired streamed and whole. Elsewhere (a command,
// a file's content, prose) a real line break stays one.

// pathWords are the last words of a member name that make its string values file paths
// (`file_path`, `filePath`, `path`, `target_file`, `working_directory`, `cwd`); pathListWords
// those that make the items of its array value paths (`paths`, `files`).
var (
	pathWords     = []string{"path", "filepath", "filename", "file", "dir", "dirname", "dirpath", "directory", "folder", "cwd", "workdir", "pwd"}
	pathListWords = []string{"paths", "filepaths", "filenames", "files", "dirs", "directories", "folders"}
)

// pathName reports whether the member name names a file path (its last word, split at '_', '-',
// '.', ' ' and lower-to-upper case changes, is one of pathWords), and whether it names a list of
// them (pathListWords). `file_text`, `file_content` and `command` name neither; nor do `file` and
// `files` alone, which a tool may use for a file's content (an upload's base64 wrapped by CRLF,
// the lines of a file): `target_file`, `source_files` name paths.
func pathName(name string) (one, list bool) {
	w := lastWord(name)
	if (w == "file" || w == "files") && strings.EqualFold(strings.TrimRight(name, "_-. "), w) {
		return false, false
	}
	for _, p := range pathWords {
		if w == p {
			return true, false
		}
	}
	for _, p := range pathListWords {
		if w == p {
			return false, true
		}
	}
	return false, false
}

// lastWord returns the last word of name, lower-cased (see pathName).
func lastWord(name string) string {
	start := 0
	for i := 1; i < len(name); i++ {
		c, prev := name[i], name[i-1]
		switch {
		case c == '_' || c == '-' || c == '.' || c == ' ':
			if i+1 < len(name) {
				start = i + 1
			}
		case c >= 'A' && c <= 'Z' && prev >= 'a' && prev <= 'z':
			start = i
		}
	}
	return strings.ToLower(strings.TrimRight(name[start:], "_-. "))
}

// markPath marks s, the schema of a member named name, as a path place when the name says so
// (pathName): s itself for one path, the items of its array for a list of paths.
func markPath(s *schema, name string) {
	if s == nil {
		return
	}
	one, list := pathName(name)
	switch {
	case one:
		s.path = true
	case list && s.items != nil:
		s.items.path = true
	}
}

// pathEscape reports whether c, after a backslash, is an escape JSON has that decodes to a
// control character (\b \f \n \r \t): in a path, the first letter of a name after a separator.
func pathEscape(c byte) bool {
	return c == 'b' || c == 'f' || c == 'n' || c == 'r' || c == 't'
}

// pathControl reports whether text holds, between its first and last byte that is no white
// space, a control character one of pathEscape's escapes decodes to. White space around a path
// (a leaked <parameter> value's line breaks, which BuildInput keeps) is no part of it.
func pathControl(text string) bool {
	return strings.ContainsAny(strings.TrimSpace(text), "\b\f\n\r\t")
}

// pathLiteral returns text with each control character of pathControl written as the backslash
// and letter of its escape: "src\new" read as JSON ("src" LF "ew") becomes `src\new` again. The
// white space around it stays.
func pathLiteral(text string) string {
	core := strings.TrimSpace(text)
	start := strings.Index(text, core)
	var b strings.Builder
	b.Grow(len(text) + 8)
	b.WriteString(text[:start])
	for i := 0; i < len(core); i++ {
		switch c := core[i]; c {
		case '\b', '\f', '\n', '\r', '\t':
			b.WriteString(controlEscape(c))
		default:
			b.WriteByte(c)
		}
	}
	b.WriteString(text[start+len(core):])
	return b.String()
}

// pathPlace reports whether a string at a place with the schemas set is a file path that
// coerceString would write back: one of them is a path place allowing strings.
func pathPlace(set []*schema) bool {
	for _, x := range set {
		if !x.path {
			continue
		}
		if ts, known := types(x); !known || ts&tString != 0 {
			return true
		}
	}
	return false
}
