package openai

import (
	"strings"

	"github.com/toolfix/toolfix/proxy/markup"
	"github.com/toolfix/toolfix/proxy/repair"
)

// Syntaxes are the leaked-call markups recognised at the tail of a choice's content.
const Syntaxes = markup.All

// choiceState follows one choice of the stream: its content, its tool calls, its finish.
type choiceState struct {
	s       *Stream
	index   int
	tainted bool // a chunk with several choices named it: no more repairs

	// content, counted in bytes from the start of the choice's content
	final     bool            // content is no longer held or examined
	holder    *markup.Holder  // what of the content may go
	bridge    *bridgeHolder   // the opt-in text format, or nil
	undecided strings.Builder // the content the holders hold, from decided on
	total     int             // content so far
	decided   int             // content the holders let go (written or queued behind something else)

	// tool calls
	calls    []*call
	open     []*call                     // the calls not yet complete
	byIndex  map[int]*call               // by the upstream's index
	outIndex map[int]bool                // the indexes calls go out with
	next     int                         // the first index after all of those
	cur      *call                       // the call the last delta went to
	head     *headHold[*call, heldDelta] // deltas held until the next delta of their index tells whose they are (D70)

	finishPiece  *piece
	finishReason string
	leaked       bool // calls were made from leaked markup
	unfit        int  // calls of offered tools that ended not fitting their schema (judgeCall)
	settled      bool // settle ran (a finish, an error, [DONE]): a late delta reopens no call
}

func newChoice(s *Stream, index int) *choiceState {
	c := &choiceState{s: s, index: index, holder: markup.NewHolderFor(Syntaxes, s.tools.Declares), byIndex: map[int]*call{}, outIndex: map[int]bool{}}
	if s.opt.TextFormat == FormatGongju {
		c.bridge = &bridgeHolder{}
	}
	return c
}

// addContent takes a content delta of piece p: content flows at once except a tail that could be
// the start of leaked markup. The holders decide on text once, whether or not it can be written
// yet, so that content queued behind a held call costs no more than content that flows.
func (c *choiceState) addContent(p *piece) {
	c.total += len(p.content)
	p.cend = c.total
	if c.final {
		return
	}
	text := p.content
	if c.undecided.Len() == 0 && c.bridge == nil {
		if plain, quiet := markup.PlainASCII(text); plain && markup.ReleasePlainASCII(c.holder, text, quiet) {
			c.decided += len(text) // prose in which no markup begins: what Safe and Release would do (issue 21 item 1)
			return
		}
	}
	// The text may be the event's own bytes (borrowedString): what is read past here may be kept.
	p.ownContent()
	text = p.content
	if c.undecided.Len() > 0 {
		c.undecided.WriteString(p.content)
		text = c.undecided.String()
	}
	n := c.holder.Safe(text)
	if c.bridge != nil {
		n = min(n, c.bridge.Safe(text))
	}
	if n > 0 {
		c.holder.Release(text[:n])
		if c.bridge != nil {
			c.bridge.Release(text[:n])
		}
		c.decided += n
	}
	switch {
	case n == len(text):
		c.undecided.Reset()
	case len(text)-n > c.s.maxHeld:
		// A tail that may be a leaked call, over the bound: it goes out as it came, and the rest
		// of the content flows (a fail-open).
		c.s.rep.Fail("held content tail over the size limit")
		c.undecided = strings.Builder{}
		c.final = true
		c.decided = c.total
	case c.undecided.Len() == 0:
		c.undecided.WriteString(text[n:])
	case n > 0:
		rest := text[n:]
		c.undecided = strings.Builder{}
		c.undecided.WriteString(rest)
	}
}

// leakOK reports whether a choice that finished for reason may have its leaked tail turned into
// calls: not when it was cut by a limit or a filter, where the calls may be incomplete (docs/faults.md
// D46: anthropics/claude-code #1236, anthropic-sdk-python #794 — never completed).
func leakOK(reason string) bool { return reason == "stop" || reason == "tool_calls" }

