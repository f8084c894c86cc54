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
//   - Windows: the Service Control Manager installs only machine-wide services, which need an
//     administrator, so toolfix writes a per-user logon entry (HKCU\…\Run) instead. It starts
//     the logon launcher, a copy of toolfix.exe with the GUI subsystem made at install (so no
//     console window opens at logon), running `toolfix supervise`: that runs `toolfix.exe serve`
//     without a window, records both process ids in the log folder, and starts the proxy again
//     when it fails (Supervise). install, update and uninstall find the running launcher and
//     proxy by their image paths, so they stop even one that an older toolfix started.
//
// Manager.Check tells, before anything is written, whether a user service manager answers (it
// does not in most containers, or in WSL without systemd).
package service
