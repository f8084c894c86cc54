package update_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/creativeprojects/go-selfupdate"
	"github.com/google/go-cmp/cmp"
	"github.com/toolfix/toolfix/service/update"
	"github.com/toolfix/toolfix/service/update/updatetest"
)

const repo = "toolfix/toolfix"

// tampered is release version for linux/amd64 whose archive was swapped after checksums.txt was
// written: the archive holds other bytes than the ones summed.
func tampered(t *testing.T, version string) updatetest.Release {
	rel := updatetest.NewRelease(t, version, "linux/amd64")
	rel.Assets[0] = updatetest.Archive(t, version, "linux", "amd64", []byte("#!/bin/sh\necho evil\n"))
	return rel
}

// prerelease is release version for linux/amd64, marked a pre-release.
func prerelease(t testing.TB, version string) updatetest.Release {
	rel := updatetest.NewRelease(t, version, "linux/amd64")
	rel.Prerelease = true
	return rel
}

// withoutChecksums drops checksums.txt from a release.
func withoutChecksums(rel updatetest.Release) updatetest.Release {
	return withoutAsset(rel, update.ChecksumsFile)
}

// missingEntry makes checksums.txt list every archive but the linux/amd64 one.
func missingEntry(t *testing.T, version string) updatetest.Release {
	rel := updatetest.NewRelease(t, version, "linux/amd64", "darwin/arm64")
	rel.Assets[2] = updatetest.Checksums(rel.Assets[1])
	rel.Assets[3] = updatetest.Signature(rel.Assets[2])
	return rel
}

// forged builds release version for linux/amd64 with its archive replaced by another binary and the
// forged archive's true SHA-256 listed in a new checksums.txt, signed by signer (nil: the original
// signature is kept): what an attacker who can write release assets but lacks the release key can
// make.
func forged(signer *ecdsa.PrivateKey) func(t *testing.T, version string) updatetest.Release {
	return func(t *testing.T, version string) updatetest.Release {
		rel := updatetest.NewRelease(t, version, "linux/amd64")
		rel.Assets[0] = updatetest.Archive(t, version, "linux", "amd64", []byte("#!/bin/sh\necho evil\n"))
		rel.Assets[1] = updatetest.Checksums(rel.Assets[0])
		if signer != nil {
			rel.Assets[2] = updatetest.SignatureBy(signer, rel.Assets[1])
		}
		return rel
	}
}

// withoutAsset drops the named asset from a release.
func withoutAsset(rel updatetest.Release, name string) updatetest.Release {
	rel.Assets = slices.DeleteFunc(slices.Clone(rel.Assets), func(a updatetest.Asset) bool { return a.Name == name })
	return rel
}

// manyReleases is count releases, newest first, from 1.<count>.0 down to 1.1.0.
func manyReleases(t *testing.T, count int) []updatetest.Release {
	var rels []updatetest.Release
	for i := count; i >= 1; i-- {
		rels = append(rels, updatetest.NewRelease(t, fmt.Sprintf("1.%d.0", i), "linux/amd64"))
	}
	return rels
}

// linux is the releases func of one linux/amd64 release of each version, in that order.
func linux(versions ...string) func(*testing.T) []updatetest.Release {
	return func(t *testing.T) []updatetest.Release {
		var rels []updatetest.Release
		for _, v := range versions {
			rels = append(rels, updatetest.NewRelease(t, v, "linux/amd64"))
		}
		return rels
	}
}

// one is the releases func of the single release build makes for version.
func one(build func(t *testing.T, version string) updatetest.Release, version string) func(*testing.T) []updatetest.Release {
	return func(t *testing.T) []updatetest.Release { return []updatetest.Release{build(t, version)} }
}

// withoutChecksumsOf is release version for linux/amd64 without its checksums.txt.
func withoutChecksumsOf(t *testing.T, version string) updatetest.Release {
	return withoutChecksums(updatetest.NewRelease(t, version, "linux/amd64"))
}

// withoutSignatureOf is release version for linux/amd64 without its checksums.txt.sig.
func withoutSignatureOf(t *testing.T, version string) updatetest.Release {
	return withoutAsset(updatetest.NewRelease(t, version, "linux/amd64"), update.SignatureFile)
}

// verified is the downloads of an install of archive that was checked: the archive, checksums.txt
// and its signature, in that order.
func verified(archive string) []string {
	return []string{archive, "checksums.txt", "checksums.txt.sig"}
}

