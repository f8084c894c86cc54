package inspect

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/toolfix/toolfix/proxy/sample"
)

// CaseFolder reports whether dir is the folder of a repair case (the layout WriteCase writes): one
// holding request.json and an upstream.sse or upstream.json. It returns the paths of the request
// and of the upstream body (upstream.sse when both are there); ok is false for anything else,
// a file or a missing path included.
func CaseFolder(dir string) (request, upstream string, ok bool) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return "", "", false
	}
	request = filepath.Join(dir, "request.json")
	if !regularFile(request) {
		return "", "", false
	}
	for _, name := range []string{"upstream.sse", "upstream.json"} {
		if p := filepath.Join(dir, name); regularFile(p) {
			return request, p, true
		}
	}
	return "", "", false
}

// regularFile reports whether path names a file that is not a folder.
func regularFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir()
}

// WriteCase writes an exchange as a folder of the repair cases layout (testdata/cases/README.md at the module root):
// request.json, upstream.sse or upstream.json, upstream.meta.json when the status is not 200, and a
// drafted want.json — passthrough when the repair changes nothing, else the repair kinds and the
// message the client ends up with after the repair (ids the proxy made written as "*"), to be
// checked by hand. dir must not exist or be empty; nothing is overwritten. It returns the paths
// written.
func WriteCase(dir string, x *sample.Exchange, r *Report, note string) ([]string, error) {
	if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 {
		return nil, fmt.Errorf("writing a case into %q: the folder is not empty", dir)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("writing a case into %q: %w", dir, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("creating %q: %w", dir, err)
	}
	files := map[string][]byte{"request.json": x.Request.Body}
	if r.Stream {
		files["upstream.sse"] = x.Response.Body
	} else {
		files["upstream.json"] = x.Response.Body
	}
	if r.Status != 200 {
		files["upstream.meta.json"] = MarshalIndent(map[string]any{"status": r.Status, "headers": map[string]string{"Content-Type": x.Response.Header.Get("Content-Type")}})
	}
	want := map[string]any{"note": note}
	switch {
	case !r.Changed:
		want["passthrough"] = true
	default:
		var kinds []string
		for _, rp := range r.Repairs {
			kinds = append(kinds, rp.Kind)
		}
		want["repairs"] = sortedKinds(kinds)
		if r.After != nil && r.After.Message != nil {
			msg, err := starIDs(r.After.Message, x.Response.Body)
			if err != nil {
				return nil, err
			}
			want["message"] = msg
		}
	}
	files["want.json"] = MarshalIndent(want)
	var written []string
	for _, name := range []string{"request.json", "upstream.sse", "upstream.json", "upstream.meta.json", "want.json"} {
		data, ok := files[name]
		if !ok {
			continue
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return written, fmt.Errorf("writing %q: %w", p, err)
		}
		written = append(written, p)
	}
	return written, nil
}

// starIDs returns msg as JSON values with every "id" the upstream body does not hold replaced by
// "*": the proxy made it, and the cases accept any id there.
func starIDs(msg any, upstream []byte) (any, error) {
	b, err := json.Marshal(msg)
	if err != nil {
		return nil, fmt.Errorf("encoding the message: %w", err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("decoding the message: %w", err)
	}
	var walk func(any)
	walk = func(v any) {
		switch t := v.(type) {
		case map[string]any:
			for k, x := range t {
				if s, ok := x.(string); ok && k == "id" && !bytes.Contains(upstream, []byte(`"`+s+`"`)) {
					t[k] = "*"
					continue
				}
				walk(x)
			}
		case []any:
			for _, x := range t {
				walk(x)
			}
		}
	}
	walk(v)
	return v, nil
}
