// Command lore turns documents into a reviewed, deduplicated, reversible
// graph of knowledge primitives.
package main

import (
	"context"
	"os"
)

// Set at build time with -ldflags "-X main.version=… -X main.commit=… -X main.date=…".
var (
	version = "dev"
	commit  = ""
	date    = ""
)

func main() {
	limitMemory()
	os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
