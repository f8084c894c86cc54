package netfault

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"syscall"
	"testing"
)

func TestClassify(t *testing.T) {
	dns := &net.DNSError{Err: "no such host", Name: "gateway.example.com", Server: "10.255.255.53:53", IsNotFound: true}
	refused := &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1}, Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	get := func(err error) error { return &url.Error{Op: "Get", URL: "https://gateway.example.com/v1", Err: err} }
	tests := []struct {
		name   string
		err    error
		kind   Kind
		detail string
	}{
		{"dns", get(&net.OpError{Op: "dial", Net: "tcp", Err: dns}), DNS, "no such host"},
		{"dns timeout", &net.DNSError{Err: "i/o timeout", IsTimeout: true}, Timeout, "i/o timeout"},
		{"refused", get(refused), Refused, "connection refused"},
		{"refused, words only", errors.New("dial tcp 127.0.0.1:1: connectex: No connection could be made because the target machine actively refused it."), Refused, "dial tcp 127.0.0.1:1: connectex: No connection could be made because the target machine actively refused it."},
		{"timeout", get(context.DeadlineExceeded), Timeout, "context deadline exceeded"},
		{"deadline", fmt.Errorf("reading: %w", os.ErrDeadlineExceeded), Timeout, "i/o timeout"},
		{"certificate", get(&tls.CertificateVerificationError{Err: x509.UnknownAuthorityError{}}), Certificate, "x509: certificate signed by unknown authority"},
		{"hostname", x509.HostnameError{Certificate: &x509.Certificate{}, Host: "x"}, Certificate, "x509: certificate is not valid for any names, but wanted to match x"},
		{"not tls", get(tls.RecordHeaderError{Msg: "first record does not look like a TLS handshake"}), TLS, "tls: first record does not look like a TLS handshake"},
		{"reset", get(&net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}), Closed, "connection reset by peer"},
		{"eof", get(io.EOF), Closed, "EOF"},
		{"other", errors.New("something else"), Other, "something else"},
		{"nil", nil, Other, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := Classify(tc.err)
			if f.Kind != tc.kind || f.Detail != tc.detail {
				t.Errorf("Classify = %s %q, want %s %q", f.Kind, f.Detail, tc.kind, tc.detail)
			}
			if f.Reason == "" || f.Next == "" {
				t.Errorf("Classify = %+v: no words", f)
			}
		})
	}
}
