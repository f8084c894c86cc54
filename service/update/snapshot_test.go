package update_test

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/ecdsa"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/Masterminds/semver/v3"
	"github.com/toolfix/toolfix/service/update"
	"github.com/toolfix/toolfix/service/update/updatetest"
)

// Environment variables .ci/release-check sets for TestSnapshotArchives after `goreleaser release
// --snapshot`: EnvDist names the dist/ folder to check; EnvDistKey is the release key the build
// was signed with and built with (update.ReleaseKey's form), EnvDistSigningKey the PEM file of
// its private half (a key release-check made for the run), to sign the newer release the built
// binary updates itself to.
const (
	EnvDist           = "TOOLFIX_DIST"
	EnvDistKey        = "TOOLFIX_DIST_KEY"
	EnvDistSigningKey = "TOOLFIX_DIST_SIGNING_KEY"
)

// releaseTargets are the os/arch pairs .goreleaser.yaml builds.
var releaseTargets = []string{"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64", "windows/arm64"}

// distMetadata is the part of goreleaser's dist/metadata.json the test reads.
type distMetadata struct {
	Version string `json:"version"` // without "v", e.g. 0.0.1-next
	Commit  string `json:"commit"`
}

// TestSnapshotArchives serves the archives and checksums.txt of a release build, as they lie in
// $TOOLFIX_DIST, from a fake releases API, and updates a stand-in executable for every target from
// them: each archive is named as update expects, listed in checksums.txt with its true SHA-256,
// found, verified and installed; the binary for this machine then runs and reports the built
// version and commit, and then (goreleaser's build only) updates itself with `toolfix update` to a
// newer release. With $TOOLFIX_DIST unset it checks a dist/ laid out like goreleaser's by the
// test itself; when it is set, missing files fail the test.
func TestSnapshotArchives(t *testing.T) {
	t.Setenv("GITHUB_TOKEN", "")
	dir := os.Getenv(EnvDist)
	built := dir != "" // goreleaser's binaries, which can update themselves; not the test's scripts
	if !built {
		t.Logf("%s is unset: checking a dist/ made by the test; .ci/release-check points it at goreleaser's", EnvDist)
		dir = fakeDist(t)
	}
	metaJSON, err := os.ReadFile(filepath.Join(dir, "metadata.json"))
	if err != nil {
		t.Fatalf("reading the release build's metadata: %v", err)
	}
	var meta distMetadata
	if err := json.Unmarshal(metaJSON, &meta); err != nil || meta.Version == "" {
		t.Fatalf("metadata.json: version %q, err %v", meta.Version, err)
	}
	sums := readChecksums(t, filepath.Join(dir, update.ChecksumsFile))
	releaseKey, signer := updatetest.PublicKey(), (*ecdsa.PrivateKey)(nil)
	if built {
		releaseKey = os.Getenv(EnvDistKey)
		pemData, err := os.ReadFile(os.Getenv(EnvDistSigningKey))
		if err != nil {
			t.Fatalf("%s: reading the release build's signing key: %v", EnvDistSigningKey, err)
		}
		if signer, err = updatetest.ParsePrivateKey(pemData); err != nil {
			t.Fatalf("%s: %v", EnvDistSigningKey, err)
		}
	}

	rel := updatetest.Release{Tag: "v" + meta.Version}
	for _, target := range releaseTargets {
		goos, goarch, _ := strings.Cut(target, "/")
		name := updatetest.ArchiveName(meta.Version, goos, goarch)
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("archive for %s: %v", target, err)
			continue
		}
		sum := sha256.Sum256(data)
		if got := sums[name]; got != hex.EncodeToString(sum[:]) {
			t.Errorf("checksums.txt lists %q for %s, its SHA-256 is %x", got, name, sum)
		}
		rel.Assets = append(rel.Assets, updatetest.Asset{Name: name, Data: data})
	}
	if t.Failed() {
		t.FailNow()
	}
	for _, name := range []string{update.ChecksumsFile, update.SignatureFile} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("the release build has no %s: %v", name, err)
		}
		rel.Assets = append(rel.Assets, updatetest.Asset{Name: name, Data: data})
	}
	// A newer release for this machine only, for the installed real binary to update itself to,
	// signed with the build's key.
	newer := semver.MustParse(meta.Version).IncMajor().String()
	newerRel := updatetest.NewRelease(t, newer, runtime.GOOS+"/"+runtime.GOARCH)
	if signer != nil {
		newerRel = updatetest.Resign(newerRel, signer)
	}
	srv := updatetest.NewServer(t, repo, rel, newerRel)

	for i, target := range releaseTargets {
		t.Run(target, func(t *testing.T) {
			goos, goarch, _ := strings.Cut(target, "/")
			exe := fakeExecutable(t, goos, "0.0.0")
			res, err := update.Run(context.Background(), update.Options{
				Current: "0.0.0", Version: rel.Tag, Repo: repo, APIBaseURL: srv.URL(), Executable: exe, OS: goos, Arch: goarch,
				ReleaseKey: releaseKey,
			})
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if res.Action != update.Installed || res.Target != meta.Version || res.Asset != rel.Assets[i].Name {
				t.Errorf("result = %s v%s from %s, want installed v%s from %s", res.Action, res.Target, res.Asset, meta.Version, rel.Assets[i].Name)
			}
			if lic := binaryIn(t, rel.Assets[i], "LICENSE"); !bytes.HasPrefix(lic, []byte("MIT License")) {
				t.Errorf("%s's LICENSE is not the MIT licence: %.40q", rel.Assets[i].Name, lic)
			}
			want := binaryIn(t, rel.Assets[i], updatetest.BinaryName(goos))
			if got := readFile(t, exe); !bytes.Equal(got, want) {
				t.Fatalf("executable holds %d bytes, want the archive's %d-byte binary", len(got), len(want))
			}
			if goos != runtime.GOOS || goarch != runtime.GOARCH {
				return
			}
			out, err := exec.Command(exe, "version").Output()
			if err != nil {
				t.Fatalf("running the installed %s version: %v", exe, err)
			}
			t.Logf("the installed binary says:\n%s", out)
			for _, line := range []string{"toolfix " + meta.Version, "commit: " + meta.Commit} {
				if !strings.Contains(string(out), line+"\n") {
					t.Errorf("`toolfix version` printed %q, want a line %q", out, line)
				}
			}
			if built {
				selfUpdate(t, exe, srv, rel, newerRel, meta.Version, newer)
			}
		})
	}
}

