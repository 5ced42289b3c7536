// Command gen writes the Go packages under generated/ from the snapshots in
// snapshots/, offline and byte-identically on every run. Run "gen -h" for
// its manual.
package main

import (
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/gencmd"
)

func main() { cli.Exit(gencmd.Command) }
