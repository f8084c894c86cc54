package sse

import (
	"fmt"
	"testing"

	"github.com/toolfix/toolfix/proxy/repair"
)

func TestLooksLikeStream(t *testing.T) {
	tests := []struct {
		body string
		want bool
	}{
		{"data: {}\n\n", true},
		{"\xEF\xBB\xBF\r\n event: x\ndata: {}\n\n", true}, // leading white space of the body is skipped
		{"\xEF\xBB\xBF\r\nevent: x\ndata: {}\n\n", true},
		{": ping\n\n", true},
		{"  \n\ndata:[DONE]", true},
		{`{"data: x":1}`, false},
		{"", false},
		{"<html>", false},
	}
	for _, tc := range tests {
		if got := LooksLikeStream([]byte(tc.body)); got != tc.want {
			t.Errorf("LooksLikeStream(%q) = %v, want %v", tc.body, got, tc.want)
		}
	}
}

func TestTrimDone(t *testing.T) {
	tests := []struct {
		body, want string
		ok         bool
	}{
		{"{\"a\":1}\ndata: [DONE]\n\n", `{"a":1}`, true},
		{" {\"a\":1}\r\n\r\ndata:[DONE]", `{"a":1}`, true},
		{"{\"a\":1}", "", false},
		{"[1]\ndata: [DONE]", "", false},
		{"{\"a\":\ndata: [DONE]", "", false},
		{"data: {}\n\ndata: [DONE]\n\n", "", false},
	}
	for _, tc := range tests {
		got, ok := TrimDone([]byte(tc.body))
		if ok != tc.ok || string(got) != tc.want {
			t.Errorf("TrimDone(%q) = %q, %v; want %q, %v", tc.body, got, ok, tc.want, tc.ok)
		}
	}
}

func TestOneObject(t *testing.T) {
	conv := func(b []byte) ([]byte, bool) { return []byte(`{"from":"stream"}`), len(b) > 12 }
	tests := []struct {
		body, want   string
		reshaped, ok bool
	}{
		{`{"a":1}`, `{"a":1}`, false, true},
		{"{\"a\":1}\ndata: [DONE]\n", `{"a":1}`, true, true},
		{"data: {\"x\":1}\n\n", `{"from":"stream"}`, true, true},
		{"data: {}\n\n", "", false, false},
		{"not json", "not json", false, true},
	}
	for _, tc := range tests {
		out, reshaped, ok := OneObject([]byte(tc.body), conv)
		if reshaped != tc.reshaped || ok != tc.ok || (ok && string(out) != tc.want) {
			t.Errorf("OneObject(%q) = %q, %v, %v; want %q, %v, %v", tc.body, out, reshaped, ok, tc.want, tc.reshaped, tc.ok)
		}
	}
}

func TestRepairOne(t *testing.T) {
	conv := func(b []byte) ([]byte, bool) { return []byte(`{"from":"stream"}`), len(b) > 12 }
	fix := func(b []byte) ([]byte, bool) {
		if string(b) == `{"fix":1}` {
			return []byte(`{"fixed":1}`), true
		}
		return nil, false
	}
	tests := []struct {
		name, body, want string // want "" with ok false: the body passes as it came
		ok               bool
		reports          string // what the Reporter heard, in order
	}{
		{"nothing to do", `{"a":1}`, "", false, "[]"},
		{"repaired", `{"fix":1}`, `{"fixed":1}`, true, "[]"},
		{"reshaped, then repaired", "{\"fix\":1}\ndata: [DONE]\n", `{"fixed":1}`, true, "[repair shape]"},
		{"reshaped only", "data: {\"x\":1}\n\n", `{"from":"stream"}`, true, "[repair shape]"},
		{"a stream that cannot be read", "data: {}\n\n", "", false, "[fail SSE answer to a non-streamed request could not be read as one thing]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var heard []string
			rep := &repair.Reporter{
				Repaired: func(kind, _ string) { heard = append(heard, "repair "+kind) },
				FailOpen: func(reason string) { heard = append(heard, "fail "+reason) },
			}
			out, ok := RepairOne([]byte(tc.body), conv, fix, rep, "thing")
			if ok != tc.ok || string(out) != tc.want {
				t.Errorf("RepairOne = %q, %v; want %q, %v", out, ok, tc.want, tc.ok)
			}
			if fmt.Sprint(heard) != tc.reports {
				t.Errorf("reported %q, want %s", heard, tc.reports)
			}
			if _, ok := RepairOne([]byte(tc.body), conv, fix, nil, "thing"); ok != tc.ok {
				t.Errorf("with a nil Reporter: ok %v, want %v", ok, tc.ok)
			}
		})
	}
}

// TestObjectData: the data of a piece is an object's text, white space and all line endings
// aside, or it is not, and the name comes back either way.
func TestObjectData(t *testing.T) {
	for raw, want := range map[string]string{
		"event: a\ndata:  {\"x\":1} \n\n": `a {"x":1} true`,
		"data: {\r\ndata: }\r\n\r\n":      " {\n} true",
		"event: error\ndata: [DONE]\n\n":  "error [DONE] false",
		"data: \"{\"\n\n":                 ` "{" false`,
		"event: e\n\n":                    "e  false",
		": {}\n\n":                        "  false",
		"data:\n\n":                       "  false",
	} {
		name, data, ok := ObjectData([]byte(raw))
		if got := fmt.Sprintf("%s %s %v", name, data, ok); got != want {
			t.Errorf("ObjectData(%q) = %s, want %s", raw, got, want)
		}
	}
}

func TestEach(t *testing.T) {
	body := "data: a\n\n: c\r\n\r\ndata: " + string(make([]byte, 40)) + "\n\ndata: cut"
	var got []string
	for n, ev := range Each([]byte(body), 20) {
		got = append(got, string(rune('0'+n))+map[bool]string{true: "o", false: "-"}[ev.Oversize]+map[bool]string{true: "c", false: "-"}[ev.Complete])
	}
	// Pieces of the oversize event come with Oversize set; the last piece is incomplete.
	if len(got) < 4 || got[0] != "0-c" || got[1] != "1-c" || got[len(got)-1][2] != '-' {
		t.Fatalf("pieces %v", got)
	}
	for _, g := range got[2 : len(got)-1] {
		if g[1] != 'o' {
			t.Errorf("piece %s of the oversize event not marked", g)
		}
	}
	stopped := 0
	for range Each([]byte(body), 0) {
		stopped++
		break
	}
	if stopped != 1 {
		t.Errorf("break did not stop the loop")
	}
}
