// Package service installs toolfix as a per-user service that runs `toolfix serve` at login and
// restarts it when it fails. It is the only user of github.com/kardianos/service.
//
//   - Linux: a systemd user unit, ~/.config/systemd/user/toolfix.service, with toolfix's own unit
//     text: WantedBy=default.target (the library's multi-user.target never starts for a user
//     unit), Restart=on-failure after 3 seconds, the state folder passed in a quoted
//     Environment= line. Enabled and started through `systemctl --user`.
//   - macOS: a LaunchAgent, ~/Library/LaunchAgents/toolfix.plist, with RunAtLoad and KeepAlive,
//     its output in the state folder's logs.
//   - Windows: kardianos/service installs only machine-wide services, which need an
//     administrator, so toolfix writes a per-user logon entry (HKCU\…\Run) and starts the proxy
//     in the background itself, recording its process id to stop it later.
//
// Manager.Check tells, before anything is written, whether a user service manager answers (it
// does not in most containers, or in WSL without systemd).
package service
