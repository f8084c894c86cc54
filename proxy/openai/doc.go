// Package openai repairs OpenAI Chat Completions responses (POST …/chat/completions), streamed as
// SSE chunks or whole JSON, guided by the tools of the request. It is pure: bytes in, bytes out,
// no net/http.
//
// Every rule fires only when its result parses and fits the request's schema; otherwise the bytes
// go out as they came. A healthy response comes out byte for byte. See docs/faults.md at the
// module root for the faults and their public reports; each rule's doc comment cites its row.
//
// # What is held while streaming
//
// Only what a repair must see: the chunks of a tool call of an offered tool (or of a call whose
// name has not come yet) until the call is complete — the next call's index once the call's
// arguments are one whole JSON value (parallel calls may interleave their deltas), the choice's
// finish_reason or [DONE] — and a tail of content that could still become leaked tool-call markup
// (markup.Holder decides) until the choice finishes or the tail turns out to be text. Chunks
// behind a held one wait, so that order is kept, except comments (keep-alives), which go out at
// once, and, behind a call held for a fault, chunks of only other calls' deltas: per choice and
// call the client gets every byte in upstream order and a call's first byte in the chunk that
// opens it (mayPass; client.CheckOrder checks it over the emitted stream). An error object that
// comes while a call is held settles what is held as it came and goes out in its place.
// Everything else goes out as soon as it is read. The first delta of a held call is held
// too, even when it is the standard one, since a repair resends the call from its first delta.
//
// # Limits
//
// Repairs follow the choices of chunks that carry at most one choice; a chunk with several choices
// passes as it is and ends the repairs of the choices it names. A tool-call delta of a call that
// arrives after a later call began, when the call's arguments were already one whole JSON value,
// reopens the call: a value that went out repaired before it stays repaired, and what it brings
// is judged with the whole arguments.
package openai

// FormatGongju names the opt-in text format of web-chat bridges that teach the model their own
// call syntax (docs/faults.md D10, seed: DeepSeek web proxy notes): a line "工具 NAME", then lines
// key="value", ending at a line "工具结束" or at the end of the content. See Options.TextFormat.
const FormatGongju = "gongju"

// Options tunes the dialect for one route. The zero value enables every rule that needs no
// opt-in.
type Options struct {
	// TextFormat names an opt-in leaked-call text format: FormatGongju, or "" for none. Any other
	// name is ignored (no format), so that a typo never promotes text to calls.
	TextFormat string
}
