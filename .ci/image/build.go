package main

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/layout"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// The image's fixed shape: where the binary lives, who runs it, what it serves by default. The
// gateway's flags (docs/gateway.md) are the default command; the Helm chart gives its own args.
const (
	binaryPath = "/usr/bin/toolfix"
	nonRootID  = 65532
	listenPort = "8080/tcp"
)

// defaultCmd is what `podman run IMAGE` runs: the gateway on all interfaces of the container, its
// routes from the mounted routes file, its access token from the mounted Secret.
var defaultCmd = []string{
	"serve", "--listen", "0.0.0.0:8080",
	"--config", "/etc/toolfix/routes.json",
	"--access-token-file", "/var/run/secrets/toolfix/token",
	"--log-format", "json",
}

// OCI label keys (the annotation keys of the OCI image spec, used as config labels too).
const (
	labelVersion  = "org.opencontainers.image.version"
	labelRevision = "org.opencontainers.image.revision"
	labelSource   = "org.opencontainers.image.source"
	labelCreated  = "org.opencontainers.image.created"
	labelTitle    = "org.opencontainers.image.title"
	labelLicenses = "org.opencontainers.image.licenses"
	labelRefName  = "org.opencontainers.image.ref.name"
)

// buildOptions is what one image build is made of: the binaries per platform and the release's
// facts the labels carry.
type buildOptions struct {
	Binaries []platformBinary
	Version  string // the release's version, such as 1.4.0 or 0.0.1-next
	Revision string // the full commit hash
	Created  string // RFC 3339; also the time of every file and of the config
	Source   string // the repository's URL
	CABundle string // path of the PEM bundle copied to /etc/ssl/certs/ca-certificates.crt
}

// platformBinary is one static binary and the OS/ARCH[/VARIANT] it runs on.
type platformBinary struct {
	Platform string
	Path     string
}

// build writes the image index of o as an OCI layout at dir (removing what was there) and, when
// archive is not empty, as a tar of that layout. It returns the index's digest.
func build(o buildOptions, dir, archive string) (v1.Hash, error) {
	idx, created, err := buildIndex(o)
	if err != nil {
		return v1.Hash{}, err
	}
	if err := writeLayout(idx, dir, o.Version); err != nil {
		return v1.Hash{}, err
	}
	digest, err := idx.Digest()
	if err != nil {
		return v1.Hash{}, fmt.Errorf("computing the image index's digest: %w", err)
	}
	if archive != "" {
		if err := writeArchive(dir, archive, created); err != nil {
			return v1.Hash{}, err
		}
	}
	return digest, nil
}

// buildIndex makes the multi-platform image of o, in memory, and returns it with o.Created parsed.
func buildIndex(o buildOptions) (v1.ImageIndex, time.Time, error) {
	created, err := time.Parse(time.RFC3339, o.Created)
	if err != nil {
		return nil, created, usageError{fmt.Sprintf("--created %q is not an RFC 3339 time, such as 2026-12-01T19:55:00Z", o.Created)}
	}
	created = created.UTC()
	ca, err := os.ReadFile(o.CABundle)
	if err != nil {
		return nil, created, fmt.Errorf("reading the CA bundle for the image (give --ca-bundle a PEM file; Debian's ca-certificates package has one): %w", err)
	}
	labels := map[string]string{
		labelVersion:  o.Version,
		labelRevision: o.Revision,
		labelSource:   o.Source,
		labelCreated:  created.Format(time.RFC3339),
		labelTitle:    "toolfix",
		labelLicenses: "MIT",
	}
	idx := mutate.IndexMediaType(empty.Index, types.OCIImageIndex)
	for _, b := range o.Binaries {
		plat, err := v1.ParsePlatform(b.Platform)
		if err != nil || plat.OS != "linux" || plat.Architecture == "" {
			return nil, created, usageError{fmt.Sprintf("--binary %s=…: the platform is not linux/ARCH[/VARIANT]", b.Platform)}
		}
		bin, err := os.ReadFile(b.Path)
		if err != nil {
			return nil, created, fmt.Errorf("reading the %s binary for the image: %w", b.Platform, err)
		}
		img, err := platformImage(*plat, bin, ca, labels, created)
		if err != nil {
			return nil, created, fmt.Errorf("building the %s image: %w", b.Platform, err)
		}
		idx = mutate.AppendManifests(idx, mutate.IndexAddendum{Add: img, Descriptor: v1.Descriptor{Platform: plat}})
	}
	return mutate.Annotations(idx, labels).(v1.ImageIndex), created, nil
}

// writeLayout writes idx as the one entry of a new OCI layout at dir, tagged version (the entry's
// org.opencontainers.image.ref.name, what `podman run oci-archive:FILE:VERSION` names).
func writeLayout(idx v1.ImageIndex, dir, version string) error {
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("clearing %s for the image layout: %w", dir, err)
	}
	lp, err := layout.Write(dir, mutate.IndexMediaType(empty.Index, types.OCIImageIndex))
	if err != nil {
		return fmt.Errorf("writing the image layout %s: %w", dir, err)
	}
	if err := lp.AppendIndex(idx, layout.WithAnnotations(map[string]string{labelRefName: version})); err != nil {
		return fmt.Errorf("writing the image layout %s: %w", dir, err)
	}
	return nil
}

