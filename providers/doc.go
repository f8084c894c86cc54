// Package providers knows where each coding client keeps its configuration and which one setting
// routes it through toolfix, and makes that edit without disturbing anything else in the file.
//
// # Clients
//
// Claude Code reads ${CLAUDE_CONFIG_DIR:-~/.claude}/settings.json, a strict JSON file; the key
// env.ANTHROPIC_BASE_URL is a root URL without /v1 (Claude Code appends /v1/messages). ScanClaude
// finds it. A file that selects Bedrock, Vertex or Foundry (CLAUDE_CODE_USE_BEDROCK, _VERTEX,
// _FOUNDRY in its env) speaks a wire format toolfix does not repair and is skipped.
//
// OpenCode reads, in this order and merged, config.json, opencode.json and opencode.jsonc in
// $XDG_CONFIG_HOME/opencode (else ~/.config/opencode, on every OS), then the file OPENCODE_CONFIG
// names. All are JSONC. Every provider.<id>.options.baseURL (which includes /v1) is a target;
// ScanOpenCode finds them, resolving {env:VAR} and {file:path} as OpenCode would.
//
// # Edits
//
// Doc is a parsed JSON or JSONC file that can read, set and remove one string value by JSON
// pointer. Everything else in the file — comments, trailing commas, indentation, line endings, a
// byte-order mark, key order — is kept byte for byte; a new key is laid out like its siblings.
// Removing a key that Set added gives back the original bytes.
package providers
