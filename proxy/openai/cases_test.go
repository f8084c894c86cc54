package openai

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"testing"

	"github.com/toolfix/toolfix/proxy/cases"
	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

// run feeds body through a Stream read by r and returns the output and the repair kinds reported.
func run(t testing.TB, request []byte, r io.Reader, opt Options) ([]byte, []string) {
	tools, _ := repair.ToolsFromChat(request)
	return ssetest.RunKinds(t, r, func(rep *repair.Reporter) sse.Repairer { return NewStream(tools, rep, opt) })
}

// checkChat checks a repaired body against a case's want.
func checkChat(t *testing.T, c cases.Case, out []byte, kinds []string) {
	t.Helper()
	if c.Want.Passthrough {
		ssetest.CheckPassthrough(t, c.Upstream, out, kinds)
		return
	}
	checkMessage(t, out, c.Stream, c.Want.Message)
	if c.Stream {
		if err := keepsFirstFields(c.Upstream, out); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	}
	if c.Want.FramesValid {
		if err := client.ChatFramesValid(out); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	}
	ssetest.CheckKinds(t, kinds, c.Want.Repairs)
}

// checkMessage fails t when out, a Chat stream when stream is set and else a chat.completion
// body, does not read as the message want (client.CompareChat).
func checkMessage(t *testing.T, out []byte, stream bool, want []byte) {
	t.Helper()
	read := client.ChatJSON
	if stream {
		read = client.ChatStream
	}
	m, err := read(out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if err := client.CompareChat(want, m, stream); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}

func TestCasesPure(t *testing.T) {
	ssetest.RunCases(t, "openai", true, func(t *testing.T, c cases.Case) {
		for _, mode := range ssetest.Feeds {
			t.Run(mode, func(t *testing.T) {
				out, kinds := run(t, c.Request, ssetest.Feed(mode, c.Upstream, 7), Options{})
				checkChat(t, c, out, kinds)
				if err := client.CheckOrder(client.ChatOrderFrames(c.Upstream), client.ChatOrderFrames(out)); err != nil {
					t.Fatalf("order: %v\n%s", err, out)
				}
			})
		}
	})
}

func TestNonStreamCases(t *testing.T) {
	ssetest.RunCases(t, "openai", false, func(t *testing.T, c cases.Case) {
		tools, _ := repair.ToolsFromChat(c.Request)
		fixed, ok, kinds := ssetest.RepairKinds(func(rep *repair.Reporter) ([]byte, bool) {
			return RepairCompletion(tools, c.Upstream, rep, Options{})
		})
		if !ok {
			fixed = c.Upstream
		}
		checkChat(t, c, fixed, kinds)
	})
}

func toolsFromChat(req string) (*repair.Tools, error) { return repair.ToolsFromChat([]byte(req)) }

// firstOf is what a client reads first of each choice of a Chat stream: the members of the first
// chunk that names the choice (but choices and usage), that choice's delta role and whether it
// carried logprobs.
type firstOf struct {
	chunkKeys []string
	role      string
	logprobs  bool
}

func firstFields(body []byte) map[int]firstOf {
	out := map[int]firstOf{}
	for _, ev := range sse.Each(body, 0) {
		_, data, has := sse.Fields(ev.Raw)
		if !has {
			continue
		}
		var chunk map[string]json.RawMessage
		if json.Unmarshal(data, &chunk) != nil {
			continue
		}
		var choices []struct {
			Index    int             `json:"index"`
			Logprobs json.RawMessage `json:"logprobs"`
			Delta    struct {
				Role string `json:"role"`
			} `json:"delta"`
		}
		_ = json.Unmarshal(chunk["choices"], &choices)
		for _, ch := range choices {
			if _, seen := out[ch.Index]; seen {
				continue
			}
			var keys []string
			for k := range chunk {
				if k != "choices" && k != "usage" {
					keys = append(keys, k)
				}
			}
			out[ch.Index] = firstOf{chunkKeys: keys, role: ch.Delta.Role, logprobs: len(ch.Logprobs) > 0 && string(ch.Logprobs) != "null"}
		}
	}
	return out
}

// keepsFirstFields checks that a repaired Chat stream keeps what the upstream's first chunk of
// each choice said: its role (docs/faults.md D61: openai-node's finalChatCompletion throws "missing
// role for choice 0" without it), its logprobs and every member of the chunk (system_fingerprint,
// service_tier, obfuscation, …).
func keepsFirstFields(upstream, out []byte) error {
	got := firstFields(out)
	for i, w := range firstFields(upstream) {
		g, ok := got[i]
		switch {
		case !ok:
			return fmt.Errorf("choice %d never came", i)
		case g.role != w.role:
			return fmt.Errorf("choice %d: first delta's role %q, want %q", i, g.role, w.role)
		case w.logprobs && !g.logprobs:
			return fmt.Errorf("choice %d: first chunk lost its logprobs", i)
		}
		for _, k := range w.chunkKeys {
			if !slices.Contains(g.chunkKeys, k) {
				return fmt.Errorf("choice %d: first chunk lost %q", i, k)
			}
		}
	}
	return nil
}
