// Command linksregistry stands in for a toolfix binary that wrongly links go-containerregistry, for
// the image builder's tests.
package main

import v1 "github.com/google/go-containerregistry/pkg/v1"

func main() { println(v1.Platform{OS: "linux"}.String()) }
