package openai

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolfix/toolfix/proxy/client"
	"github.com/toolfix/toolfix/proxy/repair"
	"github.com/toolfix/toolfix/proxy/sse/ssetest"
)

const spanComment = ": ping\n\n"

// spanStream is a Chat stream with one bash call whose arguments arrive in 1..n-byte deltas (by
// seed), a comment after each; ends are where the deltas end in input.
func spanStream(input string, seed uint64, n int) (body string, ends []int) {
	rng := rand.New(rand.NewPCG(seed, 13))
	var b strings.Builder
	b.WriteString("data: " + head("0", "call_1", "bash") + "\n\n")
	for at := 0; at < len(input); {
		k := min(len(input)-at, 1+rng.IntN(n))
		for at+k < len(input) && !utf8.RuneStart(input[at+k]) {
			k++ // a delta's JSON string holds whole characters
		}
		b.WriteString("data: " + args("0", input[at:at+k]) + "\n\n" + spanComment)
		at += k
		ends = append(ends, at)
	}
	b.WriteString(sseOf(finish("tool_calls")))
	return b.String(), ends
}

// sentBefore is how much of input streams before a Scan fed delta by delta (ends) holds: the end
// of the last delta before the one in which it first holds.
func sentBefore(sc *repair.Scan, input string, ends []int) int {
	sent := 0
	for _, e := range ends {
		sc.Feed([]byte(input[sent:e]))
		if _, held := sc.Held(); held {
			break
		}
		sent = e
	}
	return sent
}

// FuzzStreamedArguments: the arguments of a bash call, of any text, split into deltas of any size
// and read in random small chunks: what the client accumulates from the streamed repair is the
// whole-arguments repair (RepairInput with the argument-text repairs, as the non-streamed path
// applies it) when it changes them — unless it would change bytes that streamed before the first
// byte the scan holds (D24 escaping a whole string, see repair.Scan), and then, as when nothing
// is repaired, the stream comes out as it came: byte for byte when the arguments fit (a healthy
// stream), and but for the comments that passed ahead of a held call when they do not.
func FuzzStreamedArguments(f *testing.F) {
	for _, s := range []string{`{"command": "ls"}`, `{"command": "ls", "timeout": "30"}`, `{"command":"ls"} {"command":"ls"}`,
		`{"command": "C:\new"}`, `{'command': 'ls'}`, ` `, `{"command": "x\u7 ee7"}`, `{"command": "ls"} thanks`, `{"command"`} {
		f.Add(s, uint64(1), uint8(4))
	}
	tl, _ := toolsFromChat(tools)
	opt := repair.Options{Args: true, KeepText: true}
	f.Fuzz(func(t *testing.T, input string, seed uint64, size uint8) {
		input = strings.ToValidUTF8(input, "\uFFFD") // what the wire's JSON string can carry
		body, ends := spanStream(input, seed, int(size%16)+1)
		out, err := ssetest.Run(ssetest.Chunks([]byte(body), int64(seed%64)), NewStream(tl, nil, Options{}))
		if err != nil {
			t.Fatal(err)
		}
		fixed, _, changed := tl.RepairInput("bash", []byte(input), opt)
		if changed {
			if !bytes.HasPrefix(fixed, []byte(input[:sentBefore(tl.NewScan("bash", opt), input, ends)])) {
				changed = false // the repair reaches back into what streamed: it fails open
			}
		}
		err = client.CheckStreamedCall(out, []byte(body), fixed, changed, tl.Fits("bash", []byte(input)), spanComment, func(out []byte) (any, error) {
			m, err := client.ChatStream(out)
			if err != nil {
				return nil, err
			}
			return m.ToolCalls[0].Arguments, nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

// TestHeldContentTailBound: a content tail that may be a leaked call, past the size limit, goes
// out as it came (a fail-open), and the rest of the content flows.
func TestHeldContentTailBound(t *testing.T) {
	tl, _ := toolsFromChat(tools)
	var fails []string
	st := NewStream(tl, &repair.Reporter{FailOpen: func(r string) { fails = append(fails, r) }}, Options{})
	st.SetMaxHeld(32)
	in := []string{"data: " + text("Ok.\n<tool_call>") + "\n\n", "data: " + text(`{"name":"bash","arguments":{"command":"a long enough value"}}`) + "\n\n", "data: " + text("more") + "\n\n"}
	var out strings.Builder
	for _, raw := range in {
		if err := st.Push(event(raw), &out); err != nil {
			t.Fatal(err)
		}
	}
	if out.String() != strings.Join(in, "") {
		t.Fatalf("not as it came, at once:\n%s", out.String())
	}
	if len(fails) != 1 {
		t.Fatalf("fail-opens %q", fails)
	}
}
