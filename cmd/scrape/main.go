// Command scrape reads the Comprehensive Rules sources declared in
// sources/sources.json and writes canonical snapshots to snapshots/; its
// subcommands extract, import, compare and explain snapshots. Run
// "scrape -h" for its manual.
package main

import (
	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/scrapecmd"
)

func main() { cli.Exit(scrapecmd.Command) }
