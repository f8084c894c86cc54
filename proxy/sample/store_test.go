package sample

import (
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

func TestParseMode(t *testing.T) {
	tests := []struct {
		in   string
		want Mode
		err  bool
	}{
		{"", ModeRepairs, false}, {"repairs", ModeRepairs, false}, {"ALL", ModeAll, false}, {" off ", ModeOff, false}, {"some", "", true},
	}
	for _, tc := range tests {
		got, err := ParseMode(tc.in)
		if got != tc.want || (err != nil) != tc.err {
			t.Errorf("ParseMode(%q) = %q, %v", tc.in, got, err)
		}
	}
}

func exchangeAt(t time.Time, route string) *Exchange {
	return &Exchange{Time: t, Route: route, Dialect: "anthropic", Method: "POST", Path: "/v1/messages",
		Request:  Part{Header: http.Header{"Content-Type": {"application/json"}}, Body: []byte(`{"model":"m"}`)},
		Response: Part{Status: 200, Header: http.Header{"Content-Type": {"text/event-stream"}}, Body: []byte("data: {}\n\n")},
		Repairs:  []Repair{{Kind: "coerce", Tool: "T"}}}
}

func TestRotationKeepsNewest(t *testing.T) {
	for _, keep := range []int{1, 3, 5} {
		dir := filepath.Join(t.TempDir(), "samples")
		s, err := Open(dir, ModeRepairs, keep)
		if err != nil {
			t.Fatal(err)
		}
		other := filepath.Join(dir, "notes.txt")
		if err := os.WriteFile(other, []byte("mine"), 0o600); err != nil {
			t.Fatal(err)
		}
		base := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
		var written []string
		for i := range 7 {
			p, err := s.Save(exchangeAt(base.Add(time.Duration(i)*time.Second), "claude"))
			if err != nil {
				t.Fatal(err)
			}
			written = append(written, p)
		}
		got, err := List(dir)
		if err != nil {
			t.Fatal(err)
		}
		want := written[len(written)-keep:]
		if len(got) != len(want) {
			t.Fatalf("keep %d: %d samples left: %v", keep, len(got), got)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("keep %d: sample %d is %s, want %s", keep, i, got[i], want[i])
			}
		}
		if _, err := os.Stat(other); err != nil {
			t.Errorf("rotation removed a file that is not a sample: %v", err)
		}
		if s.Saved() != 7 {
			t.Errorf("Saved() = %d", s.Saved())
		}
	}
}

func TestOpenTightensAndSaveRoundTrips(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "samples")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	s, err := Open(dir, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if s.Mode() != ModeRepairs || s.keep != DefaultKeep {
		t.Errorf("defaults: mode %q keep %d", s.Mode(), s.keep)
	}
	x := exchangeAt(time.Now(), "")
	x.Response.Body = []byte{0xff, 0xfe, 'd', 'a', 't', 'a'} // not UTF-8: stored as base64
	p, err := s.Save(x)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" {
		for path, want := range map[string]os.FileMode{dir: 0o700, p: 0o600} {
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if fi.Mode().Perm() != want {
				t.Errorf("%s: mode %v, want %v", path, fi.Mode().Perm(), want)
			}
		}
	}
	data, _ := os.ReadFile(p)
	back, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if string(back.Response.Body) != string(x.Response.Body) || string(back.Request.Body) != `{"model":"m"}` || back.Route != "" || back.Repairs[0].Kind != "coerce" {
		t.Errorf("round trip lost data: %+v", back)
	}
	if filepath.Base(p)[len(filepath.Base(p))-10:] != "-root.json" {
		t.Errorf("root route file name %s", p)
	}
	if _, err := Parse([]byte(`{"model":"m"}`)); err != ErrNotSample {
		t.Errorf("Parse of a non-sample: %v", err)
	}
	if _, err := Parse([]byte(`{"toolfix_sample":99}`)); err == nil {
		t.Errorf("Parse of a future version succeeded")
	}
}

func TestOffAndWants(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "x"), ModeOff, 0)
	if s != nil || err != nil {
		t.Fatalf("Open off = %v, %v", s, err)
	}
	if p, err := s.Save(exchangeAt(time.Now(), "r")); p != "" || err != nil {
		t.Errorf("nil store saved %q %v", p, err)
	}
	healthy := &Exchange{}
	refused := &Exchange{FailOpens: []string{"x"}}
	all, _ := Open(t.TempDir(), ModeAll, 0)
	rep, _ := Open(t.TempDir(), ModeRepairs, 0)
	for _, tc := range []struct {
		s    *Store
		x    *Exchange
		want bool
	}{{all, healthy, true}, {rep, healthy, false}, {rep, refused, true}, {nil, refused, false}} {
		if got := tc.s.Wants(tc.x); got != tc.want {
			t.Errorf("%s Wants(%+v) = %v", tc.s.Mode(), tc.x, got)
		}
	}
}
