package main

import (
	"archive/tar"
	"bytes"
	"debug/buildinfo"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/layout"
)

// expectations is what inspect holds a built layout to.
type expectations struct {
	Revision  string   // the commit the revision label must name
	Version   string   // the version label's value; "" accepts any non-empty one
	Platforms []string // OS/ARCH values the index must hold an image for
}

// forbiddenModules are module path prefixes the toolfix binary must not link: the image builder's
// and the chart check's heavy dependencies.
var forbiddenModules = []string{
	"github.com/google/go-containerregistry",
	"helm.sh/",
	"k8s.io/",
	"sigs.k8s.io/",
	"github.com/docker/",
}

// shells are file names that would give an attacker a shell in the container.
var shells = []string{"sh", "bash", "ash", "dash", "zsh", "busybox", "toybox"}

// inspect checks the OCI layout at dir against want. It returns one line per fact it checked and,
// when any check failed, an error naming every failure.
func inspect(dir string, want expectations) ([]string, error) {
	lp, err := layout.FromPath(dir)
	if err != nil {
		return nil, fmt.Errorf("reading the image layout %s: %w", dir, err)
	}
	top, err := lp.ImageIndex()
	if err != nil {
		return nil, fmt.Errorf("reading %s/index.json: %w", dir, err)
	}
	tm, err := top.IndexManifest()
	if err != nil {
		return nil, fmt.Errorf("reading %s/index.json: %w", dir, err)
	}
	if len(tm.Manifests) != 1 || !tm.Manifests[0].MediaType.IsIndex() {
		return nil, fmt.Errorf("%s/index.json lists %d entries: want one image index (the multi-platform image)", dir, len(tm.Manifests))
	}
	idx, err := top.ImageIndex(tm.Manifests[0].Digest)
	if err != nil {
		return nil, fmt.Errorf("reading the image index: %w", err)
	}
	im, err := idx.IndexManifest()
	if err != nil {
		return nil, fmt.Errorf("reading the image index: %w", err)
	}
	var report []string
	var problems []error
	report = append(report, fmt.Sprintf("index %s, tag %q, %d images", tm.Manifests[0].Digest, tm.Manifests[0].Annotations[labelRefName], len(im.Manifests)))
	found := map[string]bool{}
	for _, d := range im.Manifests {
		if d.Platform == nil {
			problems = append(problems, fmt.Errorf("image %s has no platform in the index", d.Digest))
			continue
		}
		plat := d.Platform.OS + "/" + d.Platform.Architecture
		found[plat] = true
		img, err := idx.Image(d.Digest)
		if err != nil {
			problems = append(problems, fmt.Errorf("%s: reading the image: %w", plat, err))
			continue
		}
		lines, errs := inspectImage(plat, img, want)
		report = append(report, lines...)
		problems = append(problems, errs...)
	}
	for _, p := range want.Platforms {
		if !found[p] {
			problems = append(problems, fmt.Errorf("the index has no %s image", p))
		}
	}
	return report, errors.Join(problems...)
}