// selfUpdate runs the installed release binary's own `toolfix update` against the fake API: a
// forged v<newer> (another binary, listed with its true SHA-256 in a checksums.txt the release key
// did not sign) must be refused with the binary left as it is; then the real v<newer> must be seen
// by --check and replace the running executable.
func selfUpdate(t *testing.T, exe string, srv *updatetest.Server, rel, newerRel updatetest.Release, version, newer string) {
	t.Helper()
	run := func(args ...string) (string, error) {
		cmd := exec.Command(exe, args...)
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "GITHUB_TOKEN=", "TOOLFIX_UPDATE_API="+srv.URL(), "TOOLFIX_UPDATE_REPO="+repo)
		out, err := cmd.CombinedOutput()
		t.Logf("toolfix %s:\n%s", strings.Join(args, " "), out)
		return string(out), err
	}
	before := readFile(t, exe)
	forgedRel := updatetest.Release{Tag: newerRel.Tag}
	for _, a := range newerRel.Assets {
		if strings.HasSuffix(a.Name, ".tar.gz") || strings.HasSuffix(a.Name, ".zip") {
			goos, goarch := runtime.GOOS, runtime.GOARCH
			a = updatetest.Archive(t, newer, goos, goarch, []byte("#!/bin/sh\necho forged\n"))
			forgedRel.Assets = append(forgedRel.Assets, a, updatetest.Checksums(a))
		}
	}
	for _, a := range newerRel.Assets {
		if a.Name == update.SignatureFile {
			forgedRel.Assets = append(forgedRel.Assets, a) // the real signature, of other checksums
		}
	}
	srv.SetReleases(rel, forgedRel)
	if out, err := run("update"); err == nil || !strings.Contains(out, "not verified") {
		t.Errorf("toolfix update installed a forged release (err %v):\n%s", err, out)
	}
	if !bytes.Equal(readFile(t, exe), before) {
		t.Fatalf("a refused forged release changed the executable")
	}
	srv.SetReleases(rel, newerRel)
	out, err := run("update", "--check")
	if want := "toolfix v" + newer + " is available (this is v" + version + ")"; err != nil || !strings.Contains(out, want) {
		t.Errorf("toolfix update --check printed %q (err %v), want %q", out, err, want)
	}
	out, err = run("update")
	if want := "Updated toolfix v" + version + " → v" + newer + " in " + exe; err != nil || !strings.Contains(out, want) {
		t.Errorf("toolfix update printed %q (err %v), want %q", out, err, want)
	}
	if got := readFile(t, exe); !bytes.Equal(got, updatetest.FakeBinary(newer)) {
		t.Errorf("after its own update the executable holds %d bytes, want the v%s binary", len(got), newer)
	}
}

