// Command prbot opens or updates the refresh pull request and keeps the
// diff comment on pull requests, for the GitHub workflows.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/mtgrules/crgen/internal/cli"
	"github.com/mtgrules/crgen/internal/prbot"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := cli.PRBot(ctx, os.Args[1:], prbot.EnvFromOS(), os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
