// Command validate checks type lines or mana costs, one per line of standard
// input, and prints one JSON verdict per line.
//
//	validate -typeline [-lang en|es]
//	validate -manacost [-lenient]
package main

import (
	"os"

	"github.com/mtgrules/crgen/internal/cli"
)

func main() {
	os.Exit(cli.Validate(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
