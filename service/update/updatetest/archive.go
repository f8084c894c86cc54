package updatetest

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"time"
)

// ArchiveName is the release archive's name for a version (without "v") and target, as
// .goreleaser.yaml names it: toolfix_<version>_<os>_<arch>.tar.gz, or .zip for windows.
func ArchiveName(version, goos, goarch string) string {
	ext := ".tar.gz"
	if goos == "windows" {
		ext = ".zip"
	}
	return fmt.Sprintf("toolfix_%s_%s_%s%s", version, goos, goarch, ext)
}

// BinaryName is the binary's name inside an archive for goos: toolfix, or toolfix.exe on windows.
func BinaryName(goos string) string {
	if goos == "windows" {
		return "toolfix.exe"
	}
	return "toolfix"
}

// FakeBinary is the content of a stand-in toolfix binary of a version: a shell script that prints
// the version, distinct per version.
func FakeBinary(version string) []byte {
	return []byte("#!/bin/sh\necho 'toolfix " + version + " (fake)'\n")
}

// Archive builds a real release archive for a target holding binary as BinaryName(goos), plus the
// LICENSE and README.md that .goreleaser.yaml adds: a tar.gz, or a zip for windows, named by ArchiveName.
func Archive(t testing.TB, version, goos, goarch string, binary []byte) Asset {
	t.Helper()
	files := []struct {
		name string
		mode int64
		data []byte
	}{
		{"LICENSE", 0o644, []byte("MIT License\n\nCopyright (c) 2026 the toolfix authors\n")},
		{"README.md", 0o644, []byte("# toolfix\n")},
		{BinaryName(goos), 0o755, binary},
	}
	var buf bytes.Buffer
	mod := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if goos == "windows" {
		zw := zip.NewWriter(&buf)
		for _, f := range files {
			w, err := zw.CreateHeader(&zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: mod})
			if err != nil {
				t.Fatalf("zip entry %s: %v", f.name, err)
			}
			if _, err := w.Write(f.data); err != nil {
				t.Fatalf("zip entry %s: %v", f.name, err)
			}
		}
		if err := zw.Close(); err != nil {
			t.Fatalf("closing zip: %v", err)
		}
	} else {
		gz := gzip.NewWriter(&buf)
		tw := tar.NewWriter(gz)
		for _, f := range files {
			hdr := &tar.Header{Name: f.name, Mode: f.mode, Size: int64(len(f.data)), ModTime: mod, Typeflag: tar.TypeReg}
			if err := tw.WriteHeader(hdr); err != nil {
				t.Fatalf("tar entry %s: %v", f.name, err)
			}
			if _, err := tw.Write(f.data); err != nil {
				t.Fatalf("tar entry %s: %v", f.name, err)
			}
		}
		if err := tw.Close(); err != nil {
			t.Fatalf("closing tar: %v", err)
		}
		if err := gz.Close(); err != nil {
			t.Fatalf("closing gzip: %v", err)
		}
	}
	return Asset{Name: ArchiveName(version, goos, goarch), Data: buf.Bytes()}
}

// Checksums builds the checksums.txt asset listing the SHA-256 of each asset, one
// "<hex>  <name>" line each, as goreleaser writes it.
func Checksums(assets ...Asset) Asset {
	var b strings.Builder
	for _, a := range assets {
		sum := sha256.Sum256(a.Data)
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), a.Name)
	}
	return Asset{Name: "checksums.txt", Data: []byte(b.String())}
}

// NewRelease builds a complete release: for each "os/arch" target, an archive holding
// FakeBinary(version), a checksums.txt for all of them, and its checksums.txt.sig by the test key
// (PublicKey verifies it). version has no "v"; the tag is
// "v"+version.
func NewRelease(t testing.TB, version string, targets ...string) Release {
	t.Helper()
	rel := Release{Tag: "v" + version}
	for _, target := range targets {
		goos, goarch, ok := strings.Cut(target, "/")
		if !ok {
			t.Fatalf("target %q: want os/arch", target)
		}
		rel.Assets = append(rel.Assets, Archive(t, version, goos, goarch, FakeBinary(version)))
	}
	sums := Checksums(rel.Assets...)
	rel.Assets = append(rel.Assets, sums, Signature(sums))
	return rel
}