// inspectImage checks one platform's image: its config (labels, user, entrypoint) and its files.
func inspectImage(plat string, img v1.Image, want expectations) ([]string, []error) {
	var problems []error
	fail := func(format string, args ...any) {
		problems = append(problems, fmt.Errorf(plat+": "+format, args...))
	}
	cf, err := img.ConfigFile()
	if err != nil {
		return nil, []error{fmt.Errorf("%s: reading the config: %w", plat, err)}
	}
	c := cf.Config
	if got := c.Labels[labelRevision]; got != want.Revision {
		fail("label %s is %q, want the commit %q", labelRevision, got, want.Revision)
	}
	if got := c.Labels[labelVersion]; got == "" || (want.Version != "" && got != want.Version) {
		fail("label %s is %q, want %q", labelVersion, got, want.Version)
	}
	for _, k := range []string{labelSource, labelCreated} {
		if c.Labels[k] == "" {
			fail("label %s is missing", k)
		}
	}
	uid, _, _ := strings.Cut(c.User, ":")
	if n, err := strconv.Atoi(uid); err != nil || n == 0 {
		fail("user %q: want a numeric non-root uid (Kubernetes' runAsNonRoot checks it)", c.User)
	}
	if !slices.Equal(c.Entrypoint, []string{binaryPath}) {
		fail("entrypoint %q, want [%s]", c.Entrypoint, binaryPath)
	}
	layers, err := img.Layers()
	if err != nil {
		return nil, append(problems, fmt.Errorf("%s: listing the layers: %w", plat, err))
	}
	var bin []byte
	var execs []string
	for _, l := range layers {
		b, ex, err := scanLayer(l)
		if err != nil {
			fail("reading a layer: %v", err)
			continue
		}
		execs = append(execs, ex...)
		if b != nil {
			bin = b
		}
	}
	for _, e := range execs {
		if e != binaryPath {
			fail("the image holds the executable %s: want nothing but %s (no shell, no tools)", e, binaryPath)
		}
	}
	if bin == nil {
		fail("the image has no %s", binaryPath)
		return nil, problems
	}
	for _, err := range checkBinary(bin, cf.Architecture) {
		fail("%s: %v", binaryPath, err)
	}
	return []string{
		fmt.Sprintf("%s: revision %s, version %s, user %s, entrypoint %v, %d layer(s), executables %v, static binary",
			plat, c.Labels[labelRevision], c.Labels[labelVersion], c.User, c.Entrypoint, len(layers), execs),
	}, problems
}

// scanLayer reads one layer's files: it returns the bytes of binaryPath when the layer holds it,
// and every executable or shell-named file in it.
func scanLayer(l v1.Layer) (bin []byte, execs []string, err error) {
	rc, err := l.Uncompressed()
	if err != nil {
		return nil, nil, err
	}
	defer rc.Close()
	tr := tar.NewReader(rc)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return bin, execs, nil
		}
		if err != nil {
			return nil, nil, err
		}
		name := "/" + strings.TrimPrefix(path.Clean(h.Name), "/")
		isFile := h.Typeflag == tar.TypeReg || h.Typeflag == tar.TypeSymlink || h.Typeflag == tar.TypeLink
		if isFile && (h.Mode&0o111 != 0 || slices.Contains(shells, path.Base(name))) {
			execs = append(execs, name)
		}
		if name == binaryPath && h.Typeflag == tar.TypeReg {
			if bin, err = io.ReadAll(tr); err != nil {
				return nil, nil, err
			}
		}
	}
}

// goArch maps an image's architecture to the ELF machine its binary must be built for.
var goArch = map[string]elf.Machine{"amd64": elf.EM_X86_64, "arm64": elf.EM_AARCH64}

// checkBinary returns what is wrong with bin as the image's binary for arch: not an ELF file for
// arch, dynamically linked, not built with CGO_ENABLED=0, or linking a forbidden module.
func checkBinary(bin []byte, arch string) []error {
	var problems []error
	f, err := elf.NewFile(bytes.NewReader(bin))
	if err != nil {
		return []error{fmt.Errorf("not an ELF binary: %w", err)}
	}
	if m, ok := goArch[arch]; !ok || f.Machine != m {
		problems = append(problems, fmt.Errorf("built for %v, the image says %s", f.Machine, arch))
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
			problems = append(problems, fmt.Errorf("dynamically linked (%v): want a static binary", p.Type))
		}
	}
	bi, err := buildinfo.Read(bytes.NewReader(bin))
	if err != nil {
		return append(problems, fmt.Errorf("no Go build information: %w", err))
	}
	cgo := ""
	for _, s := range bi.Settings {
		if s.Key == "CGO_ENABLED" {
			cgo = s.Value
		}
	}
	if cgo != "0" {
		problems = append(problems, fmt.Errorf("built with CGO_ENABLED=%q, want 0", cgo))
	}
	for _, d := range bi.Deps {
		for _, bad := range forbiddenModules {
			if strings.HasPrefix(d.Path, bad) {
				problems = append(problems, fmt.Errorf("links %s %s: the image builder's dependencies must stay out of toolfix", d.Path, d.Version))
			}
		}
	}
	return problems
}