func TestRun(t *testing.T) {
	otherKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	errRestart := errors.New("service manager said no")
	tests := []struct {
		name     string
		releases func(t *testing.T) []updatetest.Release
		opts     update.Options // Executable and APIBaseURL are filled in
		restart  error          // what Restart returns

		wantAction    update.Action
		wantTarget    string
		wantDowngrade bool
		wantErr       []error // each must be in the chain
		wantBinary    string  // version of the fake binary left in the executable
		wantDownloads []string
		wantRestarts  int
	}{
		{
			name: "newer version installs",
			releases: func(t *testing.T) []updatetest.Release {
				return []updatetest.Release{updatetest.NewRelease(t, "1.2.0", "linux/amd64", "windows/amd64"), updatetest.NewRelease(t, "1.1.0", "linux/amd64")}
			},
			opts:          update.Options{Current: "1.1.0", OS: "linux", Arch: "amd64"},
			wantAction:    update.Installed,
			wantTarget:    "1.2.0",
			wantBinary:    "1.2.0",
			wantDownloads: verified("toolfix_1.2.0_linux_amd64.tar.gz"),
			wantRestarts:  1,
		},
		{
			name: "newer version installs from a zip on windows",
			releases: func(t *testing.T) []updatetest.Release {
				return []updatetest.Release{updatetest.NewRelease(t, "1.2.0", "linux/amd64", "windows/amd64")}
			},
			opts:          update.Options{Current: "v1.1.0", OS: "windows", Arch: "amd64"},
			wantAction:    update.Installed,
			wantTarget:    "1.2.0",
			wantBinary:    "1.2.0",
			wantDownloads: verified("toolfix_1.2.0_windows_amd64.zip"),
			wantRestarts:  1,
		},
		{
			name: "newest is picked whatever the list order, skipping pre-releases and drafts",
			releases: func(t *testing.T) []updatetest.Release {
				draft := updatetest.NewRelease(t, "1.5.0", "linux/amd64")
				draft.Draft = true
				return []updatetest.Release{updatetest.NewRelease(t, "1.2.0", "linux/amd64"), prerelease(t, "1.4.0-rc.1"), draft, updatetest.NewRelease(t, "1.3.0", "linux/amd64")}
			},
			opts:          update.Options{Current: "1.1.0", OS: "linux", Arch: "amd64"},
			wantAction:    update.Installed,
			wantTarget:    "1.3.0",
			wantBinary:    "1.3.0",
			wantDownloads: verified("toolfix_1.3.0_linux_amd64.tar.gz"),
			wantRestarts:  1,
		},
		{
			name:       "equal version does nothing",
			releases:   linux("1.2.0"),
			opts:       update.Options{Current: "1.2.0", OS: "linux", Arch: "amd64"},
			wantAction: update.UpToDate,
			wantTarget: "1.2.0",
		},
		{
			name:       "older release is never installed without --version",
			releases:   linux("1.2.0"),
			opts:       update.Options{Current: "1.3.0-rc.2", OS: "linux", Arch: "amd64"},
			wantAction: update.UpToDate,
			wantTarget: "1.3.0-rc.2",
		},
		{
			name:       "current newest release without checksums is still up to date",
			releases:   one(withoutChecksumsOf, "1.2.0"),
			opts:       update.Options{Current: "1.2.0", OS: "linux", Arch: "amd64"},
			wantAction: update.UpToDate,
			wantTarget: "1.2.0",
		},
		{
			name:          "--version downgrades",
			releases:      linux("1.2.0", "1.1.0"),
			opts:          update.Options{Current: "1.2.0", Version: "v1.1.0", OS: "linux", Arch: "amd64"},
			wantAction:    update.Installed,
			wantTarget:    "1.1.0",
			wantDowngrade: true,
			wantBinary:    "1.1.0",
			wantDownloads: verified("toolfix_1.1.0_linux_amd64.tar.gz"),
			wantRestarts:  1,
		},
		{
			name: "--version without v finds the v tag, pre-release included",
			releases: func(t *testing.T) []updatetest.Release {
				return []updatetest.Release{prerelease(t, "1.3.0-rc.1"), updatetest.NewRelease(t, "1.2.0", "linux/amd64")}
			},
			opts:          update.Options{Current: "1.2.0", Version: "1.3.0-rc.1", OS: "linux", Arch: "amd64"},
			wantAction:    update.Installed,
			wantTarget:    "1.3.0-rc.1",
			wantBinary:    "1.3.0-rc.1",
			wantDownloads: verified("toolfix_1.3.0-rc.1_linux_amd64.tar.gz"),
			wantRestarts:  1,
		},
		{
			name:       "--version equal to current does nothing",
			releases:   linux("1.2.0", "1.1.0"),
			opts:       update.Options{Current: "1.1.0", Version: "v1.1.0", OS: "linux", Arch: "amd64"},
			wantAction: update.UpToDate,
			wantTarget: "1.1.0",
		},
		{
			name:     "--version that does not exist",
			releases: linux("1.2.0"),
			opts:     update.Options{Current: "1.1.0", Version: "v9.9.9", OS: "linux", Arch: "amd64"},
			wantErr:  []error{update.ErrNoRelease},
		},
		{
			name:          "tampered archive is refused",
			releases:      one(tampered, "1.2.0"),
			opts:          update.Options{Current: "1.1.0", OS: "linux", Arch: "amd64"},
			wantErr:       []error{update.ErrUnverified, selfupdate.ErrChecksumValidationFailed},
			wantDownloads: []string{"toolfix_1.2.0_linux_amd64.tar.gz", "checksums.txt"},
		},
		{
			name:          "forged archive with a matching checksums.txt signed by another key is refused",
			releases:      one(forged(otherKey), "1.2.0"),
			opts:          update.Options{Current: "1.1.0", OS: "linux", Arch: "amd64"},
			wantErr:       []error{update.ErrUnverified, selfupdate.ErrECDSAValidationFailed},
			wantDownloads: verified("toolfix_1.2.0_linux_amd64.tar.gz"),
		},
		{
			name:          "forged archive with a matching checksums.txt under the old signature is refused",
			releases:      one(forged(nil), "1.2.0"),
			opts:          update.Options{Current: "1.1.0", OS: "linux", Arch: "amd64"},
			wantErr:       []error{update.ErrUnverified, selfupdate.ErrECDSAValidationFailed},
			wantDownloads: verified("toolfix_1.2.0_linux_amd64.tar.gz"),
		},
		{
			name:     "missing signature is refused before any download",
			releases: one(withoutSignatureOf, "1.2.0"),
			opts:     update.Options{Current: "1.1.0", OS: "linux", Arch: "amd64"},
			wantErr:  []error{update.ErrUnverified, selfupdate.ErrValidationAssetNotFound},
		},
		{
			name:          "--version of a release older than the newest 100 is found on a later page",
			releases:      func(t *testing.T) []updatetest.Release { return manyReleases(t, 120) },
			opts:          update.Options{Current: "1.120.0", Version: "v1.3.0", OS: "linux", Arch: "amd64"},
			wantAction:    update.Installed,
			wantTarget:    "1.3.0",
			wantDowngrade: true,
			wantBinary:    "1.3.0",
			wantDownloads: verified("toolfix_1.3.0_linux_amd64.tar.gz"),
			wantRestarts:  1,
		},
		{
			name:     "missing checksums.txt is refused before any download",
			releases: one(withoutChecksumsOf, "1.2.0"),
			opts:     update.Options{Current: "1.1.0", OS: "linux", Arch: "amd64"},
			wantErr:  []error{update.ErrUnverified, selfupdate.ErrValidationAssetNotFound},
		},
		{
			name:          "missing checksums.txt entry is refused",
			releases:      one(missingEntry, "1.2.0"),
			opts:          update.Options{Current: "1.1.0", OS: "linux", Arch: "amd64"},
			wantErr:       []error{update.ErrUnverified, selfupdate.ErrHashNotFound},
			wantDownloads: []string{"toolfix_1.2.0_linux_amd64.tar.gz", "checksums.txt"},
		},
		{
			name:       "--check reports a newer version and changes nothing",
			releases:   linux("1.2.0"),
			opts:       update.Options{Current: "1.1.0", CheckOnly: true, OS: "linux", Arch: "amd64"},
			wantAction: update.Available,
			wantTarget: "1.2.0",
		},
		{
			name:     "--check refuses a release without checksums.txt",
			releases: one(withoutChecksumsOf, "1.2.0"),
			opts:     update.Options{Current: "1.1.0", CheckOnly: true, OS: "linux", Arch: "amd64"},
			wantErr:  []error{update.ErrUnverified},
		},
		{
			name:     "no archive for this platform",
			releases: linux("1.2.0"),
			opts:     update.Options{Current: "1.1.0", OS: "darwin", Arch: "arm64"},
			wantErr:  []error{update.ErrNoRelease},
		},
		{
			name:     "unknown repository has no release",
			releases: linux("1.2.0"),
			opts:     update.Options{Current: "1.1.0", Repo: "someone/fork", OS: "linux", Arch: "amd64"},
			wantErr:  []error{update.ErrNoRelease},
		},
		{
			name:          "restart failure is reported after the install",
			releases:      linux("1.2.0"),
			opts:          update.Options{Current: "1.1.0", OS: "linux", Arch: "amd64"},
			restart:       errRestart,
			wantAction:    update.Installed,
			wantTarget:    "1.2.0",
			wantErr:       []error{errRestart},
			wantBinary:    "1.2.0",
			wantDownloads: verified("toolfix_1.2.0_linux_amd64.tar.gz"),
			wantRestarts:  1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("GITHUB_TOKEN", "")
			srv := updatetest.NewServer(t, repo, tt.releases(t)...)
			exe := fakeExecutable(t, tt.opts.OS, tt.opts.Current)
			restarts := 0
			opts := tt.opts
			opts.APIBaseURL, opts.Executable = srv.URL(), exe
			if opts.Repo == "" {
				opts.Repo = repo
			}
			opts.Restart = func(r update.Result) error {
				restarts++
				if r.Executable != exe || r.Target != tt.wantTarget {
					t.Errorf("Restart got executable %q, version %q; want %q, %q", r.Executable, r.Target, exe, tt.wantTarget)
				}
				return tt.restart
			}

			res, err := update.Run(context.Background(), opts)

			for _, want := range tt.wantErr {
				if !errors.Is(err, want) {
					t.Errorf("error = %v, want one wrapping %q", err, want)
				}
			}
			if len(tt.wantErr) == 0 && err != nil {
				t.Fatalf("Run: %v", err)
			}
			if err == nil || tt.wantAction == update.Installed {
				if res.Action != tt.wantAction || res.Target != tt.wantTarget || res.Downgrade != tt.wantDowngrade {
					t.Errorf("result = %s %s (downgrade %v), want %s %s (downgrade %v)", res.Action, res.Target, res.Downgrade, tt.wantAction, tt.wantTarget, tt.wantDowngrade)
				}
			}
			wantBinary := tt.wantBinary
			if wantBinary == "" {
				wantBinary = tt.opts.Current
			}
			if got := readFile(t, exe); !bytes.Equal(got, updatetest.FakeBinary(wantBinary)) {
				t.Errorf("executable holds %q, want the fake binary of %s", got, wantBinary)
			}
			if diff := cmp.Diff(tt.wantDownloads, srv.Downloads()); diff != "" {
				t.Errorf("downloads (-want +got):\n%s", diff)
			}
			if restarts != tt.wantRestarts {
				t.Errorf("Restart ran %d times, want %d", restarts, tt.wantRestarts)
			}
			if left := dirNames(t, filepath.Dir(exe)); !slices.Equal(left, []string{filepath.Base(exe)}) {
				t.Errorf("directory holds %q, want only %q", left, filepath.Base(exe))
			}
		})
	}
}

func TestActionString(t *testing.T) {
	for _, tt := range []struct {
		a    update.Action
		want string
	}{
		{update.UpToDate, "up to date"},
		{update.Available, "available"},
		{update.Installed, "installed"},
		{update.Action(7), "Action(7)"},
	} {
		if got := tt.a.String(); got != tt.want {
			t.Errorf("Action(%d).String() = %q, want %q", int(tt.a), got, tt.want)
		}
	}
}

// fakeExecutable writes the fake binary of version to a temp file named as the archive's binary
// for goos, standing in for the running executable.
func fakeExecutable(t *testing.T, goos, version string) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), updatetest.BinaryName(goos))
	if err := os.WriteFile(exe, updatetest.FakeBinary(version), 0o755); err != nil {
		t.Fatal(err)
	}
	return exe
}

// readFile is the bytes of the file at path, failing the test at once when it cannot be read.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// dirNames is the names of what the folder dir holds, in order, failing the test at once when it
// cannot be read.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
