// Command validate checks type lines or mana costs, one per line of
// standard input, and prints one JSON verdict per line. Run "validate -h"
// for its manual.
package main

import (
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/validatecmd"
)

func main() { cli.Exit(validatecmd.Command) }