// leakedTail turns leaked tool-call markup at the tail of the finished content into standard
// tool-call chunks (docs/faults.md D03 vllm-project/vllm #21571, #22975, #42021, the bare
// <function=…> of ollama/ollama #18530, jundot/omlx PR #844; D03b vllm #17161, #33083; D04
// NousResearch/hermes-agent #24534, anomalyco/opencode #10382, MoonshotAI/Kimi-K2 #89, singular
// tokens ggml-org/llama.cpp PR #17376, thinking-machines-lab/tinker-cookbook PR #248; D05
// google/adk-python #5654, DSML ochafik/minja PR #11, stdapi-ai/stdapi.ai #182; D58 gpt-oss
// Harmony raullenchai/Rapid-MLX #480, kekzl/imp PR #1719, lablup/mlxcel #654; D59 Mistral
// ml-explore/mlx-lm PR #1448, #1374, PR #1643, raullenchai/Rapid-MLX #1071,
// ai-dynamo/frontend-crates PR #60; D06 waybarrios/vllm-mlx #797, sgl-project/sglang #30925; D02
// MiniMax-AI/MiniMax-M2.5 #10; D01 anthropics/claude-code #64314; D10 with the opt-in text
// format): the markup leaves content, each call is sent the standard way (a first delta with
// index, id, type, name and empty arguments, then the arguments) before the finish, and
// finish_reason becomes tool_calls. Only at the tail, outside code (D12 claude-code #65230), only
// for offered tools and parameters (D57 router-for-me/CLIProxyAPI #2857), never from reasoning
// (D11 vybestack/llxprt-code #749: reasoning_content is never read). When the choice also made
// structured calls, markup that copies one of them is only cut from content, never added as a
// second call; a leaked call that copies none is added after them (newLeaked: waybarrios/vllm-mlx
// PR #55, the first call parsed and the next leaked as content).
func (c *choiceState) leakedTail() {
	pending := c.undecided.String()
	if strings.TrimSpace(pending) == "" {
		return
	}
	start, calls, ok := 0, []markup.Call(nil), false
	if l, found := c.holder.Tail(pending); found {
		start, calls, ok = l.Start, l.Calls, true
	} else if c.bridge != nil {
		start, calls, ok = c.bridge.Tail(pending)
	}
	if !ok || len(calls) == 0 {
		return
	}
	s := c.s
	if err := s.tools.AllowsCalls(len(calls)); err != nil {
		s.rep.Fail("leaked calls more than the request allows")
		return
	}
	inputs := make([][]byte, len(calls))
	for i, cl := range calls {
		in, err := s.tools.LeakedInput(cl.Name, repair.MarkupParams(cl.Params), cl.JSON, cl.Bare)
		if err != nil {
			s.rep.Fail("leaked call does not fit the request's tools")
			return
		}
		inputs[i] = in
	}
	cut := c.decided + start
	fresh := newLeaked(calls, inputs, c.copies)
	if len(c.calls) > 0 && len(fresh) > 0 {
		if err := s.tools.AllowsCalls(len(c.calls) + len(fresh)); err != nil {
			s.rep.Fail("leaked calls more than the request allows")
			return
		}
	}
	c.cutContent(cut)
	for _, cl := range calls {
		s.rep.Repair(cl.Name, "leaked_call")
	}
	if len(fresh) == 0 {
		return
	}
	fp := c.finishPiece
	next := c.nextIndex()
	for k, i := range fresh {
		fp.edit().synth = append(fp.edit().synth, synthCall{index: next + k, id: repair.NewID("call_"), name: calls[i].Name, args: inputs[i]})
	}
	if c.finishReason != "tool_calls" && c.unfit == 0 {
		// a structured call that fits nothing keeps the finish it came with (the law)
		fp.edit().finish = "tool_calls"
	}
	c.leaked = true
}

// copies reports whether a structured call of the choice has this name and these arguments
// (repair.Copies).
func (c *choiceState) copies(name string, input []byte) bool {
	made := make([]repair.MadeCall, 0, len(c.calls))
	for _, cl := range c.calls {
		if cl.name == name {
			made = append(made, repair.MadeCall{Name: cl.name, Input: cl.sent()})
		}
	}
	return repair.Copies(made, name, input)
}

// cutContent keeps the content before byte cut of the choice's content and removes the rest from
// the held chunks that carry it.
func (c *choiceState) cutContent(cut int) {
	for _, p := range c.s.held {
		if p.c != c || !p.hasContent {
			continue
		}
		start := p.cend - len(p.content)
		keep := p.content[:max(0, min(len(p.content), cut-start))]
		if keep != p.content {
			k := keep
			p.edit().content = &k
		}
	}
}

// finish takes the choice's finish_reason, carried by piece p: every open call is complete, the
// content is examined for a leaked tail, and a "stop" that ends tool calls becomes "tool_calls".
func (c *choiceState) finish(p *piece, reason string) {
	c.finishPiece, c.finishReason = p, reason
	c.s.settle(c, true)
	c.fixFinish(p, reason)
}

// fixFinish sets finish_reason "tool_calls" on a choice that carried tool calls but says the turn
// ended (EndsTurn; docs/faults.md D34: anomalyco/opencode #14972, #20719): clients decide from it whether to run
// tools. It announces only calls that fit: a choice with a call that does not (judgeCall) keeps
// its finish_reason (the law, docs/repairs.md).
func (c *choiceState) fixFinish(p *piece, reason string) {
	if !EndsTurn(reason) || len(c.calls) == 0 || c.leaked || c.unfit > 0 {
		return
	}
	p.edit().finish = "tool_calls"
	c.s.rep.Repair("", "finish_reason")
}

// settle completes the open calls of c and ends the holding of its content. With repair, calls
// are repaired and, once the choice finished, a leaked tail is turned into calls; without, all
// goes out as it came.
func (s *Stream) settle(c *choiceState, repair bool) {
	if c.tainted {
		return
	}
	if c.head != nil {
		c.endHead(false)
	}
	c.settled = true
	c.completeCalls(repair)
	if !c.final {
		if repair && c.finishPiece != nil && leakOK(c.finishReason) {
			c.leakedTail()
		}
		c.final = true
	}
}
