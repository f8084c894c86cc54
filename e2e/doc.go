// Package e2e proves toolfix's repairs with the real coding agents. Its tests (there is no other
// code here) run the pinned Claude Code and OpenCode CLIs from clients/node_modules against a mock
// upstream that replays degraded streams from testdata/, once straight at the mock and once through
// `toolfix serve`. Straight the tool must not run; through toolfix it must.
//
// The clients are installed from the module root with
//
//	npm install --no-audit --no-fund --prefix e2e/clients
//
// (clients/.npmrc keeps npm from writing a lock file: one would name other platforms' binaries,
// which the registry here does not serve). Without them the tests fail and say that command.
package e2e
