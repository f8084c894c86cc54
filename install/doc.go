// Package install routes the coding clients through toolfix and back, without losing a byte of
// the user's files.
//
// # Order of work
//
// NewPlan is pure: it reads the clients' config files (through package providers) and toolfix's
// state, and returns what would change — a unified diff per file, the routes, the service — without
// writing anything. Installer.Apply then, in this order: backs up each file it will change under
// <state dir>/backups/<UTC time>/ (folder 0700, files 0600, never overwritten); writes the state
// file, which records per edit the file, the key, the value before (or its absence) and the value
// after; installs and starts the per-user service; waits until the proxy's /healthz answers with
// every route; and only then rewrites each file atomically, after checking that it did not change
// since the plan. A failure at any step undoes the steps before it.
//
// Installer.Uninstall undoes each edit only where the key still holds the value toolfix wrote,
// removes the keys toolfix added, and removes the service. With no edits by the user in between,
// install then uninstall leaves every file byte-identical. An install that was killed half way is
// undone by Installer.Recover, which the next install or uninstall runs first; Lock keeps two of
// them apart.
//
// # Self-reference
//
// An upstream that would send toolfix's requests back to toolfix — a loopback, unspecified or own
// address or host name on toolfix's port (now or in the state), or a local URL that already
// carries a toolfix route — is refused with an error naming the file and key.
package install
