package update_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/Masterminds/semver/v3"
	"github.com/toolfix/toolfix/service/update"
	"github.com/toolfix/toolfix/service/update/updatetest"
)

// FuzzRunVersions feeds arbitrary running versions, asked versions and repositories to Run against
// a fixed set of releases. Invariants: no panic; the executable changes only when Run says
// Installed, and then holds exactly the target's binary; without an asked version nothing older
// than or equal to the running version is installed.
func FuzzRunVersions(f *testing.F) {
	srv := updatetest.NewServer(f, repo, prerelease(f, "1.3.0-rc.1"),
		updatetest.NewRelease(f, "1.2.0", "linux/amd64"),
		updatetest.NewRelease(f, "1.1.0", "linux/amd64"),
		withoutChecksums(updatetest.NewRelease(f, "1.0.5", "linux/amd64")))
	for _, seed := range []struct {
		current, version, repo string
		check                  bool
	}{
		{"1.1.0", "", repo, false}, {"1.2.0", "", repo, false}, {"2.0.0", "", repo, false},
		{"1.2.0", "v1.1.0", repo, false}, {"1.2.0", "1.3.0-rc.1", repo, true}, {"dev", "", repo, false},
		{"1.0.0", "v1.0.5", repo, false}, {"v1", "", "x/y", false}, {"1.0.0", "v", "/", false},
	} {
		f.Add(seed.current, seed.version, seed.repo, seed.check)
	}
	f.Fuzz(func(t *testing.T, current, version, slug string, check bool) {
		exe := fakeExecutable(t, "linux", "old")
		res, err := update.Run(context.Background(), update.Options{
			Current: current, Version: version, Repo: slug, CheckOnly: check,
			APIBaseURL: srv.URL(), Executable: exe, OS: "linux", Arch: "amd64",
		})
		got := readFile(t, exe)
		if err != nil || res.Action != update.Installed {
			if !bytes.Equal(got, updatetest.FakeBinary("old")) {
				t.Fatalf("executable changed to %q with action %s, err %v", got, res.Action, err)
			}
			return
		}
		if check {
			t.Fatalf("CheckOnly installed v%s", res.Target)
		}
		if !bytes.Equal(got, updatetest.FakeBinary(res.Target)) {
			t.Fatalf("installed v%s but the executable holds %q", res.Target, got)
		}
		if version == "" {
			cur, target := semver.MustParse(res.Current), semver.MustParse(res.Target)
			if !target.GreaterThan(cur) {
				t.Fatalf("installed v%s over v%s without an asked version", res.Target, res.Current)
			}
		}
	})
}

// FuzzChecksums serves a release whose checksums.txt is arbitrary bytes (signed by the release key)
// and whose archive may have one byte flipped after it was summed, and for odd positions its
// signature too. Invariants: no panic; a flipped archive is never installed
// (ErrUnverified, executable intact); anything is installed only when checksums.txt carries the
// archive's true SHA-256 next to its name.
func FuzzChecksums(f *testing.F) {
	good := updatetest.NewRelease(f, "1.2.0", "linux/amd64", "windows/amd64")
	archive := good.Assets[0]
	f.Add(good.Assets[2].Data, uint(0), byte(0))
	f.Add(good.Assets[2].Data, uint(100), byte(1))
	f.Add(bytes.ReplaceAll(good.Assets[2].Data, []byte("\n"), []byte("\r\n")), uint(0), byte(0))
	f.Add(updatetest.Checksums(good.Assets[1]).Data, uint(0), byte(0))
	f.Add([]byte(strings.ToUpper(string(good.Assets[2].Data))), uint(7), byte(0))
	f.Add([]byte("not a checksums file"), uint(0), byte(0))
	f.Add([]byte{}, uint(0), byte(0))
	// One server for all inputs: inputs run one after another within a fuzzing process.
	srv := updatetest.NewServer(f, repo)
	f.Fuzz(func(t *testing.T, sums []byte, pos uint, flip byte) {
		data := bytes.Clone(archive.Data)
		data[pos%uint(len(data))] ^= flip
		checksums := updatetest.Asset{Name: update.ChecksumsFile, Data: sums}
		sig := updatetest.Signature(checksums)
		if flip != 0 && pos%2 == 1 {
			sig.Data = bytes.Clone(sig.Data)
			sig.Data[pos%uint(len(sig.Data))] ^= flip // a broken signature is never accepted either
		}
		rel := updatetest.Release{Tag: good.Tag, Assets: []updatetest.Asset{{Name: archive.Name, Data: data}, checksums, sig}}
		srv.SetReleases(rel)
		exe := fakeExecutable(t, "linux", "1.1.0")
		res, err := update.Run(context.Background(), update.Options{
			Current: "1.1.0", Repo: repo, APIBaseURL: srv.URL(), Executable: exe, OS: "linux", Arch: "amd64",
		})
		got := readFile(t, exe)
		if err != nil {
			if !bytes.Equal(got, updatetest.FakeBinary("1.1.0")) {
				t.Fatalf("failed (%v) but the executable changed to %q", err, got)
			}
			if flip != 0 && !errors.Is(err, update.ErrUnverified) {
				// Verification comes before decompression, so no other error may come first.
				t.Fatalf("tampered archive failed with %v, want ErrUnverified", err)
			}
			return
		}
		if flip != 0 {
			t.Fatalf("tampered archive installed: %+v", res)
		}
		sum := sha256.Sum256(data)
		line := hex.EncodeToString(sum[:]) + "  " + archive.Name
		if !strings.Contains(strings.ToLower(string(sums)), line) {
			t.Fatalf("installed although checksums.txt %q has no line %q", sums, line)
		}
		if res.Action != update.Installed || !bytes.Equal(got, updatetest.FakeBinary("1.2.0")) {
			t.Fatalf("result %s, executable %q", res.Action, got)
		}
	})
}
