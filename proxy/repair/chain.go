package repair

import "bytes"

// Chain follows the evidence that a stream resends a tool call's whole input so far in every
// delta (docs/faults.md D71: NousResearch/hermes-agent PR #35718, docker/docker-agent PR #2105),
// so that a client's concatenation is {"a{"a":{"a":1}: the chain of the call's non-empty input
// texts in which each is the one before it plus more. The first text that is not breaks it for
// good. A healthy stream breaks it at its second text but by chance; a single text restating a
// prefix is no evidence on its own (hermes-agent reverted such a latch, PR #35860), the whole
// chain is, and a dialect takes the last text only when the concatenation does not fit the
// schema and the last text does. The zero value is an empty chain. It keeps no text: the texts
// are found in the input as the dialect keeps it (the concatenation).
type Chain struct {
	at, n  int  // where the last text begins in the input, and its length
	texts  int  // the texts in the chain
	broken bool // a text did not extend the one before it, or the input is no longer kept
}

// Next takes the text of a delta that is about to be appended to input, the call's input so far
// (every text of the call must come through Next, in order, and be appended), and reports whether
// it extends the chain: it is the last text plus more, or, once the chain has two texts, the last
// text again (a provider that resends its final text with the finish). A text equal to the one
// text before it is the whole input sent twice (D21), no chain. An empty text carries nothing and
// leaves the chain as it is.
func (c *Chain) Next(input, text []byte) bool {
	if c.broken || len(text) == 0 {
		return false
	}
	if c.texts > 0 && (len(text) < c.n || len(text) == c.n && c.texts < 2 || c.at+c.n > len(input) || !bytes.Equal(text[:c.n], input[c.at:c.at+c.n])) {
		c.broken = true
		return false
	}
	c.at, c.n = len(input), len(text)
	c.texts++
	return c.texts > 1
}

// Break ends the chain for good: a delta that is not text (an object, D20), or an input that is
// no longer kept whole.
func (c *Chain) Break() { c.broken = true }

// Broken reports whether the chain was broken.
func (c *Chain) Broken() bool { return c.broken }

// Last returns the last text of an unbroken chain of two texts or more, out of input: what the
// input is when every delta resent it whole.
func (c *Chain) Last(input []byte) ([]byte, bool) {
	if c.broken || c.texts < 2 || c.at+c.n > len(input) {
		return nil, false
	}
	return input[c.at : c.at+c.n], true
}
