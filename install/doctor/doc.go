// Package doctor tells in one screen why a session does not go through toolfix, and what to do.
//
// It lives under install because it checks what install did and keeps up: the state file, each
// edit toolfix made and the layers that win over it, the service install started, the port it
// listens on and the routes it wrote. It reads through install, providers, proxy (its /healthz
// answer, the leaf packages secret and netfault) and service; only cmd imports it
// (TestImports holds that).
//
// A Doctor runs a list of named checks in parallel, each under a short timeout, and each gives
// one Result: a Status (✓ ok, ! warning, ✗ failure, - skipped), a one-line summary, detail
// lines, and a hint that says what to do. Report.WriteText prints them for people,
// Report.WriteJSON for scripts; Report.Failed decides the exit status.
//
// # Checks
//
//   - install: toolfix's state file is there and finished.
//   - configs: each client config file parses (Claude Code's strictly, OpenCode's as JSONC),
//     with the line and column of an error.
//   - drift: each key toolfix set still holds the address toolfix wrote — not changed by hand,
//     by the client itself, or by another switcher.
//   - claude-layers: settings that win over toolfix's edit of ~/.claude/settings.json: the
//     managed settings file, .claude/settings.local.json and .claude/settings.json in the
//     current folder, ANTHROPIC_BASE_URL in the shell when the user file lost the key, and a
//     CLAUDE_CODE_USE_BEDROCK/_VERTEX/_FOUNDRY selector anywhere.
//   - opencode-layers: the same for OpenCode: project configs from the current folder up to the
//     git root, the file OPENCODE_CONFIG names, and OPENCODE_CONFIG_CONTENT.
//   - codex-layers: for Codex CLI, a CODEX_HOME naming another folder, a model_provider (top
//     level or in a profile) that selects a provider toolfix does not route, and project
//     .codex/config.toml files up to the git root; `-c` overrides cannot be seen.
//   - kilo-layers: for Kilo CLI what opencode-layers does for OpenCode (KILO_CONFIG, kilo.json[c]
//     and opencode.json[c] project files, KILO_CONFIG_CONTENT).
//   - qwen-layers: for Qwen Code, the workspace's .qwen/settings.json, OPENAI_BASE_URL in the
//     shell, and a .qwen/.env or .env between the current folder and the home that Qwen Code
//     loads instead of ~/.qwen/.env.
//   - service: the per-user service is installed and running.
//   - linger (Linux): whether systemd keeps it running after logout.
//   - proxy: the port answers /healthz, with this binary's version and the installed routes;
//     a proxy still running an old binary is named, with its executable on Linux.
//   - proxy-env: HTTPS_PROXY or HTTP_PROXY set without 127.0.0.1 in NO_PROXY.
//   - self-reference: no route leads back into toolfix (package install's rules).
//   - upstream <route>: DNS, TCP, the proxy's CONNECT, TLS and an HTTP answer, each timed,
//     through the shell's HTTPS_PROXY when it applies.
//   - connections: who holds established connections to the proxy's port, with pid and command
//     line, and the proxy's own connections upstream: "claude (pid 4242) → toolfix →
//     api.anthropic.com". The TCP table comes from /proc on Linux (ProcTable), lsof on macOS
//     (LsofTable), netstat on Windows (NetstatTable).
//
// # Edges
//
// Everything a check reads from outside the process is a field of Doctor with a default: the
// environment and home (providers.Env), the state folder, the current folder, a root for system
// files, the /proc tree, the program runner, the DNS lookup, the dialer, the CA pool, the service
// manager and the TCP table. Tests replace them with a temporary home, a fake /proc tree,
// fixture outputs, an httptest upstream and an unreachable port.
//
// Doctor.Status gathers the Overview `toolfix status` prints: routes, service, port, version,
// uptime and the running proxy's counters from its /stats endpoint.
package doctor
