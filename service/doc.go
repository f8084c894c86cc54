// Package service installs toolfix as a per-user service that runs `toolfix serve` at login and
// restarts it when it fails. It drives each OS's own tools (systemctl, launchctl, the registry)
// directly and writes the service definitions itself, so that paths with spaces work, a
// definition can be put back byte for byte (Manager.Snapshot), and macOS gets the launchctl
// commands Apple documents.
//
//   - Linux: a systemd user unit, ~/.config/systemd/user/toolfix.service: WantedBy=default.target
//     (a user manager never reaches multi-user.target), Restart=on-failure after 3 seconds, the
//     state folder passed in a quoted Environment= line, the binary's path written so that systemd
//     reads it back unchanged (see systemdUnit). Enabled and started through `systemctl --user`.
//   - macOS: a LaunchAgent, ~/Library/LaunchAgents/io.github.toolfix.proxy.plist (LaunchdLabel),
//     with RunAtLoad and KeepAlive {SuccessfulExit: false} (relaunched when it fails, not when it
//     stops cleanly), its output in the state folder's logs, loaded with `launchctl bootstrap
//     gui/<uid>` and removed with `launchctl bootout gui/<uid>/<label>`.
//   - Windows: no administrator is needed for a per-user logon entry (HKCU\…\Run), so toolfix
//     writes one and starts the proxy in the background itself, recording its process id to stop
//     it later.
//
// Manager.Check tells, before anything is written, whether a user service manager answers (it
// does not in most containers, or in WSL without systemd).
package service
