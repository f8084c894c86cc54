package main

import (
	"archive/tar"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

const testRevision = "0123456789abcdef0123456789abcdef01234567"

// goBuild compiles the package pkg (a directory of this module) for linux/arch into dir.
func goBuild(t *testing.T, dir, pkg, arch, cgo string) string {
	t.Helper()
	out := filepath.Join(dir, filepath.Base(pkg)+"-"+arch)
	cmd := exec.Command("go", "build", "-trimpath", "-o", out, pkg)
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH="+arch, "CGO_ENABLED="+cgo)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s for %s: %v\n%s", pkg, arch, err, b)
	}
	return out
}

func testOptions(t *testing.T, bins map[string]string) buildOptions {
	ca := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(ca, []byte("-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o := buildOptions{Version: "1.2.3", Revision: testRevision, Created: "2026-12-01T19:00:00Z", Source: "https://github.com/toolfix/toolfix", CABundle: ca}
	for _, p := range []string{"linux/amd64", "linux/arm64"} {
		if path, ok := bins[p]; ok {
			o.Binaries = append(o.Binaries, platformBinary{Platform: p, Path: path})
		}
	}
	return o
}

// TestBuildThenInspect builds images of real static binaries (and of faulty ones) and holds
// inspect's verdict on each: a good image passes, and each fault is named.
func TestBuildThenInspect(t *testing.T) {
	bindir := t.TempDir()
	hello := map[string]string{
		"linux/amd64": goBuild(t, bindir, "./testdata/hello", "amd64", "0"),
		"linux/arm64": goBuild(t, bindir, "./testdata/hello", "arm64", "0"),
	}
	registry := map[string]string{"linux/amd64": goBuild(t, bindir, "./testdata/linksregistry", "amd64", "0")}
	notGo := filepath.Join(bindir, "script")
	if err := os.WriteFile(notGo, []byte("#!/bin/sh\necho hi\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	amd64Only := map[string]string{"linux/amd64": hello["linux/amd64"]}
	swapped := map[string]string{"linux/amd64": hello["linux/arm64"]}
	tests := []struct {
		name   string
		bins   map[string]string
		want   expectations
		mutate func(t *testing.T, img v1.Image) v1.Image
		errs   []string // substrings the error must hold; none means it passes
	}{
		{name: "good", bins: hello, want: expectations{Revision: testRevision, Version: "1.2.3", Platforms: []string{"linux/amd64", "linux/arm64"}}},
		{name: "other commit", bins: hello, want: expectations{Revision: strings.Repeat("f", 40), Platforms: []string{"linux/amd64"}}, errs: []string{"label org.opencontainers.image.revision is \"" + testRevision + "\""}},
		{name: "other version", bins: hello, want: expectations{Revision: testRevision, Version: "9.9.9"}, errs: []string{"label org.opencontainers.image.version"}},
		{name: "missing platform", bins: amd64Only, want: expectations{Revision: testRevision, Platforms: []string{"linux/amd64", "linux/arm64"}}, errs: []string{"no linux/arm64 image"}},
		{name: "wrong architecture", bins: swapped, want: expectations{Revision: testRevision}, errs: []string{"built for EM_AARCH64, the image says amd64"}},
		{name: "links the registry library", bins: registry, want: expectations{Revision: testRevision}, errs: []string{"links github.com/google/go-containerregistry"}},
		{name: "not a binary", bins: map[string]string{"linux/amd64": notGo}, want: expectations{Revision: testRevision}, errs: []string{"not an ELF binary"}},
		{name: "root user", bins: amd64Only, want: expectations{Revision: testRevision}, mutate: setUser("0:0"), errs: []string{`user "0:0"`}},
		{name: "no user", bins: amd64Only, want: expectations{Revision: testRevision}, mutate: setUser(""), errs: []string{`user ""`}},
		{name: "a shell added", bins: amd64Only, want: expectations{Revision: testRevision}, mutate: addFile("bin/sh", 0o755), errs: []string{"holds the executable /bin/sh"}},
		{name: "a non-executable busybox", bins: amd64Only, want: expectations{Revision: testRevision}, mutate: addFile("opt/busybox", 0o644), errs: []string{"holds the executable /opt/busybox"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "layout")
			o := testOptions(t, tc.bins)
			if tc.mutate == nil {
				if _, err := build(o, dir, ""); err != nil {
					t.Fatalf("build: %v", err)
				}
			} else {
				idx, _, err := buildIndex(o)
				if err != nil {
					t.Fatal(err)
				}
				writeMutated(t, idx, dir, func(img v1.Image) v1.Image { return tc.mutate(t, img) })
			}
			if len(tc.want.Platforms) == 0 {
				tc.want.Platforms = []string{"linux/amd64"}
			}
			report, err := inspect(dir, tc.want)
			if len(tc.errs) == 0 {
				if err != nil {
					t.Fatalf("inspect of a good image: %v", err)
				}
				if len(report) != 3 || !strings.Contains(report[1], "static binary") {
					t.Errorf("report = %q, want the index and one line per platform", report)
				}
				return
			}
			if err == nil {
				t.Fatalf("inspect passed, want an error holding %q; report %q", tc.errs, report)
			}
			for _, e := range tc.errs {
				if !strings.Contains(err.Error(), e) {
					t.Errorf("error %q does not hold %q", err, e)
				}
			}
		})
	}
}

// setUser returns a change of the image's configured user to u.
func setUser(u string) func(*testing.T, v1.Image) v1.Image {
	return func(t *testing.T, img v1.Image) v1.Image {
		cf, err := img.ConfigFile()
		if err != nil {
			t.Fatal(err)
		}
		cf = cf.DeepCopy()
		cf.Config.User = u
		img, err = mutate.ConfigFile(img, cf)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
}

// addFile returns a change that adds a layer holding one file named name with mode.
func addFile(name string, mode int64) func(*testing.T, v1.Image) v1.Image {
	return func(t *testing.T, img v1.Image) v1.Image {
		var buf bytes.Buffer
		tw := tar.NewWriter(&buf)
		body := []byte("#!\n")
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: mode, Size: int64(len(body)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		tw.Write(body)
		tw.Close()
		l, err := tarball.LayerFromReader(bytes.NewReader(buf.Bytes()), tarball.WithMediaType(types.OCILayer))
		if err != nil {
			t.Fatal(err)
		}
		img, err = mutate.AppendLayers(img, l)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
}

// writeMutated writes idx's images, each changed by change, as a layout at dir.
func writeMutated(t *testing.T, idx v1.ImageIndex, dir string, change func(v1.Image) v1.Image) {
	t.Helper()
	im, err := idx.IndexManifest()
	if err != nil {
		t.Fatal(err)
	}
	out := mutate.IndexMediaType(empty.Index, types.OCIImageIndex)
	for _, d := range im.Manifests {
		img, err := idx.Image(d.Digest)
		if err != nil {
			t.Fatal(err)
		}
		out = mutate.AppendManifests(out, mutate.IndexAddendum{Add: change(img), Descriptor: v1.Descriptor{Platform: d.Platform}})
	}
	if err := writeLayout(out, dir, "1.2.3"); err != nil {
		t.Fatal(err)
	}
}

// TestBuildIsReproducible: the same inputs give the same index digest and the same archive bytes,
// and the archive is the layout (index.json and oci-layout at its root).
func TestBuildIsReproducible(t *testing.T) {
	bin := goBuild(t, t.TempDir(), "./testdata/hello", "amd64", "0")
	o := testOptions(t, map[string]string{"linux/amd64": bin})
	var digests []v1.Hash
	var archives [][]byte
	for range 2 {
		dir := t.TempDir()
		archive := filepath.Join(dir, "image.tar")
		d, err := build(o, filepath.Join(dir, "layout"), archive)
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(archive)
		if err != nil {
			t.Fatal(err)
		}
		digests, archives = append(digests, d), append(archives, b)
	}
	if digests[0] != digests[1] || !bytes.Equal(archives[0], archives[1]) {
		t.Errorf("two builds differ: digests %s and %s", digests[0], digests[1])
	}
	names := map[string]bool{}
	tr := tar.NewReader(bytes.NewReader(archives[0]))
	for {
		h, err := tr.Next()
		if err != nil {
			break
		}
		names[h.Name] = true
	}
	for _, n := range []string{"oci-layout", "index.json", "blobs/sha256/" + digests[0].Hex} {
		if !names[n] {
			t.Errorf("the archive has no %s: %v", n, names)
		}
	}
}

// TestRootfsHoldsNoShell: the image's filesystem is the binary and its data files, nothing more;
// /tmp is the only world-writable place.
func TestRootfsHoldsNoShell(t *testing.T) {
	execs := 0
	for _, f := range rootfsFiles([]byte("bin"), []byte("ca")) {
		if f.Mode&0o111 != 0 && !strings.HasSuffix(f.Name, "/") {
			execs++
			if "/"+f.Name != binaryPath {
				t.Errorf("%s is executable", f.Name)
			}
		}
		if f.Mode&0o002 != 0 && f.Name != "tmp/" {
			t.Errorf("%s is world-writable", f.Name)
		}
	}
	if execs != 1 {
		t.Errorf("%d executables, want the binary alone", execs)
	}
}

// TestUsage: a command line missing a required flag is a usage error (exit 2) that names them.
func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"frobnicate"}, {"build", "--out", "x"}, {"inspect"}, {"build", "--out", "x", "--version", "1", "--revision", "r", "--created", "c", "--source", "s", "--binary", "linux/amd64"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("run(%q) = %d, want 2 (stderr %q)", args, code, errb.String())
		}
		if errb.Len() == 0 {
			t.Errorf("run(%q) said nothing on stderr", args)
		}
	}
}
