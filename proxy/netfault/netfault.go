// Package netfault says why a connection to an upstream failed, in words a person can act on:
// the host name does not resolve, the connection is refused, it timed out, the TLS certificate is
// not trusted. It is a leaf package (no imports of toolfix's own), kept beside its first user, the
// proxy's 502 answer, so that doctor's upstream check words the same failures the same way.
package netfault

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"os"
	"strings"
	"syscall"
)

// Kind is one kind of network failure.
type Kind string

// The kinds Classify tells apart.
const (
	DNS         Kind = "dns"         // the host name does not resolve
	Refused     Kind = "refused"     // nothing listens on the port, or a firewall rejects
	Timeout     Kind = "timeout"     // no answer in time
	Certificate Kind = "certificate" // the TLS certificate is not trusted
	TLS         Kind = "tls"         // another TLS failure, such as plain HTTP on an https port
	Closed      Kind = "closed"      // the connection was reset or closed before an answer
	Other       Kind = "other"       // none of the above
)

// Fault is a classified failure.
type Fault struct {
	// Kind is the kind of failure.
	Kind Kind
	// Reason says what happened, as a sentence fragment ("the host name does not resolve").
	Reason string
	// Next says what to check, as a sentence fragment ("check the base URL in your client's
	// config, or your network/DNS").
	Next string
	// Detail is the innermost error's own text ("no such host", "connection refused"), without
	// the chain of operations and addresses around it, for a log line; never shown as the message.
	Detail string
}

// String is "REASON (NEXT)".
func (f Fault) String() string { return f.Reason + " (" + f.Next + ")" }

var words = map[Kind][2]string{
	DNS:         {"the host name does not resolve", "check the base URL in your client's config, or your network/DNS"},
	Refused:     {"the connection is refused", "check that the upstream runs, the port in the base URL, and any firewall"},
	Timeout:     {"the connection timed out", "check your network and any firewall, or set HTTPS_PROXY if your network needs a proxy"},
	Certificate: {"its TLS certificate is not trusted", "a network that inspects TLS needs its CA in the system store, or in SSL_CERT_FILE for toolfix"},
	TLS:         {"the TLS handshake failed", "check that the upstream really speaks https on this port"},
	Closed:      {"the connection was closed before an answer came", "check that the upstream is an HTTP server on this port, and try again"},
	Other:       {"the connection failed", "check the base URL in your client's config and your network"},
}

// Of is the Fault of kind k with no Detail.
func Of(k Kind) Fault {
	w, ok := words[k]
	if !ok {
		k, w = Other, words[Other]
	}
	return Fault{Kind: k, Reason: w[0], Next: w[1]}
}

// Classify says what kind of failure err is. err may be wrapped in any way (*url.Error,
// *net.OpError, fmt.Errorf's %w); nil is Other.
func Classify(err error) Fault {
	f := Of(kind(err))
	f.Detail = detail(err)
	return f
}

func kind(err error) Kind {
	if err == nil {
		return Other
	}
	var de *net.DNSError
	if errors.As(err, &de) {
		if de.IsTimeout {
			return Timeout
		}
		return DNS
	}
	var cv *tls.CertificateVerificationError
	var ua x509.UnknownAuthorityError
	var he x509.HostnameError
	var ci x509.CertificateInvalidError
	if errors.As(err, &cv) || errors.As(err, &ua) || errors.As(err, &he) || errors.As(err, &ci) {
		return Certificate
	}
	var rh tls.RecordHeaderError
	var al tls.AlertError
	if errors.As(err, &rh) || errors.As(err, &al) {
		return TLS
	}
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &ne) && ne.Timeout() {
		return Timeout
	}
	msg := err.Error()
	switch {
	case errors.Is(err, syscall.ECONNREFUSED), strings.Contains(msg, "connection refused"), strings.Contains(msg, "actively refused"):
		return Refused
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), strings.Contains(msg, "connection reset"), strings.Contains(msg, "forcibly closed"):
		return Closed
	case strings.Contains(msg, "tls:"), strings.Contains(msg, "x509:"):
		return TLS
	}
	return Other
}

// detail is the innermost text of err: a DNS error's own words, an OpError's cause without its
// "dial tcp 1.2.3.4:443:" prefix, a *url.Error's cause without its `Get "…":`.
func detail(err error) string {
	if err == nil {
		return ""
	}
	var de *net.DNSError
	if errors.As(err, &de) {
		return de.Err
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		err = op.Err
	}
	var se *os.SyscallError
	if errors.As(err, &se) && se.Err != nil {
		err = se.Err
	}
	for {
		u := errors.Unwrap(err)
		if u == nil {
			break
		}
		err = u
	}
	return err.Error()
}
