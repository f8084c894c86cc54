package updatetest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"slices"
	"sync"
)

// testKey is this process's release key: an ECDSA P-256 key made on first use, never written
// anywhere, so no private key is ever committed.
var testKey = sync.OnceValue(func() *ecdsa.PrivateKey {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		panic("updatetest: generating the test release key: " + err.Error())
	}
	return k
})

// PublicKey is the test release key's public half in update.ReleaseKey's form (base64 DER), to
// pass as update.Options.ReleaseKey.
func PublicKey() string {
	der, err := x509.MarshalPKIXPublicKey(&testKey().PublicKey)
	if err != nil {
		panic("updatetest: encoding the test release key: " + err.Error())
	}
	return base64.StdEncoding.EncodeToString(der)
}

// Signature builds checksums.txt.sig for a checksums asset: the test key's ECDSA signature (ASN.1
// DER) of its SHA-256, as `openssl dgst -sha256 -sign` writes it.
func Signature(checksums Asset) Asset {
	return SignatureBy(testKey(), checksums)
}

// SignatureBy is Signature with another key, to forge a release.
func SignatureBy(key *ecdsa.PrivateKey, checksums Asset) Asset {
	sum := sha256.Sum256(checksums.Data)
	sig, err := ecdsa.SignASN1(rand.Reader, key, sum[:])
	if err != nil {
		panic("updatetest: signing " + checksums.Name + ": " + err.Error())
	}
	return Asset{Name: checksums.Name + ".sig", Data: sig}
}

// Resign replaces a release's checksums.txt.sig with key's signature of its checksums.txt, for a
// release made with another key than the test key (a real release build's).
func Resign(rel Release, key *ecdsa.PrivateKey) Release {
	rel.Assets = slices.Clone(rel.Assets)
	for _, a := range rel.Assets {
		if a.Name != "checksums.txt" {
			continue
		}
		sig := SignatureBy(key, a)
		for i := range rel.Assets {
			if rel.Assets[i].Name == sig.Name {
				rel.Assets[i] = sig
			}
		}
	}
	return rel
}

// ParsePrivateKey reads an ECDSA private key from PEM: "EC PRIVATE KEY" (what `openssl ecparam
// -genkey -noout` writes) or PKCS #8 "PRIVATE KEY".
func ParsePrivateKey(pemData []byte) (*ecdsa.PrivateKey, error) {
	block, _ := pem.Decode(pemData)
	if block == nil {
		return nil, errors.New("no PEM block")
	}
	if block.Type == "EC PRIVATE KEY" {
		return x509.ParseECPrivateKey(block.Bytes)
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, err
	}
	ek, ok := k.(*ecdsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("a %T, want an ECDSA key", k)
	}
	return ek, nil
}
