//go:build tools

// This file pins helm's version in go.mod: .ci/kubernetes builds it with
// `go build helm.sh/helm/v3/cmd/helm` from this module.
package main

import _ "helm.sh/helm/v3/cmd/helm"
