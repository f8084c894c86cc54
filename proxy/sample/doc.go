// Package sample keeps redacted copies of the exchanges the proxy repaired, so that the people who
// fix a tool-call fault get the exact bytes, and so that `toolfix analyze` and `toolfix replay` can
// show what happened.
//
// # What is kept
//
// A Store, opened on a folder (mode 0700), writes one file per exchange (mode 0600) and keeps only
// the newest N (DefaultKeep, 100). In ModeRepairs, the default, it keeps the exchanges in which a
// repair fired or was refused; in ModeAll every exchange; in ModeOff none. A sample holds the
// conversation: the request body with its messages, system prompt and tools, and the model's answer.
// It holds no credentials: before anything touches the disk, Exchange.Redact replaces the values
// of credential headers (x-api-key, Authorization, Cookie, Set-Cookie, Proxy-Authorization and any
// header whose name holds key, token, secret, auth, cookie, session, password, credential or
// signature) and every string shaped like an API key or token anywhere in a body (see RedactBody)
// by the word REDACTED. Redaction keeps JSON valid and SSE framed, so a sample still replays.
//
// A body of Server-Sent Events (the bodies that grow to megabytes) is never read whole: Store.Save,
// and Store.SaveFrom for a body kept outside the Exchange (the proxy's capture, spilled to a
// file), read it in 32 KiB chunks, find what to redact without holding more than a line of it and
// the text of each streamed field since the last place no secret can straddle, and escape it
// straight into the file. The file is byte for byte the one Redact then Marshal would give.
//
// # The file format (version 1)
//
// A sample is one JSON object, indented, UTF-8, with '<', '>' and '&' written as they are. Its
// name is <UTC time>-<sequence>-<route>.json, for example
// 20261130T142501.123456Z-000042-claude.json, so that names sort by time.
//
//	{
//	  "toolfix_sample": 1,                 // format version
//	  "time": "2026-11-30T14:25:01.123456Z",
//	  "route": "claude",                   // "" for the root route
//	  "dialect": "anthropic",              // "anthropic", "chat", "responses" or ""
//	  "method": "POST",
//	  "path": "/v1/messages?beta=true",    // after the route, with the query
//	  "upstream": "https://api.anthropic.com",
//	  "text_format": "…",                  // the route's opt-in text format, if any
//	  "request":  {"headers": {…}, "body": "…"},
//	  "response": {"status": 200, "headers": {…}, "body": "…"},
//	  "client":   {"body": "…"},           // only when toolfix changed the body
//	  "repairs":  [{"kind": "coerce", "tool": "TodoWrite"}],
//	  "fail_opens": ["…"],                 // repairs refused, with a short reason
//	  "error": "…",                        // what cut the exchange short, if anything
//	  "redacted": 2                        // secrets replaced by REDACTED
//	}
//
// Headers are objects of arrays of strings, as in net/http. A body is the member "body", a JSON
// string holding the bytes exactly (an SSE stream keeps its line endings, CRLF included), or
// "body_base64" when the bytes are not valid UTF-8; "body_truncated": true marks a body cut at
// MaxBody. The response body is the one the upstream sent after the transport undid gzip. The
// client part has no status or headers: they are the response's.
//
// Parse reads a sample (gzip-compressed too); fields this version does not know are ignored.
package sample
