// Package e2e proves toolfix's repairs with the real coding agents. Its tests (there is no other
// code here) run the pinned Claude Code and OpenCode CLIs from clients/node_modules against a mock
// upstream on loopback that replays streams from testdata/, in three modes per scenario:
//
//   - straight: the degraded stream straight at the mock; the client must fail the way
//     e2e/CLIENTS.md documents, and the tool must not run;
//   - control: the healthy stream a correct repair amounts to, straight at the mock; the tool must
//     run (this proves the mock and the assertions, so a failure in the next mode is toolfix's);
//   - toolfix: the degraded stream through `toolfix serve --upstream <mock>`; the tool must run,
//     which the mock sees as a successful tool result in the client's next request.
//
// The clients are installed from the module root with
//
//	npm install --no-audit --no-fund --prefix e2e/clients
//
// (clients/.npmrc keeps npm from writing a lock file: one would name other platforms' binaries,
// which the registry here does not serve). Without them the tests fail and say that command; they
// never skip.
package e2e
