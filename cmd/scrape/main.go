// Command scrape reads the Comprehensive Rules sources declared in
// sources/sources.json and writes canonical snapshots to snapshots/.
//
//	scrape                 offline, from the captured copies in sources/
//	scrape -live           fetching each source's URL
//	scrape extract FILE... print one snapshot as JSON on stdout
//	scrape import FILE...  add official CR releases to the English history
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/mtgrules/crgen/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := cli.Scrape(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