// readChecksums parses a goreleaser checksums.txt into asset name -> hex SHA-256.
func readChecksums(t *testing.T, file string) map[string]string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatalf("reading the release build's checksums: %v", err)
	}
	defer f.Close()
	sums := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok {
			t.Fatalf("%s: line %q is not \"<sha256>  <name>\"", file, sc.Text())
		}
		sums[name] = sum
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return sums
}

// binaryIn extracts the file named bin from a tar.gz or zip archive, independently of update.
func binaryIn(t *testing.T, a updatetest.Asset, bin string) []byte {
	t.Helper()
	if strings.HasSuffix(a.Name, ".zip") {
		zr, err := zip.NewReader(bytes.NewReader(a.Data), int64(len(a.Data)))
		if err != nil {
			t.Fatalf("%s: %v", a.Name, err)
		}
		for _, f := range zr.File {
			if path.Base(f.Name) == bin {
				rc, err := f.Open()
				if err != nil {
					t.Fatal(err)
				}
				defer rc.Close()
				b, err := io.ReadAll(rc)
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
		}
	} else {
		gz, err := gzip.NewReader(bytes.NewReader(a.Data))
		if err != nil {
			t.Fatalf("%s: %v", a.Name, err)
		}
		tr := tar.NewReader(gz)
		for {
			h, err := tr.Next()
			if err != nil {
				break
			}
			if path.Base(h.Name) == bin {
				b, err := io.ReadAll(tr)
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
		}
	}
	t.Fatalf("%s holds no %s", a.Name, bin)
	return nil
}

// fakeDist lays out what goreleaser leaves in dist/ for version 0.0.1-next: an archive per target
// whose binary is a script printing what `toolfix version` prints, checksums.txt and metadata.json.
func fakeDist(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	meta := distMetadata{Version: "0.0.1-next", Commit: "0123456789abcdef0123456789abcdef01234567"}
	script := []byte("#!/bin/sh\nprintf 'toolfix %s\\ncommit: %s\\n' '" + meta.Version + "' '" + meta.Commit + "'\n")
	var archives []updatetest.Asset
	for _, target := range releaseTargets {
		goos, goarch, _ := strings.Cut(target, "/")
		archives = append(archives, updatetest.Archive(t, meta.Version, goos, goarch, script))
	}
	metaJSON, err := json.Marshal(meta)
	if err != nil {
		t.Fatal(err)
	}
	sums := updatetest.Checksums(archives...)
	for _, a := range append(archives, sums, updatetest.Signature(sums), updatetest.Asset{Name: "metadata.json", Data: metaJSON}) {
		if err := os.WriteFile(filepath.Join(dir, a.Name), a.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
