// Command image builds toolfix's container image without a container daemon, and inspects one.
//
// The release runs it (see .goreleaser.yaml) once the linux binaries are built:
//
//	image build --binary linux/amd64=PATH --binary linux/arm64=PATH --version V --revision SHA \
//	            --created RFC3339 --source URL --out DIR [--archive FILE] [--ca-bundle FILE]
//
// writes an OCI image layout to DIR (and, with --archive, the same layout as one tar file, what
// `podman load` and `skopeo copy oci-archive:` read): an image index with one image per platform,
// each a single layer on an empty base (scratch) holding the static binary at /usr/bin/toolfix, a
// CA bundle, /etc/passwd and /etc/group naming the non-root user 65532, and an empty /tmp. The
// image runs as 65532:65532 and writes nothing outside /tmp (HOME=/tmp), so it runs with a
// read-only root filesystem and an emptyDir or tmpfs on /tmp.
//
//	image inspect --layout DIR --revision SHA [--version V] [--platform linux/amd64 ...]
//
// checks a built layout as CI does (.ci/image-check): every expected platform is there, the OCI
// labels name the revision (and the version), the user is not root, the entrypoint is the binary,
// the layer holds no shell and no other executable, and the binary is static (no ELF interpreter,
// no shared libraries), built with CGO_ENABLED=0 and links no container or Kubernetes library.
// It prints what it checked and exits 1 naming each problem.
//
// It is a module of its own (.ci/image/go.mod), so go-containerregistry never enters toolfix's
// go.mod or binary.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one subcommand and returns the process's exit code: 0 done, 1 it failed (the
// reason on stderr), 2 a usage error.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: image build|inspect [flags] (see the package doc in .ci/image/main.go)")
		return 2
	}
	var err error
	switch args[0] {
	case "build":
		err = runBuild(args[1:], stdout, stderr)
	case "inspect":
		err = runInspect(args[1:], stdout, stderr)
	default:
		fmt.Fprintf(stderr, "image: unknown subcommand %q: give build or inspect\n", args[0])
		return 2
	}
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 2
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "image:", err)
		return 2
	default:
		fmt.Fprintln(stderr, "image:", err)
		return 1
	}
}

// usageError is a command line the subcommand cannot run with.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// platformList is a repeatable flag of OS/ARCH[/VARIANT] values.
type platformList []string

func (p *platformList) String() string { return strings.Join(*p, ",") }

func (p *platformList) Set(v string) error {
	*p = append(*p, v)
	return nil
}

func runBuild(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("image build", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var bins platformList
	var o buildOptions
	fs.Var(&bins, "binary", "OS/ARCH=PATH of a static toolfix binary (repeat per platform)")
	fs.StringVar(&o.Version, "version", "", "the release's version (label org.opencontainers.image.version)")
	fs.StringVar(&o.Revision, "revision", "", "the commit built (label org.opencontainers.image.revision)")
	fs.StringVar(&o.Created, "created", "", "RFC 3339 time of the commit (label org.opencontainers.image.created, and every file's time)")
	fs.StringVar(&o.Source, "source", "", "the source repository's URL (label org.opencontainers.image.source)")
	fs.StringVar(&o.CABundle, "ca-bundle", "/etc/ssl/certs/ca-certificates.crt", "PEM file of CA certificates the image trusts for upstreams")
	out := fs.String("out", "", "directory to write the OCI image layout to (replaced)")
	archive := fs.String("archive", "", "also write the layout as one tar file here (oci-archive)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || len(bins) == 0 || o.Version == "" || o.Revision == "" || o.Created == "" || o.Source == "" {
		return usageError{"build needs --out, --version, --revision, --created, --source and at least one --binary OS/ARCH=PATH"}
	}
	for _, b := range bins {
		plat, path, ok := strings.Cut(b, "=")
		if !ok || path == "" {
			return usageError{fmt.Sprintf("--binary %q: give OS/ARCH=PATH, such as linux/amd64=dist/toolfix_linux_amd64_v1/toolfix", b)}
		}
		o.Binaries = append(o.Binaries, platformBinary{Platform: plat, Path: path})
	}
	digest, err := build(o, *out, *archive)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "image: wrote %s (index %s, %d platforms)\n", *out, digest, len(o.Binaries))
	if *archive != "" {
		fmt.Fprintf(stdout, "image: wrote %s\n", *archive)
	}
	return nil
}

func runInspect(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("image inspect", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var want expectations
	var plats platformList
	dir := fs.String("layout", "", "the OCI image layout directory to inspect")
	fs.StringVar(&want.Revision, "revision", "", "the commit the labels must name")
	fs.StringVar(&want.Version, "version", "", "the version the labels must name (any when empty)")
	fs.Var(&plats, "platform", "an OS/ARCH the index must hold (repeat; default linux/amd64 and linux/arm64)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" || want.Revision == "" {
		return usageError{"inspect needs --layout DIR and --revision SHA"}
	}
	want.Platforms = plats
	if len(want.Platforms) == 0 {
		want.Platforms = []string{"linux/amd64", "linux/arm64"}
	}
	report, err := inspect(*dir, want)
	for _, line := range report {
		fmt.Fprintln(stdout, "image:", line)
	}
	return err
}
