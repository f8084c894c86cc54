// Command toolfix repairs broken tool calls between coding agents and their LLM APIs.
package main

import (
	"os"

	"github.com/toolfix/toolfix/cmd"
)

func main() { os.Exit(cmd.Main(os.Args[1:])) }
