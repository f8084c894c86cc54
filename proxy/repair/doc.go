// Package repair is toolfix's schema-driven repair of tool-call inputs: a pure function over
// bytes and the tool schemas of the request, with no I/O, shared by the Anthropic and OpenAI
// dialects of the proxy.
//
// # Building
//
// A dialect reads the request once: ToolsFromAnthropic, ToolsFromChat or ToolsFromResponses
// compile each offered tool's JSON Schema into a *Tools. A nil *Tools offers no tools.
//
// # Repairing
//
// RepairInput takes the raw JSON text of one call's input and either says "leave it"
// (changed=false: the caller sends the original bytes) or returns compact JSON that fits the
// schema with the kinds of repair applied. The law of docs/faults.md holds throughout: a repair fires
// only when its result parses and fits the request's schema; a healthy input is never touched;
// nothing the model did not send is invented.
//
// The coercions (KindCoerce, KindEscape), for every API:
//
//   - A string holding JSON where the schema wants an array, object, number, integer, boolean or
//     null becomes that value (D13 anomalyco/opencode #7512, PR #7513, #8249, openclaw #96922;
//     D14 anthropics/claude-code #23500, #20732, #24597, #82652; D15 opencode #7512,
//     lablup/mlxcel #1336): at any depth, through properties, patternProperties,
//     additionalProperties, items, prefixItems, anyOf, oneOf, allOf, type lists and local $ref,
//     for a value stringified once or twice, and for array items that each arrive as a string.
//   - Never where the schema allows a string at that place (directly, in a type list, or in any
//     anyOf/oneOf branch), nor where no schema says what the type is ({}, no "type", an
//     unresolved $ref), nor for a tool the request does not offer (D16 opencode PR #14832: an
//     object where a string is wanted is left alone).
//   - Numbers only from JSON number text ("180000" -> 180000; "02134" never); where only an
//     integer is wanted, only from integer text. true, false and null from exactly that text.
//   - A Python literal ([{'a': 'b', 'ok': True}]) where an array or object is wanted, read by an
//     exact parser of Python's literal syntax, never by swapping quotes (D29 QwenLM/qwen-code
//     #288, OpenHands PR #8780). True, False and None only inside such a literal.
//   - Leaked closing markup (</parameter>, </invoke>, </function>, </tool_call>,
//     </function_calls>) after the complete value inside the string is cut (D23b
//     librefang/librefang #2975).
//   - A \u escape broken by white space between its hex digits ("\u7 ee7") inside such a string
//     is mended before it is read (KindEscape; D25 anthropics/claude-code #79339, #69522,
//     attson/claude-proxy); one that cannot make exactly four hex digits is left, and then the
//     string is not read at all. Valid escapes are never reinterpreted (D26
//     Yeachan-Heo/gajae-code #4352).
//
// The argument-text repairs (KindArgs) run only with Options.Args, for OpenAI-style arguments;
// see Options.
//
// # Streaming
//
// A dialect that streams a call's input as it arrives feeds it to a Scan (Tools.NewScan), which
// says from which byte on a repair may change the text (Scan.Held) and whether that byte makes
// the input unfit whatever follows (Scan.Faulty). The bytes before it can go to the client at
// once. A faulty string value is held only to its closing quote: the Scan hands it out (Spans),
// Scan.RepairSpan repairs it alone, as RepairInput would at its place, and Scan.Judge says
// whether it may go out so, in its context: only when the whole input as far as it came (the
// values before and after it, the schemas above it) can still fit, as RepairInput requires; the
// rest is held to the call's end and repaired whole with Options.KeepText, whose result
// keeps the input's own bytes outside the values it changes, so that what went out is a prefix of
// it. FuzzScan holds the Scan to that: what it lets go is a prefix of the repair, but where D24
// escapes a whole string whose invalid escape comes after a valid one (the call then fails open).
//
// # Schemas
//
// Fits and every repair check a value against the keywords type (names and lists; an integer is
// a number without fractional part), properties, required, additionalProperties (boolean or
// schema), patternProperties, items (schema or draft-4 array), prefixItems, additionalItems,
// minItems, maxItems, minLength, maxLength (code points), minProperties, maxProperties,
// minimum, maximum, exclusiveMinimum, exclusiveMaximum (draft-4 booleans too), enum, const,
// pattern (RE2 syntax; a pattern RE2 cannot compile is ignored), allOf, anyOf, oneOf, not,
// nullable (OpenAPI) and local $ref (JSON pointers into the same schema, "#", "#/$defs/x",
// "#/definitions/x", with ~0, ~1 and %-escapes). Other keywords (format, multipleOf,
// uniqueItems, if/then/else, dependencies, ...) are ignored, so a schema accepts at least what
// the standard would. A $ref cycle that never descends into the value ends after 64 steps and
// fits nothing.
//
// # Limits
//
// Values nest at most 512 deep (deeper input is left as it is). Numbers keep their text and
// object members their order and duplicates; strings are re-escaped minimally (", \ and control
// characters; never <, > or &). Input must be UTF-8 without lone surrogates. Work is bounded by a
// step budget linear in the input's size; a spent budget, like a panic, leaves the input as it
// is. Fits judges an input that fits as the inline path does (Inlines), in place, without a
// tree; only an input it cannot judge so is read into one. A stringified array or object that
// fits its place as it is stays the text it was (kindRaw), written compact only into the repair,
// rather than becoming a tree of about 70 bytes a value; a reader that needs the tree (a schema
// the inline path does not judge, an enum or const compared) builds it, so that every answer is
// the tree path's (FuzzRawValues). A stringified array of 10 MB repairs allocating about 2.4
// times its size, in about 100 allocations (was 8.9 times, in 365,000; BenchmarkRepairInput10MB). Tools is immutable and safe for concurrent
// use.
package repair
