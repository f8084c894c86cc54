// Command hello stands in for toolfix in the image builder's tests: a static Go binary that links
// nothing but the standard library.
package main

func main() { println("hello") }