// platformImage is the scratch image of one platform: one layer (rootfsFiles) and a config that
// runs the binary as the non-root user.
func platformImage(plat v1.Platform, bin, ca []byte, labels map[string]string, created time.Time) (v1.Image, error) {
	layerTar, err := rootfsTar(bin, ca, created)
	if err != nil {
		return nil, err
	}
	layer, err := tarball.LayerFromOpener(func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(layerTar)), nil
	}, tarball.WithMediaType(types.OCILayer))
	if err != nil {
		return nil, fmt.Errorf("making the layer: %w", err)
	}
	base := mutate.ConfigMediaType(mutate.MediaType(empty.Image, types.OCIManifestSchema1), types.OCIConfigJSON)
	img, err := mutate.Append(base, mutate.Addendum{
		Layer:     layer,
		MediaType: types.OCILayer,
		History:   v1.History{Created: v1.Time{Time: created}, CreatedBy: "toolfix .ci/image build", Comment: "toolfix " + labels[labelVersion]},
	})
	if err != nil {
		return nil, fmt.Errorf("adding the layer: %w", err)
	}
	cf, err := img.ConfigFile()
	if err != nil {
		return nil, fmt.Errorf("reading the config: %w", err)
	}
	cf = cf.DeepCopy()
	cf.OS, cf.Architecture, cf.Variant = plat.OS, plat.Architecture, plat.Variant
	cf.Created = v1.Time{Time: created}
	cf.Author = ""
	cf.Config = v1.Config{
		User:         fmt.Sprintf("%d:%d", nonRootID, nonRootID),
		Entrypoint:   []string{binaryPath},
		Cmd:          defaultCmd,
		Env:          []string{"PATH=/usr/bin", "HOME=/tmp"},
		WorkingDir:   "/tmp",
		ExposedPorts: map[string]struct{}{listenPort: {}},
		Labels:       labels,
		StopSignal:   "SIGTERM",
	}
	return mutate.ConfigFile(img, cf)
}

// rootfsFile is one entry of the image's only layer.
type rootfsFile struct {
	Name string // without a leading slash; a trailing slash makes a directory
	Mode int64
	Body []byte
}

// rootfsFiles lists the image's whole filesystem: no shell, no package manager, nothing but the
// binary and what Go's net/http and os/user read.
func rootfsFiles(bin, ca []byte) []rootfsFile {
	return []rootfsFile{
		{Name: "etc/", Mode: 0o755},
		{Name: "etc/group", Mode: 0o644, Body: []byte(fmt.Sprintf("root:x:0:\nnonroot:x:%d:\n", nonRootID))},
		{Name: "etc/passwd", Mode: 0o644, Body: []byte(fmt.Sprintf("root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:%d:%d:nonroot:/tmp:/sbin/nologin\n", nonRootID, nonRootID))},
		{Name: "etc/ssl/", Mode: 0o755},
		{Name: "etc/ssl/certs/", Mode: 0o755},
		{Name: "etc/ssl/certs/ca-certificates.crt", Mode: 0o644, Body: ca},
		{Name: "tmp/", Mode: 0o1777},
		{Name: "usr/", Mode: 0o755},
		{Name: "usr/bin/", Mode: 0o755},
		{Name: strings.TrimPrefix(binaryPath, "/"), Mode: 0o755, Body: bin},
	}
}

// rootfsTar is the layer's uncompressed tar: rootfsFiles, owned by root, all dated created.
func rootfsTar(bin, ca []byte, created time.Time) ([]byte, error) {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, f := range rootfsFiles(bin, ca) {
		h := &tar.Header{Name: f.Name, Mode: f.Mode, ModTime: created, Format: tar.FormatPAX}
		if strings.HasSuffix(f.Name, "/") {
			h.Typeflag = tar.TypeDir
		} else {
			h.Typeflag = tar.TypeReg
			h.Size = int64(len(f.Body))
		}
		if err := tw.WriteHeader(h); err != nil {
			return nil, fmt.Errorf("writing %s into the layer: %w", f.Name, err)
		}
		if _, err := tw.Write(f.Body); err != nil {
			return nil, fmt.Errorf("writing %s into the layer: %w", f.Name, err)
		}
	}
	if err := tw.Close(); err != nil {
		return nil, fmt.Errorf("closing the layer: %w", err)
	}
	return buf.Bytes(), nil
}

// writeArchive writes the layout at dir as one tar file at path (an "oci-archive": the layout's
// files at the tar's root, in sorted order, dated created).
func writeArchive(dir, path string, created time.Time) error {
	var names []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return err
		}
		names = append(names, p)
		return nil
	})
	if err != nil {
		return fmt.Errorf("listing the image layout %s: %w", dir, err)
	}
	sort.Strings(names)
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("writing the image archive: %w", err)
	}
	defer os.Remove(tmp)
	tw := tar.NewWriter(f)
	for _, p := range names {
		if err := addToArchive(tw, dir, p, created); err != nil {
			f.Close()
			return fmt.Errorf("writing %s into the image archive: %w", p, err)
		}
	}
	if err := tw.Close(); err != nil {
		f.Close()
		return fmt.Errorf("writing the image archive %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing the image archive %s: %w", path, err)
	}
	return os.Rename(tmp, path)
}

// addToArchive writes the file or directory p of the layout dir into tw under its name in dir.
func addToArchive(tw *tar.Writer, dir, p string, created time.Time) error {
	rel, err := filepath.Rel(dir, p)
	if err != nil {
		return err
	}
	fi, err := os.Stat(p)
	if err != nil {
		return err
	}
	h := &tar.Header{Name: filepath.ToSlash(rel), ModTime: created, Format: tar.FormatPAX}
	if fi.IsDir() {
		h.Typeflag, h.Name, h.Mode = tar.TypeDir, h.Name+"/", 0o755
		return tw.WriteHeader(h)
	}
	h.Typeflag, h.Mode, h.Size = tar.TypeReg, 0o644, fi.Size()
	if err := tw.WriteHeader(h); err != nil {
		return err
	}
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(tw, f)
	return err
}
