package update

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"strings"

	"github.com/creativeprojects/go-selfupdate"
)

// ReleaseKey is the public key that every release's checksums.txt.sig must verify against: an
// ECDSA P-256 key as the standard base64 of its DER SubjectPublicKeyInfo (what `openssl ec -pubout
// -outform DER | base64 -w0` prints), or the same in a PEM "PUBLIC KEY" block. The release build
// sets it with -ldflags "-X github.com/toolfix/toolfix/service/update.ReleaseKey=…" from the release
// workflow's TOOLFIX_RELEASE_KEY (see .goreleaser.yaml), whose private half signs the release;
// empty in a source build, which then installs no release (ErrNoReleaseKey).
var ReleaseKey = ""

// parseReleaseKey reads a key in ReleaseKey's form; override, when not empty, wins over
// ReleaseKey. It returns nil and no error when neither is set.
func parseReleaseKey(override string) (*ecdsa.PublicKey, error) {
	text := strings.TrimSpace(override)
	if text == "" {
		text = strings.TrimSpace(ReleaseKey)
	}
	if text == "" {
		return nil, nil
	}
	var der []byte
	if block, _ := pem.Decode([]byte(text)); block != nil {
		if block.Type != "PUBLIC KEY" {
			return nil, fmt.Errorf("release key: a PEM %q block, want PUBLIC KEY", block.Type)
		}
		der = block.Bytes
	} else {
		b, err := base64.StdEncoding.DecodeString(text)
		if err != nil {
			return nil, fmt.Errorf("release key: not base64 DER nor PEM: %w", err)
		}
		der = b
	}
	pub, err := x509.ParsePKIXPublicKey(der)
	if err != nil {
		return nil, fmt.Errorf("release key: %w", err)
	}
	key, ok := pub.(*ecdsa.PublicKey)
	if !ok || key.Curve != elliptic.P256() {
		return nil, fmt.Errorf("release key: a %T, want an ECDSA P-256 key", pub)
	}
	return key, nil
}

// signedChecksums validates an archive against its line in checksums.txt, and checksums.txt
// against checksums.txt.sig with key (go-selfupdate's checksum and ECDSA validators, chained as
// its NewChecksumWithECDSAValidator chains them, with a bare public key instead of a certificate).
// A nil key (a source build, which only checks) validates nothing.
func signedChecksums(key *ecdsa.PublicKey) selfupdate.Validator {
	return new(selfupdate.PatternValidator).
		Add(ChecksumsFile, &selfupdate.ECDSAValidator{PublicKey: key}).
		Add("*", &selfupdate.ChecksumValidator{UniqueFilename: ChecksumsFile}).
		SkipValidation("*.sig")
}
