package openai

import (
	"bytes"
	"io"
	"slices"
	"testing"
	"testing/iotest"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// run feeds body through a Stream read by r and returns the output and the repair kinds reported.
func run(t testing.TB, request []byte, r io.Reader, opt Options) ([]byte, []string) {
	tools, _ := repair.ToolsFromChat(request)
	var kinds []string
	rep := &repair.Reporter{Repaired: func(kind, _ string) { kinds = append(kinds, kind) }}
	st := NewStream(tools, rep, opt)
	out, err := ssetest.Run(r, st)
	if err != nil {
		t.Fatal(err)
	}
	return out, kinds
}

// checkChat checks a repaired body against a case's want.
func checkChat(t *testing.T, c cases.Case, out []byte, kinds []string) {
	t.Helper()
	if c.Want.Passthrough {
		if !bytes.Equal(out, c.Upstream) {
			t.Fatalf("passthrough changed; kinds %v\n%s", kinds, out)
		}
		if len(kinds) > 0 {
			t.Fatalf("kinds %v reported on a passthrough", kinds)
		}
		return
	}
	var m *client.ChatMessage
	var err error
	if c.Stream {
		m, err = client.ChatStream(out)
	} else {
		m, err = client.ChatJSON(out)
	}
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if err := client.CompareChat(c.Want.Message, m, c.Stream); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if c.Want.FramesValid {
		if err := client.ChatFramesValid(out); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	}
	for _, k := range c.Want.Repairs {
		if !slices.Contains(kinds, k) {
			t.Errorf("kind %q not reported (got %v)", k, kinds)
		}
	}
}

func TestCasesPure(t *testing.T) {
	all, err := cases.Load("openai")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		if !c.Stream {
			continue
		}
		for _, mode := range []string{"whole", "onebyte", "chunks"} {
			t.Run(c.Name+"/"+mode, func(t *testing.T) {
				var r io.Reader = bytes.NewReader(c.Upstream)
				switch mode {
				case "onebyte":
					r = iotest.OneByteReader(r)
				case "chunks":
					r = ssetest.Chunks(c.Upstream, 7)
				}
				out, kinds := run(t, c.Request, r, Options{})
				checkChat(t, c, out, kinds)
			})
		}
	}
}

func TestNonStreamCases(t *testing.T) {
	all, err := cases.Load("openai")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		if c.Stream {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			tools, _ := repair.ToolsFromChat(c.Request)
			var kinds []string
			rep := &repair.Reporter{Repaired: func(kind, _ string) { kinds = append(kinds, kind) }}
			out := c.Upstream
			if fixed, ok := RepairCompletion(tools, c.Upstream, rep, Options{}); ok {
				out = fixed
			}
			checkChat(t, c, out, kinds)
		})
	}
}

func toolsFromChat(req string) (*repair.Tools, error) { return repair.ToolsFromChat([]byte(req)) }

func event(raw string) sse.Event { return sse.Event{Raw: []byte(raw), Complete: true} }
